"""The slow, plain twin of the double-dummy solver: minimax in Python straight from the rules.

It is written independently of the fast solver (``sim.solver.search``) and shares nothing with
it but the position's replay: trick winners come from the referee's ``card_strength`` (the rules
text), following suit from ``sim.cards.effective_suit``.  The tests check the fast solver
against it, position by position and card by card.

How the value is found.  The score is a non-decreasing function of the makers' trick count
(0-2 tricks: euchred, 3-4: one point, 5: a march), so the minimax score is the score of the
minimax trick count, and two yes/no questions settle it: *can the makers be sure of 3 tricks?*
and, when they have lost none, *of all 5?*  ``_Deal.can_take`` answers "can the makers be sure
of ``need`` more tricks from here?" by plain game-tree search: a maker to move needs one card
that works (``any``), a defender to move needs one card that stops them (so the makers need
``all``).  The only shortcuts are the obvious ones: a need of 0 is met, a need above the tricks
left is not.  Answers are memoised on the exact state.  ``literal_value`` is the textbook
minimax over scores, with no shortcut at all, for checking ``solve_slow`` on small positions.
"""

from __future__ import annotations

from sim.cards import effective_suit
from sim.referee import card_strength, team
from sim.solver.position import (
    TRICKS,
    Position,
    State,
    next_active,
    replay_played,
    score,
)


class _Deal:
    """The fixed facts of one position (who plays, suits, strengths) and its search memo."""

    def __init__(self, pos: Position, lone_defender_points: int):
        trump = pos.trump
        self.trump = trump
        self.makers = team(pos.maker)
        self.alone = pos.alone
        self.defender_alone = pos.defender_alone
        self.lone_points = lone_defender_points
        active = pos.active
        self.n_active = sum(active)
        self.next = [next_active(s, active) for s in range(4)]
        self.suit = [effective_suit(c, trump) for c in range(24)]
        self.suit_cards = [sum(1 << c for c in range(24) if self.suit[c] == e) for e in range(4)]
        self.strength = [[card_strength(c, trump, led) for c in range(24)] for led in range(4)]
        self.memo: dict = {}

    def to_move(self, table, leader: int) -> int:
        seat = leader
        for _ in table:
            seat = self.next[seat]
        return seat

    def legal(self, hand: int, table) -> list[int]:
        if table:
            follow = hand & self.suit_cards[self.suit[table[0]]]
            hand = follow or hand
        return [c for c in range(24) if hand >> c & 1]

    def play(self, hands, table, leader: int, seat: int, c: int):
        """Play ``c`` from ``seat``: (hands, table, leader, 1 if the makers took a trick just now,
        -1 if the defenders did, 0 if the trick goes on)."""
        hands = tuple(h & ~(1 << c) if s == seat else h for s, h in enumerate(hands))
        table = table + (c,)
        if len(table) < self.n_active:
            return hands, table, leader, 0
        strength = self.strength[self.suit[table[0]]]
        best, winner, s = -2, leader, leader
        for x in table:
            if strength[x] > best:
                best, winner = strength[x], s
            s = self.next[s]
        return hands, (), winner, 1 if team(winner) == self.makers else -1

    def can_take(self, hands, table, leader: int, need: int) -> bool:
        """Can the makers be sure of ``need`` more tricks, whatever the defenders do?"""
        if need <= 0:
            return True
        if need > hands[leader].bit_count() + (1 if table else 0):
            return False
        key = (hands, table, leader, need)
        answer = self.memo.get(key)
        if answer is None:
            seat = self.to_move(table, leader)
            results = (self._after(hands, table, leader, seat, c, need)
                       for c in self.legal(hands[seat], table))
            answer = any(results) if team(seat) == self.makers else all(results)
            self.memo[key] = answer
        return answer

    def _after(self, hands, table, leader, seat, c, need) -> bool:
        hands, table, leader, took = self.play(hands, table, leader, seat, c)
        return self.can_take(hands, table, leader, need - (took == 1))

    def value(self, hands, table, leader: int, won: int, lost: int) -> int:
        """The minimax score from this state (makers maximise, defenders minimise)."""
        if won + lost == TRICKS:
            return score(won, self.alone, self.defender_alone, self.lone_points)
        if not self.can_take(hands, table, leader, 3 - won):
            return score(0, self.alone, self.defender_alone, self.lone_points)
        if lost == 0 and self.can_take(hands, table, leader, TRICKS - won):
            return score(TRICKS, self.alone, self.defender_alone, self.lone_points)
        return score(3, self.alone, self.defender_alone, self.lone_points)

    def card_values(self, hands, table, leader: int, won: int, lost: int) -> dict[int, int]:
        """The value of each legal card of the seat to move."""
        seat = self.to_move(table, leader)
        out = {}
        for c in self.legal(hands[seat], table):
            h, t, l, took = self.play(hands, table, leader, seat, c)
            out[c] = self.value(h, t, l, won + (took == 1), lost + (took == -1))
        return out


def solve_state_slow(state: State, lone_defender_points: int = 4) -> tuple[int, dict[int, int]]:
    """``solve_slow`` from a replayed ``State``."""
    deal = _Deal(state.position, lone_defender_points)
    if state.finished:
        return deal.value(state.hands, (), state.trick_leader, state.won, state.lost), {}
    cards = deal.card_values(state.hands, state.table, state.trick_leader, state.won, state.lost)
    makers_move = team(state.to_move) == deal.makers
    return (max if makers_move else min)(cards.values()), cards


def solve_slow(pos: Position, lone_defender_points: int = 4) -> tuple[int, dict[int, int]]:
    """``(value, {card: value})``: the position's value to the makers under perfect play, and
    the value of each legal card of the seat to move (empty when every card has been played)."""
    return solve_state_slow(replay_played(pos), lone_defender_points)


def value_slow(pos: Position, lone_defender_points: int = 4) -> int:
    """The position's value to the makers under perfect play (``solve_slow``'s first answer,
    without each card's)."""
    state = replay_played(pos)
    return _Deal(pos, lone_defender_points).value(state.hands, state.table, state.trick_leader,
                                                  state.won, state.lost)


def perfect_value_slow(hands, upcard: int, dealer: int, round_: int, maker: int, trump: int,
                       alone: bool, rules) -> int:
    """One hand's value to the maker's team under perfect play after the bidding, as
    ``sim.solver.perfect.perfect_points`` gives it (no lone defender): 0 when passed out
    (``round_`` 0); in round 1 the dealer, when he plays, discards the card best for his team
    under perfect play.  ``hands``: the four hands as dealt (card masks, by seat)."""
    if round_ == 0 or maker < 0:
        return 0
    out = (maker + 2) & 3 if alone else -1
    leader = (dealer + 1) & 3
    if leader == out:
        leader = (leader + 1) & 3
    lone = rules.lone_defender_euchre_points

    def value(h) -> int:
        return value_slow(Position(tuple(int(x) for x in h), trump, maker, bool(alone), -1,
                                   leader), lone)

    if round_ != 1 or dealer == out:
        return value(hands)
    six = int(hands[dealer]) | 1 << upcard
    sign = 1 if (dealer & 1) == (maker & 1) else -1
    best = None
    for c in range(24):
        if not six >> c & 1 or (c == upcard and not rules.dealer_may_discard_upcard):
            continue
        h = list(hands)
        h[dealer] = six & ~(1 << c)
        v = value(h)
        if best is None or sign * v > sign * best:
            best = v
    return best


def literal_value(pos: Position, lone_defender_points: int = 4) -> int:
    """Textbook minimax over final scores, memoised on the exact state; no shortcuts.  Slow:
    meant for checking ``solve_slow`` on positions with a few tricks left."""
    state = replay_played(pos)
    deal = _Deal(pos, lone_defender_points)
    memo: dict = {}

    def minimax(hands, table, leader, won, lost):
        if won + lost == TRICKS:
            return score(won, deal.alone, deal.defender_alone, lone_defender_points)
        key = (hands, table, leader, won, lost)
        if key not in memo:
            seat = deal.to_move(table, leader)
            values = []
            for c in deal.legal(hands[seat], table):
                h, t, l, took = deal.play(hands, table, leader, seat, c)
                values.append(minimax(h, t, l, won + (took == 1), lost + (took == -1)))
            memo[key] = max(values) if team(seat) == deal.makers else min(values)
        return memo[key]

    return minimax(state.hands, state.table, state.trick_leader, state.won, state.lost)
