"""Hand features: exact values on hand-built hands, the kernel's point count and discard, and
the auction's decisions against a plain Python walk through the records."""

import numpy as np
import pandas as pd
import pytest

from analysis import features as F
from sim.cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    HEARTS,
    SPADES,
    effective_suit,
    left_bower,
    mask_of,
    parse_cards,
    rank_of,
    right_bower,
    suit_of,
)
from sim.players import BASIC_PARAMS, basic_twin
from sim.players.basic import bid_value
from sim.rules import Rules
from sim.run.hands import Table, simulate

pytestmark = pytest.mark.compile

V = {k: v for k, (v, _) in BASIC_PARAMS.items()}


def hand(text: str) -> int:
    return mask_of(parse_cards(text))


def feats(text: str, trump: int) -> pd.Series:
    return F.hand_features(np.array([hand(text)], np.uint32), trump).iloc[0]


def test_hearts_both_bowers_ace_and_an_off_ace():
    f = feats("JH JD AH AC 9S", HEARTS)
    assert f["trumps"] == 3
    assert (f["right_bower"], f["left_bower"], f["trump_ace"]) == (1, 1, 1)
    assert f["off_aces"] == 1
    assert f["voids"] == 1  # diamonds: its jack is the left bower
    assert f["points"] == pytest.approx(
        V["right_bower"] + V["left_bower"] + V["trump_ace"] + V["offsuit_ace"] + V["void"]
    )
    assert f["hand_class"] == "3T 1A RL"
    assert f["class_code"] == 3 * 16 + 1 * 4 + 2 + 1


def test_same_hand_with_diamonds_trump():
    # JD is now the right bower, JH the left, AH an off-suit ace
    f = feats("JH JD AH AC 9S", DIAMONDS)
    assert (f["trumps"], f["right_bower"], f["left_bower"], f["trump_ace"]) == (2, 1, 1, 0)
    assert f["off_aces"] == 2
    assert f["voids"] == 0  # hearts still holds AH
    assert f["hand_class"] == "2T 2A RL"
    assert f["points"] == pytest.approx(3.2 + 2.8 + 1.3 + 1.3)


def test_no_void_bonus_below_two_trumps():
    # clubs trump: JS is the left bower, spades and hearts are void but one trump earns nothing
    f = feats("JS AD KD QD 9D", CLUBS)
    assert (f["trumps"], f["left_bower"], f["right_bower"], f["voids"]) == (1, 1, 0, 2)
    assert f["off_aces"] == 1
    assert f["points"] == pytest.approx(V["left_bower"] + V["offsuit_ace"] + V["offsuit_king"])
    assert f["hand_class"] == "1T 1A L"


def test_five_small_trumps_and_no_trumps():
    f = feats("9S TS QS KS AS", SPADES)
    assert (f["trumps"], f["off_aces"], f["voids"], f["trump_ace"]) == (5, 0, 3, 1)
    assert f["hand_class"] == "5T 0A"
    assert f["points"] == pytest.approx(1.6 + 1.7 + 1.9 + 2.1 + 2.4 + 3 * 0.6)
    g = feats("9S TS QS KS AS", HEARTS)
    assert (g["trumps"], g["off_aces"], g["voids"], g["points"]) == (0, 1, 2, 1.3 + 0.3)
    assert g["hand_class"] == "0T 1A"


def test_single_feature_functions_broadcast_one_trump():
    h = np.array([hand("JH JD AH AC 9S"), hand("9C TC QC KC AC")], np.uint32)
    assert list(F.trump_count(h, HEARTS)) == [3, 0]
    assert list(F.trump_count(h, CLUBS)) == [1, 5]
    assert list(F.has_right_bower(h, HEARTS)) == [1, 0]
    assert list(F.has_left_bower(h, HEARTS)) == [1, 0]
    assert list(F.has_trump_ace(h, CLUBS)) == [1, 1]
    assert list(F.has_trump_ace(h, SPADES)) == [0, 0]
    assert list(F.off_aces(h, CLUBS)) == [1, 0]
    assert list(F.voids(h, CLUBS)) == [0, 3]  # hand 0: JD is a plain diamond for clubs
    assert F.side_suit_counts(h, HEARTS).tolist() == [[1, 0, 3, 1], [5, 0, 0, 0]]


def test_bad_trump_is_an_error():
    with pytest.raises(ValueError, match="suit 0-3"):
        F.hand_features(np.array([hand("JH JD AH AC 9S")]), -1)


def test_class_keys_and_parts():
    assert F.class_key(F.class_code(3, 1, 1, 0)) == "3T 1A R"
    assert F.class_key(F.class_code(2, 0, 0, 1)) == "2T 0A L"
    assert F.class_key(F.class_code(0, 3, 0, 0)) == "0T 3A"
    assert len(F.CLASS_KEYS) == F.N_CLASSES == 96
    codes = np.arange(96)
    assert np.array_equal(F.class_code(*F.class_parts(codes)), codes)


def test_point_bins():
    assert list(F.point_bin([0.0, 0.49, 0.5, 7.0, 6.9999999999, 6.99, 100.0, -1.0])) == [
        0, 0, 1, 14, 14, 13, F.N_POINT_BINS - 1, 0,
    ]  # fmt: skip
    assert list(F.point_bin_low([0, 14])) == [0.0, 7.0]


def random_hands(n, seed):
    rng = np.random.default_rng(seed)
    return np.array([mask_of(rng.choice(24, 5, replace=False)) for _ in range(n)], np.int64)


def test_point_count_equals_the_kernel_bid_value():
    table = Table.teams("basic")
    _, bv = table.arrays()
    hands = random_hands(400, 1)
    for t in range(4):
        ours = F.point_count(hands, t)
        theirs = np.array([bid_value(bv, 0, int(h), t) for h in hands])
        assert np.array_equal(ours, theirs)  # bit for bit, same order of additions


def test_best_suit_ties_go_to_the_lower_suit_and_exclusion():
    # 9C and 9D alone: symmetric hand for clubs and diamonds -> clubs wins the tie
    h = np.array([hand("9C 9D 9H 9S TC")], np.int64)
    s, v = F.best_suit(h)
    assert s[0] == CLUBS
    s, _ = F.best_suit(h, exclude=CLUBS)
    assert s[0] != CLUBS
    hs = random_hands(200, 2)
    s, v = F.best_suit(hs, exclude=np.full(200, 1))
    every = np.stack([F.point_count(hs, t) for t in range(4)], 1)
    every[:, 1] = -np.inf
    assert np.array_equal(s, every.argmax(1)) and np.array_equal(v, every.max(1))


# ---------------------------------------------------------------------------------------------
# the dealer's pick-up against basic's plain-Python twin


py_discard = basic_twin.discard


@pytest.mark.parametrize("may", [True, False])
def test_pickup_matches_python_twin(may):
    rng = np.random.default_rng(5 + may)
    for _ in range(300):
        cards = rng.choice(24, 6, replace=False)
        up, h = int(cards[0]), mask_of(cards[1:])
        hand5, d = F.pickup(np.array([h]), np.array([up]), may)
        want = py_discard([int(c) for c in cards], up // 6, up, may)
        assert d[0] == want
        assert hand5[0] == (h | 1 << up) & ~(1 << want)


def test_pickup_all_trumps_keeps_the_upcard_when_it_may_not_be_discarded():
    # spades upcard 9S; dealer holds JS JC AS KS QS: must throw the lowest other trump (QS)
    h = hand("JS JC AS KS QS")
    up = parse_cards("9S")[0]
    assert F.pickup(np.array([h]), up, True)[1][0] == up
    assert F.pickup(np.array([h]), up, False)[1][0] == parse_cards("QS")[0]


@pytest.fixture(scope="module")
def records():
    return simulate(6000, seed=21, records=True).records


def test_pickup_matches_the_dealers_recorded_discard(records):
    made1 = records[records["round"] == 1]
    dealer_hand = F.seat_hands(made1)[np.arange(len(made1)), made1["dealer"].to_numpy()]
    hand5, d = F.pickup(dealer_hand, made1["upcard"].to_numpy())
    assert np.array_equal(d, made1["discard"].to_numpy())
    assert np.all(F.popcount(hand5) == 5)


# ---------------------------------------------------------------------------------------------
# decisions: a plain walk through each hand's auction


def py_features(mask: int, t: int) -> tuple[int, int, float]:
    """(class code, point bin, points) by looping over the cards."""
    cards = [c for c in range(24) if mask >> c & 1]
    trumps = [c for c in cards if effective_suit(c, t) == t]
    aces = sum(1 for c in cards if effective_suit(c, t) != t and rank_of(c) == ACE)
    right = int(right_bower(t) in cards)
    left = int(left_bower(t) in cards)
    pts = 0.0
    for s in range(4):  # the kernel's order: suit by suit
        sub = 0.0
        for c in cards:
            if suit_of(c) != s:
                continue
            r = rank_of(c)
            if c == right_bower(t):
                sub += V["right_bower"]
            elif c == left_bower(t):
                sub += V["left_bower"]
            elif s == t:
                sub += V[{0: "trump_nine", 1: "trump_ten", 3: "trump_queen", 4: "trump_king",
                          5: "trump_ace"}[r]]  # fmt: skip
            elif r == ACE:
                sub += V["offsuit_ace"]
            elif r == 4:
                sub += V["offsuit_king"]
        pts += sub
    voids = sum(1 for s in range(4) if s != t and not any(effective_suit(c, t) == s for c in cards))
    if len(trumps) >= 2:
        pts += voids * V["void"]
    code = len(trumps) * 16 + aces * 4 + right * 2 + left
    return code, int(F.point_bin([pts])[0]), pts


def py_decisions(records: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for i, r in enumerate(records.itertuples(index=False)):
        hands = [int(getattr(r, f"hand{s}")) for s in range(4)]
        maker_pos = (r.maker - r.dealer - 1) % 4 if r.maker >= 0 else None
        turned = r.upcard // 6
        for rnd in (1, 2):
            if rnd == 2 and r.round == 1:
                break
            for p in range(4):
                seat = (r.dealer + 1 + p) % 4
                made = r.round == rnd and maker_pos == p
                h = hands[seat]
                if rnd == 1:
                    t = turned
                    if p == 3:
                        h6 = [c for c in range(24) if h >> c & 1] + [r.upcard]
                        h = mask_of(h6) & ~(1 << py_discard(h6, t, r.upcard))
                elif made:
                    t = r.trump
                else:
                    t = max((s for s in range(4) if s != turned),
                            key=lambda s, h=h: (py_features(h, s)[2], -s))  # fmt: skip
                code, b, _ = py_features(h, t)
                rows.append((i, p, rnd, seat, t, int(made), code, b))
                if made:
                    break
    return pd.DataFrame(
        rows, columns=["row", "position", "round", "seat", "trump", "made", "class_code",
                       "point_bin"],
    )  # fmt: skip


def test_decisions_match_a_plain_walk_through_the_auction(records):
    sub = records.iloc[:1500]
    want = py_decisions(sub).sort_values(["row", "round", "position"]).reset_index(drop=True)
    got = (
        pd.concat([pd.DataFrame(F.decision_arrays(sub, r))[list(want.columns)] for r in (1, 2)])
        .sort_values(["row", "round", "position"])
        .reset_index(drop=True)
    )
    pd.testing.assert_frame_equal(got, want, check_dtype=False)


def test_decisions_count_every_reached_seat(records):
    r1 = F.decision_arrays(records, 1)
    r2 = F.decision_arrays(records, 2)
    rnd = records["round"].to_numpy()
    # round 1: every hand reaches first; made hands stop at the maker
    assert r1["made"].sum() == (rnd == 1).sum()
    assert r2["made"].sum() == (rnd == 2).sum()
    assert np.bincount(r1["position"])[0] == len(records)
    # the dealer decides in round 1 when the other three passed: he ordered or all passed
    passed1 = (rnd != 1).sum()
    maker_pos = (records["maker"].to_numpy() - records["dealer"].to_numpy() - 1) % 4
    dealer_made = ((rnd == 1) & (maker_pos == 3)).sum()
    assert np.bincount(r1["position"], minlength=4)[3] == passed1 + dealer_made
    # round 2 is reached only when round 1 passed out
    assert np.bincount(r2["position"], minlength=4)[0] == passed1


def test_decision_features_frame(records):
    df = F.decision_features(records.iloc[:50])
    assert list(df.columns[:7]) == ["hand", "position", "round", "seat", "trump",
                                    "upcard_rank", "made"]  # fmt: skip
    assert set(F.FEATURE_COLUMNS) <= set(df.columns)
    assert list(df["position"].cat.categories) == ["first", "second", "third", "dealer"]
    assert df["trump"].isin(list("CDHS")).all() and df["upcard_rank"].isin(list("9TJQKA")).all()
    first = df[(df["hand"] == 0) & (df["round"] == 1)]
    assert first["position"].iloc[0] == "first"
    dealer = records["dealer"].iloc[0]
    assert first["seat"].iloc[0] == (dealer + 1) % 4


def test_dealer_discard_rule_respected_in_features():
    rules = Rules(dealer_may_discard_upcard=False)
    rec = simulate(3000, seed=4, rules=rules, records=True).records
    made1 = rec[rec["round"] == 1]
    dh = F.seat_hands(made1)[np.arange(len(made1)), made1["dealer"].to_numpy()]
    _, d = F.pickup(dh, made1["upcard"].to_numpy(), may_discard_upcard=False)
    assert np.array_equal(d, made1["discard"].to_numpy())
    assert not np.any(d == made1["upcard"].to_numpy())
