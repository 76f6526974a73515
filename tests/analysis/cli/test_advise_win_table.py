"""Where the advisor's game-win probabilities come from: the shipped match-equity table of the
rules at hand, whatever the strategy (no games played for it); for rules with none, simulated
games of the strategy, timed first and refused past an hour without ``--yes``."""

from __future__ import annotations

import numpy as np
import pytest

import sim
from analysis.win_csv import load_win_csv
from analysis.win_model import win_source, win_table
from sim import Rules, Table
from sim.players.equilibrium_table import score_win_path
from tests.commands import assert_one_line_error, run

pytestmark = pytest.mark.compile


@pytest.fixture
def no_games(monkeypatch):
    """Playing games for a win table fails the test."""

    def played(*_a, **_k):
        raise AssertionError("games were played for a win table")

    monkeypatch.setattr(sim, "simulate_games", played)


@pytest.mark.parametrize("rules", [Rules(), Rules(stick_the_dealer=True)],
                         ids=["published", "stick"])
def test_a_searching_strategy_reads_the_shipped_table(no_games, rules):
    """pimc at 9-6 played 200,000 games of pimc for its win table (hours): now the shipped
    table of the rules is W, cell for cell."""
    w = win_table(Table.teams("pimc:inference=bids+play"), rules)
    assert np.array_equal(w, load_win_csv(score_win_path(rules), 10))
    assert "shipped match-equity table" in win_source(Table.teams("pimc"), rules)


def test_advise_at_a_score_says_its_table_and_plays_no_games(no_games):
    r = run("advise", "JS AS 9H 9D TC", "--upcard", "9S", "--position", "first", "--score",
            "9-6", "--deals", "200", "--silent")
    assert r.exit_code == 0, r.output
    assert ("game win: W(d, o) from the shipped match-equity table "
            "(sim/players/tables/score/published/match_equity.csv") in r.output


def test_rules_with_no_table_are_simulated_timed_and_need_yes(monkeypatch, no_games):
    """A game to 7 has no shipped table: pimc's games for one are estimated first (here the
    warm-up is replaced by a rate of 10 games a second) and refused without --yes."""
    import analysis.cli.advise as A

    monkeypatch.setattr(A, "hands_rate", lambda *_a, **_k: lambda n: (n / 10, 10.0))
    r = run("advise", "JS AS 9H 9D TC", "--upcard", "9S", "--position", "first", "--score",
            "5-3", "--rules", "game_to=7", "--strategy", "pimc", "--deals", "30")
    assert_one_line_error(r, "--score: 200,000 games of the win table", "add --yes",
                          "no shipped match-equity table for game_to=7", "leave out --score")
    assert "give a smaller --score" not in r.output
    assert "simulated from 200,000 games of pimc" in win_source(Table.teams("pimc"),
                                                                Rules(game_to=7))


def test_a_bad_score_is_one_line_before_any_warm_up(monkeypatch):
    import analysis.cli.advise as A

    monkeypatch.setattr(A, "hands_rate", lambda *_a, **_k: pytest.fail("warmed up"))
    r = run("advise", "JS AS 9H 9D TC", "--upcard", "9S", "--position", "first", "--score",
            "9-8", "--rules", "game_to=7", "--strategy", "pimc")
    assert_one_line_error(r, "outside a game to 7")
