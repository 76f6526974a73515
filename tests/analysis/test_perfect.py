"""Perfect play after the bidding: the vectorised scoring of records against the solver's API
one position at a time, the dealer's perfect discard, and ``--play perfect`` end to end."""

import json

import click
import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from analysis import orderup as O
from analysis.cli.orderup import alone, order_up
from sim.players import Strategy, get_strategy
from sim.players.registry import CODE_PLAYER
from sim.rules import Rules
from sim.run.hands import FORCE_MAKE, Table, force_array, simulate
from sim.solver import api
from sim.solver.perfect import first_leader, perfect_points
from sim.solver.position import Position, active_seats, next_active

pytestmark = pytest.mark.compile

PUBLISHED = Rules()
# every convention the scoring must handle: a lone defender (2 points for his euchre), the
# dealer barred from discarding the upcard, no pick-up when his partner goes alone
ODD = Rules(defend_alone=True, lone_defender_euchre_points=2, dealer_may_discard_upcard=False,
            dealer_discards_when_partner_alone=False)
# basic, going alone and defending alone more often, so a small sample holds many of both
LONERS = Table.teams(get_strategy("basic").with_params(
    "loner", alone_threshold=9.0, defend_alone_threshold=6.0))


def _records(rules, n=4000, seed=11):
    return simulate(n, seed, rules, LONERS, records=True).records


def _score(df, rules):
    hands = np.stack([df[f"hand{s}"].to_numpy() for s in range(4)], axis=1)
    return perfect_points(hands, df["upcard"], df["dealer"], df["round"], df["maker"],
                          df["trump"], df["alone"], df["defender_alone"], rules,
                          discard=df["discard"])  # fmt: skip


def _sample(df, k=160):
    """The hands with a lone maker or defender, a few passed out, then the first others."""
    special = df.index[(df["alone"] == 1) | (df["defender_alone"] >= 0)][:k // 2]
    passed = df.index[df["round"] == 0][:5]
    rest = df.index.difference(special.union(passed))[:k - len(special) - len(passed)]
    return df.loc[special.union(passed).union(rest)]


def _position(r, discard) -> Position:
    """The position when play begins, built one record at a time from the rules' text."""
    maker, dealer, alone_ = int(r["maker"]), int(r["dealer"]), bool(r["alone"])
    defender = int(r["defender_alone"])
    active = active_seats(maker, alone_, defender)
    hands = [int(r[f"hand{s}"]) for s in range(4)]
    if int(r["round"]) == 1 and active[dealer]:
        hands[dealer] = (hands[dealer] | 1 << int(r["upcard"])) & ~(1 << int(discard))
    hands = [h if active[s] else 0 for s, h in enumerate(hands)]
    leader = next_active(dealer, active)  # the first seat that plays from the dealer's left
    return Position(tuple(hands), int(r["trump"]), maker, alone_, defender, leader)


@pytest.mark.parametrize("rules", [PUBLISHED, ODD], ids=["published", "odd-conventions"])
def test_perfect_points_equal_the_solver_api_one_by_one(rules):
    df = _sample(_records(rules))
    assert (df["alone"] == 1).sum() >= 20
    if rules.defend_alone:
        assert (df["defender_alone"] >= 0).sum() >= 5
    p = _score(df, rules)
    for i, (_, r) in enumerate(df.iterrows()):
        if r["round"] == 0:
            assert p.points0[i] == p.points1[i] == p.value[i] == 0
            continue
        v = api.solve(_position(r, p.discard[i]), rules.lone_defender_euchre_points).value
        assert p.value[i] == v, (i, r.to_dict())
        makers = int(r["maker"]) % 2
        pts = (p.points0[i], p.points1[i])
        assert pts[makers] == max(v, 0) and pts[1 - makers] == max(-v, 0)
    sat_out = (df["round"].to_numpy() == 1) & (df["alone"].to_numpy() == 1) & (
        (df["maker"].to_numpy() + 2) % 4 == df["dealer"].to_numpy())
    # a dealer who sits out keeps the record's discard (none when he does not pick up)
    assert np.array_equal(p.discard[sat_out], df["discard"].to_numpy()[sat_out])


@pytest.mark.parametrize("rules", [PUBLISHED, ODD], ids=["published", "odd-conventions"])
def test_the_perfect_discard_is_optimal(rules):
    df = _sample(_records(rules, seed=12), 120)
    p = _score(df, rules)
    checked = 0
    for i, (_, r) in enumerate(df.iterrows()):
        dealer, maker = int(r["dealer"]), int(r["maker"])
        active = active_seats(maker, bool(r["alone"]), int(r["defender_alone"]))
        if int(r["round"]) != 1 or not active[dealer]:
            continue
        six = int(r[f"hand{dealer}"]) | 1 << int(r["upcard"])
        cards = [c for c in range(24) if six >> c & 1]
        if not rules.dealer_may_discard_upcard:
            cards.remove(int(r["upcard"]))
            assert p.discard[i] != r["upcard"]
        assert p.discard[i] in cards
        values = [s.value for s in api.solve_positions(
            [_position(r, c) for c in cards], rules.lone_defender_euchre_points)]
        best = max(values) if dealer % 2 == maker % 2 else min(values)
        assert p.value[i] == best == values[cards.index(int(p.discard[i]))]
        checked += 1
    assert checked >= 60


def test_first_leader_skips_the_seats_that_sit_out():
    # dealer 3: seat 0 leads unless it sits out (partner of a lone maker 2 or defender 2)
    lead = first_leader([3, 3, 3, 3, 0], [1, 2, 0, 1, 2], [0, 1, 0, 0, 1], [-1, -1, -1, 2, 1])
    assert list(lead) == [0, 1, 0, 1, 1]


def test_perfect_records_are_refused_with_the_farmers_hand():
    with pytest.raises(ValueError, match="farmer's hand"):
        perfect_points(np.zeros((1, 4)), [0], [0], [0], [-1], [-1], [0], [-1],
                       Rules(farmers_hand=True))
    with pytest.raises(ValueError, match="farmer's hand"):
        O.counterfactual(10, rules=Rules(farmers_hand=True), play="perfect")
    with pytest.raises(ValueError, match="play must be one of"):
        O.counterfactual(10, play="basic")
    card_player = Strategy("cards-only", CODE_PLAYER, {}, "code",
                           ("m", "Cards", ("lead", "follow")))
    with pytest.raises(ValueError, match="only plays cards"):
        O.check_play("perfect", PUBLISHED, Table((card_player,) * 4))
    bidder = Strategy("bidder", CODE_PLAYER, {}, "code", ("m", "Bidder", ("order_up", "lead")))
    O.check_play("perfect", PUBLISHED, Table((bidder,) * 4))


def test_perfect_counterfactual_pairs_the_solver_values():
    t = O.counterfactual(300, 4, positions=["dealer"], play="perfect")["order-pass"]
    assert t.play == "perfect" and t.deals[3] == 300
    h = int(t.hands[3])
    make = simulate(h, 4, records=True, force=force_array("dealer", 1, FORCE_MAKE)).records
    make = make[make["forced"] == 1]
    p = _score(make, PUBLISHED)
    seat = make["dealer"].to_numpy()
    net = np.where(seat % 2 == 0, p.points0 - p.points1, p.points1 - p.points0)
    table = O.counterfactual_table(t, by="position")
    row = table[table["position"] == "dealer"].iloc[0]
    assert row["play"] == "perfect" and row["deals"] == 300
    assert row["ev_order"] == pytest.approx(net.mean(), rel=1e-12)
    # the dealer ordering up is always the maker: his perfect discard never hurts him
    assert (p.value[make["alone"].to_numpy() == 0] >= -2).all()


# ---------------------------------------------------------------------------------------------
# the commands

cli = click.Group("euchre-sim", commands=[order_up, alone])
SMALL = ["--hands", "1000", "--deals", "200", "--seed", "5", "--silent"]


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


@pytest.mark.parametrize(
    "args, message",
    [
        (["--rules", "farmers_hand"], "--play perfect: perfect play cannot be scored with the "
                                      "farmer's hand rule"),
        (["--score", "8-9"], "--score cannot go with --play perfect"),
    ],
)
def test_bad_play_input_is_one_line(tmp_path, args, message):
    r = run("order-up", *SMALL, "--play", "perfect", *args, "--out", tmp_path / "x")
    assert r.exit_code == 1
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and message in lines[0], r.output
    assert not (tmp_path / "x").exists()
    r = run("alone", *SMALL, "--play", "best", "--out", tmp_path / "y")
    assert r.exit_code == 2 and "'best' is not one of 'strategy', 'perfect'" in r.output


def test_alone_with_perfect_play_writes_tables_that_say_so(tmp_path):
    out = tmp_path / "al"
    r = run("alone", *SMALL, "--play", "perfect", "--out", out)
    assert r.exit_code == 0, r.output
    assert r.output.startswith("play: perfect")
    m = json.loads((out / "manifest.json").read_text())
    assert m["play"] == "perfect" and "--play perfect" in m["command"]
    assert m["counterfactual"]["deals"]["dealer"] == 200
    for name in ("alone_vs_partner_by_trumps.csv", "observed_by_class.csv"):
        assert set(pd.read_csv(out / name)["play"]) == {"perfect"}


# ---------------------------------------------------------------------------------------------
# the published study's method and the two-models folder


def test_every_seat_orders_on_every_deal():
    from analysis.perfect import every_seat_positions, order_value_every_seat

    rec = simulate(50, 9, records=True).records
    a = every_seat_positions(rec)
    n = len(rec)
    assert np.array_equal(a["position"], np.repeat(np.arange(4), n))
    assert np.array_equal(a["maker"], (np.tile(rec["dealer"], 4) + 1 + a["position"]) % 4)
    dealer_rows = a["position"] == 3
    assert (a["trumps"][dealer_rows] >= 1).all()  # the upcard counts for the dealer
    table = order_value_every_seat(50, 9)
    v = perfect_points(a["hands"], a["upcard"], a["dealer"], a["round"], a["maker"],
                       a["trump"], a["alone"], a["defender_alone"]).value
    assert set(np.unique(v)) <= {-2, 1, 2}
    first = table[table["position"] == "first"]
    assert first["deals"].sum() == n
    assert table[table["position"] == "all"]["deals"].sum() == 4 * n
    want = pd.Series(v[:n]).groupby(a["trumps"][:n]).mean()
    assert np.allclose(first.set_index("trumps")["value"], want)


def test_write_perfect_writes_both_models(tmp_path):
    from analysis.perfect import PUBLISHED_ORDER_VALUE, order_value_every_seat
    from analysis.studies.perfect import PERFECT, PERFECT_CHARTS, PERFECT_FILES

    paired = {play: O.counterfactual(60, 2, comparisons=(O.ORDER_VS_PASS, O.ALONE_VS_PARTNER),
                                     play=play, batch=4096)
              for play in ("strategy", "perfect")}  # fmt: skip
    args = dict(deals=60, alone_deals=60, every_seat=40, paired_seed=2, every_seat_seed=2,
                rules=Rules(), table=Table.teams(), threads=None)
    PERFECT.result(paired, order_value_every_seat(40, 2), args).write(tmp_path, force=True)
    names = {p.name for p in tmp_path.iterdir()}
    assert set(PERFECT_FILES) <= names and "manifest.json" in names
    assert {f"{c}.{e}" for c in PERFECT_CHARTS for e in ("png", "svg")} <= names
    t = pd.read_csv(tmp_path / "order_vs_pass_by_trumps.csv")
    assert set(t["play"]) == {"strategy", "perfect"}
    assert (t.groupby("play")["deals"].sum() == 2 * 4 * 60).all()  # positions and "all"
    c = pd.read_csv(tmp_path / "published_comparison.csv")
    a = c[c["position"] == "all"]
    assert list(a["published_value"]) == [PUBLISHED_ORDER_VALUE[k] for k in a["trumps"]]
    assert list(a["trumps"]) == sorted(a["trumps"]) and len(a) >= 4
    assert {"every_seat_value", "perfect_gain", "strategy_gain"} <= set(c)
