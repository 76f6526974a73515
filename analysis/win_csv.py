"""A match-equity table read from a CSV, for the bidding game at a score (``euchre-sim
equilibrium --score D-O --win-table FILE.csv`` and ``euchre-sim exploit`` with the same options).

The file has the columns ``dealer_score,other_score,w``: one row for every cell of a game to
``T`` (both scores 0 .. T-1), ``w`` the dealing team's probability of winning the game from there
(``sim.equilibrium.score``'s ``W[d, o]``).  ``load_win_csv`` checks that it covers every cell once
with a probability and raises a one-line ``ValueError`` naming what is wrong
(``analysis.win_model.parse_deal_score`` reads ``D-O``, the dealer's team first).
"""

from __future__ import annotations

import csv
import math
from pathlib import Path

import numpy as np

COLUMNS = ("dealer_score", "other_score", "w")


def _cell(path, line, row, game_to):
    try:
        d, o, w = int(row["dealer_score"]), int(row["other_score"]), float(row["w"])
    except (TypeError, ValueError):
        raise ValueError(f"{path}:{line}: dealer_score and other_score must be whole numbers "
                         f"and w a number, not {row!r}") from None
    if not (0 <= d < game_to and 0 <= o < game_to):
        raise ValueError(f"{path}:{line}: score {d}-{o} is outside a game to {game_to}")
    if not (math.isfinite(w) and 0.0 <= w <= 1.0):
        raise ValueError(f"{path}:{line}: w = {w} is not a probability in [0, 1]")
    return d, o, w


def load_win_csv(path, game_to: int) -> np.ndarray:
    """The ``(game_to, game_to)`` table ``W[d, o]`` of a CSV with ``dealer_score,other_score,w``
    covering every cell exactly once; a one-line ``ValueError`` otherwise."""
    path = Path(path)
    try:
        with open(path, newline="") as f:
            reader = csv.DictReader(f)
            missing = [c for c in COLUMNS if c not in (reader.fieldnames or [])]
            if missing:
                raise ValueError(f"{path}: a win table needs the columns {','.join(COLUMNS)} "
                                 f"(missing: {', '.join(missing)})")
            rows = [(i + 2, r) for i, r in enumerate(reader)]
    except (OSError, UnicodeDecodeError) as e:
        raise ValueError(f"{path}: cannot read the win table ({e})") from None
    w = np.full((game_to, game_to), np.nan)
    for line, row in rows:
        d, o, x = _cell(path, line, row, game_to)
        if not np.isnan(w[d, o]):
            raise ValueError(f"{path}:{line}: score {d}-{o} is given twice")
        w[d, o] = x
    gaps = np.argwhere(np.isnan(w))
    if len(gaps):
        shown = ", ".join(f"{d}-{o}" for d, o in gaps[:5]) + (" ..." if len(gaps) > 5 else "")
        raise ValueError(f"{path}: the win table misses {len(gaps)} of the {game_to * game_to} "
                         f"scores of a game to {game_to} ({shown})")
    return w


def write_win_csv(path, win) -> None:
    """``win`` (``W[d, o]``) as the CSV ``load_win_csv`` reads."""
    w = np.asarray(win, dtype=np.float64)
    with open(path, "w", newline="") as f:
        out = csv.writer(f)
        out.writerow(COLUMNS)
        for d in range(w.shape[0]):
            for o in range(w.shape[1]):
                out.writerow((d, o, repr(float(w[d, o]))))


__all__ = ["COLUMNS", "load_win_csv", "write_win_csv"]
