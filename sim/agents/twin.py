"""Agents that decide in plain Python, compiling nothing: a built-in player's plain-Python twin
asked one decision, in the signature ``sim.agents.agent.Agent`` is asked (``decide``,
``decide_at``, ``act``).

What it is for: a cold start.  ``euchre-sim serve`` answers at once while Numba compiles in the
background, and until the compiled player is ready the Play page's bots play through their twin
(``twin_agent``), at Python speed (a decision takes well under a millisecond to a few).  The
decisions are the compiled player's, exactly, so a game does not change when its bots switch to
the compiled path halfway: a test plays referee hands with both and compares every decision.

Which players have one: those whose record names a twin (``PlayerType.twin``), the ``basic``
player and the strategies built on it (``tuned``, ``conservative``, ``aggressive``,
``trump-count``, a TOML file of basic's parameters):

* the bids are basic's point count read from the same seat table the kernel reads
  (``sim.players.basic.bid_value``'s own Python), against the hand's bidding plan (the
  thresholds by position and score: ``basic.seat_plan``), as ``sim.players.decide`` bids;
* the dealer's discard, the lead and the follow are ``sim.players.basic_twin``'s, given the
  arguments the kernel gives them (``sim.kernel.decision``).

Defending alone and the farmer's hand are not played by a twin (``NoTwin``): the Play page plays
neither.  ``twin_agent(spec)`` returns None for a player with no twin (``random``, which draws
from the kernel's keyed stream; ``equilibrium``; ``pimc``; code and outside bots).
"""

from __future__ import annotations

from sim.cards import effective_suit, mask_of
from sim.players import basic, load_strategy
from sim.players import basic_twin as twin
from sim.players.basic import D_UP, PL_ALONE, PL_CALL, PL_ORDER, PL_ROW, PLAN
from sim.referee import DEFEND, DISCARD, PLAY, ROUND1, ROUND2, trick_winner
from sim.referee.actions import Call, Discard, OrderUp, Pass, Play
from sim.referee.views import View

BASIC_TWIN = "sim.players.basic_twin"

# basic's own Python (the compiled function's source, run as Python: it reads only arrays)
_bid_value = basic.bid_value.py_func


class NoTwin(ValueError):
    """A decision (or a player) the plain-Python twin does not make."""


def has_twin(strategy) -> bool:
    """Whether ``strategy`` (a spec or a ``Strategy``) plays through ``TwinAgent``."""
    try:
        s = load_strategy(strategy)
    except ValueError:
        return False
    return s.player.twin == BASIC_TWIN and s.impl is None


def twin_agent(strategy):
    """A ``TwinAgent`` for ``strategy``, or None when its player has no plain-Python twin."""
    return TwinAgent(strategy) if has_twin(strategy) else None


def close_flags(scores, game_to: int) -> int:
    """``sim.kernel.hand.close_flags``: bit ``team`` set when that team needs one point."""
    return ((1 if scores[0] >= game_to - 1 else 0)
            | ((1 if scores[1] >= game_to - 1 else 0) << 1))


class TwinAgent:
    """A basic-family strategy at one seat, decided in plain Python (the module header)."""

    plain = True

    def __init__(self, strategy, seed: int = 0):
        self.strategy = load_strategy(strategy)
        if not has_twin(self.strategy):
            raise NoTwin(f"{self.strategy.name} has no plain-Python twin")
        self.seed = seed
        p = [float(x) for x in self.strategy.vector()]
        self.params = p
        # the seat table of four seats playing it, as the kernel's (the seat rows are equal, so
        # every seat reads row 0: ``basic.seat_slots``)
        rows = basic.seat_row(p)
        self._table = _table_of(rows)
        P = basic.P
        self._lead = dict(partner_pulls=p[P["partner_pulls"]], stop_pulling=p[P["stop_pulling"]],
                          short_lead=p[P["short_lead"]], boss_lead=p[P["boss_lead"]])
        self._follow = dict(overtake_partner=p[P["overtake_partner"]],
                            short_discard=p[P["short_discard"]], second_low=p[P["second_low"]])

    def __repr__(self):
        return f"TwinAgent({self.strategy.name!r})"

    # -- the agent's signatures ---------------------------------------------------------------
    def act(self, view: View, *, hand: int | None = None):
        """The seat's action: one of ``view.legal``."""
        if not isinstance(view, View):
            raise TypeError(f"act takes a View (sim.referee.views), not {type(view).__name__}")
        return self.decide(view, view.deal(0), (0, 0))

    def decide_at(self, hand, seat: int, keys=(0, 0), scores=None, *, where=None):
        """``decide`` for ``seat`` in the referee's ``hand`` at its turn, on the true deal."""
        from sim.agents.agent import _Facts

        deal = (hand.dealt, hand.dealt_kitty, hand.discarded)
        return self.decide(_Facts(hand, seat, scores), deal, keys, hand=where)

    def decide(self, view, deal, keys=(0, 0), *, hand=None):
        """The decision at ``view`` (a ``View`` or the referee's facts), on ``deal`` (only the
        seat's own cards are read, and for the dealer's bid and discard his own hand)."""
        action = self._decide(view, deal)
        if action not in view.legal:
            at = "" if hand is None else f" in {hand}"
            raise RuntimeError(f"{self.strategy.name} (plain Python) answered {action}{at}, "
                               f"which is not legal here ({', '.join(map(str, view.legal))})")
        return action

    def check_rules(self, rules) -> None:
        """As ``Agent.check_rules``: a ``ValueError`` for rules the twin does not play."""
        if rules.farmers_hand or rules.defend_alone:
            raise NoTwin("the plain-Python twin plays neither the farmer's hand nor defending "
                         "alone")

    # -- the decisions ------------------------------------------------------------------------
    def _decide(self, v, deal):
        seat, phase = v.seat, v.phase
        if phase == ROUND1:
            code = self._round1(v, deal)
            return Pass(seat) if code == 0 else OrderUp(seat, code == 2)
        if phase == ROUND2:
            code = self._round2(v, deal)
            return Pass(seat) if code < 0 else Call(seat, code // 2, bool(code & 1))
        if phase == DISCARD:
            return Discard(seat, self._dealer_discard(v, deal))
        if phase == PLAY:
            return Play(seat, self._play(v))
        if phase == DEFEND:
            raise NoTwin("the plain-Python twin does not decide whether to defend alone")
        raise NoTwin(f"no decision in phase {phase!r}")

    def _plan_at(self, v) -> tuple[int, int]:
        """(the bidder's numbers in the bidding plan, his position 0 first .. 3 dealer)."""
        k = (v.seat - v.dealer - 1) & 3
        close = close_flags(v.scores or (0, 0), v.rules.game_to)
        return PLAN + (close * 4 + v.dealer) * 16 + 4 * k, k

    def _dealer_discard(self, v, deal) -> int:
        hands = deal[0]
        hand6 = list(hands[v.dealer]) + [v.upcard]
        return twin.discard(hand6, v.upcard // 6, v.upcard, v.rules.dealer_may_discard_upcard)

    def _round1(self, v, deal) -> int:
        """``decide.order_up`` for basic: 0 pass, 1 order up, 2 alone."""
        st = self._table
        plan_at, k = self._plan_at(v)
        row = int(st[plan_at + PL_ROW]) & 8191
        hand = mask_of(deal[0][v.seat])
        up = v.upcard
        t = up // 6
        if k == 3:
            dd = self._dealer_discard(v, deal)
            value = _bid_value(st, row, (hand | (1 << up)) & ~(1 << dd), t)
        else:
            value = _bid_value(st, row, hand, t) + st[row + D_UP + 24 * k + up]
        alone = value >= st[plan_at + PL_ALONE]
        orders = alone or value >= st[plan_at + PL_ORDER]
        return 2 if alone else (1 if orders else 0)

    def _round2(self, v, deal) -> int:
        """``decide.call`` for basic: -1 pass, else 2 * suit + alone."""
        st = self._table
        plan_at, k = self._plan_at(v)
        row = int(st[plan_at + PL_ROW]) & 8191
        hand = mask_of(deal[0][v.seat])
        turned = v.upcard // 6
        stuck = k == 3 and v.rules.stick_the_dealer
        best, best_v = -1, -1e9
        for j in range(1, 4):                      # basic.best_suit, from ``turned`` round
            s = (turned + j) & 3
            value = _bid_value(st, row, hand, s)
            if value > best_v or (value == best_v and s < best):
                best = s
            best_v = max(best_v, value)
        if best_v >= st[plan_at + PL_ALONE]:
            return 2 * best + 1
        if best_v >= st[plan_at + PL_CALL] or stuck:
            return 2 * best
        return -1

    def _play(self, v) -> int:
        """The lead or the follow, with the arguments ``sim.kernel.decision.play`` gives."""
        t, maker, alone = v.trump, v.maker, bool(v.alone)
        out = {(maker + 2) & 3} if alone else set()
        if v.defender_alone is not None and v.defender_alone >= 0:
            out.add((v.defender_alone + 2) & 3)
        n_active = 4 - len(out)
        plays = [(s, c) for s, c in v.plays]
        done = len(plays) - len(plays) % n_active
        trick = plays[done:]
        played = [c for _s, c in plays]
        hand = list(v.hand)
        seat = v.seat
        if not trick:
            turned = v.upcard // 6 if v.round == 2 else None
            return twin.lead(hand, t, seat, maker, alone, turned, played[:done], **self._lead)
        win_seat = trick_winner(trick, t)
        winner = dict(trick)[win_seat]
        after = None
        if len(trick) < n_active - 1:
            after = (seat + 1) & 3
            while after in out:
                after = (after + 1) & 3
        return twin.follow(hand, t, effective_suit(trick[0][1], t), winner, win_seat, seat,
                           played, after, maker if alone else None, second_hand=len(trick) == 1,
                           **self._follow)


def _table_of(row):
    """The seat table of four seats with the seat row ``row`` (``basic.seat_table``, its
    bidding plan with every seat reading row 0, as ``basic.seat_slots`` finds for four equal
    rows, so nothing is compiled)."""
    import numpy as np

    rows = np.concatenate([row] * 4)
    own = np.zeros(4 * basic.OWN_WIDTH, np.float64)
    return np.concatenate([rows, basic.seat_plan(rows, slots=0), own])


__all__ = ["TwinAgent", "NoTwin", "twin_agent", "has_twin", "close_flags"]
