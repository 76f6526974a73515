"""The weight of a world drawn for a view (``sim.referee.views``): how likely what the other seats
did is, with the cards the world gives them, for the pricing tool's ``infer="bids"`` and
``"bids+play"`` (``sim.agents.pricing``).

The same weights as ``pimc:inference=bids`` and ``bids+play`` give its worlds: the auction under
the equilibrium's table for the view's rules (``sim.players.auction.auction_likelihood``, each
bid at least ``FLOOR``; the table at 0-0 whatever the score), times the cards played under
tuned's card play softened by ``PLAY_SOFT`` (``sim.players.play_likelihood``), the product
raised to ``TEMPER``.  The view's own
seat adds no factor.  A bid the seat is about to make is not in the auction yet: the bids before
it are (its place as the "maker" of an auction that stops there).
"""

from __future__ import annotations

import functools

import numpy as np

from sim.cards import mask_of
from sim.players.auction import FLOOR, TEMPER, auction_likelihood
from sim.players.play_likelihood import PLAY_SOFT, play_likelihood
from sim.referee.actions import ROUND1, ROUND2
from sim.rules import Rules
from sim.solver.worlds import new_knowledge


@functools.lru_cache(maxsize=4)
def table_words(rules: Rules) -> np.ndarray:
    """The equilibrium's table for ``rules`` as a seat table read at 0 (its place, then the
    region: ``sim.players.equilibrium``'s layout)."""
    from sim.players.equilibrium import region
    from sim.players.equilibrium_table import load_equilibrium_table

    table = load_equilibrium_table(rules)
    return np.concatenate([[2.0, 0.0], region(table.round1, table.round2)])


def _auction(view):
    """(round the auction is read to, the seat that ends it, trump, alone): the contract made,
    or, while the seat bids, its own place (its bid not counted)."""
    if view.phase in (ROUND1, ROUND2):
        return (1 if view.phase == ROUND1 else 2), view.seat, -1, False
    return view.round, view.maker, view.trump, bool(view.alone)


def view_weights(view, deals, play: bool = False) -> np.ndarray:
    """Each deal's weight (``view.deal``'s form: the hands as dealt, the kitty, the discard):
    the auction's likelihood and, with ``play``, the cards played's, raised to ``TEMPER``,
    scaled so that the heaviest deal weighs 1 (all 1 when no other seat has done anything
    yet)."""
    seat_table = table_words(view.rules)
    made_round, maker, trump, alone = _auction(view)
    skip = 1 << view.seat
    kn = None
    if play and view.plays:
        kn = new_knowledge(view.seat, mask_of(view.hand), view.trump, view.maker, view.alone,
                           -1 if view.defender_alone is None else view.defender_alone,
                           view.dealer, view.upcard, view.picked_up, -1, list(view.plays))
    counts = np.zeros(2, np.int64)
    out = np.ones(len(deals))
    for i, (hands, _kitty, discard) in enumerate(deals):
        dealt = np.array([mask_of(h) for h in hands], np.int64)
        out[i] = auction_likelihood(seat_table, 0, dealt, view.dealer, view.upcard, made_round,
                                    maker, -1 if trump is None else trump, alone, skip, FLOOR)
        if kn is not None:
            now = dealt.copy()
            if view.picked_up:
                now[view.dealer] |= 1 << view.upcard
                now[view.dealer] &= ~(1 << discard)
            for s, c in view.plays:
                now[s] &= ~(1 << c)
            out[i] *= play_likelihood(kn, now, skip, PLAY_SOFT, counts)
    out **= TEMPER
    top = out.max() if len(out) else 0.0
    return out / top if top > 0 else out


__all__ = ["view_weights", "table_words"]
