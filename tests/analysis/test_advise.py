"""The hand advisor: certain answers, exact recomputation from the kernel, dealing, bad input,
too few deals, and --assume-passed for every kind of player."""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

from analysis.advise import advise_hand, options_for, paired
from analysis.cli import main
from analysis.text.advice import format_advice
from analysis.win_model import parse_score, win_probability
from sim import kernel as K
from sim.cards import mask_of, parse_card, parse_cards
from sim.rng import STREAM_SEEN, hand_key, shuffle_deck
from sim.rules import Rules
from sim.run.hands import Table, force_array
from tests.commands import ROOT, assert_one_line_error, run

pytestmark = pytest.mark.compile


def test_both_bowers_ace_king_order_up_and_alone():
    df = advise_hand("JH JD AH KH 9C", "QH", "first", deals=4000, seed=3)
    up = paired(df, "order up", "pass")
    assert up["low"] > 0
    alone = paired(df, "order up alone", "order up")
    assert alone["low"] > 0
    rec = df.attrs["recommendation"]
    assert rec["option"] == "order up alone" and rec["decided"]
    assert df.loc[df.recommended, "option"].tolist() == ["order up alone"]


def test_no_trump_no_aces_pass():
    df = advise_hand("9C TC 9D TD QS", "9H", "first", deals=4000, seed=3)
    assert paired(df, "pass", "order up")["low"] > 0
    assert df.attrs["recommendation"]["option"] == "pass"


def test_numbers_equal_direct_recomputation_from_run_seen():
    # second position: the first player sometimes orders up, so some deals are rejected
    hand, up, n = "JS AS 9H 9D TC", "9S", 3000
    df = advise_hand(hand, up, "second", deals=n, seed=11)
    kinds, bv = Table.teams().arrays()       # advise's default strategy
    mask = mask_of(parse_cards(hand))
    big = 6000
    for row, action in zip(
        df.itertuples(), (K.FORCE_PASS, K.FORCE_MAKE, K.FORCE_ALONE), strict=True
    ):
        out = np.zeros((big, 7), np.int64)
        K.run_seen(
            11,
            0,
            big,
            512,
            Rules().pack(),
            kinds,
            bv,
            force_array(1, 1, action),
            mask,
            parse_card(up),
            1,
            np.zeros(2, np.int64),
            out,
        )
        idx = np.flatnonzero(out[:, 0] == 1)[:n]
        o = out[idx]
        assert row.deals == n and row.dealt == idx[-1] + 1
        assert row.acceptance == n / (idx[-1] + 1)
        assert row.net == pytest.approx((o[:, 5] - o[:, 6]).mean(), abs=1e-12)
        assert row.points == pytest.approx(o[:, 5].mean(), abs=1e-12)
        ours = (o[:, 2] >= 0) & (o[:, 2] % 2 == 1)
        if action == K.FORCE_PASS:   # not applicable: a pass makes no trump
            assert np.isnan([row.making, row.march, row.euchred]).all()
            continue
        assert row.making == np.mean(ours & (o[:, 4] >= 3))
        assert row.march == np.mean(ours & (o[:, 4] == 5))
        assert row.euchred == np.mean(ours & (o[:, 4] < 3))
    # the same seed gives the same numbers bit for bit
    again = advise_hand(hand, up, "second", deals=n, seed=11)
    assert again.equals(df)


def test_forced_make_is_always_made_or_euchred():
    df = advise_hand("JS AS 9H 9D TC", "9S", "third", deals=2000, seed=5)
    for opt in ("order up", "order up alone"):
        r = df.set_index("option").loc[opt]
        assert r.making + r.euchred == pytest.approx(1.0, abs=1e-12)


def test_round2_options_and_conditioning():
    df = advise_hand("9C TC 9D TD QS", "9H", "second", round_=2, deals=1500, seed=2)
    assert df["option"].tolist() == [
        "pass", "call clubs", "call clubs alone", "call diamonds", "call diamonds alone",
        "call spades", "call spades alone",
    ]  # fmt: skip
    assert 0 < df["acceptance"].iloc[0] < 1
    for r in df[df.action != "pass"].itertuples():
        assert r.making + r.euchred == pytest.approx(1.0, abs=1e-12)
    stuck = options_for(2, parse_card("9H"), 3, Rules(stick_the_dealer=True))
    assert "pass" not in [o.label for o in stuck]


def test_score_at_nine_win_equals_making():
    # 9-8 to 10: making wins the game at once, a euchre (2 points) loses it
    df = advise_hand("JS AS 9H 9D TC", "9S", "first", score="9-8", deals=1500, seed=4)
    r = df.set_index("option").loc["order up"]
    assert r.win == pytest.approx(r.making, abs=1e-12)
    assert "recommendation_win" in df.attrs


def test_win_probability_lookup():
    p = np.array([[0.5, 0.4], [0.7, 0.6]])  # a game to 2, p[dealer score, other]
    w = win_probability([0, 1, 0, 2], [0, 0, 1, 0], (0, 0), 0, p)
    assert w.tolist() == [0.5, 0.7, 0.4, 1.0]
    w = win_probability([0, 0], [0, 2], (1, 0), 1, p)  # other team deals next
    assert w.tolist() == [pytest.approx(1 - 0.4), 0.0]


def test_deal_is_the_players_view_and_uniform():
    # the kernel's dealing, step by step: the shuffled pack minus the seen cards
    hand = parse_cards("JS AS 9H 9D TC")
    up = parse_card("9S")
    unseen = [c for c in range(24) if c not in hand and c != up]
    n = 6000
    kitty = np.zeros(24, np.int64)
    rest = np.empty(24, np.int64)
    for i in range(n):
        shuffle_deck(np.uint64(hand_key(1, i, STREAM_SEEN)), rest)
        order = [int(c) for c in rest if int(c) in unseen]
        assert sorted(order) == unseen
        for c in order[15:18]:
            kitty[c] += 1
    # each unseen card is face down in the kitty with probability 3/18
    p = 3 / 18
    tol = 4 * np.sqrt(p * (1 - p) / n)
    assert np.all(np.abs(kitty[unseen] / n - p) < tol)
    assert kitty[hand].sum() == 0 and kitty[up] == 0


def test_parse_score():
    assert parse_score("6-8", 10) == (6, 8)
    assert parse_score(None, 10) is None
    with pytest.raises(ValueError, match="outside a game to 10"):
        parse_score("6-10", 10)
    with pytest.raises(ValueError, match="outside a game to 5"):
        parse_score("6-2", 5)


@pytest.mark.parametrize(
    "args, message",
    [
        (["JS AS 9H 9D JS", "--upcard", "9S", "--position", "first"], "duplicate card JS"),
        (["JS AS 9H 9D TC", "--upcard", "AS", "--position", "first"], "--upcard: AS is also in"),
        (["JS AS 9H 9D", "--upcard", "9S", "--position", "first"], "exactly five cards, got 4"),
        (["JS AS 9H 9D TC", "--upcard", "9S", "--position", "fourth"],
         "--position: one of first, second, third, dealer, not 'fourth'"),
        (["JS AS 9H 9D TC", "--upcard", "9S", "--position", "first", "--score", "6-11"],
         "outside a game to 10"),
        (["JS AS 9H 9D TC", "--upcard", "9S", "--position", "first", "--score", "-1-3"],
         "score"),
        (["JS AS 9H 9D TC", "--upcard", "9S", "--position", "first", "--round", "3"],
         "--round: one of 1, 2, not '3'"),
        (["JS AS 9H 9D TC", "--upcard", "9S", "--position", "dealer", "--discard", "KH"],
         "neither in the hand nor the upcard"),
        (["JS AS 9H 9D TC", "--upcard", "9S", "--position", "first", "--discard", "TC"],
         "--discard: only for the dealer in round 1"),
        (["JS AS 9H 9D TC", "--upcard", "9S", "--position", "dealer", "--discard", "9S",
          "--rules", "dealer_may_discard_upcard=false"], "not let the dealer discard"),
        (["JS AS 9H 9D TX", "--upcard", "9S", "--position", "first"], "unknown card"),
        (["JS AS 9H 9D TC", "--upcard", "9S", "--position", "first", "--deals", "10",
          "--precision", "0.1"], "not both"),
    ],
)  # fmt: skip
def test_bad_input_one_line(args, message):
    result = CliRunner().invoke(main, ["advise", *args, "--silent"])
    assert result.exit_code != 0
    assert "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert message in lines[0]


def test_cli_table_and_json():
    args = ["advise", "JH JD AH KH 9C", "--upcard", "QH", "--position", "first", "--deals",
            "2000", "--silent"]  # fmt: skip
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "recommended: order up alone (better than order up by" in result.output
    assert "order up alone" in result.output
    result = CliRunner().invoke(main, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [o["option"] for o in data["options"]] == ["pass", "order up", "order up alone"]
    assert data["recommendation"]["option"] == "order up alone"
    assert data["deals"] == 2000


def test_precision_and_default_stopping():
    df = advise_hand("JS AS 9H 9D TC", "9S", "first", precision=0.05, seed=6)
    rec = df.attrs["recommendation"]
    assert (rec["high"] - rec["low"]) / 2 <= 0.05
    df = advise_hand("JS AS 9H 9D TC", "9S", "first", seed=6)
    assert ((df.net_high - df.net_low) / 2 <= 0.02).all()


def test_advise_shows_the_equilibriums_own_mix_beside_the_prices():
    """With --strategy equilibrium each option carries the table's probability for the hand
    (round 2: the suits mapped through the hand's cross-suit order); other strategies none."""
    df = advise_hand("JD AD KD 9H TC", "9S", "second", round_=2, strategy="equilibrium", deals=100)
    mix = dict(zip(df["option"], df["equilibrium"], strict=True))
    assert abs(sum(mix.values()) - 1.0) < 1e-6
    assert mix["call diamonds"] > 0.9 and mix["call clubs alone"] == 0.0
    assert "equilibrium" not in advise_hand("JD AD KD 9H TC", "9S", "second", round_=2,
                                            deals=100).columns


# ---------------------------------------------------------------------------------------------
# too few deals for an interval, an infinite precision, and round 2 for a hand the strategy
# would have ordered with (--assume-passed), for every kind of player


def test_advise_one_deal_prints_no_nan():
    args = ["advise", "JS AS 9H 9D TC", "--upcard", "9S", "--position", "first", "--deals", "1",
            "--silent"]
    r = run(*args)
    assert r.exit_code == 0, r.output
    assert "nan" not in r.output
    assert "too few deals for an interval" in r.output
    r = run(*args, "--json")
    assert r.exit_code == 0, r.output
    assert "nan" not in r.output.lower()
    d = json.loads(r.output)
    assert d["options"][0]["net_low"] is None
    assert "too few deals for an interval" in d["note"]


@pytest.mark.parametrize("value", ["1e309", "inf", "nan"])
def test_advise_refuses_an_infinite_precision(value):
    r = run("advise", "JS AS 9H 9D TC", "--upcard", "9S", "--position", "first",
            "--precision", value, "--silent")
    assert_one_line_error(r, "--precision: a finite number")


STRONG = ["advise", "JS JC AS KS QS", "--upcard", "9S", "--position", "first", "--round", "2",
          "--silent", "--deals", 2000]


def test_advise_round2_never_reached_offers_assume_passed():
    r = run(*STRONG)
    assert_one_line_error(r, "never reached", "--assume-passed")
    r = run(*STRONG, "--assume-passed")
    assert r.exit_code == 0, r.output
    assert "assumed: the player passed in round 1" in r.output
    assert "call clubs" in r.output and "recommended: call clubs" in r.output
    d = json.loads(run(*STRONG, "--assume-passed", "--json").output)
    assert d["assumption"].startswith("assumed: the player passed in round 1")
    assert d["deals"] == 2000
    assert_one_line_error(run(*STRONG[:7], "1", "--assume-passed"), "is for round 2")


def test_assume_passed_changes_nothing_when_the_strategy_passes_anyway():
    args = dict(hand="9C TC 9D TD QS", upcard="9H", position="second", round_=2, deals=3000)
    plain = advise_hand(**args)
    assumed = advise_hand(**args, assume_passed=True)
    assert plain.attrs["assumption"] is None and assumed.attrs["assumption"]
    cols = ["option", "net", "net_low", "net_high", "making", "march", "euchred", "dealt"]
    assert plain[cols].equals(assumed[cols])


ASSUME = ["--round", 2, "--assume-passed", "--deals", 50, "--silent", "--json"]


@pytest.mark.parametrize("strategy", [
    pytest.param("pimc:worlds=4,bid_worlds=4", marks=pytest.mark.subprocess),
    "examples.code_strategy:BowerHunter",
    str(ROOT / "examples" / "strategies" / "lighter-dealer-partner.toml"),
    "basic:second_offset=-3",
    "random",
    "equilibrium",
])  # fmt: skip
def test_assume_passed_works_for_every_kind_of_player(strategy, monkeypatch):
    monkeypatch.chdir(ROOT)
    # a hand every one of them orders up (most of the time) with hearts turned up
    r = run("advise", "JH JD AH KH 9C", "--upcard", "QH", "--position", "second",
            "--strategy", strategy, *ASSUME)
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["assumption"].startswith("assumed: the player passed in round 1")
    assert all(o["deals"] == 50 for o in d["options"])


@pytest.mark.subprocess
def test_the_issues_pimc_example_runs():
    r = run("advise", "JS AC AD 9H 9D", "--upcard", "KH", "--position", "second", "--round", 2,
            "--assume-passed", "--strategy", "pimc:worlds=4,bid_worlds=4", "--deals", 20,
            "--silent")
    assert r.exit_code == 0, r.output
    assert "assumed: the player passed in round 1" in r.output



def test_the_equilibrium_made_to_pass_round_1_passes_and_bids_by_its_table_after():
    from sim import Rules, Table, load_strategy, simulate

    eq = load_strategy("equilibrium")
    table = Table((eq.passing_round1(), eq, eq, eq))
    r = simulate(20_000, 3, Rules(), table, records=True).records
    seat0 = (r["round"] == 1) & (r["maker"] == 0)
    assert not seat0.any()                          # seat 0 never orders up
    assert ((r["round"] == 2) & (r["maker"] == 0)).any()       # but calls in round 2


def test_a_precision_past_the_cap_says_where_it_stopped(monkeypatch):
    """--precision 1e-7 stops at the cap of accepted deals: the answer says so, and what the
    interval reached; a precision reached says nothing of the kind."""
    import analysis.advise as A

    monkeypatch.setattr(A, "CAP", 4000)
    monkeypatch.setattr(A, "FIRST_BATCH", 1000)
    df = advise_hand("JS AS 9H 9D TC", "9S", "first", precision=1e-7, seed=2)
    assert df.attrs["deals"] >= 4000
    assert df.attrs["stopped"].startswith("stopped at the cap of 4,000 accepted deals before "
                                          "the paired 95% interval of the top two options "
                                          "reached \u00b11e-07 points: it is \u00b10.")
    r = run("advise", "JS AS 9H 9D TC", "--upcard", "9S", "--position", "first",
            "--precision", "1e-7", "--silent")
    assert r.exit_code == 0 and "stopped at the cap of 4,000 accepted deals" in r.output
    easy = advise_hand("JS AS 9H 9D TC", "9S", "first", precision=0.5, seed=2)
    assert "stopped" not in easy.attrs


def _rec(option, decided=True):
    return {"option": option, "runner_up": "x", "difference": 0.1, "low": 0.05, "high": 0.15,
            "decided": decided}


def test_the_equilibrium_note_says_why_its_mix_differs_from_the_answer():
    from analysis.text.advice import equilibrium_note

    rows = [{"option": "pass", "equilibrium": 0.58}, {"option": "order up", "equilibrium": 0.42}]
    points = {"answer_by": "points", "recommendation": _rec("order up"), "deals": 1000}
    note = equilibrium_note(rows, points)
    assert note.startswith("the equilibrium plays pass 58%, order up 42% here, not order up: ")
    assert "mixes" in note and "solved for" not in note and "apart on these deals" not in note
    # it agrees: nothing to say; no mix (not an equilibrium player): nothing either
    assert equilibrium_note(rows, {**points, "recommendation": _rec("pass")}) is None
    assert equilibrium_note([{"option": "pass"}, {"option": "order up"}], points) is None
    # at a score: the answer is by game win, and a table borrowed from another score is named
    pure = [{"option": "pass", "equilibrium": 1.0}, {"option": "order up", "equilibrium": 0.0}]
    win = {"answer_by": "win", "recommendation": _rec("pass"),
           "recommendation_win": _rec("order up"), "deals": 1000,
           "equilibrium_table": {"score": [6, 9], "table": "0-0", "distance": 0.5}}
    note = equilibrium_note(pure, win)
    assert "not order up" in note and "it bids by the 0-0 table" in note
    assert "0.50 points a hand apart" in note and "mixes" not in note
    assert equilibrium_note(pure, {**win, "answer_by": "points"}) is None   # points: pass
    # its own score's table, a pure bid, the advisor undecided
    own = {**win, "recommendation_win": _rec("order up", decided=False),
           "equilibrium_table": {"score": [9, 6], "table": "9-6", "distance": 0.0}}
    note = equilibrium_note(pure, own)
    assert "cannot tell the options apart" in note and "bids by" not in note
    # nothing else to say: its table's bid came from sampled deals
    own = {**own, "recommendation_win": _rec("order up")}
    assert "sampled deals" in equilibrium_note(pure, own)


def test_at_a_score_the_text_leads_with_the_game_win_answer():
    df = advise_hand("9C TC KD QD AH", "JS", "first", score="9-6", strategy="equilibrium",
                     deals=1500, seed=1)
    text = format_advice(df)
    lines = text.splitlines()
    first = next(i for i, ln in enumerate(lines) if ln.startswith(("recommended", "too close")))
    assert "games in 100" in lines[first] and lines[first + 1].startswith("in points a hand: ")
    assert df.attrs["answer_by"] == "win"
    assert df.loc[df.recommended, "option"].tolist() == [df.attrs["recommendation_win"]["option"]]
