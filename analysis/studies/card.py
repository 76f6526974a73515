"""The strategy card study: one printable page of what a bidding table bids, by hand class, for
one rule set (``analysis.card`` computes, ``analysis.plots.card`` draws).  Its folder holds
``cells.csv``, ``notes.csv``, ``score_cells.csv`` (round 1's cells at the score tables' scores)
and ``scores.csv`` (their rates by position), the card as ``card.pdf``, ``card.svg`` and
``card.png``, and the manifest.
"""

from __future__ import annotations

import time

from analysis.studies.study import Study, StudyResult

SCORES = ("0-0", "9-8", "8-9", "9-6", "9-9")
PNG_DPI = 150


def fitted_words(v) -> str:
    """The fitted count in short lines for the page: its points, and each threshold by
    position, as the count itself decides (``sim.players.counts.FittedValues``)."""
    r, lb, a, k, q, t, n = v.trump
    each = f"{a} a trump" if len({a, k, q, t, n}) == 1 else f"A {a} K {k} Q {q} T {t} 9 {n}"

    def at(values):
        return "/".join(map(str, values))

    return (f"{each}, the right {r}, the left {lb}; off-suit ace {v.off_ace}, void {v.void}\n"
            f"by position (first/second/third/dealer):\n"
            f"order at {at(v.order)}, alone at {at(v.alone1)};\n"
            f"call at {at(v.call)}, alone at {at(v.alone2)}")


def _short_name(strategy: str) -> str:
    """The strategy as the title names it: a table file by its file name, not its path."""
    import os

    head, sep, path = strategy.partition("table=")
    if not sep:
        return strategy
    path, comma, rest = path.partition(",")
    return f"{head}table={os.path.basename(path)}{comma}{rest}"


def bidding_table(strategy, rules):
    """The rows the card reads: the strategy's table (the equilibrium's, a point count's, a
    file), or a parameterised built-in's bids asked of the kernel for every hand class
    (``sim.equilibrium.bids.policy_rows``); a search player's bids are too slow to ask."""
    from types import SimpleNamespace

    from sim import bidding_policy, load_equilibrium_table
    from sim.equilibrium.bids import policy_rows

    if strategy.bids_by_table() and not strategy.player.searches:
        return load_equilibrium_table(rules, strategy.table_file())
    if strategy.player.searches or not strategy.player.bids_by_count:
        raise ValueError(f"{strategy.name}: the card reads a bidding table or a parameterised "
                         "strategy's bids (equilibrium, a point count, tuned, basic, a TOML "
                         "strategy, equilibrium:table=FILE); a search player's bids are asked "
                         "on every deal")
    r1, r2 = policy_rows(bidding_policy(strategy.spec or strategy.name, rules), rules)
    return SimpleNamespace(round1=r1, round2=r2,
                           meta={"asked": strategy.name, "play": strategy.name})


def card_meta(strategy: str, rules, table_meta: dict, fitted: str | None) -> dict:
    """The words on the page: title, rules, model of play, where the bids come from, version."""
    from sim import __version__

    deals = table_meta.get("iterations") or 0
    source = (f"a point count ({table_meta['count']})" if table_meta.get("count")
              else f"{table_meta['asked']}'s bidding, asked for every hand class"
              if table_meta.get("asked")
              else f"the bidding game's equilibrium, {deals:,} deals of Monte Carlo CFR")
    score = table_meta.get("score")
    at = (f" at {score[0]}-{score[1]} (dealing team {score[0]}, the other {score[1]})"
          if score else "")
    return {"title": f"Euchre bidding card: {_short_name(strategy)}{at}",
            "subtitle": f"{rules.describe()}; bids: {source}; card play: "
                        f"{table_meta.get('play', 'tuned')}'s; euchre-sim {__version__}",
            "fitted": fitted}


class Card(Study):
    """``card``: the cells, notes and score panel of a table strategy, and the page."""

    name = "card"
    float_formats = {}

    def run(self, strategy: str = "equilibrium", rules=None, *, scores=SCORES,
            paper: str = "letter") -> StudyResult:
        """The card of ``strategy`` (``bidding_table``: the equilibrium, a point count, a table
        file, or a parameterised strategy's bids) under ``rules``; ``scores`` (dealing team's
        first) for the score panel where the strategy reads the score tables (none: no
        panel)."""
        from analysis.card import card_cells, score_answers, score_cells
        from sim import Rules, load_strategy
        from sim.players.counts import FITTED
        from sim.players.equilibrium_table import score_tables

        rules = rules or Rules()
        s = load_strategy(strategy)
        t0 = time.perf_counter()
        table = bidding_table(s, rules)
        cells, notes = card_cells(table)
        tables = {"cells": cells, "notes": notes}
        reads = s.player.reads_score is not None and s.player.reads_score(s)
        if scores and reads and score_tables(rules) is not None:
            tables["score_cells"] = score_cells(rules, scores)
            tables["scores"] = score_answers(tables["score_cells"])
        # the count fitted to the equilibrium's own table under the published rules
        # (scripts/regen_card.py): on that card only, not on a point count's, a built-in's, a
        # table file's or another rule set's (fitted to none of them)
        own = rules == Rules() and not (table.meta.get("count") or table.meta.get("asked")
                                        or s.table_file() or table.meta.get("score"))
        meta = card_meta(s.name, rules, table.meta, fitted_words(FITTED) if own else None)
        result = StudyResult(self, tables, args={"strategy": s.name, "rules": rules.as_dict(),
                                                 "rules_description": rules.describe(),
                                                 "paper": paper, "scores": list(scores or ())},
                             detail=meta, timings={"cells_s": time.perf_counter() - t0})
        result.files = {f"card.{ext}": _writer(result, ext) for ext in ("pdf", "svg", "png")}
        return result

    def manifest(self, result: StudyResult) -> dict:
        from sim import __version__

        return {"analysis": self.name, "version": __version__, **result.args,
                "page": result.detail, "timings": result.timings, "command": result.command}

    def text(self, result: StudyResult) -> str:
        c = result.tables["cells"]
        mixed = int((c["share"] < 0.9).sum())
        return (f"{result.detail['title']}: {len(c)} hand classes ({mixed} mixed), "
                f"{len(result.tables['notes'])} notes; {result.detail['subtitle']}")


def figure(result: StudyResult):
    """The card's figure from a result."""
    from analysis.plots.card import plot_card

    return plot_card(result.tables["cells"], result.tables["notes"], result.detail,
                     result.tables.get("scores"), paper=result.args.get("paper", "letter"))


def _writer(result: StudyResult, ext: str):
    def write(path):
        save_card(result, path, ext)

    return write


def save_card(result: StudyResult, path, ext: str | None = None) -> None:
    """Write the card to ``path`` as PDF, SVG or PNG (by ``ext`` or the path's suffix), the
    metadata pinned so the same table gives the same file."""
    import matplotlib.pyplot as plt

    from analysis.plots.theme import PNG_METADATA, SVG_METADATA, style

    ext = ext or str(path).rsplit(".", 1)[-1].lower()
    meta = {"png": PNG_METADATA, "svg": SVG_METADATA,
            "pdf": {"CreationDate": None, "ModDate": None, "Producer": None, "Creator": None}}
    if ext not in meta:
        raise ValueError(f"{path}: the card is written as .pdf, .svg or .png")
    with style():
        fig = figure(result)
        fig.savefig(path, format=ext, metadata=meta[ext],
                    **({"dpi": PNG_DPI} if ext == "png" else {}))
    plt.close(fig)


CARD = Card()

__all__ = ["CARD", "Card", "SCORES", "bidding_table", "card_meta", "figure", "fitted_words",
           "save_card"]
