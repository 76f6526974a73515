"""The printable strategy card (``analysis.card``'s cells): one page, round 1 and round 2 by
position, the score panel, the key and the fitted point count.

Made for paper: a Letter or A4 page, no text under ``MIN_POINTS`` (7 pt), and a palette whose
lightness alone orders the actions (pass light, make mid, alone dark; another suit hatched), so
it reads printed in grey and with any colour blindness (ColorBrewer's YlGnBu).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from analysis.card import ACES_CAP, BOWERS, ROUND1_ACTIONS, ROUND2_ACTIONS

MIN_POINTS = 7.0                 # the smallest text on the page, in points (checked by a test)
PAPER = {"letter": (8.5, 11.0), "a4": (8.27, 11.69)}
# pass, make (order / call), alone, another suit: lightness falls with the commitment
COLOURS = {"pass": "#ffffff", "make": "#7fcdbb", "alone": "#225ea8", "other": "#edf8b1"}
LETTERS1 = ("", "O", "A")
LETTERS2 = ("", "C", "A", "X")
MIXED = 0.9                      # a share under this is printed in the cell
RANK_WORDS = ("nine", "ten", "jack", "queen", "king", "ace")


def row_labels(cells: pd.DataFrame) -> list[tuple[int, int]]:
    """The (trumps, bowers) rows a panel shows, most trumps first."""
    keys = cells[["trumps", "bowers"]].drop_duplicates()
    return sorted(map(tuple, keys.to_numpy()), key=lambda k: (-k[0], k[1]))


def row_text(trumps: int, bowers: int) -> str:
    b = BOWERS[bowers]
    return f"{trumps} {b}".strip() if trumps else "0"


def _cell_style(rnd: int, action: int):
    names = ("pass", "make", "alone", "other")
    colour = COLOURS[names[action]]
    text = "white" if action == 2 else "black"
    hatch = "////" if action == 3 else None
    return colour, text, hatch


def _cell_text(rnd: int, action: int, share: float) -> str:
    letter = (LETTERS1 if rnd == 1 else LETTERS2)[action]
    if share < MIXED:
        return f"{letter}{round(100 * share):d}" if letter else f"{round(100 * share):d}"
    return letter


def plot_panel(cells: pd.DataFrame, notes: pd.DataFrame, ax, rnd: int, title: str,
               rows=None):
    """One position's round: rows (trumps, bowers), columns off-suit aces (round 2: for the
    longest suit being the next suit, then a cross suit); returns the axes."""
    from matplotlib.patches import Rectangle

    rows = rows or row_labels(cells)
    suits = ["turned"] if rnd == 1 else ["next", "cross"]
    cols = [(s, a) for s in suits for a in range(ACES_CAP + 1)]
    noted = {tuple(x) for x in notes[["suit", "trumps", "bowers", "aces"]].to_numpy()}
    by = cells.set_index(["suit", "trumps", "bowers", "aces"])
    for i, r in enumerate(rows):
        for j, (s, a) in enumerate(cols):
            key = (s, r[0], r[1], a)
            if key not in by.index:
                ax.add_patch(Rectangle((j, i), 1, 1, facecolor="#f0f0f0", edgecolor="#bbbbbb",
                                       lw=0.3))
                continue
            c = by.loc[key]
            colour, tcol, hatch = _cell_style(rnd, int(c["action"]))
            ax.add_patch(Rectangle((j, i), 1, 1, facecolor=colour, edgecolor="#888888",
                                   lw=0.4, hatch=hatch))
            text = _cell_text(rnd, int(c["action"]), float(c["share"]))
            if key in noted:
                text += "*"
            if text:
                ax.text(j + 0.5, i + 0.55, text, ha="center", va="center", fontsize=MIN_POINTS,
                        color=tcol)
    ax.set_xlim(0, len(cols))
    ax.set_ylim(len(rows), 0)
    ax.set_yticks(np.arange(len(rows)) + 0.5, [row_text(*r) for r in rows], fontsize=MIN_POINTS)
    ax.set_xticks(np.arange(len(cols)) + 0.5,
                  [f"{a}{'+' if a == ACES_CAP else ''}" for _s, a in cols], fontsize=MIN_POINTS)
    ax.tick_params(length=0, pad=1.5)
    if rnd == 2:
        for j, s in ((0, "next"), (ACES_CAP + 1, "cross")):
            ax.text(j + (ACES_CAP + 1) / 2, -0.4, s, ha="center", va="bottom",
                    fontsize=MIN_POINTS)
    ax.set_title(title, fontsize=9, pad=12 if rnd == 2 else 3)
    for spine in ax.spines.values():
        spine.set_visible(False)
    return ax


def plot_scores(scores: pd.DataFrame, ax):
    """The score panel: by position (rows) and score (columns, the dealing team's first), the
    share of hands that order in round 1 (alone in brackets), shaded by the order share."""
    from sim import POSITIONS

    cols = list(dict.fromkeys(scores["score"]))
    scores = scores.assign(makes=scores["order"] + scores["alone"])
    grid = scores.pivot(index="position", columns="score", values="makes").reindex(
        index=list(POSITIONS), columns=cols)
    alone = scores.pivot(index="position", columns="score", values="alone").reindex(
        index=list(POSITIONS), columns=cols)
    ax.imshow(grid.to_numpy(), cmap="Greys", vmin=0, vmax=1.6, aspect="auto")
    changed = scores.pivot(index="position", columns="score", values="cells_changed").reindex(
        index=list(POSITIONS), columns=cols)
    for i in range(grid.shape[0]):
        for j in range(grid.shape[1]):
            n = int(changed.iat[i, j])
            ax.text(j, i, f"{100 * grid.iat[i, j]:.0f}% ({100 * alone.iat[i, j]:.0f}%)"
                    + (f"\n{n} differ" if j else ""), ha="center", va="center",
                    fontsize=MIN_POINTS)
    ax.set_xticks(range(len(cols)), cols, fontsize=MIN_POINTS)
    ax.set_yticks(range(len(POSITIONS)), list(POSITIONS), fontsize=MIN_POINTS)
    ax.tick_params(length=0)
    ax.set_title("At the score (dealing team's first), round 1: share of hands that\norder "
                 "up (of them alone), and round-1 cells whose answer differs from 0-0",
                 fontsize=8)
    return ax


def _legend(ax, fitted: str | None, notes: str = ""):
    from matplotlib.patches import Patch

    ax.axis("off")
    handles = [Patch(facecolor=COLOURS["pass"], edgecolor="#888888", label="pass"),
               Patch(facecolor=COLOURS["make"], edgecolor="#888888",
                     label="O order up / C call that suit"),
               Patch(facecolor=COLOURS["alone"], edgecolor="#888888", label="A alone"),
               Patch(facecolor=COLOURS["other"], edgecolor="#888888", hatch="////",
                     label="X call another suit")]
    ax.legend(handles=handles, loc="upper left", fontsize=MIN_POINTS, frameon=False,
              ncol=2, handlelength=1.6, borderaxespad=0)
    lines = [
        "Rows: trumps held (left bower counted), which bowers; columns: off-suit aces.",
        "The dealer counts the hand he holds after picking up. Round 2: your longest",
        "suit, of the turned card's colour (next) or the other (cross).",
        "A number: the share of the class taking that action, where under 90%.",
        "* a void or the upcard's rank changes the answer; the largest such:",
        notes,
    ]
    if fitted:
        lines += ["Fitted point count:", *("  " + line for line in fitted.split("\n"))]
    ax.text(0, 0.74, "\n".join(lines), fontsize=MIN_POINTS, va="top", ha="left",
            transform=ax.transAxes, linespacing=1.15)
    return ax


def _notes_text(notes: pd.DataFrame, limit: int = 8) -> str:
    from analysis.card import ROUND1_ACTIONS as A1

    top = notes.sort_values("weight", ascending=False).head(limit)
    out = []
    for n in top.itertuples():
        acts = A1 if n.round == 1 else ROUND2_ACTIONS
        what = (f"{n.value} void{'s' if n.value > 1 else ''}" if n.split == "voids"
                else f"{'an' if n.value == 5 else 'a'} {RANK_WORDS[n.value]} turned")
        suit = f"{n.suit} " if n.round == 2 else ""
        out.append(f"  round {n.round}, {n.position}, {suit}{row_text(n.trumps, n.bowers)}, "
                   f"{n.aces} aces, with {what}: {acts[n.action]} ({100 * n.share:.0f}%)")
    return "\n".join(out)


def plot_card(cells: pd.DataFrame, notes: pd.DataFrame, meta: dict,
              scores: pd.DataFrame | None = None, fig=None, paper: str = "letter"):
    """The whole card on one page (``fig``, or a new figure of the paper's size): round 1 and
    round 2 panels for the four positions, the score panel (``scores``, when given), the key,
    the notes and ``meta`` (``title``, ``subtitle``: rules, model of play, version;
    ``fitted``: the fitted count's words).  Returns the figure."""
    import matplotlib.pyplot as plt

    from sim import POSITIONS

    if fig is None:
        fig = plt.figure(figsize=PAPER[paper], layout="none")
    gs = fig.add_gridspec(3, 4, height_ratios=[1.0, 0.72, 0.42], left=0.07, right=0.98,
                          top=0.915, bottom=0.03, hspace=0.22, wspace=0.42)
    r1 = cells[cells["round"] == 1]
    r2 = cells[cells["round"] == 2]
    rows1, rows2 = row_labels(r1), row_labels(r2)
    for k, pos in enumerate(POSITIONS):
        for rnd, part, rows, g in ((1, r1, rows1, 0), (2, r2, rows2, 1)):
            ax = fig.add_subplot(gs[g, k])
            mine = part[part["position"] == pos]
            nb = notes[(notes["round"] == rnd) & (notes["position"] == pos)]
            label = "order up?" if rnd == 1 else "call?"
            plot_panel(mine, nb, ax, rnd, f"Round {rnd}, {pos}: {label}", rows)
    bottom = gs[2, :].subgridspec(1, 2, width_ratios=[0.9, 1.1], wspace=0.2)
    if scores is not None and len(scores):
        plot_scores(scores, fig.add_subplot(bottom[0, 0]))
    _legend(fig.add_subplot(bottom[0, 1]), meta.get("fitted"), _notes_text(notes, 4))
    fig.text(0.5, 0.975, meta.get("title", "Euchre bidding card"), ha="center", va="top",
             fontsize=13, weight="bold")
    fig.text(0.5, 0.952, meta.get("subtitle", ""), ha="center", va="top", fontsize=MIN_POINTS)
    return fig


def page_texts(fig) -> list:
    """Every text artist on the card (titles, labels, tick labels, cells, legend)."""
    from matplotlib.text import Text

    return [t for t in fig.findobj(Text) if t.get_text().strip() and t.get_visible()]


__all__ = ["COLOURS", "MIN_POINTS", "PAPER", "page_texts", "plot_card", "plot_panel",
           "plot_scores", "row_labels", "row_text", "ROUND1_ACTIONS"]
