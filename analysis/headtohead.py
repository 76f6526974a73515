"""Head-to-head matches between two strategies on the same deals, seats swapped: each deal (or
game) is played with A as team 0 and again with B as team 0, so the luck of the cards cancels
and the margin has a paired 95% interval (common random numbers).  ``head_to_head_until`` plays
the deals in growing batches until the sequential test (``analysis.sequential``) decides.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from analysis.sequential import DECISIONS, Sprt, decide, estimates, next_batch, why
from analysis.stats import DEFAULT_CONFIDENCE, mean_interval, paired_share
from sim import Rules, Table, load_strategy, points_table, simulate, simulate_games

COLUMNS = [
    "a", "b", "deals", "margin", "low", "high", "se", "a_points", "b_points",
    "a_points_low", "a_points_high", "b_points_low", "b_points_high", "seed", "rules",
]  # fmt: skip


def points_by_team(
    table: Table, hands: int, seed: int, rules: Rules, threads: int | None = None,
    executor=None, start: int = 0,
) -> tuple[np.ndarray, np.ndarray]:
    """Points per hand of team 0 and team 1 for hands ``start .. start+hands-1`` (int8 arrays)."""
    pts = np.empty((2, hands), np.int8)

    def keep(frame, _part):
        i = frame["hand"].to_numpy() - start
        pts[0, i] = frame["points0"].to_numpy()
        pts[1, i] = frame["points1"].to_numpy()

    simulate(hands, seed, rules, table, records=True, threads=threads, on_records=keep,
             executor=executor, start=start)
    return pts[0], pts[1]


def most_points(rules: Rules) -> int:
    """The most points one side scores on a hand under ``rules`` (4: a lone march)."""
    return int(points_table(rules.lone_defender_euchre_points).max())


def paired_counts(sa, sb, deals: int, seed: int, rules: Rules, *, start: int = 0,
                  threads: int | None = None, executor=None) -> np.ndarray:
    """Deals ``start .. start+deals-1`` played twice (A as team 0, then B as team 0), counted by
    (A's points, B's points) summed over the two seatings: ``counts[i, j]`` deals gave A ``i``
    and B ``j`` points (``2 * most_points(rules) + 1`` of each)."""
    a0, b1 = points_by_team(Table((sa, sb, sa, sb)), deals, seed, rules, threads, executor, start)
    b0, a1 = points_by_team(Table((sb, sa, sb, sa)), deals, seed, rules, threads, executor, start)
    size = 2 * most_points(rules) + 1
    a_sum = a0.astype(np.int64) + a1
    b_sum = b0.astype(np.int64) + b1
    return np.bincount(a_sum * size + b_sum, minlength=size * size).reshape(size, size)


def _deals_row(sa, sb, counts: np.ndarray, seed: int, rules: Rules,
               confidence: float) -> dict:
    """The one row of ``head_to_head`` from ``paired_counts`` (every sum an exact integer)."""
    size = counts.shape[0]
    i, j = np.indices(counts.shape)
    diff = mean_interval((i - j).ravel(), counts.ravel(), confidence=confidence)
    pa = mean_interval(np.arange(size), counts.sum(1), confidence=confidence)
    pb = mean_interval(np.arange(size), counts.sum(0), confidence=confidence)
    return {
        "a": sa.name, "b": sb.name, "deals": int(counts.sum()),
        "margin": diff.value / 2, "low": diff.low / 2, "high": diff.high / 2, "se": diff.se / 2,
        "a_points": pa.value / 2, "b_points": pb.value / 2,
        "a_points_low": pa.low / 2, "a_points_high": pa.high / 2,
        "b_points_low": pb.low / 2, "b_points_high": pb.high / 2,
        "seed": seed, "rules": rules.describe(),
    }  # fmt: skip


def head_to_head(
    a,
    b,
    hands: int,
    seed: int = 0,
    rules: Rules | None = None,
    *,
    threads: int | None = None,
    executor=None,
    confidence: float = DEFAULT_CONFIDENCE,
) -> pd.DataFrame:
    """Strategy ``a`` against ``b`` on the same ``hands`` deals, once from each side.

    Hands ``0 .. hands-1`` of one seed are played twice, A as team 0 and then B as team 0;
    over the pair each side holds each team's cards once.  The margin is the mean over deals
    of A's points minus B's (averaged over the two seatings).

    Parameters
    ----------
    a, b : a built-in name, a ``.toml`` path or a ``Strategy`` (``sim.players``).
    hands : deals to play; each is played twice, so ``2 * hands`` hands in all.
    seed, rules : the run seed and the rules (default: the published rules).

    Returns
    -------
    pandas.DataFrame
        One row: ``a``, ``b`` (names), ``deals``, ``margin`` (A's points per hand minus B's),
        ``low``/``high``/``se`` (its paired interval: deal ``i`` of the first run paired with
        deal ``i`` of the second), ``a_points``/``b_points`` (each side's points per hand over
        both runs, with ``*_low``/``*_high`` intervals over deals), ``seed``, ``rules``.
    """
    sa, sb = load_strategy(a), load_strategy(b)
    rules = rules or Rules()
    counts = paired_counts(sa, sb, hands, seed, rules, threads=threads, executor=executor)
    return pd.DataFrame([_deals_row(sa, sb, counts, seed, rules, confidence)], columns=COLUMNS)


MOST_BATCH = 1_000_000  # deals in one batch of ``head_to_head_until`` at most
SEQUENTIAL_COLUMNS = [
    "a", "b", "decision", "stopped", "reason", "deals", "differing", "share", "share_low",
    "share_high", "margin_differing", "margin_differing_low", "margin_differing_high", "margin",
    "low", "high", "se", "llr_a", "llr_b", "llr_lower", "llr_upper", "bound", "alpha", "beta",
    "cap", "looks", "seed", "rules",
]  # fmt: skip
# (the seconds of each look are in the entries ``on_look`` hears, not in the tables, so that a
# run's files are the same each time)
LOOK_COLUMNS = ["look", "deals", "differing", "share", "margin", "low", "high", "llr_a", "llr_b",
                "decision"]  # fmt: skip


@dataclass
class SequentialMatch:
    """A match played until the sequential test ``test`` decided (``head_to_head_until``):
    ``counts`` (``paired_counts`` of every deal played), one entry a look in ``looks``, the
    decision's ``code`` (``analysis.sequential``), why it ``stopped`` ("decided", "cap" or
    "interrupted", then with the ``interrupt``) and its ``seconds``."""

    a: object
    b: object
    test: Sprt
    cap: int
    seed: int
    rules: Rules
    confidence: float = DEFAULT_CONFIDENCE
    counts: np.ndarray | None = None
    looks: list = field(default_factory=list)
    code: int = 0
    stopped: str = ""
    interrupt: KeyboardInterrupt | None = None
    seconds: float = 0.0

    @property
    def deals(self) -> int:
        return 0 if self.counts is None else int(self.counts.sum())

    def sums(self) -> tuple[int, int, float, float]:
        """(deals, deals that differed, sum of their differences, sum of their squares), the
        difference of a deal being A's points minus B's a hand (half the two seatings' sum)."""
        if self.counts is None:
            return 0, 0, 0.0, 0.0
        i, j = np.indices(self.counts.shape)
        d, c = (i - j).ravel(), self.counts.ravel()
        total = sum(int(x) * int(w) for x, w in zip(d, c, strict=True))
        squares = sum(int(x) * int(x) * int(w) for x, w in zip(d, c, strict=True))
        return self.deals, int(c[d != 0].sum()), total / 2, squares / 4

    def look(self, seconds: float) -> dict:
        """Decide on the deals played so far; the look's entry, also kept in ``looks``."""
        deals, k, total, squares = self.sums()
        self.code, llr_a, llr_b = decide(self.test, deals, k, total, squares)
        entry = {"look": len(self.looks) + 1,
                 **estimates(deals, k, total, squares, self.confidence),
                 "llr_a": llr_a, "llr_b": llr_b, "decision": DECISIONS[self.code],
                 "seconds": seconds}  # fmt: skip
        self.looks.append(entry)
        return entry

    def reason(self) -> str:
        """Why the match stopped, in words."""
        if not self.looks:
            return f"interrupted after {self.deals:,} deals"
        last = self.looks[-1]
        said = why(self.test, self.code, self.deals, last["differing"], last["llr_a"],
                   last["llr_b"], (self.a.name, self.b.name))  # fmt: skip
        if self.stopped in ("cap", "interrupted"):
            where = ("reached the cap of" if self.stopped == "cap" else "interrupted after")
            return f"{where} {self.deals:,} deals: {said}"
        return said

    def row(self) -> pd.DataFrame:
        """The one row of the test: decision, deals, share that differed, margins, ratios."""
        deals, k, total, squares = self.sums()
        last = self.looks[-1] if self.looks else {"llr_a": np.nan, "llr_b": np.nan}
        t = self.test
        row = {"a": self.a.name, "b": self.b.name, "decision": DECISIONS[self.code],
               "stopped": self.stopped, "reason": self.reason(),
               **estimates(deals, k, total, squares, self.confidence),
               "llr_a": last["llr_a"], "llr_b": last["llr_b"], "llr_lower": t.lower,
               "llr_upper": t.upper, "bound": t.bound, "alpha": t.alpha, "beta": t.beta,
               "cap": self.cap, "looks": len(self.looks), "seed": self.seed,
               "rules": self.rules.describe()}  # fmt: skip
        return pd.DataFrame([row], columns=SEQUENTIAL_COLUMNS)

    def deals_row(self) -> pd.DataFrame:
        """``head_to_head``'s row for the deals played (none: no row)."""
        if not self.deals:              # stopped before its first batch ended
            return pd.DataFrame([], columns=COLUMNS)
        rows = [_deals_row(self.a, self.b, self.counts, self.seed, self.rules, self.confidence)]
        return pd.DataFrame(rows, columns=COLUMNS)

    def looks_frame(self) -> pd.DataFrame:
        return pd.DataFrame(self.looks, columns=LOOK_COLUMNS)


def head_to_head_until(
    a,
    b,
    cap: int,
    seed: int = 0,
    rules: Rules | None = None,
    *,
    bound: float = 0.01,
    alpha: float = 0.05,
    beta: float = 0.05,
    first: int = 1000,
    growth: float = 0.25,
    batch_seconds: float = 10.0,
    most: int = MOST_BATCH,
    threads: int | None = None,
    executor=None,
    on_look=None,
    confidence: float = DEFAULT_CONFIDENCE,
) -> SequentialMatch:
    """Strategy ``a`` against ``b`` on paired, seat-swapped deals until the sequential test
    decides whether one is better by a margin of ``bound`` points a hand (``analysis.sequential``)
    or ``cap`` deals are played.

    Deals ``0, 1, ...`` of ``seed`` are played as ``head_to_head`` plays them, in batches of
    ``first`` deals and then ``growth`` times those played so far (at most about
    ``batch_seconds`` of play and ``most`` deals each, so memory stays flat), and the test
    looks after each batch; ``on_look(entry)`` hears each look.  Ctrl-C stops the match and
    returns what the finished batches showed, with ``stopped == "interrupted"`` and the
    ``interrupt``.

    Returns
    -------
    SequentialMatch
        ``row()`` (the decision, the share of deals that differed, the margin with its interval,
        the ratios), ``deals_row()`` (``head_to_head``'s row of the deals played) and
        ``looks_frame()``.
    """
    sa, sb = load_strategy(a), load_strategy(b)
    rules = rules or Rules()
    test = Sprt(bound, alpha, beta, largest=most_points(rules))
    match = SequentialMatch(sa, sb, test, cap, seed, rules, confidence)
    t0 = time.perf_counter()
    rate = None
    try:
        while True:
            n = min(next_batch(match.deals, first, cap, growth), most)
            if rate is not None:
                n = min(n, max(first, int(rate * batch_seconds)))
            if n == 0:
                match.stopped = "cap"
                break
            t = time.perf_counter()
            counts = paired_counts(sa, sb, n, seed, rules, start=match.deals, threads=threads,
                                   executor=executor)  # fmt: skip
            match.counts = counts if match.counts is None else match.counts + counts
            rate = n / max(time.perf_counter() - t, 1e-9)
            entry = match.look(time.perf_counter() - t0)
            if on_look is not None:
                on_look(entry)
            if match.code:
                match.stopped = "decided"
                break
    except KeyboardInterrupt as e:
        match.stopped, match.interrupt = "interrupted", e
    match.seconds = time.perf_counter() - t0
    return match


GAME_COLUMNS = ["a", "b", "games", "a_wins", "low", "high", "se", "game_to", "seed", "rules"]


def head_to_head_games(
    a,
    b,
    games: int,
    seed: int = 0,
    rules: Rules | None = None,
    *,
    threads: int | None = None,
    executor=None,
    confidence: float = DEFAULT_CONFIDENCE,
) -> pd.DataFrame:
    """Strategy ``a`` against ``b`` over ``games`` games to ``rules.game_to``, from each side.

    Returns a one-row DataFrame: ``a_wins`` (the share of the ``2 * games`` games A won) with
    a paired interval (game ``g`` of the first run with game ``g`` of the second: A wins 0, 1
    or 2 of the pair; ``analysis.stats.paired_share``, Wilson's at the pairs' effective number
    of games), ``games``, ``game_to``, ``seed``, ``rules``.
    """
    sa, sb = load_strategy(a), load_strategy(b)
    rules = rules or Rules()
    first = simulate_games(games, seed, rules, Table((sa, sb, sa, sb)), records=True,
                           threads=threads, executor=executor).records  # fmt: skip
    second = simulate_games(games, seed, rules, Table((sb, sa, sb, sa)), records=True,
                            threads=threads, executor=executor).records  # fmt: skip
    won = (first["winner"].to_numpy() == 0).astype(np.int64)
    won += second["winner"].to_numpy() == 1
    est = paired_share(*np.unique(won, return_counts=True), per=2, confidence=confidence)
    row = {
        "a": sa.name, "b": sb.name, "games": games,
        "a_wins": est.value, "low": est.low, "high": est.high, "se": est.se,
        "game_to": rules.game_to, "seed": seed, "rules": rules.describe(),
    }  # fmt: skip
    return pd.DataFrame([row], columns=GAME_COLUMNS)


__all__ = ["head_to_head", "head_to_head_games", "head_to_head_until", "SequentialMatch",
           "paired_counts", "points_by_team", "most_points", "COLUMNS", "GAME_COLUMNS",
           "SEQUENTIAL_COLUMNS", "LOOK_COLUMNS", "MOST_BATCH"]
