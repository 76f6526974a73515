"""The bidding game at a game score: a hand's value as its change in the chance of winning.

At 0-0 of a hand run a contract is worth its points (team 0's minus team 1's, ``game.leaf``).  At a
score of a game to ``T`` (``rules.game_to``) it is worth what it does to the game: the **value
map** of a score state turns the hand's signed points ``v = p0 - p1`` into team 0's game value
``u = 2 * W0 - 1`` (in [-1, 1], zero-sum like points), where ``W0`` is team 0's probability of
winning the game after the hand.

A score state is ``(d, o)``: the dealer's team (team 1: the bidding game deals from position 3)
has ``d``, the other team (team 0) ``o``.  ``W`` (a ``(T, T)`` array, the caller's: the
match-equity table is computed in ``analysis/``) is ``W[a, b]`` = P(the dealing team wins | it
has ``a`` points, the other ``b``).  After the hand the deal passes to the left, so team 0 deals
next: ``W0 = 1`` if ``o + p0 >= T``, ``0`` if ``d + p1 >= T``, else ``W[o + p0, d + p1]``.  A
passed-out hand (redeal rules only) is ``v = 0``.

A map is 9 floats indexed by ``v + 4``; the entries for ``v = +-3`` (no hand scores 3) are nan.
The compiled traversal takes an empty array for "points" (``NO_MAP``), so the 0-0 tables are
unchanged.  MCCFR's equilibrium does not change under a positive affine change of the utility,
so score states whose maps are ``a + b * v`` (``b > 0``) on the reachable values share the 0-0
table: ``affine_fit`` measures how far a map is from that (the basis for grouping states).
"""

from __future__ import annotations

import hashlib

import numpy as np

from sim.players.equilibrium_table import COMPACT_SCALE
from sim.scoring import check_score

NO_MAP = np.zeros(0)                                 # points: today's leaf values
HAND_VALUES = np.array([-4, -2, -1, 1, 2, 4])        # signed points a played hand can score


def check_win(win, game_to: int) -> np.ndarray:
    """``win`` as a float64 ``(game_to, game_to)`` array of probabilities, or ValueError."""
    w = np.asarray(win, dtype=np.float64)
    if w.shape != (game_to, game_to):
        raise ValueError(f"the win table must be {game_to} x {game_to} for a game to {game_to}, "
                         f"not {' x '.join(map(str, w.shape))}")
    if not np.all(np.isfinite(w)) or w.min() < 0.0 or w.max() > 1.0:
        raise ValueError("the win table's values must be probabilities in [0, 1]")
    return w


OUTCOMES = np.arange(-4, 5)      # a hand's signed points, one team's minus the other's


def next_state(game_to: int):
    """The game's arithmetic after one hand, for each score before it (the dealing team's
    ``d``, the other's ``o``) and outcome (index ``v + 4``: the dealers scored ``v`` more than
    the others; one team scores): ``end`` (1 the dealers reached ``game_to``, 0 the others did,
    nan the game goes on) and ``nxt``, the flat index ``o' * game_to + d'`` of the score
    before the next hand, the deal passed to the left so the other team deals it."""
    d, o, v = np.meshgrid(np.arange(game_to), np.arange(game_to), OUTCOMES, indexing="ij")
    a, b = np.maximum(v, 0), np.maximum(-v, 0)
    end = np.where(d + a >= game_to, 1.0, np.where(o + b >= game_to, 0.0, np.nan))
    nxt = np.minimum(o + b, game_to - 1) * game_to + np.minimum(d + a, game_to - 1)
    return end, nxt


def value_map(win, d: int, o: int, game_to: int) -> np.ndarray:
    """Team 0's game value ``u = 2 * W0 - 1`` of each signed hand result ``v`` (index ``v + 4``;
    nan at ``v = +-3``) at score ``d`` (dealer's team) - ``o`` (other team): team 0 scoring
    ``v`` more is the dealers scoring ``-v`` more (``next_state``), and team 0 deals next."""
    w = check_win(win, game_to)
    d, o = check_score((d, o), game_to)
    end, nxt = next_state(game_to)
    end, nxt = end[d, o, ::-1], nxt[d, o, ::-1]
    out = 2.0 * np.where(np.isnan(end), w.reshape(-1)[nxt], 1.0 - end) - 1.0
    out[[1, 7]] = np.nan
    return out


def reachable(passed_out: bool) -> np.ndarray:
    """The signed hand results a deal can end in: the played ones, and 0 when the hand can be
    passed out (redeal rules)."""
    return np.sort(np.append(HAND_VALUES, 0)) if passed_out else HAND_VALUES


def affine_fit(vm, passed_out: bool = True) -> tuple[float, float, float]:
    """``(a, b, err)``: the least-squares ``a + b * v`` through the map on the reachable values,
    and ``err``, the largest distance of the map from it there, in units of ``b`` (points a hand:
    how far, in the 0-0 game's unit, the state's game is from the 0-0 game; 0 when the map is
    affine).  ``err`` is inf when ``b <= 0`` (the map is not an increasing change of points)."""
    v = reachable(passed_out)
    u = np.asarray(vm, dtype=np.float64)[v + 4]
    b, a = np.polyfit(v.astype(np.float64), u, 1)
    if b <= 0.0:
        return float(a), float(b), float("inf")
    return float(a), float(b), float(np.abs(u - (a + b * v)).max() / b)


def is_affine(vm, passed_out: bool = True, tol: float = 1e-9) -> bool:
    """True when the map is a positive affine change of points on the reachable values (its
    state then shares the 0-0 table)."""
    return affine_fit(vm, passed_out)[2] <= tol


def shape_of(win, d: int, o: int, game_to: int, passed_out: bool = True) -> np.ndarray:
    """The state's value map less its affine fit, in units of the fit's slope (points a hand),
    on the reachable values: what of the state's game the 0-0 game lacks (zeros: none)."""
    vm = value_map(win, d, o, game_to)
    a, b, _ = affine_fit(vm, passed_out)
    v = reachable(passed_out)
    return (vm[v + 4] - a - b * v) / b


def group_states(win, solved, game_to: int, passed_out: bool = True) -> dict:
    """Which table each score state bids by: ``{(d, o): (table, distance)}``, ``table`` one of
    ``solved`` (scores with tables of their own) or None (the 0-0 table), the one whose value
    map's shape (``shape_of``) is nearest among those with the same close flags (the card play
    sees them), ``distance`` the largest difference of the two shapes in points a hand."""
    shapes = {s: shape_of(win, *s, game_to, passed_out) for s in solved}
    out = {}
    for d in range(game_to):
        for o in range(game_to):
            mine, close = shape_of(win, d, o, game_to, passed_out), close_of(d, o, game_to)
            best = (None, float(np.abs(mine).max()) if close == 0 else np.inf)
            for s, shape in shapes.items():
                far = float(np.abs(mine - shape).max())
                if close_of(*s, game_to) == close and far < best[1]:
                    best = (s, far)
            out[(d, o)] = best
    return out


def close_of(d: int, o: int, game_to: int) -> int:
    """The hand's close flags at score ``d`` - ``o`` (``sim.kernel.hand.close_flags``: bit
    ``team`` set when that team needs one point; team 0 has ``o``, team 1 ``d``)."""
    from sim.kernel.hand import close_flags

    return int(close_flags(np.array([o, d], np.int64), game_to))


def win_digest(win) -> str:
    """A short checksum of a win table (its float64 values), to tell one from another."""
    w = np.ascontiguousarray(np.asarray(win, dtype="<f8"))
    return hashlib.sha256(w.tobytes() + repr(w.shape).encode()).hexdigest()[:16]


def score_setup(score, win, game_to: int):
    """(value map, close flags, meta) of a score state, or ``(NO_MAP, 0, {})`` for points
    (``score`` None).  The meta names the score, the game length and the win table."""
    if score is None:
        if win is not None:
            raise ValueError("a win table needs a score (score=(dealer's team, other))")
        return NO_MAP, 0, {}
    if win is None:
        raise ValueError("a score needs the win table (win=W, W[d, o] the dealing team's "
                         "chance of winning the game)")
    w = check_win(win, game_to)
    d, o = check_score(score, game_to)
    # a table at a score is written compact (one of many sharing the package's size budget)
    meta = {"score": [d, o], "game_to": int(game_to), "win_sha256": win_digest(w),
            "win": [[round(float(x), 12) for x in row] for row in w], "scale": COMPACT_SCALE}
    return value_map(w, d, o, game_to), close_of(d, o, game_to), meta


__all__ = ["NO_MAP", "HAND_VALUES", "OUTCOMES", "check_win", "check_score", "next_state",
           "value_map", "reachable", "affine_fit", "is_affine", "shape_of", "group_states",
           "close_of", "win_digest", "score_setup"]
