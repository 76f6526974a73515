"""The five hooks a code strategy may define, as placeholders (``sim.players.code`` asks them).

In the package itself they are never called: no seat has a code strategy's kind there.  For a
code strategy, ``sim.bindings`` copies the kernel package with ``sim.players.code`` as its seat
module and a module of this name beside it that binds the user's functions; ``code`` imports
this module relatively, so the copy asks the user's.
"""

from numba import njit


@njit(cache=True, _nrt=False)
def hook_order_up(hand, upcard, position, my_score, their_score, game_to):
    return 0


@njit(cache=True, _nrt=False)
def hook_call(hand, turned_down, stuck, my_score, their_score, game_to):
    return -1


@njit(cache=True, _nrt=False)
def hook_discard(hand6, trump, upcard, may_discard_upcard):
    return upcard


@njit(cache=True, _nrt=False)
def hook_lead(hand, trump, seat, maker, alone):
    return 0


@njit(cache=True, _nrt=False)
def hook_follow(hand, legal, trump, led_suit, winning_card, winner_seat, seat):
    return 0
