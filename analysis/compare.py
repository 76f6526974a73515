"""Paired comparison of two rule sets (default: the published redeal rule against stick the
dealer) on the same hands and games of one seed, and the charts that show it.  Every difference
B - A has a paired 95% interval, with the unpaired one beside it to show what pairing buys.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from analysis.stats import DEFAULT_CONFIDENCE, mean_interval, proportion, z_value
from sim.rules import Rules

COMPARE_COLUMNS = [
    "section", "statistic", "unit", "a", "a_low", "a_high", "b", "b_low", "b_high", "diff",
    "paired_low", "paired_high", "paired_se", "unpaired_low", "unpaired_high", "unpaired_se",
    "n", "verdict",
]  # fmt: skip
MAKER_COLUMNS = [
    "rules", "makers", "made", "success", "success_low", "success_high", "euchred",
    "euchred_low", "euchred_high", "march", "march_low", "march_high",
]  # fmt: skip

# statistic key -> (label, unit, phrase for the verdict line)
HAND_STATS = {
    "round1": ("made in round 1", "share", "the share of hands made in round 1"),
    "round2": ("made in round 2 (forced calls included)", "share",
               "the share of hands made in round 2"),
    "passed": ("passed out (redealt)", "share", "the share of hands passed out"),
    "forced": ("forced on the dealer", "share", "the share of hands forced on the dealer"),
    "dealer_points": ("dealing team's points per hand", "points",
                      "the dealing team's points per hand"),
    "other_points": ("other team's points per hand", "points",
                     "the other team's points per hand"),
    "dealer_net": ("dealing team's net points per hand", "points",
                   "the dealing team's net points per hand (its points minus the other team's)"),
    "march": ("marches (share of hands)", "share", "the share of hands that end in a march"),
    "euchre": ("euchres (share of hands)", "share", "the share of hands that end in a euchre"),
    "points": ("points scored per hand (both teams)", "points",
               "the points scored per hand"),
    "hands_per_point": ("hands per point scored", "hands", "the hands dealt per point scored"),
}  # fmt: skip
GAME_STATS = {
    "first_dealer_wins": ("first dealer's team wins", "share",
                          "the first dealer's team's game win rate"),
    "hands": ("hands per game", "hands", "the hands per game"),
    "redeals": ("redeals per game", "hands", "the redeals per game"),
    "forced_calls": ("forced calls per game", "hands", "the forced calls per game"),
    "decided_forced": ("games decided by a forced call", "share",
                       "the share of games decided by a hand forced on the dealer"),
}  # fmt: skip


def rules_label(rules: Rules) -> str:
    """A rule set's name for sentences: ``published rules``, ``stick the dealer``, ..."""
    d = rules.describe()
    return {"stick-the-dealer": "stick the dealer", "published": "published rules"}.get(d, d)


# ---------------------------------------------------------------------------------------------
# playing


@dataclass
class HandArrays:
    """Per-hand columns of one run (index = hand number) and the deals, for pairing checks."""

    rules: Rules
    dealer: np.ndarray
    round: np.ndarray
    maker: np.ndarray
    maker_tricks: np.ndarray
    points0: np.ndarray
    points1: np.ndarray
    deals: np.ndarray  # (hands, 5): the four hand masks and the upcard

    @property
    def n(self) -> int:
        return int(self.dealer.size)

    @property
    def forced(self) -> np.ndarray:
        """Hands forced on the dealer (stick the dealer: round 2 made by the dealer)."""
        if not self.rules.stick_the_dealer:
            return np.zeros(self.n, bool)
        return (self.round == 2) & (self.maker == self.dealer)


def play_hands(hands: int, seed: int, rules: Rules, table, *, threads=None, progress=None,
               executor=None):
    """Play hands ``0 .. hands-1`` of ``seed`` and keep the columns the comparison needs."""
    from sim.runner import simulate

    cols = ("dealer", "round", "maker", "maker_tricks", "points0", "points1")
    out = {c: np.empty(hands, np.int8) for c in cols}
    deals = np.empty((hands, 5), np.uint32)

    def keep(frame, _part):
        i = frame["hand"].to_numpy()
        for c in cols:
            out[c][i] = frame[c].to_numpy()
        for j, c in enumerate(("hand0", "hand1", "hand2", "hand3", "upcard")):
            deals[i, j] = frame[c].to_numpy()

    simulate(hands, seed, rules, table, records=True, threads=threads, on_records=keep,
             executor=executor,
             batch=1 << 18, progress=progress)  # fmt: skip
    return HandArrays(rules, deals=deals, **out)


@dataclass
class GameArrays:
    """Per-game columns of one run (index = game number), from the traced games."""

    rules: Rules
    winner: np.ndarray
    first_dealer: np.ndarray
    hands: np.ndarray
    redeals: np.ndarray
    forced_calls: np.ndarray
    decided_forced: np.ndarray
    win_probability: pd.DataFrame = field(default=None)
    summary: pd.DataFrame = field(default=None)


def play_games(games: int, seed: int, rules: Rules, table, *, threads=None, progress=None,
               executor=None):
    """Play games ``0 .. games-1`` of ``seed``: per-game columns and the win-probability table.

    A call is *forced on the dealer* when the rules stick the dealer and trump is made in round
    2 by the dealer (the other three have passed twice and he must name a suit); under redeal
    no call is forced.  A game is *decided by a forced call* when the hand that took the winner
    to ``game_to`` was forced on its dealer: that needs per-hand detail, so every game is also
    traced.

    Each game is traced one at a time (``sim.games_runner.game_outcomes``, about 10
    microseconds a game) to see the hand that won it; ``simulate_games`` gives the tallies
    (win-probability table, summary) and a check that the traced winners are the same games.
    """
    from analysis.games import summarise_games, win_probability_table
    from sim.games_runner import G_FIRST_DEALER_WINS, game_outcomes, simulate_games

    agg = simulate_games(games, seed, rules, table, threads=threads, executor=executor)
    cols = {
        c: np.zeros(games, np.int16)
        for c in ("winner", "first_dealer", "hands", "redeals", "forced_calls", "decided_forced")
    }
    step = max(1, games // 100)
    for g, game in enumerate(game_outcomes(games, agg.seed, rules, table)):
        cols["winner"][g] = game.winner
        cols["first_dealer"][g] = game.first_dealer
        cols["hands"][g] = game.hands
        cols["redeals"][g] = game.redeals
        if rules.stick_the_dealer:
            forced = (game.made_round == 2) & (game.maker == game.dealer)
            cols["forced_calls"][g] = forced.sum()
            cols["decided_forced"][g] = forced[game.hands - 1] and game.winner >= 0
        if progress is not None and (g + 1) % step == 0:
            progress(step)
    if progress is not None and games % step:
        progress(games % step)
    first_wins = int(((cols["winner"] == (cols["first_dealer"] & 1)) & (cols["winner"] >= 0)).sum())
    if first_wins != int(agg.gtally[G_FIRST_DEALER_WINS]):
        raise RuntimeError("traced games disagree with simulate_games; the kernels differ")
    return GameArrays(rules, **cols, win_probability=win_probability_table(agg),
                      summary=summarise_games(agg))  # fmt: skip


# ---------------------------------------------------------------------------------------------
# statistics


def hand_values(h: HandArrays) -> dict[str, np.ndarray]:
    """Per-hand values whose means are the hand statistics (all but ``hands_per_point``)."""
    dteam = h.dealer.astype(np.int64) & 1
    p0 = h.points0.astype(np.int64)
    p1 = h.points1.astype(np.int64)
    dealer_pts = np.where(dteam == 0, p0, p1)
    other_pts = np.where(dteam == 0, p1, p0)
    made = h.round > 0
    return {
        "round1": (h.round == 1).astype(np.int64),
        "round2": (h.round == 2).astype(np.int64),
        "passed": (h.round == 0).astype(np.int64),
        "forced": h.forced.astype(np.int64),
        "dealer_points": dealer_pts,
        "other_points": other_pts,
        "dealer_net": dealer_pts - other_pts,
        "march": (made & (h.maker_tricks == 5)).astype(np.int64),
        "euchre": (made & (h.maker_tricks < 3)).astype(np.int64),
        "points": p0 + p1,
    }


def _side(x: np.ndarray, unit: str, confidence: float):
    if unit == "share":
        e = proportion(int(x.sum()), x.size, confidence)
    else:
        e = mean_interval(*np.unique(x, return_counts=True), confidence=confidence)
    return e.value, e.low, e.high


def _interval(d: float, se: float, z: float):
    return d - z * se, d + z * se


def difference_row(section, key, stats, xa, xb, confidence=DEFAULT_CONFIDENCE) -> dict:
    """One comparison row: both sides with intervals, B - A with paired and unpaired intervals."""
    label, unit, _ = stats[key]
    z = z_value(confidence)
    n = xa.size
    a, a_low, a_high = _side(xa, unit, confidence)
    b, b_low, b_high = _side(xb, unit, confidence)
    d = xb.astype(np.float64) - xa
    diff = float(d.mean())
    se_p = float(d.std(ddof=1) / math.sqrt(n)) if n > 1 else math.nan
    se_u = math.sqrt((xa.var(ddof=1) + xb.var(ddof=1)) / n) if n > 1 else math.nan
    row = {"section": section, "statistic": label, "unit": unit, "a": a, "a_low": a_low,
           "a_high": a_high, "b": b, "b_low": b_low, "b_high": b_high, "diff": diff,
           "paired_se": se_p, "unpaired_se": se_u, "n": n}  # fmt: skip
    row["paired_low"], row["paired_high"] = _interval(diff, se_p, z)
    row["unpaired_low"], row["unpaired_high"] = _interval(diff, se_u, z)
    return row


def _ratio_row(pa: np.ndarray, pb: np.ndarray, confidence=DEFAULT_CONFIDENCE) -> dict:
    """Hands per point scored, ``n / sum(points)``, by the delta method (linearised per hand)."""
    z = z_value(confidence)
    n = pa.size
    ma, mb = pa.mean(), pb.mean()
    la = -(pa - ma) / ma**2  # per-hand influence of each hand on 1 / mean
    lb = -(pb - mb) / mb**2
    ra, rb = 1 / ma, 1 / mb
    sa, sb = la.std(ddof=1) / math.sqrt(n), lb.std(ddof=1) / math.sqrt(n)
    se_p = float((lb - la).std(ddof=1) / math.sqrt(n))
    se_u = math.sqrt(sa**2 + sb**2)
    d = rb - ra
    label, unit, _ = HAND_STATS["hands_per_point"]
    return {
        "section": "hand", "statistic": label, "unit": unit,
        "a": ra, "a_low": ra - z * sa, "a_high": ra + z * sa,
        "b": rb, "b_low": rb - z * sb, "b_high": rb + z * sb, "diff": d,
        "paired_low": d - z * se_p, "paired_high": d + z * se_p, "paired_se": se_p,
        "unpaired_low": d - z * se_u, "unpaired_high": d + z * se_u, "unpaired_se": se_u, "n": n,
    }  # fmt: skip


def check_pairing(a: HandArrays, b: HandArrays) -> None:
    """Raise unless both runs played exactly the same deals, dealt by the same seats."""
    if a.n != b.n or not np.array_equal(a.deals, b.deals) or not np.array_equal(a.dealer, b.dealer):
        raise RuntimeError("the two runs did not play the same deals; the comparison is unpaired")


def compare_hands(a: HandArrays, b: HandArrays, confidence=DEFAULT_CONFIDENCE) -> pd.DataFrame:
    """Per-hand statistics under rules A and B with B - A (paired and unpaired intervals)."""
    check_pairing(a, b)
    va, vb = hand_values(a), hand_values(b)
    rows = [difference_row("hand", k, HAND_STATS, va[k], vb[k], confidence) for k in va]
    rows.append(_ratio_row(va["points"].astype(float), vb["points"].astype(float), confidence))
    return _with_verdicts(pd.DataFrame(rows), a.rules, b.rules, HAND_STATS)


def compare_games(a: GameArrays, b: GameArrays, confidence=DEFAULT_CONFIDENCE) -> pd.DataFrame:
    """Per-game statistics under rules A and B with B - A (paired over game numbers)."""
    if not np.array_equal(a.first_dealer, b.first_dealer):
        raise RuntimeError("the two game runs drew different first dealers; not paired")
    rows = []
    for key in GAME_STATS:
        if key == "first_dealer_wins":
            xa = (a.winner == (a.first_dealer & 1)).astype(np.int64)
            xb = (b.winner == (b.first_dealer & 1)).astype(np.int64)
        else:
            xa, xb = getattr(a, key).astype(np.int64), getattr(b, key).astype(np.int64)
        rows.append(difference_row("game", key, GAME_STATS, xa, xb, confidence))
    return _with_verdicts(pd.DataFrame(rows), a.rules, b.rules, GAME_STATS)


def maker_rates(h: HandArrays, confidence=DEFAULT_CONFIDENCE) -> pd.DataFrame:
    """Success (3+ tricks), euchre and march rates of all makers, forced dealers and the rest."""
    made = h.round > 0
    forced = h.forced
    groups = {"all makers": made, "forced dealers": forced, "makers not forced": made & ~forced}
    rows = []
    for name, mask in groups.items():
        t = h.maker_tricks[mask]
        row = {"rules": rules_label(h.rules), "makers": name, "made": int(mask.sum())}
        for stat, hit in (("success", t >= 3), ("euchred", t < 3), ("march", t == 5)):
            e = proportion(int(hit.sum()), t.size, confidence)
            row[stat], row[f"{stat}_low"], row[f"{stat}_high"] = e.value, e.low, e.high
        rows.append(row)
    return pd.DataFrame(rows, columns=MAKER_COLUMNS)


# ---------------------------------------------------------------------------------------------
# verdicts


UNIT_WORDS = {"share": "percentage points", "points": "points per hand", "hands": "hands"}


def _amount(x: float, half: float, unit: str) -> str:
    """``x ± half`` with the unit once, e.g. ``2.33 ± 0.07 percentage points``; enough
    decimals to show two significant digits of ``half``."""
    scale, least = (100.0, 2) if unit == "share" else (1.0, 4)
    h = abs(half * scale)
    places = least if not h > 0 else max(least, 1 - math.floor(math.log10(h)))
    return f"{x * scale:.{places}f} ± {h:.{places}f} {UNIT_WORDS[unit]}"


def _level(x: float, unit: str) -> str:
    return f"{100 * x:.2f}%" if unit == "share" else f"{x:.4f}"


def verdict(row, label_a: str, label_b: str, phrase: str) -> str:
    """A sentence for one comparison row, e.g. 'stick the dealer raises ... by X ± Y (...)'."""
    unit = row["unit"]
    d = row["diff"]
    half = (row["paired_high"] - row["paired_low"]) / 2
    levels = f"{_level(row['a'], unit)} under {label_a}, {_level(row['b'], unit)} under {label_b}"
    if d == 0 and not half > 0:
        return f"{label_b} leaves {phrase} unchanged on every deal ({levels})."
    if row["paired_low"] > 0 or row["paired_high"] < 0:
        word = "raises" if d > 0 else "lowers"
        return (
            f"{label_b} {word} {phrase} by {_amount(abs(d), half, unit)} "
            f"({levels}; paired 95% interval)."
        )
    return (
        f"no clear difference in {phrase}: {label_b} minus {label_a} is "
        f"{_amount(d, half, unit)} ({levels}; the paired 95% interval includes 0)."
    )


def _with_verdicts(df: pd.DataFrame, ra: Rules, rb: Rules, stats: dict) -> pd.DataFrame:
    la, lb = rules_label(ra), rules_label(rb)
    phrases = {v[0]: v[2] for v in stats.values()}
    df["verdict"] = [verdict(r, la, lb, phrases[r["statistic"]]) for r in df.to_dict("records")]
    return df[COMPARE_COLUMNS]


def maker_verdicts(makers: pd.DataFrame) -> list[str]:
    """Sentences comparing forced dealers' euchre rate with all makers' (where calls are forced)."""
    out = []
    for label, t in makers.groupby("rules", sort=False):
        t = t.set_index("makers")
        f, m = t.loc["forced dealers"], t.loc["all makers"]
        if f["made"] == 0:
            continue
        out.append(
            f"under {label}, a dealer forced to call is euchred {100 * f['euchred']:.1f}% of the "
            f"time ({100 * f['euchred_low']:.1f}-{100 * f['euchred_high']:.1f}%, "
            f"{int(f['made']):,} forced calls) against {100 * m['euchred']:.1f}% for all makers "
            f"({100 * m['euchred_low']:.1f}-{100 * m['euchred_high']:.1f}%); forced dealers make "
            f"their bid {100 * f['success']:.1f}% of the time against {100 * m['success']:.1f}%."
        )
    return out


# ---------------------------------------------------------------------------------------------
# the whole comparison


@dataclass
class RuleComparison:
    rules_a: Rules
    rules_b: Rules
    seed: int
    hands: int
    games: int
    hand_table: pd.DataFrame
    game_table: pd.DataFrame | None
    makers: pd.DataFrame
    win_probability: pd.DataFrame | None  # both rule sets, column ``rules``
    game_summary: pd.DataFrame | None
    wall_s: float = 0.0

    @property
    def table(self) -> pd.DataFrame:
        parts = [self.hand_table] + ([self.game_table] if self.game_table is not None else [])
        return pd.concat(parts, ignore_index=True)

    def verdicts(self) -> list[str]:
        return list(self.table["verdict"]) + maker_verdicts(self.makers)


def compare_rules(
    hands: int,
    games: int,
    seed: int = 0,
    rules_a: Rules | None = None,
    rules_b: Rules | None = None,
    table=None,
    *,
    threads: int | None = None,
    executor=None,
    confidence: float = DEFAULT_CONFIDENCE,
    progress=None,
) -> RuleComparison:
    """Play ``hands`` hands and ``games`` games (0: none) under rules A and B on the same seed.

    Hand ``i`` is the same deal under both and game ``g`` has the same draw for deal and the
    same cards for its ``j``-th hand (common random numbers).  Every difference B - A is the
    mean of per-hand (or per-game) differences with a paired 95% normal interval; the unpaired
    interval treats the two sides as independent samples.

    Defaults: A the published rules, B the same with stick the dealer; ``table`` the basic
    strategy at every seat.  ``progress(k)`` receives hands and games as they finish (``2 *
    (hands + games)`` in all).
    """
    import time

    from sim.rng import normalise_seed
    from sim.runner import Table

    rules_a = rules_a or Rules()
    rules_b = rules_b or rules_a.replace(stick_the_dealer=True)
    if rules_a == rules_b:
        raise ValueError(f"rules A and B are the same ({rules_a.describe()}); nothing to compare")
    table = table or Table.teams()
    seed = normalise_seed(seed)
    t0 = time.perf_counter()
    ha = play_hands(hands, seed, rules_a, table, threads=threads, progress=progress,
                    executor=executor)
    hb = play_hands(hands, seed, rules_b, table, threads=threads, progress=progress,
                    executor=executor)
    hand_table = compare_hands(ha, hb, confidence)
    makers = pd.concat([maker_rates(ha, confidence), maker_rates(hb, confidence)],
                       ignore_index=True)  # fmt: skip
    del ha, hb
    game_table = wp = gsum = None
    if games:
        ga = play_games(games, seed, rules_a, table, threads=threads, progress=progress,
                    executor=executor)
        gb = play_games(games, seed, rules_b, table, threads=threads, progress=progress,
                    executor=executor)
        game_table = compare_games(ga, gb, confidence)
        wp = pd.concat([g.win_probability.assign(rules=rules_label(g.rules)) for g in (ga, gb)],
                       ignore_index=True)  # fmt: skip
        gsum = pd.concat([g.summary.assign(rules=rules_label(g.rules)) for g in (ga, gb)],
                         ignore_index=True)  # fmt: skip
    return RuleComparison(rules_a, rules_b, seed, hands, games, hand_table, game_table, makers, wp,
                      gsum, time.perf_counter() - t0)  # fmt: skip


def format_comparison(c: RuleComparison) -> str:
    """The headline tables as text: A, B and B - A with paired and unpaired intervals."""
    la, lb = rules_label(c.rules_a), rules_label(c.rules_b)
    lines = [
        f"A: {la}   B: {lb}   seed {c.seed}; {c.hands:,} paired hands, {c.games:,} paired games",
        "",
    ]
    t = c.table
    width = max(len(s) for s in t["statistic"]) + 2

    def fmt(x, unit):
        return f"{100 * x:8.3f}%" if unit == "share" else f"{x:9.4f}"

    head = f"{'statistic':<{width}}{'A':>10}{'B':>10}{'B - A':>10}  {'paired 95%':>22}  " \
           f"{'unpaired 95%':>22}"  # fmt: skip
    for section, part in t.groupby("section", sort=False):
        lines += [f"per {section}:", head]
        for r in part.to_dict("records"):
            u = r["unit"]
            lines.append(
                f"{r['statistic']:<{width}}{fmt(r['a'], u):>10}{fmt(r['b'], u):>10}"
                f"{fmt(r['diff'], u):>10}  "
                f"{'[' + fmt(r['paired_low'], u).strip() + ', ' + fmt(r['paired_high'], u).strip() + ']':>22}  "  # noqa: E501
                f"{'[' + fmt(r['unpaired_low'], u).strip() + ', ' + fmt(r['unpaired_high'], u).strip() + ']':>22}"  # noqa: E501
            )
        lines.append("")
    lines.append("makers (success = 3 or more tricks):")
    forced_any = set(
        c.makers.loc[(c.makers["makers"] == "forced dealers") & (c.makers["made"] > 0), "rules"]
    )
    for r in c.makers.to_dict("records"):
        if r["made"] == 0 or (r["makers"] == "makers not forced" and r["rules"] not in forced_any):
            continue
        lines.append(
            f"  {r['rules']:<18}{r['makers']:<20}{r['made']:>10,} made  success "
            f"{100 * r['success']:5.1f}%  euchred {100 * r['euchred']:5.1f}% "
            f"[{100 * r['euchred_low']:.1f}, {100 * r['euchred_high']:.1f}]  "
            f"march {100 * r['march']:5.1f}%"
        )
    lines += ["", "verdicts:"] + [f"  - {v}" for v in c.verdicts()]
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# charts (take the tables above, ``ax=None``, return the Axes)

BAR_COLOURS = ("#4c72b0", "#dd8452")


def plot_side_by_side(table: pd.DataFrame, stats: list[str], ax=None, *, title: str,
                      labels=("A", "B")):  # fmt: skip
    """Bars for A and B side by side per statistic with 95% whiskers (rows of one unit)."""
    from analysis.charts import axes_or_new, style

    with style():
        ax = axes_or_new(ax, (6.0, 4.0))
        t = table.set_index("statistic").loc[stats]
        unit = t["unit"].iloc[0]
        scale = 100.0 if unit == "share" else 1.0
        x = np.arange(len(stats))
        for k, (side, colour) in enumerate(zip(("a", "b"), BAR_COLOURS, strict=True)):
            v = t[side].to_numpy() * scale
            err = np.vstack([v - t[f"{side}_low"] * scale, t[f"{side}_high"] * scale - v])
            ax.bar(x + (k - 0.5) * 0.38, v, 0.38, yerr=err, capsize=3, color=colour,
                   label=labels[k], error_kw={"lw": 1})  # fmt: skip
        ax.set_xticks(x)
        ax.set_xticklabels([s.replace(" (", "\n(").replace("'s ", "'s\n", 1) for s in stats],
                           fontsize=7)  # fmt: skip
        ax.set_xlabel("statistic")
        ax.set_ylabel("share of hands (%)" if unit == "share" else f"{unit} (mean)")
        ax.set_title(title)
        ax.legend(title="rules (95% whiskers)")
    return ax


def plot_differences(table: pd.DataFrame, ax=None, *, title: str | None = None):
    """B - A per hand statistic, per 100 hands, with the paired and the unpaired 95% intervals."""
    from analysis.charts import axes_or_new, style

    with style():
        t = table[(table["section"] == "hand") & (table["unit"] != "hands")].reset_index()
        ax = axes_or_new(ax, (6.5, 4.5))
        y = np.arange(len(t))[::-1]
        d = t["diff"].to_numpy() * 100
        for off, kind, colour in ((0.15, "paired", "black"), (-0.15, "unpaired", "#999999")):
            err = np.vstack([d - t[f"{kind}_low"] * 100, t[f"{kind}_high"] * 100 - d])
            ax.errorbar(d, y + off, xerr=err, fmt="o", ms=3, capsize=3, color=colour,
                        label=f"{kind} 95% interval")  # fmt: skip
        ax.axvline(0, color="black", lw=0.8)
        ax.set_yticks(y)
        ax.set_yticklabels(t["statistic"], fontsize=7)
        ax.set_xlabel("B - A per 100 hands (hands, or points)")
        ax.set_ylabel("statistic")
        ax.set_title(title or "Difference B - A on the same deals")
        ax.legend(loc="best")
    return ax


def plot_win_probability(wp: pd.DataFrame, ax=None, *, title: str | None = None):
    """Heat map of P(dealing team wins the game) by the score before the hand, in %."""
    from analysis.charts import axes_or_new, colour_map, style

    with style():
        ax = axes_or_new(ax, (5.0, 4.2))
        piv = wp.pivot(index="dealer_score", columns="other_score", values="p")
        grid = piv.to_numpy(dtype=float) * 100
        im = ax.imshow(np.ma.masked_invalid(grid), cmap=colour_map("RdBu"), vmin=0, vmax=100,
                       origin="lower", aspect="auto")  # fmt: skip
        for i in range(grid.shape[0]):
            for j in range(grid.shape[1]):
                if np.isfinite(grid[i, j]):
                    ax.text(
                        j,
                        i,
                        f"{grid[i, j]:.0f}",
                        ha="center",
                        va="center",
                        fontsize=6,
                        color="white" if abs(grid[i, j] - 50) > 30 else "black",
                    )
        ax.set_xticks(range(grid.shape[1]))
        ax.set_xticklabels(piv.columns)
        ax.set_yticks(range(grid.shape[0]))
        ax.set_yticklabels(piv.index)
        ax.set_xlabel("other team's score (points)")
        ax.set_ylabel("dealing team's score (points)")
        ax.set_title(title or "P(dealing team wins the game) by score (%)")
        ax.figure.colorbar(im, ax=ax, label="dealing team wins (%)")
    return ax


def plot_maker_rates(makers: pd.DataFrame, ax=None, *, title: str | None = None):
    """Euchre rates of forced dealers against all makers, per rule set, with Wilson whiskers."""
    from analysis.charts import axes_or_new, style

    with style():
        ax = axes_or_new(ax, (6.0, 4.0))
        forced = makers[(makers["makers"] == "forced dealers") & (makers["made"] > 0)]["rules"]
        # "makers not forced" repeats "all makers" where no call is forced: leave it out
        keep = (makers["made"] > 0) & (
            (makers["makers"] != "makers not forced") | makers["rules"].isin(set(forced))
        )
        t = makers[keep].reset_index(drop=True)
        x = np.arange(len(t))
        v = t["euchred"].to_numpy() * 100
        err = np.vstack([v - t["euchred_low"] * 100, t["euchred_high"] * 100 - v])
        colours = ["#c44e52" if m == "forced dealers" else "#4c72b0" for m in t["makers"]]
        ax.bar(x, v, 0.6, yerr=err, capsize=3, color=colours)
        ax.set_xticks(x)
        ax.set_xticklabels([f"{r}\n{m}" for r, m in zip(t["rules"], t["makers"], strict=True)],
                           fontsize=7)  # fmt: skip
        ax.set_xlabel("rules and makers")
        ax.set_ylabel("makers euchred (% of made hands)")
        ax.set_title(title or "How often the makers are euchred (95% whiskers)")
    return ax


def comparison_figure(c: RuleComparison):
    """The headline chart: how trump is made and points per hand, A and B side by side."""
    import matplotlib.pyplot as plt

    from analysis.charts import style

    labels = (rules_label(c.rules_a), rules_label(c.rules_b))
    t = c.hand_table
    with style():
        fig, axes = plt.subplots(1, 2, figsize=(10.0, 4.2))
    plot_side_by_side(
        t,
        [HAND_STATS[k][0] for k in ("round1", "round2", "passed", "forced")],
        axes[0],
        title="How trump is made (% of hands)",
        labels=labels,
    )
    plot_side_by_side(t, [HAND_STATS[k][0] for k in ("dealer_points", "other_points", "points")],
                      axes[1], title="Points per hand", labels=labels)  # fmt: skip
    axes[1].set_ylabel("points per hand")
    with style():
        fig.suptitle(f"{labels[0]} vs {labels[1]} on the same {c.hands:,} deals")
    return fig


def win_probability_difference(wp: pd.DataFrame, a: str, b: str) -> pd.DataFrame:
    """P(dealing team wins) under rule set ``b`` minus under ``a`` by score, in percentage
    points, with an unpaired 95% interval from the two Wilson intervals (``diff, low, high``)."""
    key = ["dealer_score", "other_score"]
    m = wp[wp["rules"] == a].merge(wp[wp["rules"] == b], on=key, suffixes=("_a", "_b"))
    z = 1.959963984540054
    se = np.hypot((m["high_a"] - m["low_a"]) / (2 * z), (m["high_b"] - m["low_b"]) / (2 * z))
    out = m[key].copy()
    out["diff"] = 100 * (m["p_b"] - m["p_a"])
    out["low"], out["high"] = out["diff"] - 100 * z * se, out["diff"] + 100 * z * se
    return out


def plot_win_probability_difference(diff: pd.DataFrame, ax=None, *, title: str | None = None):
    """Heat map of a ``win_probability_difference`` table: the change in percentage points,
    labelled, with cells whose 95% interval includes 0 hatched."""
    from matplotlib.patches import Rectangle

    from analysis.charts import axes_or_new, colour_map, style

    with style():
        ax = axes_or_new(ax, (5.0, 4.2))
        piv = diff.pivot(index="dealer_score", columns="other_score", values="diff")
        grid = piv.to_numpy(dtype=float)
        vmax = max(1.0, float(np.nanmax(np.abs(grid))) if np.isfinite(grid).any() else 1.0)
        im = ax.imshow(np.ma.masked_invalid(grid), cmap=colour_map("PuOr"), vmin=-vmax,
                       vmax=vmax, origin="lower", aspect="auto")  # fmt: skip
        cells = diff.set_index(["dealer_score", "other_score"])
        for i, ds in enumerate(piv.index):
            for j, os_ in enumerate(piv.columns):
                if not np.isfinite(grid[i, j]):
                    continue
                ax.text(j, i, f"{grid[i, j]:+.1f}", ha="center", va="center", fontsize=6)
                lo, hi = cells.loc[(ds, os_), ["low", "high"]]
                if lo <= 0 <= hi:
                    ax.add_patch(Rectangle((j - 0.5, i - 0.5), 1, 1, fill=False, hatch="///",
                                           lw=0, edgecolor="#999999"))  # fmt: skip
        ax.set_xticks(range(grid.shape[1]), piv.columns)
        ax.set_yticks(range(grid.shape[0]), piv.index)
        ax.set_xlabel("other team's score (points)")
        ax.set_ylabel("dealing team's score (points)")
        ax.set_title(title or "Change in P(dealing team wins), percentage points")
        ax.figure.colorbar(im, ax=ax, label="change (percentage points)")
    return ax


def win_probability_figure(wp: pd.DataFrame):
    """The win-probability map of the first rule set in ``wp`` (column ``rules``) and, with a
    second one, the difference between them (hatched where its 95% interval includes 0) rather
    than two near-identical maps."""
    import matplotlib.pyplot as plt

    from analysis.charts import style

    names = list(dict.fromkeys(wp["rules"]))
    with style():
        fig, axes = plt.subplots(1, min(len(names), 2), figsize=(5.2 * min(len(names), 2), 4.4),
                                 squeeze=False)  # fmt: skip
    plot_win_probability(wp[wp["rules"] == names[0]], axes[0][0],
                         title=f"{names[0]}: P(dealing team wins) by score (%)")  # fmt: skip
    if len(names) > 1:
        plot_win_probability_difference(
            win_probability_difference(wp, names[0], names[1]), axes[0][1],
            title=f"{names[1]} minus {names[0]} (percentage points;\nhatched: 95% interval "
            "includes 0)",
        )  # fmt: skip
    return fig


# ---------------------------------------------------------------------------------------------
# tournament chart


def plot_tournament(hands_row: pd.DataFrame | None, games_row: pd.DataFrame | None, axes=None):
    """Tournament results: A's game win share and both sides' points per hand, with 95% bars."""
    import matplotlib.pyplot as plt

    from analysis.charts import style

    with style():
        if axes is None:
            _, axes = plt.subplots(1, 2, figsize=(9.0, 3.8))
        ax0, ax1 = axes
        if games_row is not None and len(games_row):
            r = games_row.iloc[0]
            v = 100 * r["a_wins"]
            ax0.bar(
                [0, 1],
                [v, 100 - v],
                0.6,
                color=BAR_COLOURS,
                yerr=[[v - 100 * r["low"], 100 * r["high"] - v]] * 2,
                capsize=4,
            )
            ax0.set_xticks([0, 1])
            ax0.set_xticklabels([r["a"], r["b"]])
            ax0.axhline(50, color="black", lw=0.8, ls="--")
            ax0.set_ylim(0, 100)
            ax0.set_title(f"Games won, {int(r['games']):,} games x 2 seatings (%)")
        else:
            ax0.set_title("Games won (no games played)")
        ax0.set_xlabel("strategy")
        ax0.set_ylabel("games won (%)")
        if hands_row is not None and len(hands_row):
            r = hands_row.iloc[0]
            vals = [r["a_points"], r["b_points"]]
            err = [[vals[0] - r["a_points_low"], vals[1] - r["b_points_low"]],
                   [r["a_points_high"] - vals[0], r["b_points_high"] - vals[1]]]  # fmt: skip
            ax1.bar([0, 1], vals, 0.6, color=BAR_COLOURS, yerr=err, capsize=4)
            ax1.set_xticks([0, 1])
            ax1.set_xticklabels([r["a"], r["b"]])
            ax1.set_title(f"Points per hand, margin {r['margin']:+.4f} "
                          f"[{r['low']:+.4f}, {r['high']:+.4f}]")  # fmt: skip
        else:
            ax1.set_title("Points per hand (no hands played)")
        ax1.set_xlabel("strategy")
        ax1.set_ylabel("points per hand")
    return axes


__all__ = [
    "HandArrays", "GameArrays", "RuleComparison", "play_hands", "play_games", "hand_values",
    "compare_hands", "compare_games", "maker_rates", "compare_rules", "format_comparison",
    "verdict", "maker_verdicts", "rules_label", "check_pairing", "difference_row",
    "plot_side_by_side", "plot_differences", "plot_win_probability", "plot_maker_rates",
    "win_probability_difference", "plot_win_probability_difference",
    "comparison_figure", "win_probability_figure", "plot_tournament", "COMPARE_COLUMNS",
]  # fmt: skip
