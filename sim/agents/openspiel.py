"""Our players as OpenSpiel bots: ``openspiel_bot(strategy, game, player)`` plays OpenSpiel's
``euchre`` game (``pyspiel``, the optional ``openspiel`` extra) through the decision API.

At each of its turns the bot rebuilds its seat's view (``sim.referee.views.View``) from the
state's history: the dealer and upcard, its own cards (``card_holder`` entries of its own seat,
nothing else), the bids, the discard (its own, as dealer), the plays; asks the agent; and
answers with OpenSpiel's action.  ``record_of(state)`` turns a finished OpenSpiel hand into our
hand record, which our referee scores (the tests compare the two).

OpenSpiel's conventions, and what they are in our rules (``rules_for``):

* one hand per game, no redeal: a hand passed out ends the game at 0 (our hand, passed out);
* ``stick_the_dealer`` and ``allow_lone_defender`` are our ``stick_the_dealer`` and
  ``defend_alone``; the dealer may not discard the upcard (``dealer_may_discard_upcard``
  off); the dealer always picks up when ordered (``dealer_discards_when_partner_alone``);
* going alone is a decision of its own after the dealer's discard (actions 29 Alone, 30
  Partner), where ours is part of the bid: the bot decides its bid with ``alone`` as the agent
  says and answers the later question the same way; the dealer discards before he knows whether
  the maker is alone (his view shows a bid with partner);
* cards are ``rank * 4 + suit`` (ours ``suit * 6 + rank``), seats N E S W are our 0 1 2 3,
  actions 24 Pass, 25-28 a suit (order up in round 1, call in round 2).
"""

from __future__ import annotations

from sim.agents.agent import agent
from sim.records import Bid
from sim.referee.actions import Call, DefendAlone, OrderUp, Pass
from sim.referee.views import View
from sim.rules import Rules

PASS, SUIT0, ALONE, PARTNER = 24, 25, 29, 30
CHANCE_PREFIX = 22          # the dealer's seat, 20 cards dealt, the upcard


def ours(card: int) -> int:
    """Our card number of an OpenSpiel card."""
    return (card % 4) * 6 + card // 4


def theirs(card: int) -> int:
    """OpenSpiel's card number of ours."""
    return (card % 6) * 4 + card // 6


def openspiel_rules(stick_the_dealer: bool = True, allow_lone_defender: bool = False) -> Rules:
    """Our rules for OpenSpiel's ``euchre`` parameters (its defaults: stick the dealer, no lone
    defender; the module's header)."""
    return Rules(stick_the_dealer=bool(stick_the_dealer), defend_alone=bool(allow_lone_defender),
                 dealer_may_discard_upcard=False)


# the OpenSpiel games the committed tables and matches cover (``scripts/openspiel_match.py``,
# ``scripts/equilibrium_tables.py``): OpenSpiel's default, and redeal with a lone defender
OPENSPIEL_GAMES = ({"stick_the_dealer": True, "allow_lone_defender": False},
                   {"stick_the_dealer": False, "allow_lone_defender": True})


def rules_for(game) -> Rules:
    """Our rules for an OpenSpiel ``euchre`` game's parameters (the module's header)."""
    params = game.get_parameters()
    return openspiel_rules(params.get("stick_the_dealer", True),
                           params.get("allow_lone_defender", False))


def _walk(state):
    """(player, action) of every move after the deal, replayed from the game's start."""
    st = state.get_game().new_initial_state()
    moves = []
    for i, a in enumerate(state.history()):
        if i >= CHANCE_PREFIX:
            moves.append((st.current_player(), a))
        st.apply_action(a)
    return moves


def _facts(state, moves):
    """The public facts of the moves: bids (alone as decided so far), the discard, plays."""
    bids: list[Bid] = []
    made = None
    discard = None
    plays = []
    round_passes = 0
    for p, a in moves:
        if a == PASS and made is None:
            bids.append(Bid(p, "pass"))
            round_passes += 1
        elif SUIT0 <= a < ALONE and made is None:
            rnd = 1 if round_passes < 4 else 2
            made = len(bids)
            bids.append(Bid(p, "order_up") if rnd == 1 else Bid(p, "call", a - SUIT0))
        elif a in (ALONE, PARTNER):
            if p == bids[made].seat:
                b = bids[made]
                bids[made] = Bid(b.seat, b.action, b.suit, a == ALONE)
            else:
                bids.append(Bid(p, "defend_alone") if a == ALONE else Bid(p, "pass"))
        elif a < 24 and made is not None and discard is None and _is_discard(p, state, plays,
                                                                             bids, made):
            discard = ours(a)
        else:
            plays.append((p, ours(a)))
    return bids, discard, plays


def _is_discard(p, state, plays, bids, made) -> bool:
    """A card action by the dealer before any card is played, just after trump was made by
    ordering up: his discard."""
    return not plays and p == state.dealer() and bids[made].action == "order_up" and len(
        bids) == made + 1


class OpenSpielError(ValueError):
    """A strategy that cannot play an OpenSpiel game's rules, told when its bot is made."""


class _Bot:
    """The pyspiel.Bot methods (``openspiel_bot`` makes the subclass)."""

    def _setup(self, strategy, game, player, seed):
        self.agent = strategy if hasattr(strategy, "act") else agent(strategy, seed)
        self.player = player
        self.rules = rules_for(game)
        check = getattr(self.agent, "check_rules", None)
        if check is not None:
            try:
                check(self.rules)
            except ValueError as e:
                name = getattr(getattr(self.agent, "strategy", None), "name", strategy)
                raise OpenSpielError(f"{name} cannot play OpenSpiel's {game} (in our rules: "
                                     f"{self.rules.describe()}): {e}") from None

    def restart_at(self, state):
        pass

    def inform_action(self, state, player_id, action):
        pass

    def view(self, state) -> View:
        """This seat's view now."""
        bids, discard, plays = _facts(state, _walk(state))
        made = next((i for i, b in enumerate(bids) if b.action in ("order_up", "call")), None)
        playing = plays or (made is not None and self._in_play(state, bids, made, discard))
        if self.rules.defend_alone and playing:      # defenders OpenSpiel did not ask: passed
            asked = {b.seat for b in bids[made + 1:]}
            bids += [Bid(s, "pass") for s in ((bids[made].seat + 1) % 4,
                                              (bids[made].seat + 3) % 4) if s not in asked]
        holder = state.card_holder()
        hand = tuple(sorted(ours(c) for c in range(24) if holder[c] == self.player))
        return View(self.player, state.dealer(), hand, ours(state.upcard()), tuple(bids),
                    discard if self.player == state.dealer() else None, tuple(plays), None,
                    self.rules)

    @staticmethod
    def _in_play(state, bids, made, discard) -> bool:
        """Whether the card play has begun: cards to play, and the dealer's discard made."""
        legal = state.legal_actions()
        return bool(legal) and max(legal) < PASS and (bids[made].action != "order_up"
                                                       or discard is not None)

    def step(self, state):
        legal = state.legal_actions()
        if set(legal) <= {ALONE, PARTNER}:
            return self._alone(state, legal)
        action = self.agent.act(self.view(state))
        if isinstance(action, Pass):
            return PASS
        if isinstance(action, OrderUp):
            return SUIT0 + state.upcard() % 4
        if isinstance(action, Call):
            return SUIT0 + action.suit
        return theirs(action.card)

    def _alone(self, state, legal):
        """The declarer's alone-or-not: the agent's own bid again, at the point it bid; a
        defender's: whether the agent defends alone."""
        moves = _walk(state)
        if state.declarer() == self.player:
            made = next(i for i, (_p, a) in enumerate(moves) if SUIT0 <= a < ALONE)
            st = state.get_game().new_initial_state()
            for a in state.history()[:CHANCE_PREFIX + made]:
                st.apply_action(a)
            bid = self.agent.act(self.view(st))
            return ALONE if getattr(bid, "alone", False) else PARTNER
        action = self.agent.act(self.view(state))
        return ALONE if isinstance(action, DefendAlone) else PARTNER


def openspiel_bot(strategy, game, player: int, seed: int = 0):
    """A ``pyspiel.Bot`` that plays seat ``player`` of OpenSpiel's ``euchre`` ``game`` by
    ``strategy``: any spec ``sim.agent`` takes (an outside bot's too), or an agent.  An
    ``OpenSpielError`` (a ``ValueError``) here, not at the bot's first step, for a strategy
    that cannot play the game's rules (``Agent.check_rules``: no equilibrium table for them, a
    rule its player refuses)."""
    import pyspiel

    class EuchreSimBot(_Bot, pyspiel.Bot):
        def __init__(self):
            pyspiel.Bot.__init__(self)
            self._setup(strategy, game, player, seed)

    return EuchreSimBot()


def record_of(state) -> dict:
    """Our hand record of a finished OpenSpiel hand (the deal as dealt, the kitty with the
    upcard first, the bids, the discard, the plays)."""
    game = state.get_game()
    st = game.new_initial_state()
    for a in state.history()[:CHANCE_PREFIX]:
        st.apply_action(a)
    holder = st.card_holder()
    hands = [[ours(c) for c in range(24) if holder[c] == s] for s in range(4)]
    dealt = {c for h in hands for c in h}
    up = ours(st.upcard())
    kitty = [up] + [c for c in range(24) if c not in dealt and c != up]
    bids, discard, plays = _facts(state, _walk(state))
    made = next((i for i, b in enumerate(bids) if b.action in ("order_up", "call")), len(bids))
    bids = bids[:made + 1] + [b for b in bids[made + 1:] if b.action == "defend_alone"]
    from sim.cards import card_name
    from sim.records import bid_to_json

    rec = {"dealer": st.dealer(), "hands": [[card_name(c) for c in h] for h in hands],
           "upcard": card_name(up), "kitty": [card_name(c) for c in kitty],
           "bids": [bid_to_json(b) for b in bids], "plays": [[s, card_name(c)] for s, c in plays],
           "rules": rules_for(game).changes()}
    if discard is not None:
        rec["discard"] = card_name(discard)
    return rec


__all__ = ["openspiel_bot", "OpenSpielError", "record_of", "rules_for", "openspiel_rules",
           "OPENSPIEL_GAMES", "ours", "theirs"]
