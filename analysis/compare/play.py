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
    from sim import simulate_games
    from sim.games_runner import G_FIRST_DEALER_WINS, game_outcomes

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
