"""Agents: any strategy asked for one decision from one seat's view (``sim.agent``).

``agent(spec)`` takes any strategy the command line takes (a built-in, ``pimc:worlds=200``, a
TOML file, a code strategy ``module:Name``) and returns an ``Agent``; ``agent.act(view)``
returns one of ``view.legal`` (``sim.referee.views``).  The decision is the kernel's own: the
compiled ``decide`` of the kernel that plays this strategy (``sim.kernel.decision``, in the
bound copy for a code strategy or pimc), on a deal consistent with the view, with the
strategy at all four seats.  So an agent decides exactly as the strategy does in
``simulate``: a test plays referee hands with agents and matches the kernel's traces.

Keys.  A strategy that draws (``random``, ``pimc``'s sampled worlds) draws from a key: the
kernel gives each hand its own (``hand_key(seed, hand, STREAM_PLAY / STREAM_SEAT)``);
``act(view, hand=i)`` uses hand ``i``'s keys of the agent's seed, so ``pimc`` decides as in
hand ``i`` of a run with that seed.  Without ``hand`` an agent numbers the hands it is asked
about itself: a new hand starts whenever a view's bids and plays do not extend the last one's.
``random`` matches the kernel only in its distribution: the kernel's random seats share one
draw counter a hand, which no one seat's view holds, so an agent draws each decision with a key
of its own (``sub_key`` of the hand's play key by the decision's number).
"""

from __future__ import annotations

import importlib

import numpy as np

from sim.cards import mask_of
from sim.kernel.decision import ASK_DEFEND, ASK_DISCARD, ASK_PLAY, ASK_ROUND1, ASK_ROUND2
from sim.players import DEFAULT_STRATEGY, load_strategy
from sim.referee import DEFEND, DISCARD, PLAY, ROUND1, ROUND2
from sim.referee.actions import Call, DefendAlone, Discard, OrderUp, Pass, Play
from sim.referee.views import View, ViewError
from sim.rng import STREAM_PLAY, STREAM_SEAT, normalise_seed, py_hand_key, py_sub_key
from sim.table import Table

_ASK = {ROUND1: ASK_ROUND1, DISCARD: ASK_DISCARD, ROUND2: ASK_ROUND2, DEFEND: ASK_DEFEND,
        PLAY: ASK_PLAY}


class Agent:
    """A strategy at one seat, asked one decision at a time (``act``)."""

    def __init__(self, strategy, seed: int = 0):
        self.strategy = load_strategy(strategy)
        self.seed = normalise_seed(seed)
        table = Table((self.strategy,) * 4)
        self._kinds, self._seat_table = table.arrays()
        self._tables = {}     # an equilibrium seat's seat table, by the rules of its views
        self._table = table
        self._decide = None
        self._keyed = self.strategy.draws_play_key()
        self._hand = -1
        self._last: View | None = None

    def __repr__(self):
        return f"Agent({self.strategy.name!r}, seed={self.seed})"

    def act(self, view: View, *, hand: int | None = None):
        """The seat's action: one of ``view.legal``.  ``hand``: the hand number whose keys a
        drawing strategy uses (see the module header)."""
        if not isinstance(view, View):
            raise TypeError(f"act takes a View (sim.referee.views), not {type(view).__name__}")
        return self.decide(view, view.deal(0), self.keys(self._hand_of(view, hand)))

    def decide_at(self, hand, seat: int, keys: tuple[int, int], scores=None, *, where=None):
        """``decide`` for ``seat`` in the referee's ``hand`` (``sim.referee.Hand``) at its turn,
        on the true deal, without building a checked view (the referee's own loop,
        ``sim.run.refereed``)."""
        deal = (hand.dealt, hand.dealt_kitty, hand.discarded)
        return self.decide(_Facts(hand, seat, scores), deal, keys, hand=where)

    def keys(self, hand: int) -> tuple[int, int]:
        """(seat key, play key) of hand ``hand`` of a run with the agent's seed, as the kernel
        gives them (``sim.rng.hand_key``)."""
        return (py_hand_key(self.seed, hand, STREAM_SEAT), py_hand_key(self.seed, hand,
                                                                        STREAM_PLAY))

    def decide(self, view: View, deal, keys: tuple[int, int], *, hand=None):
        """``act`` on a given deal consistent with the view (``view.deal(k)``, or the true
        deal in the referee) with the given (seat key, play key): the tests re-deal the unseen
        cards through it, and games pass their own keys.  ``hand`` names the hand in an error
        (the referee's loop asks bots with the same signature, ``sim.agents.bots``)."""
        kernel_decide = self._kernel_decide(view)
        code = kernel_decide(*self._arguments(view, deal, keys))
        action = _action(view, int(code))
        if action not in view.legal:
            at = "" if hand is None else f" in {hand}"
            raise RuntimeError(f"{self.strategy.name} answered {action}{at}, which is not legal "
                               f"here ({', '.join(str(a) for a in view.legal)})")
        return action

    def check_rules(self, rules) -> None:
        """A ``ValueError`` (a ``TableError`` for a missing or mismatched equilibrium table)
        saying why this strategy cannot play under ``rules``: no kernel plays it (a rule its
        player refuses), or it bids by a table that is not there for them; nothing if it can
        (``sim.agents.openspiel`` asks when a bot is made, not at its first decision)."""
        self._table.kernels(rules)
        self._seat_table_for(rules)

    def _hand_of(self, view: View, hand: int | None) -> int:
        if hand is not None:
            return int(hand)
        last = self._last
        same = (last is not None and last.dealer == view.dealer and last.upcard == view.upcard
                and view.bids[:len(last.bids)] == last.bids
                and view.plays[:len(last.plays)] == last.plays)
        if not same:
            self._hand += 1
        self._last = view
        return self._hand

    def _kernel_decide(self, view: View):
        if self._decide is None:
            try:
                kernel, _ = self._table.kernels(view.rules)
            except ValueError as e:
                raise ViewError(str(e)) from None
            self._decide = importlib.import_module(kernel.__name__ + ".decision").decide
        return self._decide

    def _play_key(self, view, key: int) -> int:
        """The play key for this decision: the hand's, or for ``random`` one of its own per
        decision (the kernel's random seats share one draw counter a hand, which a single
        decision cannot see; without this every decision of a hand would take the same
        draw)."""
        return py_sub_key(key, _decision_number(view)) if self._keyed else key

    def _seat_table_for(self, rules):
        """The seat table (a seat that bids by an equilibrium table holds the table for
        ``rules``)."""
        if self.strategy.player.table_slot is None:
            return self._seat_table
        if rules not in self._tables:
            self._tables[rules] = self._table.arrays(rules)[1]
        return self._tables[rules]

    def _arguments(self, view: View, deal, keys: tuple[int, int]) -> tuple:
        hands, _kitty, discard = deal
        plays = view.plays
        made = view.maker is not None
        return (
            _ASK[view.phase], view.seat, np.array([mask_of(h) for h in hands], np.int64),
            view.dealer, view.upcard, self._kinds, self._seat_table_for(view.rules),
            view.rules.pack(),
            np.array(view.scores or (0, 0), np.int64),
            np.uint64(keys[0]), np.uint64(self._play_key(view, keys[1])), view.round or 0,
            view.trump if made else -1, view.maker if made else -1, int(bool(view.alone)),
            -1 if view.defender_alone is None else view.defender_alone,
            -1 if discard is None or view.seat != view.dealer else discard,
            np.array([s for s, _c in plays], np.int64), np.array([c for _s, c in plays],
                                                                 np.int64),
            np.int64(mask_of(view.hand)),
        )


class _Facts:
    """What a ``View`` of ``seat`` would report, read straight off the referee's hand at the
    seat's turn, unchecked (the referee's loop asks kernel strategies through it:
    ``decide_at``); the attributes are the view's."""

    def __init__(self, hand, seat: int, scores=None):
        self.seat, self.dealer, self.upcard, self.rules = seat, hand.dealer, hand.upcard, hand.rules
        self.phase, self.round, self.trump = hand.phase, hand.round, hand.trump
        self.maker, self.alone, self.defender_alone = hand.maker, hand.alone, hand.defender_alone
        self.scores = scores
        self.hand = hand.hands[seat]
        rec = hand.to_hand_record()
        self.bids, self.plays = rec.bids, rec.plays
        self.legal = ((Pass(seat), DefendAlone(seat)) if hand.phase == DEFEND
                      else tuple(hand.legal_actions()))


def _decision_number(view) -> int:
    """A number for this decision within its hand: the bids and plays before it (the discard,
    which comes between them, numbered apart)."""
    return len(view.bids) + len(view.plays) + (100 if view.phase == DISCARD else 0)


def _action(view: View, code: int):
    """The action the kernel's answer ``code`` stands for (``sim.kernel.decision.decide``)."""
    seat = view.seat
    if view.phase == ROUND1:
        return Pass(seat) if code == 0 else OrderUp(seat, code == 2)
    if view.phase == ROUND2:
        return Pass(seat) if code < 0 else Call(seat, code // 2, bool(code & 1))
    if view.phase == DISCARD:
        return Discard(seat, code)
    if view.phase == DEFEND:
        return DefendAlone(seat) if code else Pass(seat)
    return Play(seat, code)


def agent(strategy=DEFAULT_STRATEGY, seed: int = 0):
    """An ``Agent`` for any strategy spec (``sim.players.load_strategy``), or for an outside
    bot's spec the bot itself (``sim.agents.bots.Bot``: ``act(view)`` likewise); ``seed`` keys the
    draws of a strategy that draws."""
    s = load_strategy(strategy)
    if s.player.decide is None:
        from sim.agents.bots import Bot

        return Bot(s, seed)
    return Agent(s, seed)


__all__ = ["Agent", "agent"]
