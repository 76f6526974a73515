"""The five hooks a code strategy may define, as placeholders the built-in players never call.

``CODE_HOOKS`` is False here, a compile-time constant, so the built-in kernel compiles the hook
checks away.  For a code strategy, ``sim.code_kernel`` copies this package with this module
replaced by one that binds the user's functions and sets ``CODE_HOOKS`` to True; the other
modules import this one relatively, so the copy uses its own hooks.
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


CODE_HOOKS = False
