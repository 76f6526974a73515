"""Random self-play through the referee: property tests, benchmarks, kernel cross-checks."""

from __future__ import annotations

import random

from sim.referee.actions import DONE, PLAY, ROUND1, ROUND2, Pass, Play
from sim.referee.hand import Hand
from sim.rules import Rules

# ---------------------------------------------------------------------------------------------
# Random self-play (property tests, benchmarks, kernel cross-checks)


def random_hand(
    rng: random.Random,
    rules: Rules | None = None,
    dealer: int | None = None,
    *,
    deal=None,
    pass_prob: float | None = None,
    renege_prob: float = 0.0,
) -> Hand:
    """Play one hand to the end by choosing uniformly among the legal actions.

    Parameters
    ----------
    rng : random.Random
    rules : rule options (default published)
    dealer : the dealer's seat (default random)
    deal : ``(hands, kitty)`` to play instead of a shuffled pack
    pass_prob : if given, bidders pass with this probability (uniform play rarely passes, so
        passed-out hands and stick-the-dealer would hardly ever be seen)
    renege_prob : with this probability a player plays any card he holds instead of a legal
        one (reneges mode); 0 plays strictly legal hands
    """
    if deal is None:
        pack = list(range(24))
        rng.shuffle(pack)
        deal = ([pack[5 * s : 5 * s + 5] for s in range(4)], pack[20:])
    if dealer is None:
        dealer = rng.randrange(4)
    hand = Hand(deal[0], deal[1], dealer, rules, reneges=renege_prob > 0)
    while hand.phase != DONE:
        actions = hand.legal_actions()
        if pass_prob is not None and hand.phase in (ROUND1, ROUND2):
            passes = [a for a in actions if isinstance(a, Pass)]
            others = [a for a in actions if not isinstance(a, Pass)]
            if passes and (rng.random() < pass_prob or not others):
                action = passes[0]
            else:
                action = rng.choice(others)
        elif hand.phase == PLAY and renege_prob and rng.random() < renege_prob:
            action = Play(hand.turn, rng.choice(hand.hands[hand.turn]))
        else:
            action = rng.choice(actions)
        hand.apply(action)
    return hand


def random_legal_hand(
    rng: random.Random, rules: Rules | None = None, dealer: int | None = None, **kwargs
) -> dict:
    """A complete random legal hand as a record dict (see ``random_hand`` for options)."""
    return random_hand(rng, rules, dealer, **kwargs).to_record()
