"""The ``equilibrium`` player reads the score: in games (and hands played at a score) it bids by
the shipped table for the score in force, at 0-0 as before, ``scores=off`` keeps the 0-0 table;
the kernel and the referee agree on games from a score; the team that needs one point never
goes alone."""

import json

import numpy as np
import pytest

from sim import (
    Rules,
    Table,
    load_strategy,
    replay_record,
    simulate,
    simulate_games,
    trace_game,
)
from sim.equilibrium import with_partner_at_game_point
from sim.players.equilibrium_table import SCORE_TABLES, score_table_path, score_tables
from sim.run.games import G_FIRST_DEALER_WINS
from sim.run.refereed import GamesTask as RefereeGames
from sim.run.spec import RunSpec

pytestmark = pytest.mark.compile

ON = Table((load_strategy("equilibrium"),) * 4)
OFF = Table((load_strategy("equilibrium:scores=off"),) * 4)


def test_the_shipped_score_tables_cover_every_score_of_a_game_to_10():
    states, files = score_tables(Rules())
    spec = json.loads((SCORE_TABLES / "published" / "states.json").read_text())
    assert states.shape == (10, 10) and len(spec["states"]) == 100
    assert files[0] is None and all(f.exists() for f in files[1:])
    assert score_table_path(Rules(), (9, 8)).name == "9-8.npz"
    assert score_table_path(Rules(), (0, 0)) is None           # 0-0: the committed table
    assert score_tables(Rules(game_to=5)) is None               # tables of a game to 10 only


def test_at_0_0_it_is_the_0_0_player_and_at_9_8_it_bids_by_the_9_8_table():
    a, b = simulate(20_000, 1, table=ON), simulate(20_000, 1, table=OFF)
    assert (a.tally == b.tally).all()
    path = score_table_path(Rules(), (9, 8))
    fixed = Table((load_strategy(f"equilibrium:table={path}"),) * 4)
    on = simulate(20_000, 1, table=ON, scores=(9, 8), records=True).records
    by_file = simulate(20_000, 1, table=fixed, scores=(9, 8), records=True).records
    off = simulate(20_000, 1, table=OFF, scores=(9, 8), records=True).records
    team0 = on["dealer"] % 2 == 0          # team 0 (9 points) deals: the 9-8 table's hands
    assert on[team0].equals(by_file[team0])
    assert not on[team0].equals(off[team0])


def test_the_referee_s_score_aware_games_win_as_often_as_the_kernel_s():
    # the equilibrium draws its mixed bids from keys the referee numbers by decision, so the
    # two play other games from the same seed: the dealing team's share of wins must agree
    n = 400
    spec = RunSpec.of(7, Rules(), ON, 1)
    gt, _, _ = RefereeGames(spec, False, (8, 9))(0, n)
    kernel = simulate_games(100_000, 7, table=ON, from_score=(8, 9))
    p = kernel.gtally[G_FIRST_DEALER_WINS] / kernel.games
    referee = gt[G_FIRST_DEALER_WINS] / n
    assert abs(referee - p) < 4 * np.sqrt(p * (1 - p) / n), (referee, p)


def test_the_team_that_needs_one_point_never_goes_alone():
    seen = 0
    for d, o in ((9, 8), (9, 6), (8, 9), (9, 9)):
        for g in range(60):
            hands = trace_game(11, g, Rules(), ON, from_score=(d, o))
            scores = [0, 0]
            first = hands[0]["dealer"] & 1
            scores[first], scores[1 - first] = d, o
            for hand in hands:
                for bid in hand["bids"]:
                    if scores[bid["seat"] % 2] == 9 and bid["action"] != "pass":
                        seen += 1
                        assert not bid.get("alone"), (d, o, g, hand)
                points = replay_record(hand)["points"]
                scores = [scores[0] + points[0], scores[1] + points[1]]
    assert seen > 50          # the team at 9 made trump often enough to have gone alone


def test_going_alone_becomes_playing_with_partner_for_the_team_at_game_point():
    rng = np.random.default_rng(1)
    r1 = rng.dirichlet(np.ones(3), 8)
    r2 = rng.dirichlet(np.ones(7), 8)
    a1, a2 = with_partner_at_game_point(r1, r2, (9, 3), 10)    # the dealer's team at 9
    odd = np.array([2, 3, 6, 7])             # positions 1 and 3 (two rows each)
    even = np.array([0, 1, 4, 5])
    assert (a1[odd, 2] == 0).all() and (a2[odd][:, 2::2] == 0).all()
    assert a1[odd, 1] == pytest.approx(r1[odd, 1] + r1[odd, 2])
    assert a2[odd, 5] == pytest.approx(r2[odd, 5] + r2[odd, 6])
    assert (a1[even] == r1[even]).all() and (a2[even] == r2[even]).all()
    assert a1.sum(axis=1) == pytest.approx(1) and a2.sum(axis=1) == pytest.approx(1)
