"""The score tables as independent solves (``sim.solve_score_tables``): the same tables here
and on a Dask cluster, a table already there is kept, a solve cut short resumes from its
checkpoint to the unbroken table, written compact."""

from __future__ import annotations

import numpy as np
import pytest

import sim
from sim.equilibrium.score_solves import checkpoint_file, table_file
from sim.players.equilibrium_table import read_table

from .test_equilibrium import made_up_win

STATES = [(9, 8), (6, 8)]
SMALL = {"iterations": 2_000, "seed": 3, "batch": 1_000}


def rows_of(folder, score):
    t = read_table(table_file(folder, score))
    return t.round1, t.round2


@pytest.mark.subprocess
def test_the_tables_are_the_same_whichever_executor_solves_them(tmp_path):
    pytest.importorskip("distributed")
    w, rules = made_up_win(), sim.Rules()
    said = []
    here = sim.solve_score_tables(rules, STATES, w, tmp_path / "here", on_state=said.append,
                                  **SMALL)
    assert [r["score"] for r in here] == STATES and all(r["solved"] for r in here)
    assert sorted(r["score"] for r in said) == sorted(STATES)
    with sim.open_executor("local:2") as dask:
        sim.solve_score_tables(rules, STATES, w, tmp_path / "dask", executor=dask, **SMALL)
    for score in STATES:
        for a, b in zip(rows_of(tmp_path / "here", score), rows_of(tmp_path / "dask", score),
                        strict=True):
            assert np.array_equal(a, b)
        assert read_table(table_file(tmp_path / "here", score)).compact
    again = sim.solve_score_tables(rules, STATES, w, tmp_path / "here", **SMALL)
    assert not any(r["solved"] for r in again)          # kept: the same settings
    other = sim.solve_score_tables(rules, STATES[:1], w * 0.99, tmp_path / "here", **SMALL)
    assert other[0]["solved"]                           # another win table: solved again


@pytest.mark.compile
def test_a_state_cut_short_resumes_from_its_checkpoint(tmp_path):
    w, rules = made_up_win(), sim.Rules()
    score = STATES[0]
    whole = sim.solve_score_tables(rules, [score], w, tmp_path / "whole", **SMALL)
    folder = tmp_path / "cut"
    folder.mkdir()
    # the first half, as a run stopped after one batch leaves it
    sim.solve_equilibrium(rules, iterations=1_000, batch=1_000, seed=3, score=score, win=w,
                          checkpoint=checkpoint_file(folder, score), checkpoint_every=0)
    resumed = sim.solve_score_tables(rules, [score], w, folder, **SMALL)
    assert whole[0]["solved"] and resumed[0]["solved"]
    for a, b in zip(rows_of(tmp_path / "whole", score), rows_of(folder, score), strict=True):
        assert np.array_equal(a, b)
    assert not checkpoint_file(folder, score).exists()
    assert read_table(table_file(folder, score)).compact
