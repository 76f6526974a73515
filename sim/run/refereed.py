"""Hands and games played through the referee with a player object at each seat: the run loop
of tables with an outside bot (``sim.agents.bots``), on the very deals the kernel plays.

Hand ``i`` of a run is the kernel's deal (``deal_of``: ``sim.rng``'s Python twins), game ``g``
the kernel's first-dealer draw and deals, so a bot meets the same paired, seat-swapped deals
as every other strategy.  Each seat is asked at its turn from its own view
(``sim.referee.views.view_for``): a kernel strategy through its agent (``sim.agents.agent``; it
decides on the true deal with the kernel's keys for the hand, as in the kernel), a bot through
``sim.agents.bots.Bot``.  A table of kernel strategies played here gives the kernel's hands exactly;
``tests/sim/test_agents.py`` checks it.

``HandsTask`` and ``GamesTask`` return what the kernel's tasks return (tally rows and record
columns, filled by the kernel's own tally functions called from Python), so ``simulate`` and
``simulate_games`` run a bot's table through the same loop and result types as any other.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np

from sim.agents.agent import Agent
from sim.agents.bots import Bot
from sim.cards import mask_of
from sim.records import Bid
from sim.referee.actions import DEFEND, DISCARD, DONE, DefendAlone, NoLoneDefender, team
from sim.referee.hand import Hand
from sim.referee.views import view_for
from sim.rng import (
    STREAM_DEAL,
    STREAM_GAME,
    STREAM_GAME_DEAL,
    STREAM_GAME_PLAY,
    STREAM_PLAY,
    STREAM_SEAT,
    py_hand_key,
    py_shuffle_deck,
    py_sub_key,
)
from sim.rules import Rules

MAX_HANDS = 200           # a game's safety cap, as the game kernel's (``sim.kernel.games``)


def has_bots(table) -> bool:
    """Whether a table seats an outside bot (and so plays through the referee)."""
    return any(s.player.decide is None for s in table.seats)


def deck_deal(deck, dealer: int):
    """(hands by seat, kitty) of a 24-card deck in deal order: five cards to each seat from the
    dealer's left, then the kitty with the upcard first."""
    hands = [None] * 4
    for k in range(4):
        hands[(dealer + 1 + k) % 4] = list(deck[5 * k:5 * k + 5])
    return hands, list(deck[20:24])


def deal_of(seed: int, i: int):
    """(hands by seat, kitty, dealer) of hand ``i`` of a run with ``seed``, as the kernel deals
    it (seat ``i % 4`` deals)."""
    hands, kitty = deck_deal(py_shuffle_deck(py_hand_key(seed, i, STREAM_DEAL)), i & 3)
    return hands, kitty, i & 3


def first_dealer(seed: int, g: int) -> int:
    """Game ``g``'s first dealer by the draw, as the game kernel draws it (lowest card deals,
    ace low, ties among the lowest draw again)."""
    key = py_hand_key(seed, g, STREAM_GAME)
    drawing = [0, 1, 2, 3]
    r = 0
    while True:
        deck = py_shuffle_deck(py_sub_key(key, r))
        r += 1
        ranks = {s: (-1 if deck[k] % 6 == 5 else deck[k] % 6) for k, s in enumerate(drawing)}
        low = min(ranks.values())
        drawing = [s for s in drawing if ranks[s] == low]
        if len(drawing) == 1:
            return drawing[0]


def seat_players(table, seed: int) -> list:
    """The object asked at each seat: one ``Agent`` per kernel strategy, one ``Bot`` instance
    per bot strategy (shared by its seats)."""
    made: dict = {}
    for s in table.seats:
        if s.name not in made:
            made[s.name] = Bot(s, seed) if s.player.decide is None else Agent(s, seed)
    return [made[s.name] for s in table.seats]


def play_hand(players, hands, kitty, dealer: int, rules, keys=(0, 0), *, scores=None,
              where="", views=False) -> Hand:
    """One hand through the referee, each seat asked at its turn: ``keys`` (seat key, play
    key) are the kernel's for this hand, ``scores`` the game score (team 0, team 1) or None,
    ``where`` names the hand in a bot's error.  A bot is asked from its checked view; a kernel
    strategy from the referee's own state (``Agent.decide_at``), or from its checked view too
    with ``views`` (the tests).  Returns the finished ``Hand``."""
    if rules.farmers_hand:
        raise ValueError("tables with an outside bot do not play the farmer's hand house rule: "
                         "leave farmers_hand off")
    return play_on(players, Hand(hands, kitty, dealer, rules), keys, scores=scores, where=where,
                   views=views)


def play_on(players, hand: Hand, keys=(0, 0), *, scores=None, where="", views=False) -> Hand:
    """A hand in progress (``sim.referee.Hand``, some actions already applied) played to its
    end, each seat asked at its turn as ``play_hand`` asks it (the review's "show me how" and
    its duplicate).  Returns ``hand``, finished."""
    if hand.rules.farmers_hand:
        raise ValueError("tables with an outside bot do not play the farmer's hand house rule: "
                         "leave farmers_hand off")
    while hand.phase != DONE:
        if hand.phase == DEFEND:
            _defend(players, hand, keys, scores, where, views)
            continue
        seat = hand.dealer if hand.phase == DISCARD else hand.turn
        hand.apply(_ask(players[seat], hand, seat, keys, scores, where, views))
    return hand


def _ask(player, hand: Hand, seat: int, keys, scores, where, views, declined=()):
    if isinstance(player, Agent) and not views:
        return player.decide_at(hand, seat, keys, scores, where=where)
    view = view_for(hand, seat, scores)
    if declined:
        view = dataclasses.replace(view, bids=view.bids + tuple(declined))
    return player.decide(view, (hand.dealt, hand.dealt_kitty, hand.discarded), keys,
                         hand=where)


def _defend(players, hand: Hand, keys, scores, where, views) -> None:
    """The defend-alone house rule: the defenders asked in the kernel's order (the maker's
    left first), each seeing the earlier ones' declines as passes."""
    declined: list[Bid] = []
    for k in (1, 3):
        seat = (hand.maker + k) & 3
        if not hand.active[seat]:
            continue
        action = _ask(players[seat], hand, seat, keys, scores, where, views, declined)
        if isinstance(action, DefendAlone):
            hand.apply(action)
            return
        declined.append(Bid(seat, "pass"))
    hand.apply(NoLoneDefender())


def hand_fields(hand: Hand) -> tuple:
    """A finished hand's record columns after the four hands (``RECORD_COLUMNS``): upcard,
    dealer, round, maker, trump, alone, defender alone, maker's tricks, points of each team,
    farmer, discard, forced, with the kernel's -1 and 0 for what did not happen."""
    made = not hand.passed_out
    maker = hand.maker if made else -1
    return (hand.upcard, hand.dealer, hand.round if made else 0, maker,
            hand.trump if made else -1, int(made and hand.alone),
            -1 if hand.defender_alone is None else hand.defender_alone,
            hand.tricks[team(maker)] if made else 0, hand.points[0], hand.points[1], -1,
            -1 if hand.discarded is None else hand.discarded, 0)


def _tally_cell(fields) -> int:
    from sim.kernel.hand import tally_cell

    _up, dealer, rnd, maker, _t, alone, def_alone, tricks = fields[:8]
    return int(tally_cell(dealer, rnd, maker, alone, def_alone, tricks, -1))


def records(spec, indices) -> list[dict]:
    """The hand records of hands ``indices`` of a bot's table (``sim.run.hands.trace``'s)."""
    players = seat_players(spec.table, spec.seed)
    out = []
    for i in indices:
        hands, kitty, dealer = deal_of(spec.seed, i)
        keys = (py_hand_key(spec.seed, i, STREAM_SEAT), py_hand_key(spec.seed, i, STREAM_PLAY))
        hand = play_hand(players, hands, kitty, dealer, spec.rules, keys, where=f"hand {i}")
        out.append(hand.to_record(include_rules=spec.rules != Rules()))
    return out


@dataclass(frozen=True)
class HandsTask:
    """Hands ``start .. start+n-1`` of a bot's table: (tally row, record masks, record fields)
    as ``sim.run.hands.HandsTask`` returns them."""

    spec: object          # sim.run.spec.RunSpec
    scores: tuple
    records: bool

    def __call__(self, start: int, n: int):
        from sim.kernel import NREC, NTALLY_ROW

        spec = self.spec
        players = seat_players(spec.table, spec.seed)
        tally = np.zeros(NTALLY_ROW, np.int64)
        masks = np.empty((4, n if self.records else 0), np.uint32)
        fields = np.empty((NREC - 4, n if self.records else 0), np.int8)
        scores = None if tuple(self.scores) == (0, 0) else tuple(self.scores)
        for q in range(n):
            i = start + q
            hands, kitty, dealer = deal_of(spec.seed, i)
            keys = (py_hand_key(spec.seed, i, STREAM_SEAT), py_hand_key(spec.seed, i,
                                                                          STREAM_PLAY))
            hand = play_hand(players, hands, kitty, dealer, spec.rules, keys, scores=scores,
                             where=f"hand {i}")
            row = hand_fields(hand)
            tally[_tally_cell(row)] += 1
            if self.records:
                masks[:, q] = [mask_of(h) for h in hands]
                fields[:, q] = row
        return tally, masks, fields

    def warm(self, start: int = 0) -> None:
        """Play one hand here, so the kernel strategies' decisions are compiled (or loaded)
        once before worker processes start."""
        self(start, 1)


@dataclass(frozen=True)
class GamesTask:
    """Games ``start .. start+n-1`` of a bot's table: (game tally row, hand tally row, per-game
    rows) as ``sim.run.games.GamesTask`` returns them, tallied by the game kernel's own
    functions."""

    spec: object
    records: bool
    from_score: tuple = (0, 0)

    def __call__(self, start: int, n: int):
        from sim.kernel import NTALLY_ROW
        from sim.kernel.games import N_GAME_COLUMNS, N_GAME_TALLY

        gt = np.zeros(N_GAME_TALLY, np.int64)
        ht = np.zeros(NTALLY_ROW, np.int64)
        rows = np.zeros((n if self.records else 0, N_GAME_COLUMNS), np.int64)
        players = seat_players(self.spec.table, self.spec.seed)
        for q in range(n):
            self._game(players, start + q, q, gt, ht, rows)
        return gt, ht, rows

    def warm(self, start: int = 0) -> None:
        """As ``HandsTask.warm``, with one game."""
        self(start, 1)

    def _game(self, players, g: int, q: int, gt, ht, rows) -> None:
        from sim.kernel.games import finish_game, tally_game_hand

        seed, rules = self.spec.seed, self.spec.rules
        first = first_dealer(seed, g)
        deal_key = py_hand_key(seed, g, STREAM_GAME_DEAL)
        play_key = py_hand_key(seed, g, STREAM_GAME_PLAY)
        seat_key = py_hand_key(seed, g, STREAM_SEAT)
        scores = np.zeros(2, np.int64)
        scores[first & 1], scores[1 - (first & 1)] = self.from_score
        states = np.empty(MAX_HANDS, np.int64)
        dealer, j, redeals, forced_calls, forced = first, 0, 0, 0, False
        while max(scores) < rules.game_to and j < MAX_HANDS:
            hands, kitty = deck_deal(py_shuffle_deck(py_sub_key(deal_key, j)), dealer)
            keys = (py_sub_key(seat_key, j), py_sub_key(play_key, j))
            hand = play_hand(players, hands, kitty, dealer, rules, keys,
                             scores=(int(scores[0]), int(scores[1])), where=f"game {g}, hand {j}")
            f = hand_fields(hand)
            rnd, maker, alone, def_alone, tricks, pts0, pts1 = (f[2], f[3], f[5], f[6], f[7],
                                                                f[8], f[9])
            tally_game_hand(gt, ht, states, j, dealer, scores, rnd, maker, alone, def_alone,
                            tricks, -1, pts0, pts1, rules.lone_defender_euchre_points)
            forced = rules.stick_the_dealer and rnd == 2 and maker == dealer
            forced_calls += int(forced)
            redeals += int(rnd == 0)
            scores += (pts0, pts1)
            dealer = (dealer + 1) & 3
            j += 1
        finish_game(rows, q, self.records, gt, states, scores, rules.game_to, j, redeals, first,
                    forced_calls, forced)


__all__ = ["HandsTask", "GamesTask", "play_hand", "play_on", "deal_of", "first_dealer", "deck_deal",
           "seat_players", "hand_fields", "has_bots", "records"]
