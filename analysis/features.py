"""Hand features for bidding analysis, computed vectorised from the recorded 24-bit deal masks.

For a candidate trump suit per row: trumps held (the left bower counted), right bower, left
bower, trump ace, off-suit aces, voids (side suits, by effective suit, with no card), the
``basic`` strategy's point count, and a compact hand class such as ``"3T 1A R"`` (trumps,
off-suit aces, bowers held).  Every function works on whole numpy arrays with bit operations and
table lookups; nothing loops in Python per hand.

Choices a player should know about:

* The dealer in round 1 is described by the hand he would hold after picking up the upcard and
  discarding as the ``basic`` strategy does (``pickup``: void a side suit with a lone non-ace,
  else throw the lowest plain non-ace, else the lowest plain ace, else the lowest trump), so his
  trump count includes the upcard.  In round 2 the dealer holds his five dealt cards.
* The point count is ``sim.players.basic.bid_value`` with the default ``basic`` card values
  (``sim.players.basic.BASIC_PARAMS``), added in the same order so the values match the kernel's
  bit for bit; voids count only with two or more trumps.  It leaves out the upcard adjustment the
  strategy makes for the other positions (a share of the upcard's value for or against).
* Hands are the cards as dealt: with the farmer's-hand house rule a swapped hand is described
  as it was before the swap.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from sim import POSITIONS
from sim.cards import ACE, JACK, RANKS, SUIT_MASK_CARD, SUITS, left_bower, right_bower
from sim.players import basic
from sim.players.basic import BASIC_PARAMS, P_VOID, bid_table

N_SUITS = 4
#: card-layout mask of each trump suit's cards, left bower included (``[trump]``)
TRUMP_MASK = np.array([SUIT_MASK_CARD[t, t] for t in range(N_SUITS)], dtype=np.int64)
#: card-layout mask of every printed suit (``[suit]``)
PRINTED_MASK = np.array([63 << (6 * s) for s in range(N_SUITS)], dtype=np.int64)
ACES_MASK = sum(1 << (6 * s + ACE) for s in range(N_SUITS))
DEFAULT_PARAMS = np.array([v for v, _ in BASIC_PARAMS.values()], dtype=np.float64)

# hand class code = trumps * 16 + off-suit aces * 4 + right bower * 2 + left bower
N_CLASSES = 96
#: point-count bins (width ``POINT_BIN`` from 0, the last one open-ended)
POINT_BIN = 0.5
N_POINT_BINS = 32

FEATURE_COLUMNS = [
    "trumps", "right_bower", "left_bower", "trump_ace", "off_aces", "voids", "points",
    "point_bin", "class_code", "hand_class",
]  # fmt: skip


def _arr(x) -> np.ndarray:
    return np.asarray(x).astype(np.int64, copy=False)


def popcount(masks) -> np.ndarray:
    """Number of cards in each mask."""
    return np.bitwise_count(_arr(masks)).astype(np.int64)


def _trump(trump, n: int) -> np.ndarray:
    t = np.broadcast_to(_arr(trump), (n,))
    if t.size and (t.min() < 0 or t.max() > 3):
        raise ValueError("candidate trump must be a suit 0-3 (C D H S) on every row")
    return t


def _build_tables():
    """Per ``[trump, printed suit, 6-bit field]`` lookups, flattened to ``trump * 256 + suit * 64
    + field`` so one ``np.take`` replaces a loop over cards.

    ``shape``: the field's share of the hand class code (``class_code``: 16 a trump, 4 an
    off-suit ace, 2 the right bower, 1 the left) + 128 when the field holds no card of the
    effective side suit ``suit``; summed over the four fields, ``& 127`` is the class code and
    ``>> 7`` the number of voids.
    """
    shape = np.zeros((N_SUITS, N_SUITS, 64), np.int64)
    for t in range(N_SUITS):
        for s in range(N_SUITS):
            for f in range(64):
                cards = [s * 6 + r for r in range(6) if f >> r & 1]
                trumps = [c for c in cards if c in (right_bower(t), left_bower(t)) or s == t]
                plain = [c for c in cards if c not in trumps]
                shape[t, s, f] = (
                    16 * len(trumps)
                    + 4 * sum(1 for c in plain if c % 6 == ACE)
                    + 2 * (right_bower(t) in cards)
                    + (left_bower(t) in cards)
                    + (128 if s != t and not plain else 0)
                )
    return shape.ravel()


_SHAPE = _build_tables()


def _fields(h: np.ndarray, t: np.ndarray) -> list[np.ndarray]:
    """Flat table index of each printed suit's 6-bit field for each row's trump."""
    base = t * 256
    return [base + (s * 64) + ((h >> (6 * s)) & 63) for s in range(N_SUITS)]


def _shape(idx: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(class code, trumps, voids) from the four field indices."""
    packed = np.take(_SHAPE, idx[0])
    for i in idx[1:]:
        packed += np.take(_SHAPE, i)
    code = packed & 127
    return code, code >> 4, packed >> 7


def trump_count(hands, trump) -> np.ndarray:
    """Trumps held for each row's candidate trump (the left bower counts as a trump)."""
    h = _arr(hands)
    return popcount(h & TRUMP_MASK[_trump(trump, h.size)])


def _bit(hands, cards) -> np.ndarray:
    return (_arr(hands) >> cards) & 1


def has_right_bower(hands, trump) -> np.ndarray:
    h = _arr(hands)
    return _bit(h, 6 * _trump(trump, h.size) + JACK)


def has_left_bower(hands, trump) -> np.ndarray:
    h = _arr(hands)
    return _bit(h, 6 * (3 - _trump(trump, h.size)) + JACK)


def has_trump_ace(hands, trump) -> np.ndarray:
    h = _arr(hands)
    return _bit(h, 6 * _trump(trump, h.size) + ACE)


def off_aces(hands, trump) -> np.ndarray:
    """Aces of the three side suits."""
    h = _arr(hands)
    return popcount(h & ACES_MASK & ~PRINTED_MASK[_trump(trump, h.size)])


def side_suit_counts(hands, trump) -> np.ndarray:
    """``(n, 4)`` cards held in each effective suit (the left bower belongs to trump)."""
    h = _arr(hands)
    t = _trump(trump, h.size)
    return np.stack([popcount(h & SUIT_MASK_CARD[t, s]) for s in range(N_SUITS)], axis=1)


def voids(hands, trump) -> np.ndarray:
    """Side suits (by effective suit) with no card."""
    h = _arr(hands)
    return _shape(_fields(h, _trump(trump, h.size)))[2]


_TABLE_CACHE: dict[bytes, np.ndarray] = {}


def _value_table(params) -> np.ndarray:
    p = DEFAULT_PARAMS if params is None else np.asarray(params, dtype=np.float64)
    key = p.tobytes()
    if key not in _TABLE_CACHE:
        _TABLE_CACHE[key] = bid_table(p).ravel()
    return _TABLE_CACHE[key]


def _points(idx, n_tr, n_void, params) -> np.ndarray:
    table = _value_table(params)
    v = np.take(table, idx[0])
    for i in idx[1:]:
        v = v + np.take(table, i)  # the kernel's order of additions, so values match exactly
    void_value = (DEFAULT_PARAMS if params is None else np.asarray(params))[P_VOID]
    return np.where(n_tr >= 2, v + n_void * void_value, v)


def point_count(hands, trump, params=None) -> np.ndarray:
    """The ``basic`` strategy's point count for each row's candidate trump.

    Card values (right bower 3.2, left 2.8, trump A K Q T 9 2.4 2.1 1.9 1.7 1.6, off-suit ace
    1.3 and king 0.3) plus 0.6 a void when holding two or more trumps, from ``params`` (a
    strategy parameter vector; default: ``basic``).  Summed in the kernel's order, so a value
    equals the kernel's ``bid_value`` exactly.
    """
    h = _arr(hands)
    idx = _fields(h, _trump(trump, h.size))
    _, n_tr, n_void = _shape(idx)
    return _points(idx, n_tr, n_void, params)


def best_suit(hands, exclude=None, params=None) -> tuple[np.ndarray, np.ndarray]:
    """The suit with the highest point count per row (``exclude``: a suit to skip, e.g. the
    turned-down suit in round 2) and that count.  Ties go to the lower suit, as in the kernel."""
    h = _arr(hands)
    fields = [s * 64 + ((h >> (6 * s)) & 63) for s in range(N_SUITS)]
    values = np.empty((h.size, N_SUITS))
    for t in range(N_SUITS):
        idx = [f + t * 256 for f in fields]
        _, n_tr, n_void = _shape(idx)
        values[:, t] = _points(idx, n_tr, n_void, params)
    if exclude is not None:
        ex = np.broadcast_to(_arr(exclude), (h.size,))
        values[np.arange(h.size), ex] = -np.inf
    suit = np.argmax(values, axis=1)
    return suit, values[np.arange(h.size), suit]


def pickup(hands, upcard, may_discard_upcard: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """The dealer's hand after taking the upcard and discarding as ``basic`` does.

    Returns ``(hand, discard)``: the five-card masks and the discarded card per row.  The rule
    (``sim.players.basic.discard``): throw a non-ace that is alone in its side suit (the lowest
    such), else the lowest plain non-ace, else the lowest plain ace, else the lowest trump;
    plain cards rank by (rank, suit) and trumps 9 T Q K A, left, right.
    """
    h = _arr(hands)
    up = np.broadcast_to(_arr(upcard), (h.size,))
    t = up // 6
    upbit = np.int64(1) << up
    h6 = h | upbit
    discard = basic.discards(np.ascontiguousarray(h6, np.int64), np.ascontiguousarray(t, np.int64),
                             np.ascontiguousarray(up, np.int64), bool(may_discard_upcard))
    return h6 & ~(np.int64(1) << discard), discard


def class_code(trumps, off_aces_, right, left) -> np.ndarray:
    """Integer hand class: ``trumps * 16 + off-suit aces * 4 + right bower * 2 + left bower``."""
    return _arr(trumps) * 16 + _arr(off_aces_) * 4 + _arr(right) * 2 + _arr(left)


def class_parts(code) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``(trumps, off-suit aces, right bower, left bower)`` of class codes."""
    c = _arr(code)
    return c // 16, (c // 4) % 4, (c // 2) % 2, c % 2


def class_key(code) -> str:
    """Readable key of one class code: ``"3T 1A R"`` = 3 trumps, 1 off-suit ace, right bower
    (``RL`` both bowers, ``L`` the left only, nothing: no bower)."""
    n, a, r, lb = (int(x) for x in class_parts(int(code)))
    bowers = "R" * r + "L" * lb
    return f"{n}T {a}A" + (f" {bowers}" if bowers else "")


CLASS_KEYS = np.array([class_key(c) for c in range(N_CLASSES)], dtype=object)


def point_bin(points) -> np.ndarray:
    """Bin index of a point count: ``floor(points / POINT_BIN)`` clipped to the bins.

    Points are rounded to 1e-9 first, so a count a player adds up to exactly 7.0 falls in the
    7.0 bin even where the floating-point sum is 6.9999999.
    """
    p = np.round(np.asarray(points, dtype=np.float64), 9)
    return np.clip(np.floor(p / POINT_BIN), 0, N_POINT_BINS - 1).astype(np.int64)


def point_bin_low(b) -> np.ndarray:
    """Lower edge (points) of point-count bins."""
    return np.asarray(b) * POINT_BIN


def feature_arrays(hands, trump, params=None) -> dict[str, np.ndarray]:
    """All features of ``hands`` for candidate ``trump`` as numpy arrays (no class keys)."""
    h = _arr(hands)
    t = _trump(trump, h.size)
    idx = _fields(h, t)
    code, n, v = _shape(idx)
    pts = _points(idx, n, v, params)
    return {
        "trumps": n,
        "right_bower": (code >> 1) & 1,
        "left_bower": code & 1,
        "trump_ace": (h >> (6 * t + ACE)) & 1,
        "off_aces": (code >> 2) & 3,
        "voids": v,
        "points": pts,
        "point_bin": point_bin(pts),
        "class_code": code,
    }


def hand_features(hands, trump, params=None) -> pd.DataFrame:
    """Features of each hand for its candidate trump, one row per hand (``FEATURE_COLUMNS``).

    Parameters
    ----------
    hands : 24-bit card masks (bit ``suit * 6 + rank``)
    trump : candidate trump suit per row (0-3 = C D H S), or one suit for all rows
    params : strategy parameter vector for the point count (default: ``basic``)
    """
    f = feature_arrays(hands, trump, params)
    df = pd.DataFrame(f)
    df["hand_class"] = CLASS_KEYS[f["class_code"]]
    return df


# ---------------------------------------------------------------------------------------------
# auction decisions in a batch of records


def _column(records, name) -> np.ndarray:
    return np.asarray(records[name]).astype(np.int64, copy=False)


def seat_hands(records) -> np.ndarray:
    """``(n, 4)`` dealt masks by seat."""
    return np.stack([_column(records, f"hand{s}") for s in range(4)], axis=1)


def decision_arrays(
    records, round_: int, *, params=None, may_discard_upcard: bool = True, keep=None
) -> dict[str, np.ndarray]:
    """Every decision the auction reached in ``round_`` (1 or 2), as arrays.

    One entry per (hand, position) where the bidding got to that position in that round.
    ``made`` says whether that player ordered up (round 1) or called (round 2).  The candidate
    trump is the upcard's suit in round 1; in round 2 it is the suit called when the player made
    trump and otherwise his best suit by point count (the turned-down suit excluded).

    Keys: ``row`` (row of ``records``), ``position`` (0 first .. 3 dealer), ``seat``, ``trump``,
    ``made``, ``round``, ``upcard_rank`` and the ``feature_arrays`` keys; ``keep`` (names)
    limits the feature keys returned, which saves time on large batches.
    """
    if round_ not in (1, 2):
        raise ValueError(f"round must be 1 or 2, not {round_}")
    cols = {k: _column(records, k) for k in ("dealer", "round", "maker", "trump", "upcard")}
    dealer, rnd, maker = cols["dealer"], cols["round"], cols["maker"]
    upcard = cols["upcard"]
    pos = np.arange(4)[None, :]
    seat = (dealer[:, None] + 1 + pos) & 3  # (n, 4) seat of each position
    hands = np.take_along_axis(seat_hands(records), seat, axis=1)
    maker_pos = np.where(maker >= 0, (maker - dealer - 1) & 3, -1)[:, None]
    if round_ == 1:
        reached = (rnd != 1)[:, None] | (maker_pos >= pos)
    else:
        reached = (rnd == 0)[:, None] | ((rnd == 2)[:, None] & (maker_pos >= pos))
    made = (rnd == round_)[:, None] & (maker_pos == pos)
    if round_ == 1:
        # the dealer is described after picking up and discarding
        hands[:, 3], _ = pickup(hands[:, 3], upcard, may_discard_upcard)
    flat = np.flatnonzero(reached.ravel())  # row-major: hand by hand, positions in order
    row = flat // 4
    h = hands.ravel()[flat]
    made = made.ravel()[flat]
    turned = upcard[row] // 6
    if round_ == 1:
        cand = turned
    else:
        best, _ = best_suit(h, turned, params)
        cand = np.where(made, cols["trump"][row], best)
    f = feature_arrays(h, cand, params)
    if keep is not None:
        f = {k: f[k] for k in keep}
    f.update(
        row=row, position=flat % 4, seat=seat.ravel()[flat], trump=cand,
        made=made.astype(np.int64), round=np.full(row.size, round_),
        upcard_rank=upcard[row] % 6,
    )  # fmt: skip
    return f


def int_columns(records, names=None) -> dict[str, np.ndarray]:
    """Columns of a records batch (all, or ``names``) as plain int64 arrays; converting once
    saves time when several functions read the same batch."""
    if names is None:
        names = records.columns if hasattr(records, "columns") else records.keys()
    return {k: np.asarray(records[k]).astype(np.int64) for k in names}


def decision_features(records, rounds=(1, 2), params=None, may_discard_upcard=True):
    """Tidy frame of the auction's decisions in ``records`` with the deciding hand's features.

    Columns: ``hand`` (hand index), ``position`` (first, second, third, dealer), ``round``,
    ``seat``, ``trump`` (candidate suit letter), ``upcard_rank`` (9 T J Q K A), ``made``
    (0/1), then ``FEATURE_COLUMNS``.  See ``decision_arrays`` for which decisions and suits.
    """
    frames = []
    hand_index = (
        _column(records, "hand") if "hand" in records else np.arange(len(records["dealer"]))
    )
    for r in rounds:
        a = decision_arrays(records, r, params=params, may_discard_upcard=may_discard_upcard)
        df = pd.DataFrame(
            {
                "hand": hand_index[a["row"]],
                "position": pd.Categorical(
                    np.array(POSITIONS)[a["position"]], categories=list(POSITIONS)
                ),
                "round": a["round"],
                "seat": a["seat"],
                "trump": np.array(list(SUITS))[a["trump"]],
                "upcard_rank": np.array(list(RANKS))[a["upcard_rank"]],
                "made": a["made"],
                **{k: a[k] for k in FEATURE_COLUMNS if k != "hand_class"},
            }
        )
        df["hand_class"] = CLASS_KEYS[a["class_code"]]
        frames.append(df)
    out = pd.concat(frames, ignore_index=True)
    return out.sort_values(["hand", "round", "position"], kind="stable").reset_index(drop=True)


__all__ = [
    "TRUMP_MASK", "ACES_MASK", "N_CLASSES", "CLASS_KEYS", "POINT_BIN", "N_POINT_BINS",
    "FEATURE_COLUMNS", "popcount", "trump_count", "has_right_bower", "has_left_bower",
    "has_trump_ace", "off_aces", "side_suit_counts", "voids", "point_count", "best_suit",
    "pickup", "class_code", "class_parts", "class_key", "point_bin", "point_bin_low",
    "feature_arrays", "hand_features", "seat_hands", "int_columns", "decision_arrays",
    "decision_features",
]  # fmt: skip
