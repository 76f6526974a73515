"""What each option of one decision is worth from what the seat can see: the legal actions of a
view priced on worlds consistent with it (``View.deal``), every card face up within a world,
the value a search player (pimc) estimates.  ``euchre-sim decide`` prints it; ``euchre-sim
grade`` grades a person's decisions by it.

In each world every option is priced, so the options are compared on the same worlds (paired):

* a card to play: the solver's value of the hand after it (``sim.solver.solve_positions``);
* the dealer's discard: the solver's value of the contract after each discard;
* defending alone or not: the contract with and without the lone defender;
* a bid that makes trump: the contract's value under perfect play after the bidding
  (``sim.solver.perfect.perfect_points``: the dealer's best discard, then perfect play; no
  lone defender);
* a pass: the rest of the auction bid in that world by the ``rest`` strategy (default
  ``tuned``: the seat's own later bid too), then the contract it reaches priced the same way,
  0 where the hand is passed out.

The worlds explain the bids (``infer``, one of ``INFER``):

* ``"rest"`` (the default; ``True``): a world is kept only when ``rest``, bidding for each
  other seat that has bid, makes the bid that seat made (as pimc's ``inference=basic`` does
  with basic's bids), up to ``INFER_TRIES`` deals a world, the rest unconditioned;
  ``Pricing.fitted`` says how many fit;
* ``"bids"``: worlds drawn uniformly, each weighed by the likelihood of the auction under the
  equilibrium's table, as ``pimc:inference=bids`` weighs its own (``sim.agents.view_weights``);
  ``"bids+play"`` also by the cards played under tuned's card play, softened; each option's
  value is then the weighted mean, its interval the weighted one, and
  ``Pricing.effective`` the worlds they are worth (Kish's effective number);
* ``"off"`` (``False``): uniform worlds.

The seat's own bids tell it nothing it does not know.

``plain=True`` prices without compiling anything (a cold start's first hint, while Numba
compiles): the rest of the auction and the bids the worlds must explain by the ``rest``
strategy's plain-Python twin (``sim.agents.twin``), each world solved by the solver's plain twin
(``sim.solver.twin``), the same values as the compiled path gives on the same worlds; about a
hundred times slower, so it is asked for few worlds, or stopped at a time (``until``) with the
first worlds priced.  Only ``infer`` "rest" and "off".

Values are points a hand for the seat's team.  Each option's interval is the normal 95%
interval of its mean over the worlds; ``loss`` (what an option gives up against the best) is
a paired difference, with its own interval.  Face-up values flatter every option a little (the
world's cards are known when it is priced): the options are ranked by them, not scored.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from sim.agents.agent import Agent
from sim.cards import mask_of
from sim.intervals import Z95, half_width
from sim.players import load_strategy
from sim.records import Bid
from sim.referee.actions import (
    DISCARD,
    DONE,
    PLAY,
    ROUND1,
    ROUND2,
    Call,
    DefendAlone,
    OrderUp,
    Pass,
    team,
)
from sim.referee.views import View, replay_view
from sim.solver import solve_positions
from sim.solver.perfect import perfect_points
from sim.solver.position import Position
from sim.solver.review import record_position

DEFAULT_WORLDS = 64
DEFAULT_REST = "tuned"  # bids the rest of the auction after a pass, and models the bids seen
INFER_TRIES = 20        # deals drawn a world, at most, to find ones that explain the bids
MIN_PLAIN_WORLDS = 4    # a plain pricing stopped by its time prices these worlds at least
INFER = ("rest", "bids", "bids+play", "off")


@dataclass(frozen=True)
class Option:
    """One legal action's value for the seat's team (points a hand) over the worlds, with its
    95% interval, and what it gives up against the best option (paired, with its interval)."""

    action: object
    value: float
    low: float
    high: float
    loss: float = 0.0
    loss_low: float = 0.0
    loss_high: float = 0.0


@dataclass(frozen=True, eq=False)
class Pricing:
    """The options of one decision, best first; ``worlds`` priced each."""

    options: tuple[Option, ...]
    worlds: int
    table: np.ndarray = None     # (worlds x options): each world's value of each option, in
                                 # the order of ``options``
    fitted: int = 0              # of the worlds, those that explain the other seats' bids
    weights: np.ndarray = None   # infer "bids" / "bids+play": each world's weight (as table)
    effective: float | None = None   # ... and the worlds they are worth
    rollouts: bool = False       # cards valued by rollouts of tuned's card play, not face up

    @property
    def best(self) -> Option:
        return self.options[0]

    def of(self, action) -> Option:
        """The option of ``action`` (one of the view's legal actions)."""
        for o in self.options:
            if o.action == action:
                return o
        raise ValueError(f"{action} is not one of the legal actions priced")


def _inference(infer) -> str:
    if infer is True or infer is False:
        return "rest" if infer else "off"
    if infer not in INFER:
        raise ValueError(f"infer must be one of {', '.join(INFER)}, not {infer!r}")
    return infer


def price(view: View, worlds: int = DEFAULT_WORLDS, seed: int = 0, rest=DEFAULT_REST,
          infer="rest", rollouts: bool = False, plain: bool = False,
          until: float | None = None) -> Pricing:
    """Every legal action of ``view`` priced on ``worlds`` deals consistent with it (the
    module's header); ``seed`` picks the worlds, ``rest`` bids the auction after a pass and,
    with ``infer="rest"``, models the other seats' bids the worlds must explain (``"bids"``,
    ``"bids+play"``: the worlds weighed by the equilibrium's table, and the play).
    ``rollouts``: a card to play is valued by a rollout on each world instead of the solver:
    the seat plays it, then every seat plays tuned's card play to the end
    (``sim.players.rollout``), so no later choice sees a card its seat cannot see; card plays
    only.  ``plain``: in plain Python (the module header), stopping at the time ``until``
    (``time.monotonic``) with the worlds priced by then (at least ``MIN_PLAIN_WORLDS``)."""
    if not isinstance(view, View):
        raise TypeError(f"price takes a View (sim.referee.views), not {type(view).__name__}")
    if worlds < 2:
        raise ValueError(f"worlds must be at least 2 for an interval, not {worlds}")
    if rollouts and view.phase != PLAY:
        raise ValueError(f"rollouts value the cards of a card play; this view is at the "
                         f"{view.phase} (price it without rollouts)")
    if rollouts and plain:
        raise ValueError("rollouts are priced by the compiled kernel, not in plain Python")
    infer = _inference(infer)
    legal = list(view.legal)
    if plain:
        from sim.agents.twin import TwinAgent

        if infer not in ("rest", "off"):
            raise ValueError(f"a plain-Python pricing infers by 'rest' or 'off', not {infer!r}")
        model = TwinAgent(rest)
    else:
        model = Agent(load_strategy(rest))
    deals, fitted = consistent_worlds(view, worlds, seed, model if infer == "rest" else None)
    weights = None
    if infer in ("bids", "bids+play"):
        from sim.agents.view_weights import view_weights

        weights = view_weights(view, deals, play=infer == "bids+play")
    if plain:
        table = _plain_values(view, legal, deals, model, until)
        fitted = min(fitted, len(table))        # the fitted worlds come first
    elif view.phase in (ROUND1, ROUND2):
        table = _bid_values(view, legal, deals, model)
    elif rollouts:
        table = _rollout_values(view, legal, deals)
    else:
        table = _play_values(view, legal, [replay_view(view, d) for d in deals])
    sign = 1 if view.maker is None or team(view.seat) == team(view.maker) else -1
    if view.phase in (ROUND1, ROUND2):
        sign = 1                       # bid values are already for the seat's team
    return replace(_pricing(legal, sign * table, weights), fitted=fitted, rollouts=rollouts)


def combine(pricings) -> Pricing:
    """One pricing from several of the same view (priced on different worlds, e.g. by other
    seeds): their worlds together, every option's value and interval worked out again."""
    pricings = list(pricings)
    if len(pricings) == 1:
        return pricings[0]
    order = [o.action for o in pricings[0].options]
    if len({p.weights is None for p in pricings}) > 1:
        raise ValueError("weighted and unweighted pricings cannot be combined")
    tables = []
    for p in pricings:
        columns = [o.action for o in p.options]
        if sorted(map(repr, columns)) != sorted(map(repr, order)):
            raise ValueError("pricings of different decisions cannot be combined")
        tables.append(p.table[:, [columns.index(a) for a in order]])
    weights = None if pricings[0].weights is None else np.concatenate(
        [p.weights for p in pricings])
    if len({p.rollouts for p in pricings}) > 1:
        raise ValueError("pricings by rollouts and face up cannot be combined")
    return replace(_pricing(order, np.concatenate(tables), weights),
                   fitted=sum(p.fitted for p in pricings), rollouts=pricings[0].rollouts)


def consistent_worlds(view: View, worlds: int, seed: int, model: Agent | None,
                      tries: int = INFER_TRIES):
    """``worlds`` deals consistent with the view and (where ``model`` is given) with the other
    seats' bids: a deal is kept when ``model``, bidding for each of them, makes the bids they
    made.  Up to ``tries`` deals a world are drawn; the rest are filled unconditioned.
    Returns (deals, how many fit the bids)."""
    others = model is not None and any(b.seat != view.seat for b in _auction(view))
    kept, k = [], 0
    while others and len(kept) < worlds and k < worlds * tries:
        deal = view.deal(1 + seed * 1_000_003 + k)
        k += 1
        if _bids_fit(view, deal, model):
            kept.append(deal)
    fitted = len(kept) if others else 0
    w = 0
    while len(kept) < worlds:
        kept.append(view.deal(1 + seed * 1_000_003 + worlds * tries + w))
        w += 1
    return kept, fitted


def _auction(view: View):
    """The bids up to and including the one that made trump (later ones are defenders')."""
    out = []
    for b in view.bids:
        out.append(b)
        if b.action in ("order_up", "call"):
            break
    return out


def _bids_fit(view: View, deal, model: Agent) -> bool:
    """Whether ``model`` bidding for the other seats on ``deal`` makes the view's bids."""
    from sim.referee.hand import Hand
    from sim.referee.replay import bid_action

    hands, kitty, _discard = deal
    h = Hand(hands, kitty, view.dealer, view.rules)
    for b in _auction(view):
        action = bid_action(b)
        if b.seat != view.seat and model.decide_at(h, b.seat, (0, 0)) != action:
            return False
        h.apply(action)
    return True


def _pricing(legal, table: np.ndarray, weights: np.ndarray | None = None) -> Pricing:
    """Options from the (worlds x options) values for the seat's team (weighted means with
    ``weights``)."""
    n = table.shape[0]
    means = np.average(table, axis=0, weights=weights)
    best = int(np.argmax(means))
    opts = []
    for j, a in enumerate(legal):
        lo, hi = _interval(table[:, j], weights)
        gap = table[:, best] - table[:, j]
        glo, ghi = _interval(gap, weights)
        opts.append(Option(a, float(means[j]), lo, hi, float(np.average(gap, weights=weights)),
                           glo, ghi))
    order = sorted(range(len(opts)), key=lambda j: -opts[j].value)
    if weights is None:
        return Pricing(tuple(opts[j] for j in order), n, table[:, order])
    effective = float(weights.sum() ** 2 / (weights ** 2).sum())
    return Pricing(tuple(opts[j] for j in order), n, table[:, order], weights=weights,
                   effective=effective)


def _interval(xs: np.ndarray, weights: np.ndarray | None = None) -> tuple[float, float]:
    """The normal 95% interval of the mean of ``xs`` (weighted: of the weighted mean, its
    standard error the ratio estimator's, sqrt(sum w^2 (x - m)^2) / sum w)."""
    if weights is None:
        m = float(xs.mean())
        half = half_width(float(xs.std(ddof=1)), xs.size, Z95) if xs.size > 1 else 0.0
        return m - half, m + half
    m = float(np.average(xs, weights=weights))
    se = float(np.sqrt((weights ** 2 * (xs - m) ** 2).sum())) / float(weights.sum())
    return m - Z95 * se, m + Z95 * se


# ---------------------------------------------------------------------------------------------
# card play, the discard, defending alone: the solver on each world's position

def _position(hand, discard=None, lone_defender=None) -> Position:
    """The solver's position of a world's referee hand once trump is made, read from its
    record as ``sim.solver.review.record_position`` reads one, with the cards played so far;
    ``discard`` or ``lone_defender`` change the record first (another discard, a defender's
    ``defend_alone`` bid)."""
    rec = hand.to_hand_record()
    if discard is not None:
        rec = replace(rec, discard=discard)
    if lone_defender is not None:
        rec = replace(rec, bids=rec.bids + (Bid(lone_defender, "defend_alone"),))
    return replace(record_position(rec, hand.rules), played=rec.plays)


def _positions(view: View, legal, hand) -> list:
    """A world's positions to solve: the hand now (a card to play), or one an option."""
    if view.phase == PLAY:
        return [_position(hand)]
    if view.phase == DISCARD:
        return [_position(hand, discard=a.card) for a in legal]
    return [_position(hand, lone_defender=view.seat if isinstance(a, DefendAlone) else None)
            for a in legal]


def _play_values(view: View, legal, hands) -> np.ndarray:
    """(worlds x options) values to the maker's team."""
    positions = [p for hand in hands for p in _positions(view, legal, hand)]
    sols = solve_positions(positions, view.rules.lone_defender_euchre_points)
    if view.phase == PLAY:
        return np.array([[s.cards[a.card] for a in legal] for s in sols], np.float64)
    return np.array([s.value for s in sols], np.float64).reshape(len(hands), len(legal))


def _rollout_values(view: View, legal, deals) -> np.ndarray:
    """(worlds x options) values to the maker's team, each a rollout of tuned's card play."""
    from sim.players.rollout import card_values
    from sim.solver.worlds import new_knowledge

    kn = new_knowledge(view.seat, mask_of(view.hand), view.trump, view.maker, view.alone,
                       -1 if view.defender_alone is None else view.defender_alone, view.dealer,
                       view.upcard, view.picked_up,
                       view.discard if view.discard is not None else -1, list(view.plays),
                       view.rules.lone_defender_euchre_points)
    worlds = np.zeros((len(deals), 4), np.int64)
    for i, (hands, _kitty, discard) in enumerate(deals):
        for s, h in enumerate(hands):
            worlds[i, s] = mask_of(h)
        if view.picked_up and discard is not None:
            worlds[i, view.dealer] |= 1 << view.upcard
            worlds[i, view.dealer] &= ~(1 << discard)
        for s, c in view.plays:
            worlds[i, s] &= ~(1 << c)
    cards, table = card_values(kn, worlds)
    return table[:, [cards.index(a.card) for a in legal]]


# ---------------------------------------------------------------------------------------------
# bids: each contract under perfect play after the bidding; a pass, the rest of the auction

def _bid_values(view: View, legal, deals, rest: Agent) -> np.ndarray:
    """(worlds x options) values to the seat's team."""
    rows = []              # one contract per (world, option): the columns perfect_points reads
    for deal in deals:
        for a in legal:
            rows.append(_contract(view, a, deal, rest) + (deal,))
    dealt = np.array([[mask_of(h) for h in r[-1][0]] for r in rows], np.int64)
    rnd, maker, trump, alone = (np.array([r[k] for r in rows], np.int64) for k in range(4))
    pts = perfect_points(dealt, np.full(len(rows), view.upcard), np.full(len(rows), view.dealer),
                         rnd, maker, trump, alone, np.full(len(rows), -1), view.rules)
    mine = pts.points0 - pts.points1 if team(view.seat) == 0 else pts.points1 - pts.points0
    return mine.astype(np.float64).reshape(len(deals), len(legal))


# ---------------------------------------------------------------------------------------------
# the same in plain Python (``plain``), world by world: the solver's twin (``sim.solver.twin``)

def _plain_values(view: View, legal, deals, rest, until: float | None) -> np.ndarray:
    """(worlds x options) as ``_bid_values`` and ``_play_values`` give them, by the solver's
    twin; past the time ``until`` (``time.monotonic``), once ``MIN_PLAIN_WORLDS`` are priced,
    the first worlds only."""
    import time

    from sim.solver.twin import perfect_value_slow, solve_slow, value_slow

    lone = view.rules.lone_defender_euchre_points
    rows = []
    for deal in deals:
        if until is not None and len(rows) >= MIN_PLAIN_WORLDS and time.monotonic() > until:
            break
        if view.phase in (ROUND1, ROUND2):
            row = []
            for a in legal:
                rnd, maker, trump, alone = _contract(view, a, deal, rest)
                v = perfect_value_slow([mask_of(h) for h in deal[0]], view.upcard, view.dealer,
                                       rnd, maker, trump, alone, view.rules)
                row.append(v if maker < 0 or team(maker) == team(view.seat) else -v)
        elif view.phase == PLAY:            # each card's value
            cards = solve_slow(_positions(view, legal, replay_view(view, deal))[0], lone)[1]
            row = [cards[a.card] for a in legal]
        else:                               # each option's value alone
            row = [value_slow(p, lone) for p in _positions(view, legal, replay_view(view, deal))]
        rows.append(row)
    return np.array(rows, np.float64)


def _contract(view: View, action, deal, rest: Agent) -> tuple[int, int, int, int]:
    """(round, maker, trump, alone) the auction reaches in a world after ``action``: the
    action's own contract, or after a pass the rest of the auction by ``rest`` (round 0:
    passed out)."""
    if isinstance(action, OrderUp):
        return 1, view.seat, view.upcard // 6, int(action.alone)
    if isinstance(action, Call):
        return 2, view.seat, action.suit, int(action.alone)
    h = replay_view(view, deal)
    h.apply(Pass(view.seat))
    while h.phase in (ROUND1, ROUND2):
        h.apply(rest.decide_at(h, h.turn, (0, 0)))
    if h.phase == DONE:
        return 0, -1, -1, 0
    return h.round, h.maker, h.trump, int(h.alone)


__all__ = ["price", "combine", "Pricing", "Option", "DEFAULT_WORLDS", "DEFAULT_REST", "INFER"]
