"""The bidding game and its solver: the information sets' symmetry, the contracts' values
against the kernel's own hands, CFR on a small game against an exact solution, reproducibility
across threads and resumes, and the exploitability measure against a direct tournament."""

from __future__ import annotations

import numpy as np
import pytest

import sim
from sim.cards import card
from sim.equilibrium import CheckpointError, score, small, solve_equilibrium
from sim.equilibrium.exploit import Policy, exploitability, search_bids
from sim.equilibrium.game import DEALER, contract_value, play_arrays
from sim.kernel import seat as sm
from sim.players import get_strategy, load_strategy
from sim.players.equilibrium import (
    N_CLASSES,
    R2_ACTIONS,
    call_action,
    call_suit,
    class_ids,
    info_index,
    relative,
)
from sim.players.equilibrium_table import TableError, read_table
from sim.solver.perfect import perfect_points

pytestmark = pytest.mark.compile

C, D, H, S = 0, 1, 2, 3


def mask(*cards):
    return np.int64(sum(1 << c for c in cards))


def test_every_upcard_rank_leaves_17633_hand_classes():
    ids = class_ids()
    assert [int(ids[r].max()) + 1 for r in range(6)] == [N_CLASSES] * 6


def test_a_hand_and_its_cross_suits_swapped_are_one_class():
    # hearts turned: diamonds is next, clubs and spades the cross suits
    up = card(H, 0)
    a = mask(card(H, 2), card(C, 5), card(C, 1), card(S, 4), card(D, 3))
    b = mask(card(H, 2), card(S, 5), card(S, 1), card(C, 4), card(D, 3))
    ia, sa = info_index(class_ids(), a, np.int64(up), 1)
    ib, sb = info_index(class_ids(), b, np.int64(up), 1)
    assert ia == ib and sa != sb
    # and a round-2 call of clubs in one is the call of spades in the other
    assert call_suit(call_action(C, 0, up, sa), up, sb) == S


def test_call_action_and_call_suit_are_inverse():
    for up in range(24):
        for hand in (mask(card(C, 5), card(S, 0)), mask(card(D, 5), card(H, 1))):
            _, sw = relative(hand, np.int64(up))
            for suit in range(4):
                if suit == up // 6:
                    continue
                for alone in (0, 1):
                    a = call_action(suit, alone, up, sw)
                    assert 1 <= a <= 6 and (a - 1) & 1 == alone
                    assert call_suit(a, up, sw) == suit


def made_contract_value(r, play, packed):
    """``contract_value`` of the contract record ``r`` made, and the maker's position."""
    kinds, table, slots, solver = play
    by_seat = [r.hand0, r.hand1, r.hand2, r.hand3]
    dealt = np.array([by_seat[(r.dealer + 1 + k) & 3] for k in range(4)], np.int64)
    k = (r.maker - r.dealer - 1) & 3
    ctx = sm.hand_context(dealt, DEALER, np.int64(r.upcard), kinds, packed, 0)
    v = contract_value(dealt, np.int64(r.upcard), r.round, k, r.trump, r.alone, kinds, table,
                       slots, packed, ctx, np.zeros(4, np.int64), np.zeros(1, np.int64),
                       np.zeros((1, 4), np.int64), None if solver is None else solver.copy())
    return v, k


def test_a_contract_scores_what_the_kernel_scores_when_it_plays_that_hand():
    """The bidding game's leaf is the kernel's hand: for traced hands of tuned, the contract
    the hand made, valued by ``contract_value``, gives the hand's points."""
    play = play_arrays("tuned")
    rules = sim.Rules().pack()
    checked = 0
    for r in sim.simulate(80, seed=5, records=True).records.itertuples():
        if r.round == 0:
            continue
        v, _ = made_contract_value(r, play, rules)
        team0 = (r.dealer + 1) & 1        # the seats' team that holds positions 0 and 2
        p0, p1 = (r.points0, r.points1) if team0 == 0 else (r.points1, r.points0)
        assert v == p0 - p1, r
        checked += 1
    assert checked > 40


def test_the_perfect_model_values_a_contract_by_perfect_play_after_the_bidding():
    """Under ``perfect`` the leaf is the solver's value of the contract once the bidding is
    over (``sim.solver.perfect``, computed there for whole batches of records): for tuned's
    made hands with lone defenders allowed, ``contract_value`` gives ``perfect_points``."""
    rules = sim.Rules(defend_alone=True)
    recs = sim.simulate(300, seed=8, rules=rules, table=sim.Table((get_strategy("tuned"),) * 4),
                        records=True).records
    recs = recs[recs["round"] > 0]
    assert (recs.defender_alone >= 0).any() and (recs.alone == 1).any()
    pp = perfect_points(recs[["hand0", "hand1", "hand2", "hand3"]].to_numpy(), recs.upcard,
                        recs.dealer, recs["round"], recs.maker, recs.trump, recs.alone,
                        recs.defender_alone, rules)
    play = play_arrays("perfect")
    for i, r in enumerate(recs.itertuples()):
        v, k = made_contract_value(r, play, rules.pack())
        assert v == (pp.value[i] if k % 2 == 0 else -pp.value[i]), r


def test_bids_asked_apart_for_every_world_value_as_the_kernels_own():
    """The search player's path (every world's bids asked first, ``search_bids``) gives
    exactly what asking the kernel inside the loop gives, for a player both can ask (tuned)."""
    tuned = get_strategy("tuned")
    apart = Policy.of_search(tuned, sim.Rules())
    assert apart.search
    a = exploitability(apart, samples=40, worlds=6, seed=2)
    b = exploitability(Policy.of_strategy(tuned), samples=40, worlds=6, seed=2)
    assert [r.__dict__ for r in a] == [r.__dict__ for r in b]


def test_pimc_bids_by_what_its_seat_sees():
    """pimc's bids for the best-responding seat are one decision a hand, whatever the world;
    the others' are asked on each world, and asking again gives the same bids."""
    policy = sim.bidding_policy("pimc:bid_worlds=8", sim.Rules())
    assert policy.search
    out = [search_bids(1, 5, 3, 4, sim.Rules(), class_ids(), policy) for _ in range(2)]
    assert out[0].shape == (3, 4, 8, R2_ACTIONS) and np.array_equal(out[0], out[1])
    assert np.all(out[0].sum(axis=3) == 1.0) and np.all(out[0].max(axis=3) == 1.0)
    assert np.all(out[0][:, :, [1, 5]] == out[0][:, :1, [1, 5]])
    rows = exploitability(policy, samples=4, worlds=2, positions=(1,))
    assert rows[0].position == "second" and rows[0].upper >= 0
    with pytest.raises(ValueError, match="at most 1,000,000"):
        exploitability(policy, samples=20_000, worlds=256)


@pytest.fixture(scope="module")
def small_game():
    return small.SmallGame(seed=3, index=5)


def test_the_small_game_has_imperfect_information(small_game):
    assert [len(set(small_game.ids[:, k])) for k in range(4)] == [4, 4, 4, 4]


def test_mccfr_matches_exact_cfr_on_the_small_game(small_game):
    """Full-width CFR+ solves the small game (exploitability under 1e-4 at every position);
    the compiled MCCFR on the same deals reaches its value to 1e-3, and its exploitability falls
    toward 0 as the iterations grow."""
    ref = small.exact_cfr(small_game, 300)
    assert max(small.exploitability(small_game, ref)) < 1e-4
    value = small.game_value(small_game, ref)
    few = small.mccfr(small_game, 2_400)
    more = small.mccfr(small_game, 48_000)
    e_few, e_more = (max(small.exploitability(small_game, s)) for s in (few, more))
    assert e_more < 2e-3 and e_more < e_few / 4
    assert abs(small.game_value(small_game, more) - value) < 1e-3


def made_up_win(game_to=10):
    """A monotone match-equity table: the dealing team's chance grows with its lead."""
    a, b = np.meshgrid(np.arange(game_to), np.arange(game_to), indexing="ij")
    return 1.0 / (1.0 + np.exp(-0.35 * (a - b) - 0.05))


def test_the_value_map_is_the_change_in_the_chance_of_winning():
    w = made_up_win()
    vm = score.value_map(w, 9, 8, 10)        # team 0 (8) needs 2, the dealer's team (9) needs 1
    assert np.isnan(vm[[1, 7]]).all()
    assert list(vm[[0, 2, 3]]) == [-1.0, -1.0, -1.0] and list(vm[[6, 8]]) == [1.0, 1.0]
    assert vm[5] == 2 * w[9, 9] - 1 and vm[4] == 2 * w[8, 9] - 1   # team 0 deals next
    assert score.affine_fit(vm)[2] > 1.0 and not score.is_affine(vm)
    v = np.arange(-4, 5)
    assert score.is_affine(0.3 + 0.2 * v) and not score.is_affine(0.3 - 0.2 * v)
    assert score.close_of(9, 8, 10) == 2 and score.close_of(8, 9, 10) == 1
    with pytest.raises(ValueError, match="10 x 10"):
        score.value_map(w[:5, :5], 0, 0, 10)
    with pytest.raises(ValueError, match="0 to 9"):
        score.value_map(w, 10, 0, 10)


def test_score_states_share_the_table_whose_game_is_nearest_in_shape():
    w = made_up_win()
    solved = [(9, 8), (6, 8)]
    groups = score.group_states(w, solved, 10)
    assert groups[(9, 8)] == ((9, 8), 0.0) and groups[(6, 8)] == ((6, 8), 0.0)
    # the close flags must match: 9-x for the dealer's team only shares 9-8's table
    assert groups[(9, 2)][0] == (9, 8)
    assert groups[(2, 9)][0] is None and groups[(2, 9)][1] == np.inf   # nothing fits
    # where the game is nearly the 0-0 game, the 0-0 table
    table, far = groups[(0, 0)]
    assert table is None and far == pytest.approx(np.abs(score.shape_of(w, 0, 0, 10)).max())


def test_mccfr_matches_exact_cfr_on_a_non_linear_value(small_game):
    """At 6-8 of a game to 10 a hand's game value is far from affine in its points (the
    points game's solution is exploitable there); MCCFR through the value map still reaches
    the exact solution's value to 1e-3."""
    vm = score.value_map(made_up_win(), 6, 8, 10)
    game = small.SmallGame(seed=3, index=5, value_map=vm, close=score.close_of(6, 8, 10))
    ref = small.exact_cfr(game, 300)
    assert max(small.exploitability(game, ref)) < 1e-4
    points = small.exact_cfr(small_game, 300)
    assert max(small.exploitability(game, points)) > 5e-3
    more = small.mccfr(game, 48_000)
    assert max(small.exploitability(game, more)) < 1e-3
    assert abs(small.game_value(game, more) - small.game_value(game, ref)) < 1e-3


def test_an_affine_value_map_leaves_mccfr_unchanged(small_game):
    """Regret matching is blind to a positive affine change of the utility: such a score
    state's table is the points table."""
    base = small.mccfr(small_game, 12_000)
    for a, b in ((0.0, 0.5), (0.3, 0.37), (-0.1, 0.21)):
        game = small.SmallGame(seed=3, index=5, value_map=a + b * np.arange(-4, 5))
        other = small.mccfr(game, 12_000)
        assert max(np.abs(base[k] - other[k]).max() for k in base) < 1e-9


def test_a_table_at_a_score_names_it_and_resumes_only_there(tmp_path):
    ck, out = tmp_path / "s.checkpoint.npz", tmp_path / "s.npz"
    w = made_up_win()
    at = solve_equilibrium(iterations=1_000, batch=1_000, seed=2, checkpoint=ck, out=out,
                           score=(9, 8), win=w)
    assert at.meta["score"] == [9, 8] and at.meta["win_sha256"] == score.win_digest(w)
    assert read_table(out, sim.Rules()).meta["score"] == [9, 8]
    plain = solve_equilibrium(iterations=1_000, batch=1_000, seed=2)
    assert not np.array_equal(at.round1, plain.round1)
    for kw, what in (({"score": (8, 9), "win": w}, "score"),
                     ({"score": (9, 8), "win": w * 0.99}, "win_sha256"), ({}, "score")):
        with pytest.raises(CheckpointError, match=what):
            solve_equilibrium(iterations=2_000, batch=1_000, seed=2, checkpoint=ck,
                              resume=True, **kw)
    with pytest.raises(ValueError, match="needs the win table"):
        solve_equilibrium(iterations=10, score=(1, 2))


def test_the_table_depends_on_the_seed_not_the_threads(tmp_path):
    a = solve_equilibrium(iterations=3_000, batch=1_000, seed=4, threads=1)
    b = solve_equilibrium(iterations=3_000, batch=1_000, seed=4, threads=2)
    c = solve_equilibrium(iterations=3_000, batch=1_000, seed=5, threads=2)
    assert np.array_equal(a.round1, b.round1) and np.array_equal(a.round2, b.round2)
    assert np.array_equal(a.visits1, b.visits1)
    assert not np.array_equal(a.round1, c.round1)


def test_a_resumed_computation_is_the_unbroken_one(tmp_path):
    ck, out = tmp_path / "t.checkpoint.npz", tmp_path / "t.npz"
    whole = solve_equilibrium(iterations=3_000, batch=1_000, seed=2)
    solve_equilibrium(iterations=2_000, batch=1_000, seed=2, checkpoint=ck, checkpoint_every=0)
    resumed = solve_equilibrium(iterations=3_000, batch=1_000, seed=2, checkpoint=ck,
                                resume=True, out=out)
    assert np.array_equal(whole.round1, resumed.round1)
    assert np.array_equal(whole.round2, resumed.round2)
    back = read_table(out, sim.Rules())
    assert np.abs(back.round1 - whole.round1).max() < 1e-4
    assert back.meta["iterations"] == 3_000 and back.meta["play"] == "tuned"
    with pytest.raises(CheckpointError, match="seed"):
        solve_equilibrium(iterations=3_000, batch=1_000, seed=9, checkpoint=ck, resume=True)
    with pytest.raises(TableError, match="stick"):
        read_table(out, sim.Rules(stick_the_dealer=True))


def test_a_table_serves_any_game_length_but_not_other_bidding_rules(tmp_path):
    out = tmp_path / "t.npz"
    solve_equilibrium(iterations=1_000, batch=1_000, out=out)
    read_table(out, sim.Rules(game_to=5))
    with pytest.raises(TableError, match="computed for published rules"):
        read_table(out, sim.Rules(defend_alone=True))
    (tmp_path / "junk.npz").write_bytes(b"not a zip")
    with pytest.raises(TableError, match="not an equilibrium table file"):
        read_table(tmp_path / "junk.npz")
    (tmp_path / "cut.npz").write_bytes(out.read_bytes()[:100])     # a zip cut short
    with pytest.raises(TableError, match="not a readable"):
        read_table(tmp_path / "cut.npz")
    with pytest.raises(ValueError, match="farmer"):
        solve_equilibrium(sim.Rules(farmers_hand=True), iterations=10)


def test_exploitability_finds_a_broken_bidders_known_gain():
    """tuned with its order threshold raised by 5 orders far too rarely.  One seat playing
    tuned's own bids against three broken ones gains what a paired tournament of exactly that
    seating measures (the kernel, common deals); the best response gains at least that much."""
    broken = load_strategy("tuned:order_threshold=13.6705")
    fixed = get_strategy("tuned")
    rows = exploitability(Policy.of_strategy(broken), samples=1_500, worlds=24, seed=1,
                          deviation=Policy.of_strategy(fixed))
    dev = np.mean([r.deviation for r in rows])
    dev_se = np.sqrt(sum(((r.deviation_high - r.deviation_low) / 3.92) ** 2
                         for r in rows)) / 4
    n = 100_000
    base = sim.simulate(n, seed=7, table=sim.Table((broken,) * 4), records=True).records
    one = sim.simulate(n, seed=7, table=sim.Table((fixed, broken, broken, broken)),
                       records=True).records
    diff = (one.points0 - one.points1) - (base.points0 - base.points1)
    tour, tour_se = diff.mean(), diff.std() / np.sqrt(n)
    assert dev > 0.05
    assert abs(dev - tour) < 4 * np.hypot(dev_se, tour_se), (dev, tour)
    for r in rows:
        assert r.upper >= r.deviation - 0.02 and r.gain > 0
