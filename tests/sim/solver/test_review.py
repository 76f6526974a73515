"""Reviewing played hands with the solver (``sim.solver.review``): the position when play
begins, the per-card values and losses, and the properties that make them right.

The properties, on kernel-traced hands (default table, published rules) after the bidding:

* makers who play the solver's best card against ``basic`` defenders score at least the
  position's value; ``basic`` makers against defenders who play the solver's best card score at
  most it (the value is a minimax value, so both can fail only if the solver is wrong);
* in the hands as basic played them, the makers' losses minus the defenders' losses equal the
  value at the start minus the points the makers scored.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

import sim
from sim.cards import card_name, suit_of
from sim.players.pimc.play import basic_card
from sim.records import RecordError
from sim.referee import replay_record, team
from sim.rules import Rules
from sim.solver import replay_played, score, solve_positions
from sim.solver.position import next_active
from sim.solver.review import hand_totals, record_position, review_hand, review_hands

pytestmark = pytest.mark.compile

SEED = 11
N_HANDS = 300


@pytest.fixture(scope="module")
def traced():
    """(record, position) of the hands of N_HANDS traced ones where trump was made."""
    out = []
    # basic at every seat: the driver under test plays basic's cards
    for rec in sim.trace(SEED, range(N_HANDS), table=sim.Table.teams("basic")):
        pos = record_position(rec)
        if pos is not None:
            out.append((rec, pos))
    return out


def _turned(rec) -> int | None:
    """The suit turned down, when trump was called in round 2 (basic avoids leading it)."""
    called = any(b["action"] == "call" for b in rec["bids"])
    return suit_of(sim.cards.parse_card(rec["upcard"])) if called else None


def play_out(hands, solver_side: str | None) -> list[int]:
    """Play each (record, position) to the end, ``solver_side`` ("makers", "defenders" or None)
    playing the solver's best card and the other seats basic's; the makers' points per hand.
    The hands move in step, so each step's solver moves are one call."""
    positions = [pos for _, pos in hands]
    turned = [_turned(rec) for rec, _ in hands]
    while True:
        states = [replay_played(p) for p in positions]
        if all(st.finished for st in states):
            return [_points(st) for st in states]
        makers_move = [team(st.to_move) == team(p.maker) for p, st in
                       zip(positions, states, strict=True)]
        by_solver = [i for i, st in enumerate(states) if not st.finished and solver_side and
                     makers_move[i] == (solver_side == "makers")]
        sols = dict(zip(by_solver, solve_positions([positions[i] for i in by_solver]),
                        strict=True))
        for i, st in enumerate(states):
            if st.finished:
                continue
            if i in sols:
                pick = max if makers_move[i] else min
                c = pick(sols[i].cards, key=lambda x, s=sols[i]: s.cards[x])
            else:
                c = basic_card(positions[i], st, turned[i])
            positions[i] = replace(positions[i], played=positions[i].played + ((st.to_move, c),))


def _points(state) -> int:
    pos = state.position
    return score(state.won, pos.alone, pos.defender_alone)


def _makers_points(rec) -> int:
    res = replay_record(rec)
    maker = next(b["seat"] for b in rec["bids"] if b["action"] in ("order_up", "call"))
    return res["points"][maker % 2] - res["points"][1 - maker % 2]


# ---------------------------------------------------------------------------------------------
# the position when play begins


def test_record_position_replays_the_traced_plays(traced):
    """Every traced hand's plays come from the position's hands, legally, and score what the
    referee scores."""
    assert len(traced) > 0.9 * N_HANDS
    for rec, pos in traced[:100]:
        state = replay_played(replace(pos, played=tuple(
            (s, sim.cards.parse_card(c)) for s, c in rec["plays"])))
        assert state.finished
        assert _points(state) == _makers_points(rec)
        dealer = rec["dealer"]
        assert pos.leader == next_active(dealer, pos.active)


def test_basic_driver_reproduces_the_kernel(traced):
    """The test's basic (the plain-Python twin with the kernel's arguments) plays exactly the
    traced cards, so the property tests below pit the solver against the kernel's player."""
    finals = []
    for rec, pos in traced[:120]:
        p = pos
        turned = _turned(rec)
        for seat, name in rec["plays"]:
            st = replay_played(p)
            c = basic_card(p, st, turned)
            assert (st.to_move, card_name(c)) == (seat, name), rec
            p = replace(p, played=p.played + ((seat, c),))
        finals.append(_points(replay_played(p)))
    assert finals == [_makers_points(rec) for rec, _ in traced[:120]]


def _find(records, test):
    return next(r for r in records if test(r))


def test_special_records():
    house = Rules(stick_the_dealer=True, farmers_hand=True, defend_alone=True)
    table = sim.Table.teams("random")
    recs = sim.trace(3, range(3000), house, table)
    farmer = _find(recs, lambda r: "farmer" in r and r["plays"])
    lone_def = _find(recs, lambda r: any(b["action"] == "defend_alone" for b in r["bids"]))
    alone = _find(recs, lambda r: any(b.get("alone") for b in r["bids"]))
    for rec in (farmer, lone_def, alone):
        pos = record_position(rec, house)
        rows = review_hand(rec, house)
        assert len(rows) == len(rec["plays"]) == 5 * sum(pos.active)
        assert hand_totals(rows)["end"] == _makers_points(rec)
    # a farmer's record keeps the hands as dealt; given hands after the swap it is an error
    f = farmer["farmer"]
    swapped = [list(h) for h in farmer["hands"]]
    swapped[f["seat"]] = [c for c in swapped[f["seat"]] if c not in f["gave"]] + f["took"]
    with pytest.raises(RecordError, match="as dealt, before the farmer's swap"):
        record_position({**farmer, "hands": swapped, "kitty": [farmer["upcard"], *f["gave"]]})
    passed = _find(sim.trace(9, range(2000), Rules(), sim.Table.teams("conservative")),
                   lambda r: not r["plays"])
    assert record_position(passed) is None and review_hand(passed) == []


def test_an_ordered_up_record_needs_its_discard():
    rec = _find(sim.trace(SEED, range(50)), lambda r: "discard" in r)
    with pytest.raises(RecordError, match="discard: missing"):
        record_position({k: v for k, v in rec.items() if k != "discard"})


# ---------------------------------------------------------------------------------------------
# the review


def test_review_rows_telescope_and_add_up(traced):
    """Each card's value is the next card's value before it; the losses add up to the value at
    the start minus the makers' points (the hands as basic played them)."""
    reviews = review_hands([rec for rec, _ in traced])
    lost = 0
    for (rec, _pos), rows in zip(traced, reviews, strict=True):
        assert [r["play"] for r in rows] == list(range(1, len(rec["plays"]) + 1))
        for a, b in zip(rows, rows[1:], strict=False):
            assert a["after"] == b["before"]
        for r in rows:
            assert r["loss"] >= 0 and r["before"] == r["best"] and r["card"] in rec["plays"][
                r["play"] - 1]
            assert (r["loss"] == 0) == (r["card"] in r["best_cards"])
        t = hand_totals(rows)
        assert t["end"] == _makers_points(rec)
        assert t["makers_lost"] - t["defenders_lost"] == t["start"] - t["end"]
        lost += t["makers_lost"] + t["defenders_lost"]
    assert lost > 0      # basic is not perfect: some card cost something


def test_positions_and_roles():
    rec = sim.trace(1, [7])[0]     # README: seat 0 calls hearts in round 2, seat 3 deals
    rows = review_hand(rec)
    assert [r["position"] for r in rows[:4]] == ["leader", "second", "third", "fourth"]
    assert [r["role"] for r in rows[:4]] == ["maker", "defender", "partner", "defender"]
    assert rows[0]["trick"] == 1 and rows[-1]["trick"] == 5


def test_the_solver_guarantees_its_value(traced):
    """Makers playing the solver's best card against basic defenders score at least the value;
    basic makers against solver defenders at most it."""
    start = [s.value for s in solve_positions([pos for _, pos in traced])]
    best_makers = play_out(traced, "makers")
    best_defenders = play_out(traced, "defenders")
    assert all(m >= v for m, v in zip(best_makers, start, strict=True))
    assert all(d <= v for d, v in zip(best_defenders, start, strict=True))
    basic = [_makers_points(rec) for rec, _ in traced]
    assert sum(best_makers) > sum(basic) > sum(best_defenders)


# ---------------------------------------------------------------------------------------------
# euchre-sim show --review


@pytest.mark.snapshot
def test_show_review():
    from click.testing import CliRunner

    from analysis.cli.show import show

    r = CliRunner().invoke(show, ["--seed", "1", "--hand", "7", "--review"])
    assert r.exit_code == 0, r.output
    text = r.output
    assert text.startswith("hand 7 of seed 1") and "points: team 0 2, team 1 0 (march)" in text
    lines = text.splitlines()
    first = lines.index("  trick  seat  role      in trick  card  before  after")
    plays = lines[first + 1:first + 21]
    assert plays[1].split() == ["1", "defender", "second", "JD", "+1", "+2", "!", "-1",
                                "(best", "TH)"]
    assert sum("!" in line for line in plays) == 1
    assert lines[-1] == "  value when play began +1 - 0 + 1 = +2, the makers' points"
    r = CliRunner().invoke(show, ["--seed", "1", "--hand", "7", "--review", "--json"])
    answer = json.loads(r.output)
    assert "error" not in replay_record(answer["record"])
    review = answer["review"]
    assert (review["start"], review["end"], review["makers_lost"], review["defenders_lost"]) == (
        1, 2, 0, 1)
    assert review["plays"] == review_hand(sim.trace(1, [7])[0])


# ---------------------------------------------------------------------------------------------
# analysis.play_review


def test_play_review_table():
    import analysis

    df = analysis.play_review("basic", 60, seed=SEED, batch=25)
    assert list(df.columns)[:3] == ["strategy", "by", "group"] and (df["strategy"] == "basic").all()
    g = df.set_index(["by", "group"])
    hands = g.loc[("all", "all"), "hands"]
    assert 50 < hands <= 60 and (df["hands"] == hands).all()
    for col in ("plays", "critical", "lossy_plays"):
        total = g.loc[("all", "all"), col]
        assert g.loc["position", col].sum() == g.loc["side", col].sum() == total
        assert g.loc["role", col].sum() == total
    assert g.loc[("side", "defenders"), "plays"] == g.loc[("role", "defender"), "plays"]
    # the losses add up: makers' points lost per hand - defenders' = start value - points scored
    pph = g["points_per_hand"]
    assert pph[("side", "makers")] - pph[("side", "defenders")] == pytest.approx(
        pph[("value", "start")] - pph[("value", "scored")])
    row = g.loc[("all", "all")]
    assert row["lossy_share_low"] <= row["lossy_share"] <= row["lossy_share_high"]
    assert row["lossy_plays"] <= row["critical"] <= row["plays"]
    fig = analysis.play_review_figure(df)
    assert len(fig.axes) == 3
