"""The ``rollout`` card player: each legal card valued by playing the rest of the hand out with a
blueprint policy at every seat, on the worlds ``pimc:inference=bids+play`` weighs, not by
double-dummy values.

Why.  PIMC (``sim.solver.pimc``) values a card by solving each world with every card face up: it
assumes that every later choice, its own and everyone else's, is made knowing the whole deal
(strategy fusion).  Here a card's value on a world is the points the makers score when the seat
plays it and then every seat, the seat itself included, plays the rest of the hand by tuned's
card play (``sim.players.basic``'s lead and follow with tuned's settings, as
``sim.players.play_likelihood.rule_card`` asks them): a policy that decides from its own hand and
the cards played only.  The seat's later choices are then the same on every world it cannot tell
apart, and so are its partner's and opponents'.  This is one-ply search over a blueprint (the
SPARTA idea, with the blueprint deterministic: one rollout a world and card).

Worlds.  Not a sampler of its own: ``sim.players.auction.weigh_worlds`` deals the worlds pimc's
card play deals (the same key: the same worlds) and weighs each by how likely the bids under the
equilibrium's table and the cards played under tuned's card play are (``inference``, as pimc's).
Every world weighed is rolled out with its weight (no resampling: a rollout costs far less than a
solve).  A card's value is the weighted mean over the worlds; the makers maximise, the defenders
minimise; ties go to the cheaper card (the lower power position).  A seat whose legal cards are
worth the same in every world (``needs_worlds``) plays the cheapest without dealing.

Everything else the player does is another player's: its bids are the equilibrium table's (pimc's
``bidding=equilibrium``), its discard and defending alone tuned's.  It is played by pimc's decide
module (``sim.players.pimc.seat``, kind ``ROLLOUT``), so rollout and pimc seats can sit at one
table; its settings row is pimc's (``sim.players.pimc.params``).

The endgame (``endgame=on``).  Once the seat holds two cards (trick 4) its last card is forced,
so the current choice is its only one left: every layout of the unseen cards it cannot rule out
(``layouts``: each other seat's count, its shown voids, the pinned upcard; at most 18,900) is
rolled out, weighed by ``auction.world_weight`` as the sampled worlds are, which makes the value
the exact expectation under the weights and the blueprint instead of a sample's.  A search from
trick 3, where the seat's trick-4 choice would be made per set of layouts it cannot tell apart,
is not built.  Measured (docs/strength.md): it changed 0.6% of deals and nothing measurable, so
it is off by default.

``card_values`` is the same valuation for one decision from Python (``euchre-sim decide
--rollouts``, through ``sim.agents.pricing``): each world's value of each legal card.
"""

from __future__ import annotations

import difflib
import math

import numpy as np
from numba import njit, types

from sim.bits import TRUMP_POW, low, popcount, to_cards, to_power
from sim.cards import LED_MASK, POWER_POS, SUIT_MASK_POW
from sim.jit.apart import later
from sim.players.auction import FLOOR, weigh_worlds, world_weight
from sim.players.pimc import params as pimc_params
from sim.players.pimc.turns import PLAY_ARGS, ST_CARD, _note, _table_at
from sim.players.play_likelihood import PLAY_SOFT, rule_card
from sim.rng import sub_key
from sim.seats import next_seats
from sim.solver.timing import cycle_counter
from sim.solver.worlds import (
    D_COUNT,
    D_HANDS,
    D_VOID,
    K_ALONE,
    K_CARDS,
    K_DEALER,
    K_DEFENDER,
    K_DISCARD,
    K_HAND,
    K_LONE_POINTS,
    K_MAKER,
    K_N_PLAYED,
    K_PICKED,
    K_SEAT,
    K_SEATS,
    K_TRUMP,
    K_UPCARD,
    derive,
)

# name: (default, description)
ROLLOUT_PARAMS: dict[str, tuple[object, str]] = {
    "worlds": (400, "worlds weighed and rolled out for each card decision (1 to 10000); 400 "
                    "are the candidates pimc:inference=bids+play weighs at its 100 worlds"),
    "inference": ("bids+play", "how the worlds are weighed: off, bids (the other seats' bids "
                               "under the equilibrium table), play (the cards played under "
                               "tuned's card play, softened) or bids+play (both)"),
    "endgame": ("off", "on: once the seat holds two cards (trick 4), every layout of the unseen "
                       "cards it cannot rule out is rolled out, weighed as the worlds are, "
                       "instead of a sample of them; off: always the sample"),
}
ENDGAMES = ("off", "on")
# a rollout seat's settings row is pimc's; its bid_worlds slot, which a rollout seat never
# reads (it bids by the table), holds its endgame switch
S_ENDGAME = pimc_params.S_BID_WORLDS
ENDGAME_CARDS = 2       # the endgame search starts when the seat holds this many cards
INFERENCE = ("off", "bids", "play", "bids+play")
DEFAULTS = {k: v for k, (v, _) in ROLLOUT_PARAMS.items()}


def check_params(label: str, params: dict) -> dict:
    """The parameters checked (text from the command line accepted); a ``ValueError`` starting
    with ``label`` names a bad one."""
    out = {}
    for key, value in params.items():
        if key not in ROLLOUT_PARAMS:
            close = difflib.get_close_matches(key, list(ROLLOUT_PARAMS), n=1, cutoff=0.6)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise ValueError(f"{label}: unknown parameter {key!r} for rollout{hint}: choose "
                             f"from {', '.join(ROLLOUT_PARAMS)}")
        if key == "worlds":
            try:
                n = float(value)
            except (TypeError, ValueError):
                n = float("nan")
            if (isinstance(value, bool) or not math.isfinite(n) or n != int(n)
                    or not 1 <= n <= pimc_params.MAX_WORLDS):
                raise ValueError(f"{label}: worlds must be a whole number from 1 to "
                                 f"{pimc_params.MAX_WORLDS}, not {value!r}")
            out[key] = int(n)
        elif key == "endgame":
            if value not in ENDGAMES:
                raise ValueError(f"{label}: endgame must be one of {', '.join(ENDGAMES)}, "
                                 f"not {value!r}")
            out[key] = value
        else:
            if value not in INFERENCE:
                raise ValueError(f"{label}: inference must be one of {', '.join(INFERENCE)}, "
                                 f"not {value!r}")
            out[key] = value
    return out


def settings_row(params: dict, passes_round1: bool = False) -> np.ndarray:
    """The seat's settings row, in pimc's layout (``sim.players.pimc.params``): its worlds, its
    inference, and its bids from the equilibrium's table."""
    p = {**DEFAULTS, **params}
    row = pimc_params.settings_row({"worlds": p["worlds"], "inference": p["inference"],
                                    "bidding": "equilibrium"}, passes_round1)
    row[S_ENDGAME] = float(ENDGAMES.index(p["endgame"]))
    return row


def describe(params: dict) -> str:
    """The parameters that differ from the defaults, as ``key=value``."""
    return ",".join(f"{k}={v}" for k, v in params.items() if v != DEFAULTS[k])


# ---------------------------------------------------------------------------------------------
# the rollouts


@njit(cache=True)
def play_state(kn):
    """The hand so far in the power layout: (cards played, cards on the table, the led card,
    the led suit's mask, the winning card, its seat, the makers' tricks, the tricks done)."""
    t = kn[K_TRUMP]
    maker = kn[K_MAKER]
    _nxt, n_active = next_seats(maker, kn[K_ALONE], kn[K_DEFENDER])
    played = np.int64(0)
    in_trick = 0
    lead_pos = np.int64(0)
    led_mask = np.int64(0)
    win_pos = np.int64(0)
    win_seat = np.int64(-1)
    won = 0
    tricks = 0
    for j in range(kn[K_N_PLAYED]):
        s = kn[K_SEATS + j]
        c = np.int64(POWER_POS[t, kn[K_CARDS + j]])
        if in_trick == 0:
            lead_pos = c
            led_mask = LED_MASK[t, np.uint64(c)]
            win_pos = c
            win_seat = s
        elif (((led_mask | TRUMP_POW) & (np.int64(-2) << win_pos)) >> c) & 1:
            win_pos = c
            win_seat = s
        played |= np.int64(1) << c
        in_trick += 1
        if in_trick == n_active:
            if (win_seat & 1) == (maker & 1):
                won += 1
            tricks += 1
            in_trick = 0
    return played, in_trick, lead_pos, led_mask, win_pos, win_seat, won, tricks


@njit(cache=True)
def points(won, alone, defender, lone_points):
    """Points to the makers with ``won`` tricks (negative: euchred)."""
    if won == 5:
        return 4 if alone else 2
    if won >= 3:
        return 1
    return -(lone_points if defender >= 0 else 2)


@njit(cache=True)
def finish(h, seat, card, kn, played, in_trick, lead_pos, led_mask, win_pos, win_seat, won,
           tricks):
    """The makers' points when ``seat`` plays ``card`` (power layout) now and every seat then
    plays tuned's card play to the end; ``h`` the four hands now (power layout, changed)."""
    t = kn[K_TRUMP]
    maker = kn[K_MAKER]
    alone = kn[K_ALONE]
    defender = kn[K_DEFENDER]
    lone = maker if alone else -1
    nxt, n_active = next_seats(maker, alone, defender)
    avoid = SUIT_MASK_POW[t, kn[K_UPCARD] // 6] if kn[K_PICKED] == 0 else np.int64(0)
    s = seat
    c = card
    while True:
        if in_trick == 0:
            lead_pos = c
            led_mask = LED_MASK[t, np.uint64(c)]
            win_pos = c
            win_seat = s
        elif (((led_mask | TRUMP_POW) & (np.int64(-2) << win_pos)) >> c) & 1:
            win_pos = c
            win_seat = s
        h[s] &= ~(np.int64(1) << c)
        played |= np.int64(1) << c
        in_trick += 1
        if in_trick == n_active:
            if (win_seat & 1) == (maker & 1):
                won += 1
            tricks += 1
            if tricks == 5:
                break
            in_trick = 0
            s = win_seat
        else:
            s = (nxt >> (2 * s)) & 3
        c, _n = rule_card(s, h[s], t, maker, lone, avoid, played, in_trick, n_active, nxt,
                          led_mask, lead_pos, win_pos, win_seat)
    return points(won, alone, defender, kn[K_LONE_POINTS])


@njit(cache=True)
def legal_power(kn):
    """The seat's legal cards (power layout) in the knowledge ``kn``."""
    t = kn[K_TRUMP]
    h = to_power(kn[K_HAND], t)
    _p, in_trick, _lp, led_mask, _wp, _ws, _w, _tr = play_state(kn)
    if in_trick == 0:
        return h
    suit = h & led_mask
    return suit if suit != 0 else h


@njit(cache=True)
def rollout_table(kn, worlds, weights, out):
    """``out[w, c]``: the makers' points on world ``w`` (``worlds[w]``: the other seats' hands
    now, card layout; the seat's own is its hand in ``kn``) when the seat plays ``c`` (power
    layout) and tuned plays the rest; only the legal cards of worlds of positive weight are
    filled.  Returns the legal cards (power layout)."""
    t = kn[K_TRUMP]
    seat = kn[K_SEAT]
    played, in_trick, lead_pos, led_mask, win_pos, win_seat, won, tricks = play_state(kn)
    own = to_power(kn[K_HAND], t)
    legal = own
    if in_trick > 0 and (own & led_mask) != 0:
        legal = own & led_mask
    now = np.zeros(4, np.int64)
    h = np.zeros(4, np.int64)
    for w in range(worlds.shape[0]):
        if weights[w] <= 0:
            continue
        for s in range(4):
            now[s] = to_power(worlds[w, s], t)
        now[seat] = own
        x = legal
        while x:
            c = low(x)
            x &= x - 1
            for s in range(4):
                h[s] = now[s]
            out[w, c] = finish(h, seat, c, kn, played, in_trick, lead_pos, led_mask, win_pos,
                               win_seat, won, tricks)
    return legal


@njit(cache=True)
def weighed_worlds(kn, n, key, seat_table, at, soft, worlds, weights):
    """``n`` worlds for the decision of ``kn`` as pimc's card play weighs them
    (``weigh_worlds``: the same key, the same worlds); a world whose deal failed weighs 0, and
    when every world weighs 0 each dealt one weighs 1.  Returns the worlds dealt (0: the legal
    cards are worth the same everywhere)."""
    dealt = weigh_worlds(kn, n, key, seat_table, at, FLOOR, soft, worlds, weights)
    if dealt > 0 and weights.sum() <= 0:
        for w in range(n):
            if worlds[w, 0] | worlds[w, 1] | worlds[w, 2] | worlds[w, 3]:
                weights[w] = 1.0
    return dealt


@njit(cache=True)
def choose(kn, n, key, seat_table, at, soft, endgame):
    """The card (power layout) the rollouts choose for the seat of ``kn``, and the worlds
    rolled out (0: no world needed); with ``endgame``, once the seat holds ``ENDGAME_CARDS``
    cards or fewer, every layout (``endgame_worlds``) instead of ``n`` sampled worlds."""
    worlds = np.zeros((n, 4), np.int64)
    weights = np.zeros(n, np.float64)
    dealt = weighed_worlds(kn, n, key, seat_table, at, soft, worlds, weights)
    if dealt == 0:
        return low(legal_power(kn)), 0
    if endgame and popcount(kn[K_HAND]) <= ENDGAME_CARDS:
        every, weighed = endgame_worlds(kn, seat_table, at, soft)
        if weighed.sum() > 0:
            return best_card(kn, every, weighed), every.shape[0]
    return best_card(kn, worlds, weights), dealt


# ---------------------------------------------------------------------------------------------
# the endgame: every layout the seat cannot rule out


@njit(cache=True)
def subsets(mask, k, out):
    """Every ``k``-card subset of ``mask`` into ``out`` (Gosper's next-combination over the
    mask's cards); returns how many (``out`` holds at least that many)."""
    if k == 0:
        out[0] = 0
        return 1
    bits = np.zeros(24, np.int64)
    n = 0
    x = mask
    while x:
        bits[n] = low(x)
        n += 1
        x &= x - 1
    if k > n:
        return 0
    m = 0
    v = (np.int64(1) << k) - 1
    while v < (np.int64(1) << n):
        sub = np.int64(0)
        y = v
        while y:
            sub |= np.int64(1) << bits[low(y)]
            y &= y - 1
        out[m] = sub
        m += 1
        c = v & -v
        r = v + c
        v = (((r ^ v) >> 2) // c) | r
    return m


@njit(cache=True)
def layouts(kn, out):
    """Every layout of the unseen cards the seat of ``kn`` cannot rule out (each other seat
    its number of cards, none of a suit it has shown void in, the pinned upcard with the
    dealer; the cards left over in the kitty): the four hands now (card layout) into ``out``
    (rows; a 0-row ``out`` only counts them).  Returns how many."""
    summary = np.zeros((3, 4), np.int64)
    table = np.zeros(3, np.int64)
    unseen, _l, _w, _o = derive(kn, summary, table)
    seat = kn[K_SEAT]
    o1, o2, o3 = (seat + 1) & 3, (seat + 2) & 3, (seat + 3) & 3
    b1 = np.zeros(256, np.int64)
    b2 = np.zeros(256, np.int64)
    b3 = np.zeros(256, np.int64)
    n = 0
    n1 = subsets(unseen & ~summary[D_VOID, o1], summary[D_COUNT, o1], b1)
    for i in range(n1):
        a = b1[i]
        n2 = subsets(unseen & ~a & ~summary[D_VOID, o2], summary[D_COUNT, o2], b2)
        for j in range(n2):
            b = b2[j]
            n3 = subsets(unseen & ~a & ~b & ~summary[D_VOID, o3], summary[D_COUNT, o3], b3)
            if out.shape[0] > 0:
                for q in range(n3):
                    out[n + q, seat] = kn[K_HAND]
                    out[n + q, o1] = a | summary[D_HANDS, o1]
                    out[n + q, o2] = b | summary[D_HANDS, o2]
                    out[n + q, o3] = b3[q] | summary[D_HANDS, o3]
            n += n3
    return n


@njit(cache=True)
def endgame_worlds(kn, seat_table, at, soft):
    """(every layout, its weight: ``world_weight``, as the sampled worlds are weighed)."""
    n = layouts(kn, np.zeros((0, 4), np.int64))
    worlds = np.zeros((n, 4), np.int64)
    layouts(kn, worlds)
    weights = np.zeros(n, np.float64)
    scratch = np.zeros(10, np.int64)
    for w in range(n):
        weights[w] = world_weight(kn, worlds[w], seat_table, at, FLOOR, soft, scratch)
    return worlds, weights


@njit(cache=True)
def best_card(kn, worlds, weights):
    """The legal card (power layout) with the best weighted sum of rollouts for the seat's
    side over ``worlds`` (ties to the cheaper card)."""
    n = worlds.shape[0]
    table = np.zeros((n, 24), np.float64)
    legal = rollout_table(kn, worlds, weights, table)
    sign = 1.0 if (kn[K_SEAT] & 1) == (kn[K_MAKER] & 1) else -1.0
    best = -1
    best_v = -1e18
    x = legal
    while x:
        c = low(x)
        x &= x - 1
        v = 0.0
        for w in range(n):
            v += weights[w] * table[w, c]
        v *= sign
        if v > best_v + 1e-9:
            best_v = v
            best = c
    return best


@later(types.int64, PLAY_ARGS)
@njit(cache=True, _nrt=True)
def rollout_play(ps, seat, hand, t, seat_key):
    """The power position of the card a rollout ``seat`` plays from ``hand``: pimc's
    ``pimc_play`` with rollouts in place of solves (the same state, keys and worlds)."""
    settings, kn, _tt, _st, _values, counts, stats, discarded, seat_table = ps
    t0 = cycle_counter()
    kn[K_SEAT] = seat
    kn[K_DISCARD] = discarded[0] if seat == kn[K_DEALER] else -1
    kn[K_HAND] = to_cards(hand, t)
    s = settings[seat]
    infer = s[pimc_params.S_INFERENCE]
    soft = PLAY_SOFT if (infer == pimc_params.INFER_PLAY
                         or infer == pimc_params.INFER_BIDS_PLAY) else -1.0
    c, rolled = choose(kn, np.int64(s[pimc_params.S_WORLDS]), sub_key(seat_key, kn[K_N_PLAYED]),
                       seat_table, _table_at(s, seat), soft, s[S_ENDGAME] != 0)
    if rolled > 0:
        counts[0] = rolled
        counts[1] = rolled
        _note(stats, np.int64(ST_CARD), counts, t0)
    return np.int64(c)


# ---------------------------------------------------------------------------------------------
# one decision from Python


def card_values(kn: np.ndarray, worlds: np.ndarray) -> tuple[list[int], np.ndarray]:
    """Each legal card's value (points to the makers) on each world when the seat of ``kn``
    plays it and tuned plays the rest: (the legal cards, card layout; a (worlds x cards)
    table).  ``worlds[w]``: the four hands now (card layout; the seat's own is read from
    ``kn``)."""
    from sim.cards import POWER_CARD

    worlds = np.ascontiguousarray(worlds, np.int64)
    table = np.zeros((worlds.shape[0], 24), np.float64)
    legal = int(rollout_table(kn, worlds, np.ones(worlds.shape[0]), table))
    t = int(kn[K_TRUMP])
    pos = [p for p in range(24) if (legal >> p) & 1]
    return [int(POWER_CARD[t, p]) for p in pos], table[:, pos]


__all__ = ["ROLLOUT_PARAMS", "INFERENCE", "ENDGAMES", "DEFAULTS", "S_ENDGAME", "ENDGAME_CARDS",
           "check_params", "settings_row", "describe", "play_state", "finish", "rollout_table",
           "choose", "rollout_play", "card_values", "points", "subsets", "layouts",
           "endgame_worlds", "best_card"]
