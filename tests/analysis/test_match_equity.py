"""The match-equity table (``analysis.match_equity``, ``euchre-sim match-equity``): the recursion
against values worked out by hand, games started at a score in the kernel against the referee's
games, games against hands through the recursion, the command's folder and its refusals."""

import json

import click
import numpy as np
import pytest
from click.testing import CliRunner

from analysis import match_equity as me
from analysis.cli.match_equity import match_equity
from sim import Rules, Table, load_strategy, simulate_games
from sim.run.games import G_FIRST_DEALER_WINS, G_WINS
from sim.run.refereed import GamesTask as RefereeGames
from sim.run.spec import RunSpec
from tests.commands import assert_one_line_error

FIVE = Rules(game_to=5)
cli = click.Group("euchre-sim", commands=[match_equity])


def outcomes(**shares) -> np.ndarray:
    """One hand's outcome shares (``d1`` dealers +1, ``o2`` others +2, ``passed``)."""
    p = np.zeros(9)
    for k, v in shares.items():
        p[4 if k == "passed" else (int(k[1:]) if k[0] == "d" else -int(k[1:])) + 4] = v
    return p


def test_the_recursion_gives_what_a_hand_calculation_gives():
    # a game to 1 where half the hands are passed out and the rest go to the dealers:
    # W = 1/2 + 1/2 (1 - W), so W = 2/3 (the deal passes, the other team deals the redeal)
    p = outcomes(d1=0.5, passed=0.5)[None, None, :]
    assert me.solve_recursion(p)[0, 0] == pytest.approx(2 / 3, abs=1e-12)
    # a game to 2, one point to either side with equal odds: W(1,1) = 1/2, W(1,0) = 3/4,
    # W(0,1) = 1/4, and W(0,0) = 1/2 (3/4 after the dealers score, 1/4 after the others do)
    p = np.broadcast_to(outcomes(d1=0.5, o1=0.5), (2, 2, 9))
    assert me.solve_recursion(p) == pytest.approx(np.array([[0.5, 0.25], [0.75, 0.5]]))
    # a march (2 points) ends a game to 2 from any score
    p = np.broadcast_to(outcomes(d2=0.3, o2=0.7), (2, 2, 9))
    assert me.solve_recursion(p) == pytest.approx(np.full((2, 2), 0.3))


@pytest.mark.compile
def test_games_from_a_score_start_there_and_count_for_the_dealing_team():
    table = Table((load_strategy("tuned"),) * 4)
    near = simulate_games(400, 3, FIVE, table, from_score=(4, 0))
    far = simulate_games(400, 3, FIVE, table, from_score=(0, 4))
    assert near.gtally[G_FIRST_DEALER_WINS] > 0.8 * 400 > 0.2 * 400 > far.gtally[
        G_FIRST_DEALER_WINS]
    # from 4-4 one hand ends every game
    last = simulate_games(300, 3, FIVE, table, from_score=(4, 4))
    assert last.hands_played == 300 + int(last.htally[0, :, 0].sum())   # redeals go on
    with pytest.raises(ValueError, match="score 5-0: each side's score must be 0 to 4"):
        simulate_games(10, 1, FIVE, table, from_score=(5, 0))


@pytest.mark.compile
def test_the_kernel_and_the_referee_play_the_same_games_from_a_score():
    spec = RunSpec.of(5, FIVE, Table((load_strategy("tuned"),) * 4), 1)
    gt, _, rows = RefereeGames(spec, True, (2, 3))(40, 30)
    kernel = simulate_games(30, 5, FIVE, spec.table, start=40, records=True, from_score=(2, 3))
    cols = ["winner", "score0", "score1", "hands", "redeals", "first_dealer"]
    assert (kernel.records[cols].to_numpy() == rows[:, :6]).all()
    assert gt[G_FIRST_DEALER_WINS] == kernel.gtally[G_FIRST_DEALER_WINS]
    assert gt[G_WINS] + gt[G_WINS + 1] == 30


@pytest.mark.compile
def test_games_and_hands_through_the_recursion_agree_and_w_plus_w_prime_is_one():
    table = Table((load_strategy("tuned"),) * 4)
    games = me.from_games(3000, 2, FIVE, table)
    tallies = me.score_tallies(30_000, 2, FIVE, table)
    hands = me.from_hands(me.outcome_counts(tallies, FIVE), seed=2, replicates=200)
    c = me.checks(games, hands)
    assert len(c) == 25 and (games["unfinished"] == 0).all()
    assert c["sum_check"].abs().max() < 1e-12
    assert c["z"].abs().max() < me.Z_WARN, c.sort_values("z").to_string()
    assert (games["low"] <= games["w"]).all() and (games["w"] <= games["high"]).all()
    assert (hands["low"] <= hands["w"] + 1e-12).all()
    assert (hands["w"] <= hands["high"] + 1e-12).all()
    # the dealers at 4 (one point from winning) win more than the others at 4 would
    w = me.grid(games)
    assert (w[4, :4] > w[:4, 4]).all()


@pytest.mark.subprocess
def test_the_command_prints_the_grid_and_writes_its_folder(tmp_path):
    out = tmp_path / "me"
    r = CliRunner().invoke(cli, ["match-equity", "--rules", "game_to=5", "--strategy", "tuned",
                                 "--games", "500", "--hands", "4000", "--silent", "--out",
                                 str(out)])
    assert r.exit_code == 0, r.output
    assert "dealers \\ others" in r.output and "standard errors" in r.output
    assert "published" not in r.output            # the published figures are for a game to 10
    names = {p.name for p in out.iterdir()}
    assert {"match_equity.csv", "match_equity_hands.csv", "checks.csv", "match_equity.png",
            "manifest.json"} <= names
    m = json.loads((out / "manifest.json").read_text())
    assert m["analysis"] == "match-equity" and m["games_per_score"] == 500
    assert m["strategies"]["seats"] == ["tuned"] * 4


@pytest.mark.parametrize("args, words", [
    (["--games", "1"], ["--games"]),
    (["--hands", "1"], ["--hands", "0 (no check)"]),
    (["--rules", "game_to=4"], ["game_to"]),
])
def test_the_command_refuses_bad_counts_in_one_line(args, words, tmp_path):
    r = CliRunner().invoke(cli, ["match-equity", *args, "--out", str(tmp_path / "x")])
    assert_one_line_error(r, *words)
    assert not (tmp_path / "x").exists()


def test_the_order_up_point_is_what_a_hand_calculation_gives():
    from analysis.order_up_point import order_up_point

    # a game to 1: making it wins, a euchre loses, and a pass is worth the chance that the
    # seat's own team scores in the hands where it passed (first seat: the others deal)
    counts = np.zeros((1, 1, 5, 9), np.int64)
    counts[0, 0, 1, 4 - 1] = 1          # first seat passed, its team (not dealing) made 1
    counts[0, 0, 1, 4 + 1] = 3          # ... the dealers made 1
    t = order_up_point(np.array([[0.5]]), counts).set_index("position")
    first = t.loc["first"]
    assert (first.w_make, first.w_euchred) == (1.0, 0.0)
    assert first.point == pytest.approx(0.25)
    # in points: a pass worth (1 - 3) / 4 = -0.5 points gives (-0.5 + 2) / 3
    assert first.points_point == pytest.approx(0.5)
    assert np.isnan(t.loc["dealer"].point) or t.loc["dealer"].passed_hands == 0


def test_how_the_bids_move_is_counted_from_the_turns_that_came():
    from analysis.score_bids import bids_by_score
    from sim.run.hands import TALLY_SHAPE

    # score, farmer, dealer, round, maker position, alone, defender alone, maker's tricks
    t = np.zeros((1, 1) + tuple(TALLY_SHAPE), np.int64)
    t[0, 0, 0, 0, 1, 0, 0, 0, 2] = 1     # first orders up and is euchred
    t[0, 0, 0, 0, 1, 0, 1, 0, 5] = 1     # first orders up alone and marches
    t[0, 0, 0, 0, 1, 3, 0, 0, 4] = 6     # everyone passes to the dealer, who picks it up
    t[0, 0, 0, 0, 2, 0, 0, 0, 3] = 2     # round 2: first calls
    b = bids_by_score(t).set_index("position")
    first, dealer = b.loc["first"], b.loc["dealer"]
    assert (first.reached1, first.order_rate) == (10, 0.2)
    assert (first.order_alone_share, first.order_euchred_share) == (0.5, 0.5)
    assert first.alone_march_share == 1.0 and first.alone_rate == 0.1
    assert (dealer.reached1, dealer.order_rate) == (8, 0.75)
    assert (first.reached2, first.call_rate) == (2, 1.0)
    assert first.order_rate_vs_0_0 == 0.0          # the only score is 0-0


def test_the_order_up_point_has_an_interval_that_narrows_with_hands_and_games():
    """Second seat at 4-9 read 99% at 2,000 games a score, against the docs' 88%, with no
    interval to say that a few games leave it open: the interval is a bootstrap of both the
    passed hands (multinomial) and each cell of W (binomial, from its games)."""
    from analysis.order_up_point import order_up_point
    from analysis.text.match_equity import point_text

    counts = np.zeros((1, 1, 5, 9), np.int64)
    counts[0, 0, 1, 4 - 1], counts[0, 0, 1, 4 + 1] = 1, 3     # as worked out by hand above
    few = order_up_point(np.array([[0.5]]), counts, np.array([[10]])).set_index("position")
    many = order_up_point(np.array([[0.5]]), counts * 10_000,
                          np.array([[10]])).set_index("position")
    for t in (few, many):
        first = t.loc["first"]
        assert first.point == pytest.approx(0.25)
        assert first.point_low <= first.point <= first.point_high
    assert few.loc["first"].point_high - few.loc["first"].point_low > 0.3
    assert many.loc["first"].point_high - many.loc["first"].point_low < 0.02
    # a game to 2: the same hands, W from 20 games a cell or from a million
    w = np.array([[0.52, 0.30], [0.75, 0.55]])
    c = np.ones((2, 2, 5, 9), np.int64) * 100_000
    c[..., [1, 7]] = 0                                         # no hand scores 3
    width = [(lambda r: r.point_high - r.point_low)(
        order_up_point(w, c, np.full((2, 2), g)).set_index(["position", "us", "them"])
        .loc[("first", 0, 0)]) for g in (20, 1_000_000)]
    assert width[0] > 10 * width[1]
    text = point_text(order_up_point(w, c, np.full((2, 2), 20))).splitlines()
    assert text[0].split() == ["position", "0-0"] and len(text) == 5
    assert all(line.count("[") == 1 and line.count("%") == 1 for line in text[1:])
