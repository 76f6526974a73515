"""An outside bot: a plain Python class with ``act(view)``, played wherever a strategy goes.

    euchre-sim tournament tuned examples/bot.py:TrumpCounter --hands 2000 --games 0
    euchre-sim simulate --hands 2000 --seat1 examples/bot.py:TrumpCounter
    euchre-sim ladder basic tuned examples/bot.py:TrumpCounter --hands 2000 --games 200

``act`` gets the seat's view (``sim.referee.views.View``: its hand, the upcard, the dealer, the
bids, the cards played, the score, the rules) and returns one of ``view.legal``.  Nothing
else of the hand is in the view.  The protocol is in ``sim/agents/bots.py``.

``TrumpCounter`` bids on a plain count: it makes trump with three or more trumps (alone with
five), calls its longest suit in round 2 with three or more, and plays a trick by the simplest
rule: win it as cheaply as it can unless its partner is winning, else throw its lowest card.
"""

from sim.cards import effective_suit
from sim.referee import Call, OrderUp, Pass, Play, card_strength, partner, trick_winner


class TrumpCounter:
    """Counts trumps to bid; plays cheap winners and low losers."""

    def __init__(self, seed=0):
        self.seed = seed

    def act(self, view):
        if view.phase == "round1":
            return self._bid(view, view.upcard // 6, OrderUp(view.seat, False),
                             OrderUp(view.seat, True))
        if view.phase == "round2":
            return self._call(view)
        if view.phase == "discard":
            return min(view.legal, key=lambda a: self._keep(a.card, view.trump))
        if view.phase == "defend":
            return Pass(view.seat)
        return self._play(view)

    def _trumps(self, view, trump):
        return sum(1 for c in view.hand if effective_suit(c, trump) == trump)

    def _bid(self, view, trump, make, alone):
        n = self._trumps(view, trump)
        if n >= 5 and alone in view.legal:
            return alone
        return make if n >= 3 and make in view.legal else Pass(view.seat)

    def _call(self, view):
        calls = [a for a in view.legal if isinstance(a, Call) and not a.alone]
        best = max(calls, key=lambda a: self._trumps(view, a.suit))
        if self._trumps(view, best.suit) >= 3 or Pass(view.seat) not in view.legal:
            return best
        return Pass(view.seat)

    @staticmethod
    def _keep(c, trump):
        """How much a card is worth keeping (lowest first out)."""
        return card_strength(c, trump, effective_suit(c, trump)) + (20 if effective_suit(
            c, trump) == trump else 0)

    def _play(self, view):
        trick, trump = view.trick, view.trump
        cards = [a.card for a in view.legal if isinstance(a, Play)]
        if not trick:
            return Play(view.seat, max(cards, key=lambda c: self._keep(c, trump)))
        winner = trick_winner(trick, trump)
        if winner != partner(view.seat):
            led = effective_suit(trick[0][1], trump)
            best = max(card_strength(c, trump, led) for _s, c in trick)
            winning = [c for c in cards if card_strength(c, trump, led) > best]
            if winning:
                return Play(view.seat, min(winning, key=lambda c: card_strength(c, trump, led)))
        return Play(view.seat, min(cards, key=lambda c: self._keep(c, trump)))


class Broken(TrumpCounter):
    """Plays the first card it holds, legal or not: for the error a run gives."""

    def act(self, view):
        if view.phase == "play":
            return Play(view.seat, view.hand[0])
        return super().act(view)


__all__ = ["TrumpCounter", "Broken"]
