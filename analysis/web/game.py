"""A game to ``game_to`` against the bots, for the web application's Play page: the user holds
one seat, built-in players the other three (the partner one strategy, the opponents another),
each hand refereed by ``sim.referee`` on the deals of game 0 of the seed, as the game kernel deals
them (``sim.run.refereed``: the first dealer by the draw, the deal passing left, the kernel's keys
for each hand), so a seed is the same game every time the user plays the same cards.

Nothing the seat has not seen leaves ``state()`` during a hand: its view (``sim.view_for``),
the bots' moves in its words (``analysis.web.seen``: another seat's discard is "discards", no
card), trump, the maker and the tricks won.  Once the hand is over the answer is the full record
(all four hands as dealt, the kitty, the discard) and says so.  Each finished hand is kept as a
hand record with the score before it (``"scores"``), the form ``grade`` and the Review page read,
and each hint given is kept, so that the hand's grades can say where the move stood in it.

A cold start (``analysis.web.work``: the code compiles in the background): until the players
are compiled the bots of the basic family decide through their plain-Python twins
(``sim.agents.twin``: the same decisions, so the game is the same), and until the solver is, a
hint is priced in plain Python on fewer worlds (``PLAIN_WORLDS``), the answer saying so
(``"interim"``); other bots (the equilibrium, pimc) wait for their compiled code.
"""

from __future__ import annotations

import secrets
import threading

from analysis.text.decisions import describe
from analysis.web.interim import pending
from analysis.web.seen import bidding, sort_hand, told, words

GAMES_KEPT = 64           # games the server keeps in memory (the oldest is dropped)
SEAT_NAMES = ("South", "West", "North", "East")   # seat 0 .. 3, play passing to the left
PLAIN_WORLDS = {"play": 32, "other": 16}   # a plain-Python hint's worlds: a card, a bid or discard
PLAIN_SECONDS = 4.0       # ... or those priced in this time (at least 4: a busy machine)


_bots: dict = {}
_bots_lock = threading.Lock()


def bot(spec: str):
    """The agent that plays ``spec`` at the bots' seats, one per spec for every game: a bot
    decides from the referee's hand with the hand's own keys (``Agent.decide_at``), so one
    agent serves every game, and the equilibrium's tables are read once, not at each game."""
    import sim

    with _bots_lock:
        if spec not in _bots:
            _bots[spec] = sim.agent(spec)
        return _bots[spec]


_twins: dict = {}


def twin_bot(spec: str):
    """The plain-Python twin that plays ``spec`` while the players compile, or None when its
    player has none (``sim.agents.twin``); one per spec, as ``bot``."""
    from sim.agents.twin import twin_agent

    with _bots_lock:
        if spec not in _twins:
            _twins[spec] = twin_agent(spec)
        return _twins[spec]


class Game:
    """One game in progress.  ``act(action)`` applies the user's action and lets the bots play
    until it is the user's turn again or the hand is over; ``next_hand()`` deals the next."""

    def __init__(self, seed: int = 1, seat: int = 0, partner: str = "tuned",
                 opponents: str = "tuned", rules=None, start: dict | None = None):
        import sim
        from sim.rng import STREAM_GAME_DEAL, STREAM_GAME_PLAY, STREAM_SEAT, py_hand_key
        from sim.run.refereed import first_dealer

        self.rules = sim.Rules() if rules is None else rules
        if self.rules.farmers_hand or self.rules.defend_alone:
            raise ValueError("rules: the Play page does not play the farmer's hand or defending "
                             "alone; leave farmers_hand and defend_alone off")
        if isinstance(seat, bool) or seat not in (0, 1, 2, 3):
            raise ValueError(f"seat: 0, 1, 2 or 3, not {seat!r}")
        self.id = secrets.token_urlsafe(9)
        self.seed, self.seat = seed, seat
        self.specs = {"partner": partner, "opponents": opponents}
        self.roles = [None if s == seat else "partner" if (s - seat) % 2 == 0 else "opponents"
                      for s in range(4)]
        if not pending("players"):
            for spec in self.specs.values():
                bot(spec)         # the compiled bots made now: their mistakes said at once
        self.dealer = first_dealer(seed, 0)
        self._keys = [py_hand_key(seed, 0, k) for k in (STREAM_GAME_DEAL, STREAM_SEAT,
                                                          STREAM_GAME_PLAY)]
        self.scores = [0, 0]
        self.start = None if start is None else self._starting(start)
        self.records: list[dict] = []
        self.history: list[dict] = []
        self.number = 0               # hands dealt so far (the one in progress included)
        self.lock = threading.Lock()
        self.events: list[dict] = []  # the bots' moves since the user's last action
        self.hints: dict[tuple[int, int], dict] = {}   # (hand, decision number): the hint given
        self._deal()

    @property
    def players(self) -> list:
        """The compiled bot at each seat (None at the user's)."""
        return [None if r is None else bot(self.specs[r]) for r in self.roles]

    def _bot(self, seat: int):
        """The bot that decides for ``seat`` now: its twin while the players compile, where
        it has one; else the compiled bot."""
        spec = self.specs[self.roles[seat]]
        if pending("players"):
            twin = twin_bot(spec)
            if twin is not None:
                return twin
        return bot(spec)

    def _starting(self, record: dict) -> tuple:
        """A game that starts at a hand record's deal (a link's, ``/play?h=CODE``): its hands,
        kitty and dealer for the first hand, its score before it (team 0 first) for the game's;
        the hands after it are the seed's.  Its own rules must be the game's."""
        import sim
        from sim.cards import parse_card, parse_cards

        own = record.get("rules")
        if own and sim.Rules.from_dict(own) != self.rules:
            raise ValueError("h: the hand was played under other rules "
                             f"({sim.Rules.from_dict(own).describe()}): choose them")
        scores = list(record.get("scores") or (0, 0))
        if not all(0 <= x < self.rules.game_to for x in scores):
            raise ValueError(f"h: the hand's score {scores[0]}-{scores[1]} is past a game to "
                             f"{self.rules.game_to}")
        self.dealer, self.scores = int(record["dealer"]), scores
        return ([parse_cards(h) for h in record["hands"]],
                [parse_card(c) for c in record["kitty"]])

    # -- the hand in progress ------------------------------------------------------------------
    def _deal(self) -> None:
        from sim.referee import Hand
        from sim.rng import py_shuffle_deck, py_sub_key
        from sim.run.refereed import deck_deal

        j = self.number
        hands, kitty = deck_deal(py_shuffle_deck(py_sub_key(self._keys[0], j)), self.dealer)
        if j == 0 and self.start is not None:         # the link's deal
            hands, kitty = self.start
        self.keys = (py_sub_key(self._keys[1], j), py_sub_key(self._keys[2], j))
        self.hand = Hand(hands, kitty, self.dealer, self.rules)
        self.before = tuple(self.scores)
        self.number += 1
        self._advance()

    def _to_act(self) -> int:
        from sim.referee.actions import DISCARD

        return self.hand.dealer if self.hand.phase == DISCARD else self.hand.turn

    def _advance(self) -> None:
        """The bots' turns, until the user's or the end of the hand."""
        from sim.referee.actions import DONE

        hand = self.hand
        while hand.phase != DONE and self._to_act() != self.seat:
            s = self._to_act()
            action = self._bot(s).decide_at(hand, s, self.keys, self.before,
                                            where=f"hand {self.number}")
            hand.apply(action)
            self.events.append({"seat": s, "text": told(action, hand, self.seat)})
        if hand.phase == DONE:
            self._finish()

    def _finish(self) -> None:
        record = self.hand.to_record(include_rules=self.rules != type(self.rules)())
        self.records.append({**record, "scores": list(self.before)})
        for t in (0, 1):
            self.scores[t] += self.hand.points[t]
        self.history.append({"hand": self.number, "dealer": self.hand.dealer,
                             "scores_before": list(self.before), "points": list(self.hand.points),
                             "scores": list(self.scores), **self._outcome()})
        self.dealer = (self.dealer + 1) & 3

    def _outcome(self) -> dict:
        from sim.cards import SUIT_NAMES

        h = self.hand
        if h.passed_out:
            return {"text": "passed out: no one made trump; the deal passes left"}
        who = "you" if h.maker == self.seat else SEAT_NAMES[h.maker]
        made = f"{who} made {SUIT_NAMES[h.trump]}" + (" alone" if h.alone else "")
        tricks = h.tricks[h.maker % 2]
        won = "euchred" if tricks < 3 else ("march" if tricks == 5 else "made it")
        return {"text": f"{made}: {tricks} trick{'s' if tricks != 1 else ''}, {won}"}

    @property
    def over(self) -> bool:
        return max(self.scores) >= self.rules.game_to

    # -- the user's moves -------------------------------------------------------------------
    def act(self, obj) -> None:
        """Apply the user's action (its JSON form, ``{"action": "play", "card": "JH"}``)."""
        from sim.referee.actions import DONE
        from sim.referee.views import action_from_json

        if self.hand.phase == DONE:
            raise ValueError("the hand is over: deal the next hand")
        action = action_from_json(obj, self.seat)
        legal = self.hand.legal_actions()
        if action not in legal:
            raise ValueError(f"{describe(action)} is not legal now: legal are "
                             + ", ".join(describe(a) for a in legal))
        self.events = []
        self.hand.apply(action)
        self._advance()

    def next_hand(self) -> None:
        from sim.referee.actions import DONE

        if self.hand.phase != DONE:
            raise ValueError("the hand is not over yet")
        if self.over:
            raise ValueError("the game is over: start a new game")
        self.events = []
        self._deal()

    def view(self):
        """The user's view at the user's turn (None when the hand is over)."""
        from sim import view_for
        from sim.referee.actions import DONE

        if self.hand.phase == DONE:
            return None
        return view_for(self.hand, self.seat, self.before)

    # -- hints, and the grades beside them ------------------------------------------------------
    def _decision(self) -> int:
        """The number the user's next decision has in the hand's review (1 up, as ``grade``
        numbers them: every seat's bids, discard and cards)."""
        from sim.referee import NoLoneDefender

        return 1 + sum(not isinstance(e.action, NoLoneDefender) for e in self.hand.log)

    def hint(self, worlds: int = 64) -> dict:
        """The user's options priced, as ``decide --price`` prices them (tuned's choice
        marked), kept (``note_hint``).  While the solver compiles, priced in plain Python on
        ``PLAIN_WORLDS`` (or ``worlds`` when fewer), the same values world by world, the
        answer's ``"interim"`` saying so."""
        from analysis.web import answers

        view = self.view()
        if view is None:
            raise ValueError("the hand is over: nothing to decide")
        if pending("solver"):
            answer = _plain_hint(view, self.seed, worlds)
        else:
            answer = answers.decide(view.to_json(), "tuned", self.seed, 0, True, worlds)
        self.note_hint(answer)
        return answer

    def note_hint(self, answer: dict) -> None:
        """Keep the hint given for the user's decision now (its worlds and priced options), so
        that the hand's grades can say where the decision stood in the hint's intervals."""
        self.hints[(self.number, self._decision())] = {
            "worlds": answer.get("worlds"), "options": answer.get("options", [])}

    def beside_hints(self, review: dict, hand: int) -> dict:
        """``review`` (the user's hand ``hand``, 1 up) with each graded decision the user asked
        a hint for given ``"hint"``: the hint's worlds, its best option, and the decision's loss
        on the hint's worlds with its interval; ``within`` when that interval holds 0 (the hint
        could not tell the move from its best)."""
        for step in review.get("steps", []):
            hint = self.hints.get((hand, step["number"]))
            if hint is None or step.get("grade") is None:
                continue
            ours = next((o for o in hint["options"] if _same(o, step["action"])), None)
            best = min(hint["options"], key=lambda o: o["loss"], default=None)
            if ours is None or best is None:
                continue
            step["hint"] = {"worlds": hint["worlds"], "best": _bare(best),
                            "loss": ours["loss"], "loss_low": ours["loss_low"],
                            "loss_high": ours["loss_high"], "within": ours["loss_low"] <= 0}
        return review

    # -- what the page shows ------------------------------------------------------------------
    def state(self) -> dict:
        """What the user's seat may see now: its view (hand, bids, plays, legal actions), the
        bids and the bots' moves since its last action in its words, trump, the maker, who is
        alone and the tricks each team has won; after the hand, the full record (all four
        hands as dealt, the kitty, the discard: ``"full_record": true``) and the result; the
        score and the history of the game."""
        from sim.cards import SUITS, card_name

        h = self.hand
        view = self.view()
        out = {"id": self.id, "seed": self.seed, "seat": self.seat, "seat_names": SEAT_NAMES,
               "players": self.specs, "rules": self.rules.describe(),
               "game_to": self.rules.game_to, "hand": self.number, "dealer": h.dealer,
               "scores": list(self.scores), "scores_before": list(self.before),
               "upcard": card_name(h.upcard), "events": list(self.events),
               "bidding": bidding(h, self.seat),
               "trump": None if h.trump is None else SUITS[h.trump], "maker": h.maker,
               "alone": h.alone, "tricks": list(h.tricks), "trick_winners": list(h.trick_winners),
               "history": list(self.history), "over": self.over, "done": view is None,
               "full_record": view is None,
               "winner": (0 if self.scores[0] > self.scores[1] else 1) if self.over else None}
        if view is not None:
            out["view"] = view.to_json()
            out["phase"] = view.phase
            out["legal_text"] = [words(a, h, self.seat) for a in view.legal]
            out["trick"] = [[s, card_name(c)] for s, c in view.trick]
            out["kept"] = [card_name(c) for c in sort_hand(h.hands[self.seat], h.trump)]
        else:
            out["dealt"] = [[card_name(c) for c in sort_hand(hh, h.trump)] for hh in h.dealt]
            out["record"] = self.records[-1]
            out["result"] = h.result()
        return out

    def jsonl(self) -> str:
        """The finished hands as hand records, one JSON object a line (with ``"scores"``)."""
        import json

        return "".join(json.dumps(r) + "\n" for r in self.records)


def _plain_hint(view, seed: int, worlds: int) -> dict:
    """``answers.decide``'s hint priced in plain Python (``price(plain=True)``) on fewer
    worlds (``PLAIN_WORLDS``, or those priced in ``PLAIN_SECONDS``), tuned's choice by its
    twin; ``"interim"`` says how and why."""
    from analysis.text.decisions import decision_json
    from sim.agents.pricing import price
    from sim.agents.twin import TwinAgent

    if not 2 <= worlds <= 4096:
        raise ValueError(f"worlds: from 2 to 4096, not {worlds}")
    import time

    asked = min(worlds, PLAIN_WORLDS["play" if view.phase == "play" else "other"])
    pricing = price(view, asked, seed, plain=True, until=time.monotonic() + PLAIN_SECONDS)
    n = pricing.worlds
    who = TwinAgent("tuned")
    action = who.act(view)
    out = decision_json("tuned", view, action, pricing)
    out["text"] = describe(action)
    out["interim"] = {
        "worlds": n, "asked": worlds,
        "text": (f"a first answer on {n} worlds (not {worlds}), priced in plain Python while "
                 "the compiled solver is prepared: wider intervals; ask again in a minute or "
                 "two for the full pricing") if n < worlds else (
                 f"priced in plain Python on the {n} worlds asked while the compiled solver is "
                 "prepared: the same values")}
    return out


def _bare(option: dict) -> dict:
    """A priced option's action alone (``action`` and its ``suit``, ``alone`` or ``card``)."""
    return {k: v for k, v in option.items() if k in ("action", "suit", "alone", "card")}


def _same(option: dict, action: dict) -> bool:
    """Whether a priced option is the action (its JSON form, the seat left out)."""
    return _bare(option) == {k: v for k, v in action.items() if k in ("action", "suit", "alone",
                                                                       "card")}


class Games:
    """The games in progress, by id (at most ``GAMES_KEPT``; the oldest is dropped)."""

    def __init__(self, kept: int = GAMES_KEPT):
        self.kept = kept
        self._games: dict[str, Game] = {}
        self._lock = threading.Lock()

    def add(self, game: Game) -> Game:
        with self._lock:
            self._games[game.id] = game
            while len(self._games) > self.kept:
                self._games.pop(next(iter(self._games)))
        return game

    def get(self, game_id: str) -> Game:
        with self._lock:
            game = self._games.get(game_id)
        if game is None:
            raise KeyError(f"no game {game_id!r}: it ended, or the server was restarted; "
                           "start a new game")
        return game


__all__ = ["Game", "Games", "bot", "twin_bot", "SEAT_NAMES", "GAMES_KEPT", "PLAIN_WORLDS"]
