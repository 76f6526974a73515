"""Games to 5/7/10 in the kernel: traces replay through the referee's game scorer with identical
scores under every rule option; the first-dealer draw, farmer's-hand rate and win symmetry
against exact values."""

from math import comb, sqrt

import numpy as np
import pytest

from analysis.games import summarise_games, win_probability_table
from sim.referee import replay_game
from sim.rules import Rules
from sim.run import games as G
from sim.run.hands import Table, simulate

pytestmark = pytest.mark.compile

RULE_CASES = [
    Rules(),
    Rules(stick_the_dealer=True),
    Rules(farmers_hand=True),
    Rules(defend_alone=True),
    Rules(dealer_may_discard_upcard=False),
    Rules(dealer_discards_when_partner_alone=False),
    Rules(game_to=5),
    Rules(game_to=7, stick_the_dealer=True, farmers_hand=True, defend_alone=True),
]
TABLES = [("basic", "basic"), ("random", "basic"), ("random", "random"), ("aggressive", "random")]
GAMES_PER_CASE = 256      # 8 rule cases: 2,048 games


@pytest.mark.parametrize("case", range(len(RULE_CASES)))
def test_game_traces_replay_with_identical_scores(case):
    rules = RULE_CASES[case]
    table = Table.teams(*TABLES[case % len(TABLES)])
    seed = 500 + case
    res = G.simulate_games(GAMES_PER_CASE, seed=seed, rules=rules, table=table, records=True)
    for row in res.records.itertuples(index=False):
        records = G.trace_game(seed, int(row.game), rules, table)
        score = replay_game(records, rules)
        assert score.score == [row.score0, row.score1]
        assert score.winner == row.winner
        assert score.hands == row.hands == len(records)
        assert records[0]["dealer"] == row.first_dealer
        assert sum(1 for r in records if not r["plays"]) == row.redeals
        assert max(score.score) >= rules.game_to
        forced = [forced_on_dealer(r, rules) for r in records]
        assert row.forced_calls == sum(forced)
        assert row.decided_forced == int(forced[-1] and row.winner >= 0)


def forced_on_dealer(record, rules) -> bool:
    """Trump called in round 2 by the dealer under stick the dealer (from the hand's bids)."""
    makes = [b for b in record["bids"] if b["action"] in ("order_up", "call")]
    return (rules.stick_the_dealer and bool(makes) and makes[-1]["action"] == "call"
            and makes[-1]["seat"] == record["dealer"])


def test_blocked_game_deal_is_the_traced_deal():
    """A batch deals a game's hands ``GAME_DEAL_BLOCK`` at a time (``deal_game_block``, the
    deck in registers); hand ``j`` of game ``g`` is the deal its trace logs (``shuffle_deck``
    of ``sub_key(hand_key(seed, g, STREAM_GAME_DEAL), j)``), across block refills."""
    from sim.cards import parse_card
    from sim.kernel import games as KG
    from sim.rng import STREAM_GAME_DEAL, hand_key

    def mask(cards):
        return sum(1 << parse_card(c) for c in cards)

    seed, block = 77, KG.GAME_DEAL_BLOCK
    out = np.zeros((6, block), np.int64)
    longest = 0
    # games until one outlasts a block (the first 60 at least, and a far game number)
    for i, g in enumerate([10**9 + 7, *range(400)]):
        if i > 60 and longest > block:
            break
        records = G.trace_game(seed, g)
        longest = max(longest, len(records))
        key = np.uint64(hand_key(seed, g, STREAM_GAME_DEAL))
        for j, rec in enumerate(records):
            if j % block == 0:
                out[:] = -1
                KG.deal_game_block(key, j, out)
            k = j % block
            for p in range(4):
                assert out[p, k] == mask(rec["hands"][(rec["dealer"] + 1 + p) % 4]), (g, j)
            assert out[4, k] == parse_card(rec["upcard"])
            assert out[5, k] == mask(rec["kitty"][1:])
    assert longest > block       # some game needed a second block


def test_same_seed_same_games_any_threads_and_chunks():
    a = G.simulate_games(3_000, seed=3, records=True, threads=1)
    b = G.simulate_games(3_000, seed=3, records=True, threads=2, chunk=37, batch=1000)
    assert a.records.equals(b.records)
    c = G.simulate_games(3_000, seed=3, threads=2, chunk=100)
    d = G.simulate_games(3_000, seed=3, threads=1, chunk=1000, batch=512)
    assert np.array_equal(c.gtally, d.gtally) and np.array_equal(c.htally, d.htally)


def test_first_dealer_draw_is_uniform_and_games_are_fair():
    n = 40_000
    res = G.simulate_games(n, seed=8, records=True, table=Table.teams("basic"))
    counts = np.bincount(res.records.first_dealer, minlength=4)
    sigma = sqrt(0.25 * 0.75 / n)
    assert np.all(np.abs(counts / n - 0.25) < 5 * sigma), counts
    wins0 = (res.records.winner == 0).mean()
    assert abs(wins0 - 0.5) < 5 * sqrt(0.25 / n)


def test_game_tally_agrees_with_game_records():
    rules = Rules(game_to=7)
    agg = G.simulate_games(5_000, seed=4, rules=rules)
    run = G.simulate_games(5_000, seed=4, rules=rules, records=True)
    rec = run.records
    assert np.array_equal(run.gtally, agg.gtally) and np.array_equal(run.htally, agg.htally)
    g = agg.gtally
    assert g[G.G_WINS] == (rec.winner == 0).sum()
    assert g[G.G_WINS + 1] == (rec.winner == 1).sum()
    assert g[G.G_FIRST_DEALER_WINS] == (rec.winner == rec.first_dealer % 2).sum()
    assert g[G.G_SUMS] == rec.hands.astype(int).sum()
    assert g[G.G_SUMS + 2] == rec.redeals.astype(int).sum()
    assert agg.htally.sum() == rec.hands.astype(int).sum()
    df = summarise_games(agg).set_index("statistic")
    assert df.loc["hands per game", "value"] == pytest.approx(rec.hands.astype(int).mean())


def test_win_probability_table_shape_and_sense():
    res = G.simulate_games(20_000, seed=6)
    t = win_probability_table(res)
    assert len(t) == 100
    at = t.set_index(["dealer_score", "other_score"])
    assert at.loc[(9, 0), "p"] > 0.95 and at.loc[(0, 9), "p"] < 0.05
    assert at.loc[(0, 0), "n"] > 0


def test_farmers_hand_eligible_at_exact_rate():
    """A hand of only 9s and 10s: C(8,5)/C(24,5) per seat; two seats can never both hold one."""
    n = 200_000
    r = simulate(n, seed=21, rules=Rules(farmers_hand=True), records=True).records
    masks = r[["hand0", "hand1", "hand2", "hand3"]].to_numpy().astype(np.int64)
    nines_tens = sum(0b11 << (6 * s) for s in range(4))
    eligible = (masks & ~nines_tens) == 0
    p = 4 * comb(8, 5) / comb(24, 5)
    k = int(eligible.any(axis=1).sum())
    assert abs(k / n - p) < 5 * sqrt(p * (1 - p) / n)
    assert eligible.sum(axis=1).max() <= 1
    # basic always swaps an eligible hand, and only then
    assert np.array_equal(r.farmer.to_numpy() >= 0, eligible.any(axis=1))


def test_bad_game_input():
    with pytest.raises(ValueError, match="game_to"):
        Rules(game_to=8)
    with pytest.raises(ValueError, match="number of games"):
        G.simulate_games(0)


def test_basic_sees_the_score():
    """No loner when one point wins; lighter calls when the other side is one point away."""
    from sim.cards import mask_of, parse_card, parse_cards
    from sim.kernel import close_flags
    from sim.players.basic import PLAN
    from sim.players.decide import order_up

    kinds, bv = Table.teams("basic").arrays()
    rs = np.zeros(1, np.int64)
    packed = Rules().pack()

    def close(mine, theirs):
        return close_flags(np.array([mine, theirs], np.int64), 10)

    def at(mine, theirs):
        """(my side needs one point, the other side does) at a score of mine-theirs to 10."""
        c = close(mine, theirs)
        return c & 1, (c >> 1) & 1

    def first_bid(hand, mine, theirs):
        """Seat 0's round-1 bid when seat 3 deals, at that score (the hand's bidding plan)."""
        ctx = (0, PLAN + (close(mine, theirs) * 4 + 3) * 16)
        return order_up(0, kinds, 0, 0, hand, 3, up, bv, ctx, packed, np.zeros(2, np.int64),
                        np.uint64(1), np.uint64(0), rs)[0]

    assert at(9, 0) == (1, 0) and at(0, 9) == (0, 1) and at(8, 8) == (0, 0)
    monster = mask_of(parse_cards("JH JD AH KH QH"))
    up = parse_card("9H")
    assert first_bid(monster, 0, 0) == 2
    assert first_bid(monster, 9, 0) == 1
    # a hand just under the order threshold from first seat orders when they need one point
    hand = mask_of(parse_cards("JH JD AC 9S QD"))  # 6.5 points after the upcard adjustment
    assert first_bid(hand, 0, 0) == 0
    assert first_bid(hand, 0, 9) == 1


def test_simulate_games_cli(tmp_path):
    import json

    from click.testing import CliRunner

    from analysis.cli import main

    runner = CliRunner()
    r = runner.invoke(main, ["simulate", "--games", "3000", "--seed", "4", "--silent",
                             "--rules", "game_to=7"])
    assert r.exit_code == 0, r.output
    assert "3,000 games to 7" in r.output and "first dealer's team wins" in r.output
    assert "P(dealing team wins)" in r.output
    out = tmp_path / "g"
    r = runner.invoke(main, ["simulate", "--games", "500", "--records", "--out", str(out),
                             "--silent", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["games"] == 500 and len(data["win_probability"]) == 100
    import pandas as pd

    games = pd.read_parquet(out / "records" / "games.parquet")
    assert len(games) == 500 and set(games.winner) <= {0, 1}
    # records mode tallies its games too: the same summary as a run without records
    plain = tmp_path / "plain"
    r = runner.invoke(main, ["simulate", "--games", "500", "--out", str(plain), "--silent"])
    assert r.exit_code == 0, r.output
    for name in ("summary.csv", "win_probability.csv"):
        assert (out / name).read_text() == (plain / name).read_text(), name
    assert data["hands_played"] == int(games.hands.astype(int).sum()) > 0
    assert json.loads((out / "manifest.json").read_text())["command"] == (
        f"euchre-sim simulate --seed 1 --games 500 --records --out {out.resolve()}-rerun --json "
        "--silent")
    for args, message in ((["--games", "0"], "--games must be at least 1"),
                          (["--games", "5", "--hands", "10"], "not both"),
                          (["--games", "5", "--rules", "game_to=8"], "game_to")):
        r = runner.invoke(main, ["simulate", "--silent", *args])
        assert r.exit_code != 0 and message in r.output, r.output
        assert "Traceback" not in r.output
