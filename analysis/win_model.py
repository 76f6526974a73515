"""The win-probability model: P(the dealing team wins the game) from every score, ``W(d, o)``
(``win_table``), read after a hand (``win_probability``); ``parse_score`` reads a score such as
``6-8`` (``parse_deal_score`` the dealer's team's score first, ``9-8``).

One source of ``W``: the shipped match-equity table of the rules at hand (the one their score
tables were solved against, ``sim.players.equilibrium_table.score_win_path``), whatever the
strategy; only for rules with no shipped table, ``WIN_TABLE_GAMES`` simulated games of the
strategy at hand (``win_source`` says which, in words; ``simulated_win`` whether it will be
simulated, so that a command can estimate those games first)."""

from __future__ import annotations

import functools
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


def parse_deal_score(text: str, game_to: int) -> tuple[int, int]:
    """``"9-8"`` -> (9, 8): the dealer's team's score, then the other team's, each 0 ..
    game_to - 1 (``parse_score``, the other way round)."""
    return parse_score(str(text), game_to, "D-O, e.g. 9-8 (the dealer's team first)")


@functools.lru_cache(maxsize=8)
def shipped_win(rules: Rules) -> np.ndarray | None:
    """The shipped match-equity table ``W(d, o)`` of ``rules``, or None where none is shipped."""
    from analysis.win_csv import load_win_csv
    from sim.players.equilibrium_table import score_win_path

    path = score_win_path(rules)
    if path is None:
        return None
    w = load_win_csv(path, rules.game_to)
    w.flags.writeable = False          # shared by every caller
    return w


def simulated_win(rules: Rules) -> bool:
    """Whether ``win_table`` for ``rules`` plays ``WIN_TABLE_GAMES`` games (no shipped table)."""
    from sim.players.equilibrium_table import score_win_path

    return score_win_path(rules) is None


def win_source(table: Table | None, rules: Rules) -> str:
    """Where ``win_table(table, rules)`` takes ``W(d, o)`` from, in words."""
    from sim.players.equilibrium_table import SCORE_TABLES, score_win_path

    path = score_win_path(rules)
    if path is not None:
        where = path.relative_to(SCORE_TABLES.parents[3]).as_posix()
        return (f"W(d, o) from the shipped match-equity table ({where}: games of the "
                "score-reading equilibrium)")
    who = "tuned" if table is None else _strategy_name(table)
    return (f"W(d, o) simulated from {WIN_TABLE_GAMES:,} games of {who} (no shipped "
            f"match-equity table for {rules.describe()})")


def _strategy_name(table: Table) -> str:
    d = table.describe()
    return " v ".join(dict.fromkeys((str(d["team0"]), str(d["team1"]))))


def win_table(table: Table, rules: Rules, executor=None) -> np.ndarray:
    """P(dealing team wins | dealing team's score, other's), a (game_to, game_to) array: the
    shipped match-equity table of ``rules`` (``shipped_win``), else ``WIN_TABLE_GAMES``
    simulated games of ``table`` with a fixed seed, built once per (strategy, rules) in this
    process (cells never visited, none in practice, fall back to 1 - the mirrored cell)."""
    shipped = shipped_win(rules)
    if shipped is not None:
        return shipped
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


__all__ = ["parse_score", "parse_deal_score", "win_table", "win_probability", "shipped_win",
           "simulated_win", "win_source", "WIN_TABLE_GAMES", "WIN_TABLE_SEED"]
