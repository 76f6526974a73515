"""The rules referee: a slow, plain-Python Euchre hand that checks every action against the rules.

It is the readable twin of the Numba kernel (kernel traces are replayed through it) and the engine
of ``euchre-sim replay``.  Trick logic is written from the rules text, not from the kernel's
power tables in ``sim.cards``.

Rules implemented (the published rules with the conventions of ``RULES.md``):

* Seats 0-3; play passes clockwise to seat s+1; team of seat s is s % 2 (team 0 = seats 0, 2).
  24-card pack, five cards each, a kitty of four whose first card is the upcard.
* Round 1: from the dealer's left, each player passes or orders up the upcard (the dealer
  ordering his own upcard is an order up too).  The upcard's suit is trump; the dealer adds the
  upcard to his hand and discards one of his six cards.
* Round 2 (all four passed): from the dealer's left, each player passes or calls any suit but the
  turned-down upcard's.  All four pass again: the hand is passed out (redeal by the next dealer,
  no points).
* The bid that makes trump may go alone; the maker's partner sits out.
* Opening lead: the first active player clockwise from the dealer's left; then the trick winner
  leads.  Play skips players who sit out.  Everyone follows the led *effective* suit if able (the
  left bower is a trump: with hearts trump J♦ is a heart); otherwise any card.  The highest trump
  wins (right bower, left bower, A K Q T 9), else the highest card of the led suit (A K Q J T 9).
* Scoring (``score_hand``, by the one table, ``sim.scoring``): makers with 3 or 4 tricks score
  1 (alone too); all 5 score 2, or 4 alone; makers with fewer than 3 are euchred and the
  defenders score 2.

Options (``sim.rules.Rules``) that change it:

* ``stick_the_dealer``: when the other three pass in round 2 the dealer may not pass; he calls.
* ``farmers_hand``: before bidding, a player holding only 9s and 10s may swap three of them for
  the three face-down kitty cards (phase ``farmer``; declining is allowed).
* ``defend_alone``: after the making bid (and the discard) one defender may defend alone; his
  partner sits out; if the makers are euchred the defenders score ``lone_defender_euchre_points``.
* ``dealer_may_discard_upcard`` (default True): False forbids discarding the upcard.
* ``dealer_discards_when_partner_alone`` (default True): False means that when the dealer's
  partner orders up alone the dealer does not pick up (no discard).
* ``renege_penalty``: used only when reneges are played out (below).
* ``game_to``: used only by ``GameScore``.

Reneges.  By default (strict) a failure to follow suit when able is an illegal action, like any
other.  With ``reneges=True`` it is accepted and the *first* renege is recorded (seat, trick,
penalty); the hand is played out, trick winners are counted as usual, and the hand scores
``rules.renege_penalty`` points to the reneging team's opponents *instead of* its normal score
(a caught renege decides the hand, whoever took the tricks).  Every other illegality (a card not
held, playing out of turn, a seat that sits out) is still an error.

A hand is an explicit phase machine:
``farmer`` (only with farmers_hand and an eligible player) -> ``round1`` -> ``discard`` (when
the upcard is picked up) / ``round2`` -> ``defend`` (only with defend_alone) -> ``play`` ->
``done``.  ``Hand.legal_actions()`` lists what may be done now, ``Hand.verify(action)`` says why
an action may not, and ``Hand.apply(action)`` does it and returns a frozen ``Applied`` log entry.

The package, one job a module: ``actions`` (the actions, the phases, the seats' relations),
``tricks`` (a card's rank in a trick, the trick's winner, what may be played, a hand's points),
``hand`` (the phase machine), ``replay`` (hand records replayed: ``euchre-sim replay``),
``game`` (records scored as a game) and ``deals`` (random self-play).  Every name is here too.
"""

from __future__ import annotations

from sim.referee.actions import (
    DEFEND,
    DISCARD,
    DONE,
    FARMER,
    PLAY,
    PUBLISHED,
    ROUND1,
    ROUND2,
    TRICKS_PER_HAND,
    Action,
    Applied,
    Call,
    DefendAlone,
    Discard,
    FarmerSwap,
    IllegalAction,
    KeepHand,
    NoLoneDefender,
    OrderUp,
    Pass,
    Play,
    left_of,
    partner,
    team,
)
from sim.referee.deals import (
    random_hand,
    random_legal_hand,
)
from sim.referee.game import (
    GameError,
    GameScore,
    replay_game,
)
from sim.referee.hand import (
    Hand,
    farmer_eligible,
)
from sim.referee.replay import (
    bid_action,
    error_result,
    play_record,
    record_rules,
    replay_bidding,
    replay_record,
)
from sim.referee.tricks import (
    PLAIN_SUIT_ORDER,
    TRUMP_ORDER,
    card_strength,
    playable_cards,
    score_hand,
    trick_winner,
)

__all__ = [
    "Action", "Applied", "Call", "DEFEND", "DISCARD", "DONE", "DefendAlone", "Discard", "FARMER",
    "FarmerSwap", "GameError", "GameScore", "Hand", "IllegalAction", "KeepHand", "NoLoneDefender",
    "OrderUp", "PLAIN_SUIT_ORDER", "PLAY", "PUBLISHED", "Pass", "Play", "ROUND1", "ROUND2",
    "TRICKS_PER_HAND", "TRUMP_ORDER", "bid_action", "card_strength", "error_result",
    "farmer_eligible", "left_of", "partner", "play_record", "playable_cards", "random_hand",
    "random_legal_hand", "record_rules", "replay_bidding", "replay_game", "replay_record",
    "score_hand", "team", "trick_winner",
]
