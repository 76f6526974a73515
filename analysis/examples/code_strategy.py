"""A code strategy: your own Numba decision functions, run by the kernel without editing sim/.

Run it by its path, or by its module name from the repository root:

    euchre-sim simulate --hands 200000 --team0 examples/code_strategy.py:BowerHunter --team1 basic
    euchre-sim simulate --hands 200000 --team0 examples.code_strategy:BowerHunter --team1 basic

``BowerHunter`` orders up (round 1) and calls (round 2) on a plain count: three or more trumps
with at least one bower, alone with four trumps and both bowers; and when following it simply
plays its highest legal card.  Everything it leaves out (the discard, leads) is played by
``basic`` with the parameters in ``PARAMS``.  The hooks and their arguments are described in
``sim/players/files.py`` (``load_code_strategy``).  Cards are ids ``suit * 6 + rank`` (suits
C D H S = 0-3, ranks 9 T J Q K A = 0-5); hands are 24-bit masks of card ids.
"""

from numba import njit

JACK = 2


@njit(cache=True)
def _count(hand, trump):
    """(trumps held, bowers held) for a candidate trump suit."""
    right = trump * 6 + JACK
    left = (3 - trump) * 6 + JACK
    suit = (hand >> (6 * trump)) & 63
    n = 0
    while suit:
        suit &= suit - 1
        n += 1
    bowers = ((hand >> right) & 1) + ((hand >> left) & 1)
    return n + ((hand >> left) & 1), bowers


@njit(cache=True)
def _wants(hand, trump):
    n, bowers = _count(hand, trump)
    if n >= 4 and bowers == 2:
        return 2
    if n >= 3 and bowers >= 1:
        return 1
    return 0


class BowerHunter:
    """Makes trump with three trumps and a bower; follows with its highest legal card."""

    PARAMS = {"alone_threshold": 12.0}

    @staticmethod
    @njit(cache=True)
    def order_up(hand, upcard, position, my_score, their_score, game_to):
        trump = upcard // 6
        if position == 3:                       # the dealer counts the upcard he picks up
            hand = hand | (1 << upcard)
        return _wants(hand, trump)

    @staticmethod
    @njit(cache=True)
    def call(hand, turned_down, stuck, my_score, their_score, game_to):
        best, best_want = -1, 0
        for suit in range(4):
            if suit != turned_down:
                w = _wants(hand, suit)
                if w > best_want:
                    best, best_want = suit, w
        if best >= 0:
            return 2 * best + (1 if best_want == 2 else 0)
        if stuck:                               # forced: the first suit that is allowed
            return 2 * (1 if turned_down == 0 else 0)
        return -1

    @staticmethod
    @njit(cache=True)
    def follow(hand, legal, trump, led_suit, winning_card, winner_seat, seat):
        # the highest card id among the legal cards (a naive "play high" follower)
        c = 23
        while not (legal >> c) & 1:
            c -= 1
        return c
