"""The fast solver against the plain minimax twin on random positions: values and the value of
every legal card, in every kind of hand (four-handed, alone, lone defender, both), part-played
and whole, all trump suits, with the left bower in play in most of them."""

from __future__ import annotations

import numpy as np
import pytest

from sim.solver import api
from sim.solver.positions_random import KINDS, random_positions
from sim.solver.twin import solve_slow

pytestmark = pytest.mark.compile


def _disagreements(positions, points):
    fast = api.solve_positions(positions, points)
    bad = []
    for p, s in zip(positions, fast, strict=True):
        value, cards = solve_slow(p, points)
        if (s.value, s.cards) != (value, cards):
            bad.append((p, (s.value, s.cards), (value, cards)))
    return bad


def test_fast_and_twin_agree_on_ten_thousand_part_played_positions():
    positions = random_positions(10_000, seed=180, tricks_left=(1, 3))
    assert {p.trump for p in positions} == {0, 1, 2, 3}
    assert sum(bool(p.played) for p in positions) > 9_000
    bad = _disagreements(positions, 4)
    assert not bad, f"{len(bad)} disagreements, first: {bad[0]}"


@pytest.mark.parametrize("kind", KINDS)
def test_fast_and_twin_agree_on_whole_deals(kind):
    positions = random_positions(60, seed=18, kinds=(kind,), played=(0, 3))
    bad = _disagreements(positions, 4)
    assert not bad, f"{len(bad)} disagreements, first: {bad[0]}"


def test_two_point_lone_defender_euchres_agree():
    positions = random_positions(500, seed=7, kinds=("defender", "both"), tricks_left=(1, 4))
    assert not _disagreements(positions, 2)


def test_results_do_not_depend_on_threads_or_batch():
    """Solving alone, in a batch, and on one or two threads gives the same answers."""
    positions = random_positions(300, seed=11, tricks_left=(2, 5))
    one = [api.solve(p) for p in positions[:40]]
    many = api.solve_positions(positions, threads=2)
    single = api.solve_positions(positions, threads=1)
    assert many == single
    assert many[:40] == one
    assert np.mean([s.value for s in many]) != 0  # not a degenerate sample


def test_the_benchmark_times_real_solves():
    """The bench's deals are whole deals (20 distinct cards, a lone maker's partner empty) and
    its figures are ordered and count the search's nodes."""
    from sim.solver import timing

    hands, trump, maker, alone, *_ = timing.random_deals(50, seed=3, alone=True)
    assert all(bin(int(np.bitwise_or.reduce(h))).count("1") == 15 for h in hands)
    assert all(h[(m + 2) % 4] == 0 for h, m in zip(hands, maker, strict=True))
    r = timing.solve_rates(50, seed=4)
    assert 0 < r["min_us"] <= r["median_us"] <= r["p99_us"]
    assert r["mean_nodes"] > 1


def test_the_table_is_emptied_when_its_generations_run_out():
    """A table whose generation counter is about to run out gives the same answers as a new one."""
    from sim.solver import search, timing

    arrays = timing.random_deals(30, seed=5)

    def solve_all(tt):
        st, h, tbl = search.new_stack(), np.zeros(4, np.int64), np.zeros(4, np.int64)
        vals, nodes = np.zeros(24, np.int64), np.zeros(1, np.int64)
        return [search.solve_one(*(a[i] for a in arrays), np.int64(4), True, h, tbl, tt, st,
                                 vals, nodes) for i in range(30)]

    worn = search.new_table()
    worn[:] = 7                                   # stale entries everywhere
    worn[-1] = search.MAX_GEN - 3
    assert solve_all(worn) == solve_all(search.new_table())
    assert worn[-1] < 30
