"""The win-probability model: P(the dealing team wins the game) from every score, from simulated
games once per strategy and rules (``win_table``), read after a hand (``win_probability``);
``parse_score`` reads a score such as ``6-8``."""

from __future__ import annotations

import json

import numpy as np

from sim import Rules, Table

WIN_TABLE_GAMES = 200_000
WIN_TABLE_SEED = 20240601

_win_tables: dict[str, np.ndarray] = {}


US_THEM = "US-THEM, e.g. 6-8 (the player's team first)"


def parse_score(score, game_to: int, form: str = US_THEM) -> tuple[int, int] | None:
    """``"6-8"`` (the player's team first) or ``(6, 8)`` -> (6, 8); both 0 .. game_to - 1
    (``form``: what a score should look like, in the message for one that does not)."""
    if score is None:
        return None
    try:
        if isinstance(score, str):
            parts = score.replace(":", "-").split("-")
            if len(parts) != 2:
                raise ValueError
            us, them = (int(p.strip()) for p in parts)
        else:
            us, them = (int(x) for x in score)
    except (TypeError, ValueError):
        raise ValueError(
            f"score {score!r} is not of the form {form}"
        ) from None
    if not (0 <= us < game_to and 0 <= them < game_to):
        raise ValueError(
            f"score {us}-{them} is outside a game to {game_to}: both scores must be 0-{game_to - 1}"
        )
    return us, them


def win_table(table: Table, rules: Rules, executor=None) -> np.ndarray:
    """P(dealing team wins | dealing team's score, other's), a (game_to, game_to) array from
    ``WIN_TABLE_GAMES`` simulated games with a fixed seed; built once per (strategy, rules) in
    this process.  Cells never visited (none in practice) fall back to 1 - the mirrored cell."""
    key = json.dumps([table.describe(), rules.as_dict()], sort_keys=True, default=str)
    if key not in _win_tables:
        from analysis.games import win_probability_table
        from sim import simulate_games

        result = simulate_games(WIN_TABLE_GAMES, WIN_TABLE_SEED, rules, table, executor=executor)
        wp = win_probability_table(result)
        to = rules.game_to
        p = np.full((to, to), np.nan)
        p[wp["dealer_score"].to_numpy(), wp["other_score"].to_numpy()] = wp["p"].to_numpy()
        p = np.where(np.isnan(p), 1 - p.T, p)
        _win_tables[key] = np.where(np.isnan(p), 0.5, p)
    return _win_tables[key]


def win_probability(points, opp, score: tuple[int, int], position: int, p: np.ndarray):
    """P(the player's team wins the game) after each hand: the new score looked up in ``p``;
    the next hand is dealt by the player's left neighbour (position first), so the player's
    team deals next when he sits first or third."""
    to = p.shape[0]
    us = score[0] + np.asarray(points, np.int64)
    them = score[1] + np.asarray(opp, np.int64)
    ui = np.minimum(us, to - 1)
    ti = np.minimum(them, to - 1)
    if position % 2 == 0:
        w = p[ui, ti]
    else:
        w = 1 - p[ti, ui]
    return np.where(us >= to, 1.0, np.where(them >= to, 0.0, w))


__all__ = ["parse_score", "win_table", "win_probability", "WIN_TABLE_GAMES", "WIN_TABLE_SEED"]
