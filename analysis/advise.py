"""The hand advisor: price every option for one concrete hand, seat and upcard, by playing
each option on the same deals of the unseen cards (consistent with what the player sees) and
keeping only deals where the auction reaches him.  ``advise_hand`` runs these steps: check the
request, deal until the stopping rule is met, one row per option, the recommendation.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from types import SimpleNamespace

import numpy as np
import pandas as pd

from analysis.inputs import InputError
from analysis.stats import mean_interval, proportion, z_value
from analysis.win_model import parse_score, win_probability, win_source, win_table
from sim import POSITIONS, Rules, RunSpec, Table, force_array
from sim.cards import SUIT_NAMES, card_name, parse_card, parse_cards, suit_of
from sim.run.hands import FORCE_ALONE, FORCE_MAKE, FORCE_PASS, play_seen

DEFAULT_TARGET = 0.02  # default stopping rule: every option's 95% EV interval within ± this
CAP = 2_000_000  # most accepted deals any stopping rule goes to
FIRST_BATCH = 16_384  # accepted deals the first batch aims at (variance estimate)
MAX_DEALT_NONE = 1_000_000  # give up when this many deals never reach the player
MAX_DEALT = 50_000_000  # give up dealing (low acceptance) after this many deals per option


@dataclass(frozen=True)
class Option:
    label: str
    action: int  # FORCE_PASS / FORCE_MAKE / FORCE_ALONE
    suit: int | None = None  # round 2 calls: the suit called


@dataclass
class _Sample:
    """Per-deal outcomes of the accepted deals, one array per option, all in deal order."""

    points: list = field(default_factory=list)  # his team's points per deal (int8)
    opp: list = field(default_factory=list)  # other team's points
    made_by_us: list = field(default_factory=list)  # his team made trump
    tricks: list = field(default_factory=list)  # makers' tricks


# ---------------------------------------------------------------------------------------------
# input


def _position(position) -> int:
    if isinstance(position, bool):
        raise InputError("position", f"first, second, third or dealer, not {position!r}")
    if isinstance(position, int | np.integer) and 0 <= int(position) <= 3:
        return int(position)
    if isinstance(position, str) and position.strip().lower() in POSITIONS:
        return POSITIONS.index(position.strip().lower())
    raise InputError("position", f"first, second, third or dealer, not {position!r}")


def _read_hand(hand) -> list[int]:
    try:
        cards = parse_cards(hand)
    except ValueError as e:         # an unknown or repeated card (CardError)
        raise InputError("hand", str(e)) from None
    if len(cards) != 5:
        shown = " ".join(card_name(c) for c in cards)
        raise InputError("hand", f"a hand has exactly five cards, got {len(cards)}: "
                         f"{shown or 'none'}")
    return cards


def options_for(round_: int, upcard: int, position: int, rules: Rules) -> list[Option]:
    """The player's options: round 1 pass / order up / alone (the dealer "picks up"); round 2
    pass (not for a stuck dealer) and each suit but the turned-down one, with partner or alone."""
    if round_ == 1:
        verb = "pick up" if position == 3 else "order up"
        return [
            Option("pass", FORCE_PASS),
            Option(verb, FORCE_MAKE),
            Option(f"{verb} alone", FORCE_ALONE),
        ]
    stuck = position == 3 and rules.stick_the_dealer
    opts = [] if stuck else [Option("pass", FORCE_PASS)]
    for s in range(4):
        if s != suit_of(upcard):
            name = SUIT_NAMES[s]
            opts.append(Option(f"call {name}", FORCE_MAKE, s))
            opts.append(Option(f"call {name} alone", FORCE_ALONE, s))
    return opts


# ---------------------------------------------------------------------------------------------
# dealing


def _half_width(values) -> float:
    est = _mean(values)
    return (est.high - est.low) / 2 if est.n >= 2 else math.inf


def _mean(values):
    """Mean of integer per-deal values with a 95% interval (exact variance, via bincount)."""
    v = np.asarray(values, np.int64)
    if v.size == 0:
        return mean_interval([], [])
    lo = int(v.min())
    counts = np.bincount(v - lo)
    return mean_interval(np.arange(lo, lo + counts.size), counts)


def _paired(a, b):
    return _mean(np.asarray(a, np.int64) - np.asarray(b, np.int64))


@dataclass(frozen=True)
class _Request:
    """The checked inputs of one ``advise_hand`` call."""

    cards: list
    upcard: int
    position: int
    round_: int
    score: tuple[int, int] | None
    discard: int | None
    rules: Rules
    table: Table
    seed: int
    deals: int | None
    precision: float | None
    assume_passed: bool = False
    play_table: Table | None = None  # the table the deals are played with (assume_passed)


ASSUMED_PASS = ("assumed: the player passed in round 1 (his own round-1 bid is not asked; "
                "the others' passes are conditioned on as usual)")


def passed_round1(table: Table, position: int) -> Table:
    """``table`` with the player at ``position`` (seat ``position``; seat 3 deals) passing in
    round 1 whatever he holds and playing as before otherwise (``Strategy.passing_round1``;
    his round-2 decision is the forced option)."""
    seats = list(table.seats)
    seats[position] = seats[position].passing_round1()
    return Table(tuple(seats))


def _check_request(hand, upcard, position, round_, score, strategy, rules, deals, precision,
                   seed, discard, assume_passed=False) -> _Request:
    """Read and check the inputs (each mistake raises ``ValueError`` with a sentence)."""
    rules = Rules() if rules is None else rules
    if isinstance(rules, str):
        from sim import parse_rules

        rules = parse_rules(rules)
    cards = _read_hand(hand)
    try:
        up = parse_card(upcard) if isinstance(upcard, str) else int(upcard)
    except ValueError as e:
        raise InputError("upcard", str(e)) from None
    if not 0 <= up < 24:
        raise InputError("upcard", f"unknown card {upcard!r}")
    if up in cards:
        raise InputError("upcard", f"{card_name(up)} is also in the hand")
    pos = _position(position)
    if isinstance(round_, str) and round_.strip() in ("1", "2"):
        round_ = int(round_)
    if isinstance(round_, bool) or round_ not in (1, 2):
        raise InputError("round", f"1 or 2, not {round_!r}")
    try:
        sc = parse_score(score, rules.game_to)
    except ValueError as e:         # its words name the score
        raise InputError("score", str(e), named=False) from None
    d = _check_discard(discard, cards, up, pos, round_, rules)
    if deals is not None and precision is not None:
        raise InputError("precision", "give {deals} or {precision}, not both", named=False)
    if deals is not None and (isinstance(deals, bool) or int(deals) != deals or deals < 1):
        raise InputError("deals", f"a whole number of at least 1, not {deals!r}")
    if precision is not None and not 0 < precision < math.inf:
        raise InputError("precision", f"a positive number of points, not {precision!r}")
    table = strategy if isinstance(strategy, Table) else Table.teams(strategy)
    seed = RunSpec.of(seed, rules, table).seed
    play_table = table
    if assume_passed:
        if round_ != 2:
            raise InputError("assume_passed", "{assume_passed} is for round 2: it assumes "
                             "the player passed in round 1", named=False)
        play_table = passed_round1(table, pos)
    return _Request(cards, up, pos, round_, sc, d, rules, table, seed, deals, precision,
                    bool(assume_passed), play_table)


def _check_discard(discard, cards, up, pos, round_, rules) -> int | None:
    if discard is None:
        return None
    if pos != 3 or round_ != 1:
        raise InputError("discard", "only for the dealer in round 1")
    d = parse_card(discard) if isinstance(discard, str) else int(discard)
    if d != up and d not in cards:
        raise InputError("discard", f"{card_name(d)} is neither in the hand nor the upcard")
    if d == up and not rules.dealer_may_discard_upcard:
        raise InputError("discard", f"these rules do not let the dealer discard the upcard "
                         f"{card_name(d)}")
    return d


class _Deals:
    """The accepted deals so far, per option, and the stopping rule that decides when to stop
    dealing (``deals`` accepted, or the ``precision``/``DEFAULT_TARGET`` interval reached)."""

    def __init__(self, req: _Request, options: list[Option]):
        self.req = req
        self.options = options
        self.samples = [_Sample() for _ in options]
        self.have = 0  # accepted deals
        self.dealt = 0  # deals dealt (accepted or not)
        self.z = z_value()
        self.batch = None               # the most deals a batch deals (None: as many as wanted)
        self.stopped = None             # why dealing stopped before the rule was met, if it did

    def column(self, name: str, i: int) -> np.ndarray:
        parts = getattr(self.samples[i], name)
        return np.concatenate(parts) if parts else np.zeros(0, np.int8)

    def nets(self) -> list[np.ndarray]:
        return [self.column("points", i).astype(np.int64) - self.column("opp", i)
                for i in range(len(self.options))]  # fmt: skip

    def _top_two(self, net):
        order = np.argsort([-n.mean() for n in net], kind="stable")
        return net[order[0]] - net[order[1]] if len(net) > 1 else net[order[0]]

    def target(self) -> int:
        """Accepted deals the stopping rule wants, given what has been seen."""
        req, have = self.req, self.have
        if req.deals is not None:
            return int(req.deals)
        if have < 2:
            return FIRST_BATCH
        net = self.nets()
        if req.precision is not None:
            sd, goal = float(np.std(self._top_two(net), ddof=1)), req.precision
        else:
            sd, goal = max(float(np.std(n, ddof=1)) for n in net), DEFAULT_TARGET
        need = math.ceil((self.z * sd / goal) ** 2 * 1.05) if sd > 0 else have
        return int(min(CAP, max(need, have)))

    def satisfied(self) -> bool:
        req, have = self.req, self.have
        if req.deals is not None:
            return have >= req.deals
        if have >= CAP:
            return True
        if have < 2:
            return False
        net = self.nets()
        if req.precision is not None:
            return _half_width(self._top_two(net)) <= req.precision
        return max(_half_width(n) for n in net) <= DEFAULT_TARGET

    def short_of_goal(self) -> str | None:
        """Where dealing stopped at ``CAP`` accepted (or ``MAX_DEALT`` dealt) deals before the
        interval asked for (``precision``, or ``DEFAULT_TARGET``), what it reached; else None."""
        req = self.req
        if req.deals is not None or self.have < 2:
            return None
        net = self.nets()
        if req.precision is not None:
            goal, got, what = req.precision, _half_width(self._top_two(net)), \
                "the paired 95% interval of the top two options"
        else:
            goal, got, what = DEFAULT_TARGET, max(_half_width(n) for n in net), \
                "every option's 95% interval"
        if got <= goal:
            return None
        cap = (f"the cap of {CAP:,} accepted deals" if self.have >= CAP
               else f"the cap of {MAX_DEALT:,} deals dealt")
        return (f"stopped at {cap} before {what} reached \u00b1{goal:g} points: it is "
                f"\u00b1{got:.4f}")

    def play_batch(self, goal: int, forces: list) -> None:
        """Deal the next batch, sized from the acceptance rate so far, under every option, and
        keep the deals where the auction reached the player."""
        req = self.req
        want = goal - self.have if goal > self.have else max(1, self.have // 10)
        rate = self.have / self.dealt if self.have else 1.0
        n = int(min(max(want / max(rate, 1e-3) * 1.1, 1024), 1 << 22))
        if self.batch is not None:      # short batches: a progress call (and a stop) between
            n = min(n, self.batch)
        chunk = int(max(64, min(4096, n // 16)))
        k = len(self.options)
        mask = int(sum(1 << c for c in req.cards))
        scores = np.zeros(2, np.int64)
        if req.score is not None:
            scores[req.position % 2], scores[1 - req.position % 2] = req.score
        out = np.zeros((k, n, 7), np.int64)
        for i in range(k):
            play_seen(req.seed, self.dealt, n, chunk, req.rules, req.play_table, forces[i], mask,
                      req.upcard, req.position, scores, out[i])  # fmt: skip
        reached = out[0, :, 0] == 1
        for i in range(1, k):
            if not np.array_equal(out[i, :, 0] == 1, reached):
                raise RuntimeError(
                    "the auction reached the player on different deals for "
                    "different options; the kernel's forcing is inconsistent"
                )
        idx = np.flatnonzero(reached)
        if req.deals is not None:
            idx = idx[: int(req.deals) - self.have]
        self._keep(out, idx)
        if req.deals is not None and self.have >= req.deals:
            self.dealt = int(idx[-1]) + 1 + self.dealt
        else:
            self.dealt += n

    def _keep(self, out: np.ndarray, idx: np.ndarray) -> None:
        pos = self.req.position
        for i, sample in enumerate(self.samples):
            o = out[i, idx]
            sample.points.append(o[:, 5].astype(np.int8))
            sample.opp.append(o[:, 6].astype(np.int8))
            sample.made_by_us.append((o[:, 2] >= 0) & (o[:, 2] % 2 == pos % 2))
            sample.tricks.append(o[:, 4].astype(np.int8))
        self.have += idx.size


def _deal_until_satisfied(req: _Request, options: list[Option], progress,
                          batch: int | None = None, stop=None) -> _Deals:
    """Play batches of deals under every option until the stopping rule is met, or ``stop()``
    gives a reason to stop early (asked after each batch once there are 2 deals or more)."""
    forces = [force_array(req.position, req.round_, o.action, o.suit, req.discard)
              for o in options]  # fmt: skip
    state = _Deals(req, options)
    state.batch = batch
    goal = state.target()
    while not state.satisfied():
        state.play_batch(goal, forces)
        if state.have == 0 and state.dealt >= MAX_DEALT_NONE:
            where = "in round 2" if req.round_ == 2 else "in round 1"
            hint = ("; if he did pass in round 1, ask with {assume_passed}"
                    if req.round_ == 2 and not req.assume_passed else "")
            raise InputError(
                "assume_passed",
                f"the auction never reached the {POSITIONS[req.position]} player {where} in "
                f"{state.dealt:,} deals: with this hand and upcard the strategy (his own "
                f"round-1 bid included) never lets him decide, so there is nothing to advise"
                + hint, named=False,
            )
        if state.dealt >= MAX_DEALT and state.have > 1:
            break
        goal = state.target()
        if progress is not None:
            progress(state.have, max(goal, state.have))
        if stop is not None and state.have >= 2 and not state.satisfied():
            state.stopped = stop()
            if state.stopped:
                break
    return state


#: making, march and euchred of a pass: not applicable (NaN here, "—" in text, null in JSON)
NOT_APPLICABLE = SimpleNamespace(value=math.nan, low=math.nan, high=math.nan)


def _option_row(state: _Deals, i: int, net: np.ndarray, ptable) -> dict:
    """One option's row: net points, points, making, march, euchred (and win) with intervals."""
    opt, have, req = state.options[i], state.have, state.req
    pts = state.column("points", i)
    made = np.concatenate(state.samples[i].made_by_us)
    tricks = state.column("tricks", i)
    e_net = _mean(net)
    e_pts = _mean(pts)
    making = proportion(int(np.sum(made & (tricks >= 3))), have)
    march = proportion(int(np.sum(made & (tricks == 5))), have)
    euchred = proportion(int(np.sum(made & (tricks < 3))), have)
    if opt.action == 0:        # a pass makes no trump: how it goes is not the pass's
        making = march = euchred = NOT_APPLICABLE
    row = {
        "option": opt.label,
        "action": ("pass", "make", "alone")[opt.action],
        "suit": None if opt.suit is None else SUIT_NAMES[opt.suit],
        "net": e_net.value, "net_low": e_net.low, "net_high": e_net.high,
        "points": e_pts.value, "points_low": e_pts.low, "points_high": e_pts.high,
        "making": making.value, "making_low": making.low, "making_high": making.high,
        "march": march.value, "march_low": march.low, "march_high": march.high,
        "euchred": euchred.value, "euchred_low": euchred.low, "euchred_high": euchred.high,
    }  # fmt: skip
    if ptable is not None:
        w = win_probability(pts, state.column("opp", i), req.score, req.position, ptable)
        e_w = mean_interval(w)
        row.update(win=e_w.value, win_low=e_w.low, win_high=e_w.high)
    dealt = state.dealt
    row.update(deals=have, dealt=dealt, acceptance=have / dealt if dealt else math.nan)
    return row


def _recommend(options: list[Option], values, paired_estimate) -> dict:
    """The best option by mean of ``values``, the runner-up and the paired difference."""
    order = np.argsort(-np.array([v.mean() for v in values]), kind="stable")
    best = int(order[0])
    rec = {"option": options[best].label}
    if len(options) > 1:
        second = int(order[1])
        est = paired_estimate(values[best], values[second])
        rec.update(runner_up=options[second].label, difference=est.value, low=est.low,
                   high=est.high, decided=bool(est.low > 0))  # fmt: skip
    else:
        rec.update(runner_up=None, difference=math.nan, low=math.nan, high=math.nan,
                   decided=True)  # fmt: skip
    return rec


def _all_pairs(options: list[Option], net) -> list[dict]:
    """Every pair of options: the paired difference in net points with its interval."""
    pairs = []
    for a in range(len(options)):
        for b in range(a + 1, len(options)):
            est = _paired(net[a], net[b])
            pairs.append({"a": options[a].label, "b": options[b].label,
                          "difference": est.value, "low": est.low, "high": est.high})  # fmt: skip
    return pairs


def equilibrium_mix(req: _Request, options: list[Option]) -> list[float] | None:
    """The equilibrium table's own probability of each option for the hand (None unless the
    player bids by an equilibrium table): at a score, the table the player bids by there."""
    from sim import load_equilibrium_table
    from sim.players.equilibrium import call_action, class_ids, info_index
    from sim.players.equilibrium_table import score_table_path

    seat = req.table.seats[0]
    if not seat.bids_by_table():
        return None
    path = seat.table_file()
    reads = seat.player.reads_score is not None and seat.player.reads_score(seat)
    if path is None and reads and req.score is not None:
        us, them = req.score
        path = score_table_path(req.rules, (us, them) if req.position % 2 else (them, us))
    t = load_equilibrium_table(req.rules, path)
    hand = np.int64(sum(1 << c for c in req.cards))
    i, swapped = info_index(class_ids(), hand, np.int64(req.upcard), req.position)
    if req.round_ == 1:
        row = t.round1[i]
        return [float(row[o.action]) for o in options]
    row = t.round2[i]
    return [float(row[0]) if o.suit is None else
            float(row[call_action(o.suit, o.action == FORCE_ALONE, req.upcard, swapped)])
            for o in options]


def equilibrium_table_used(req: _Request) -> dict | None:
    """At a score, which table the score-reading equilibrium bids by there (the dealing team's
    score first, the score it was solved for and how near, ``score_table_state``); None without
    a score, or when the player bids by one table at every score."""
    from sim.players.equilibrium_table import score_table_state

    seat = req.table.seats[0]
    if req.score is None or not seat.bids_by_table() or seat.table_file() is not None:
        return None
    if not (seat.player.reads_score is not None and seat.player.reads_score(seat)):
        return None
    us, them = req.score
    dealers = (us, them) if req.position % 2 else (them, us)
    state = score_table_state(req.rules, dealers)
    return None if state is None else {"score": list(dealers), **state}


def _inputs(req: _Request, state: _Deals, wall: float) -> dict:
    return {
        "hand": " ".join(card_name(c) for c in req.cards),
        "upcard": card_name(req.upcard),
        "position": POSITIONS[req.position],
        "round": req.round_,
        "score": None if req.score is None else list(req.score),
        "strategy": req.table.describe()["team0"],
        "rules": req.rules.describe(),
        "seed": int(req.seed),
        "discard": None if req.discard is None else card_name(req.discard),
        "assumption": ASSUMED_PASS if req.assume_passed else None,
        "deals": state.have,
        "dealt": state.dealt,
        "wall_s": wall,
    }


def advise_hand(
    hand,
    upcard,
    position,
    round_=1,
    score=None,
    strategy=None,
    rules=None,
    deals=None,
    precision=None,
    seed=1,
    discard=None,
    progress=None,
    assume_passed=False,
    batch=None,
    stop=None,
) -> pd.DataFrame:
    """Price every option the player has for one hand, seat and upcard.

    Parameters
    ----------
    hand : five cards, e.g. ``"JS AS 9H 9D TC"`` (also ``10h``, ``J♥``) or a list of strings
    upcard : the upcard (round 2: the turned-down upcard)
    position : ``first``, ``second``, ``third`` or ``dealer`` (or 0-3)
    round_ : 1 (order up or pass) or 2 (call a suit or pass)
    score : ``"6-8"`` or ``(6, 8)``, the player's team first: adds the game win probability
    strategy : a built-in name, a TOML file or a ``sim.run.hands.Table`` for all four seats
        (default: the default strategy, ``tuned``)
    rules : a ``Rules`` value or a spec string for ``sim.rules.parse_rules`` (default: published)
    deals : accepted deals to play (deals where the auction reaches the player)
    precision : instead, deal until the paired 95% interval of the top two options (by net
        points) has at most this half-width, or ``CAP`` accepted deals
    seed : run seed; deal ``i`` depends only on ``(seed, i)``
    discard : as dealer in round 1, the card to discard after picking up (default: the
        strategy's choice)
    progress : optional ``progress(done, total)``, called after each batch with the accepted
        deals so far and the current estimate of the total
    assume_passed : round 2 only: the player passed in round 1 whatever his strategy would
        have bid (for a hand it would have ordered with); stated in ``attrs["assumption"]``
    batch : the most deals one batch deals (default: as many as the stopping rule wants), so
        that ``progress`` is called, and may stop the run, at least that often (the web
        application's batches with a search player at the table); with ``deals`` the answer is
        the same whatever the batches, with a precision the stop may fall a batch apart
    stop : optional ``stop()``, asked after each batch once 2 deals or more are in: a reason
        (a sentence) to stop dealing early, or None to go on.  Stopped early, the answer is
        what the deals so far show (their intervals say how much that is), with the reason in
        ``attrs["stopped"]``

    With neither ``deals`` nor ``precision``: enough deals that every option's 95% interval on
    net points is within ±0.02 (estimated from a first batch's variance), at most ``CAP``.

    The other 18 cards are dealt uniformly at random consistent with the player's view
    (``sim.run.hands.play_seen``); every option is played on the *same* deals, everyone else by
    the strategy, so options compare pairwise deal by deal.  Only deals where the auction
    actually reaches the player count (rejection sampling: in round 2 the four round-1
    bidders, the player included, and the earlier round-2 bidders must pass by their
    strategy), which is the correct conditioning on what he saw; the acceptance rate is
    reported.  Deal ``i`` depends only on ``(seed, i)`` and accepted deals are kept in deal
    order, so a run is reproducible bit for bit.  Net points are the player's team's points
    minus the other team's on the hand.  As dealer in round 1, "pick up" is the order-up
    option (the dealer takes the upcard and discards the strategy's choice, or ``discard``).

    Returns
    -------
    DataFrame, one row per option: ``option``, ``action``, ``suit``; ``net`` (his team's points
    minus the other team's, per hand) with ``net_low``/``net_high`` (95% normal interval);
    ``points`` (his team's) likewise; ``making`` (his team made trump and took 3+), ``march``
    (made and took 5), ``euchred`` (made and took fewer than 3), each with a Wilson interval,
    for the options that make trump (NaN for a pass: not applicable);
    with ``score``, ``win`` (P(his team wins the game)) with a normal interval (the win table
    is ``analysis.win_model.win_table``'s, the shipped match-equity table of the rules, said in
    ``attrs["win_table"]``; its own noise is *not* in that interval);
    ``deals`` (accepted), ``dealt``, ``acceptance``, ``recommended`` (the answer's option);
    with an equilibrium player, ``equilibrium`` (its own probability of each option for the
    hand).  ``df.attrs`` holds ``recommendation`` (best option by net points, the runner-up, and
    the paired difference best minus runner-up with its 95% interval; ``decided`` is False when
    it contains 0), ``recommendation_win`` (the same by win probability, with ``score``),
    ``answer_by`` (``"win"`` with a score, whose answer is then ``recommendation_win``, else
    ``"points"``), ``paired`` (every pair of options: paired difference in net points),
    ``stopped`` (where dealing stopped before the interval asked for: at ``CAP``, what it
    reached; or by ``stop`` or the time limit, and that the answer is the deals so far),
    ``equilibrium_table`` (at a score: the table the equilibrium bids by there,
    ``equilibrium_table_used``) and the inputs.
    """
    req = _check_request(hand, upcard, position, round_, score, strategy, rules, deals,
                         precision, seed, discard, assume_passed)  # fmt: skip
    options = options_for(req.round_, req.upcard, req.position, req.rules)
    t0 = time.perf_counter()
    state = _deal_until_satisfied(req, options, progress, batch, stop)
    wall = time.perf_counter() - t0
    return _answer(req, options, state, wall)


def _answer(req: _Request, options: list[Option], state: _Deals, wall: float) -> pd.DataFrame:
    """One row an option, the recommendations (by points; with a score by the chance of
    winning the game too, which is then the answer), the equilibrium's own mix and the inputs."""
    ptable = win_table(req.table, req.rules) if req.score is not None else None
    net = state.nets()
    df = pd.DataFrame([_option_row(state, i, net[i], ptable) for i in range(len(options))])
    rec = _recommend(options, net, _paired)
    df.attrs = {"recommendation": rec, "paired": _all_pairs(options, net), "answer_by": "points",
                **_inputs(req, state, wall)}  # fmt: skip
    if state.stopped:
        df.attrs["stopped"] = state.stopped          # by ``stop`` or the time limit:
        df.attrs["partial"] = True                   # the answer is the deals so far
    else:
        short = state.short_of_goal()
        if short is not None:
            df.attrs["stopped"] = short
    if ptable is not None:
        wins = [win_probability(state.column("points", i), state.column("opp", i), req.score,
                                req.position, ptable) for i in range(len(options))]  # fmt: skip
        df.attrs["recommendation_win"] = _recommend(options, wins,
                                                    lambda a, b: mean_interval(a - b))
        df.attrs["win_table"] = win_source(req.table, req.rules)
        df.attrs["answer_by"] = "win"       # at a score, the game is what a hand is for
    answer = df.attrs["recommendation_win" if ptable is not None else "recommendation"]
    df["recommended"] = df["option"] == answer["option"]
    mix = equilibrium_mix(req, options)
    if mix is not None:
        df["equilibrium"] = mix
        used = equilibrium_table_used(req)
        if used is not None:
            df.attrs["equilibrium_table"] = used
    return df


def paired(df: pd.DataFrame, a: str, b: str) -> dict:
    """The paired difference in net points, option ``a`` minus option ``b``, from ``df.attrs``."""
    for p in df.attrs["paired"]:
        if (p["a"], p["b"]) == (a, b):
            return dict(p)
        if (p["a"], p["b"]) == (b, a):
            return {"a": a, "b": b, "difference": -p["difference"], "low": -p["high"],
                    "high": -p["low"]}  # fmt: skip
    raise KeyError(f"no options {a!r} and {b!r}")


def advise_bench() -> float:
    """Seconds for the default run of "JS AS 9H 9D TC", upcard 9S, first position, after a
    warm-up run that compiles (or loads) the kernel."""
    advise_hand("JS AS 9H 9D TC", "9S", "first", deals=1000)
    t0 = time.perf_counter()
    advise_hand("JS AS 9H 9D TC", "9S", "first")
    return time.perf_counter() - t0


__all__ = ["advise_hand", "advise_bench", "options_for", "paired", "CAP", "DEFAULT_TARGET"]
