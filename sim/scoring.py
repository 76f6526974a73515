"""The scoring table: the points a played hand scores, in one home for the kernel, the solver,
the referee and the analyses.

================  ============  =====
makers take       with partner  alone
================  ============  =====
5 (a march)       2             4
3 or 4            1             1
0-2 (euchred)     defenders 2, or the rules' ``lone_defender_euchre_points`` (4) when a
                  defender defended alone
================  ============  =====

``hand_points`` is the table as a Numba function, inlined where the kernel and the solver call
it (compiled without reference counting: it allocates nothing).  Plain Python scores through
``team_points`` (the same source, run uncompiled: no compile and no dispatch), and numpy code
that scores many hands at once indexes ``points_table``.  A renege caught in the referee's
reneges mode replaces the table (``sim.referee.score_hand``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

import sim.jit.compiling  # noqa: F401  (compiles run from a roomy frame: see it)

NO_LONE_DEFENDER = -1


@njit(cache=True, inline="always", _nrt=False)
def hand_points(rnd, maker, alone, def_alone, maker_tricks, lone_defender_points):
    """(team 0's points, team 1's points) of a played hand, by the scoring table: makers with
    3-4 tricks score 1, all five 2 (alone 4); euchred makers give the defenders 2 (a lone
    defender ``lone_defender_points``).  ``rnd`` is the round trump was made in (0: passed out,
    which scores nothing); ``def_alone`` the lone defender's seat or -1.  The kernel works it
    out only where points are wanted (records, games), since an aggregate run's tally keeps the
    tricks."""
    pts = 0
    win_team = 0
    if rnd != 0:
        if maker_tricks == 5:
            pts = 4 if alone else 2
            win_team = maker & 1
        elif maker_tricks >= 3:
            pts = 1
            win_team = maker & 1
        else:
            pts = lone_defender_points if def_alone >= 0 else 2
            win_team = 1 - (maker & 1)
    return (pts if win_team == 0 else 0), (pts if win_team == 1 else 0)


def team_points(maker: int, alone: bool, defender_alone: int, maker_tricks: int,
                lone_defender_points: int = 4) -> tuple[int, int]:
    """(team 0's points, team 1's points) of a hand played out (trump was made), in plain
    Python: ``hand_points`` run uncompiled.  ``defender_alone`` is the lone defender's seat or
    ``NO_LONE_DEFENDER`` (-1)."""
    return hand_points.py_func(1, maker, alone, defender_alone, maker_tricks,
                               lone_defender_points)


def points_table(lone_defender_points: int = 4) -> np.ndarray:
    """The table as an int64 array ``[maker_tricks 0-5, alone 0/1, lone defender 0/1, side]``:
    side 0 the makers' points, side 1 the defenders' (one of them is 0), for numpy code that
    scores many hands at once."""
    out = np.zeros((6, 2, 2, 2), np.int64)
    for tricks in range(6):
        for alone in (0, 1):
            for lone in (0, 1):
                defender = 1 if lone else NO_LONE_DEFENDER
                out[tricks, alone, lone] = team_points(0, bool(alone), defender, tricks,
                                                       lone_defender_points)
    return out


def check_score(score, game_to: int) -> tuple[int, int]:
    """``score`` (the dealing team's points, the other team's) as two whole numbers below
    ``game_to``, or a ValueError that says what is wrong."""
    try:
        d, o = (int(x) for x in score)
        whole = all(float(x) == int(x) for x in score)
    except (TypeError, ValueError):
        whole = False
    if not whole:
        raise ValueError(f"a score is two whole numbers (the dealing team's points, the "
                         f"other's), not {score!r}")
    if not (0 <= d < game_to and 0 <= o < game_to):
        raise ValueError(f"score {d}-{o}: each side's score must be 0 to {game_to - 1} in a "
                         f"game to {game_to}")
    return d, o
