"""Playing the rule comparison: hands ``0 .. n-1`` and games ``0 .. g-1`` of one seed under one
rule set, kept as per-hand and per-game columns (``play_hands``, ``play_games``)."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from sim import Rules


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
    from sim import simulate

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
    """Per-game columns of one run (index = game number)."""

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
    to ``game_to`` was forced on its dealer.  One run gives both: the game kernel's records
    count each game's forced calls, and its tallies give the win-probability table and the
    summary.
    """
    from analysis.games import summarise_games, win_probability_table
    from sim import simulate_games

    run = simulate_games(games, seed, rules, table, records=True, threads=threads,
                         progress=progress, executor=executor)
    rec = run.records
    cols = {c: rec[c].to_numpy().astype(np.int16)
            for c in ("winner", "first_dealer", "hands", "redeals", "forced_calls",
                      "decided_forced")}
    return GameArrays(rules, **cols, win_probability=win_probability_table(run),
                      summary=summarise_games(run))  # fmt: skip
