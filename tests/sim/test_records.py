"""Hand records: parsing (lenient cards, strict shape), error messages that name the field,
canonical serialisation, and a run's record columns read as cards (``sim.to_cards``)."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sim.cards import parse_card
from sim.records import Bid, FarmerRecord, RecordError, parse_record, record_to_json
from sim.referee import random_legal_hand, replay_record

GOOD = {
    "dealer": 3,
    "hands": [["JH", "AH", "KH", "AC", "9S"], ["JD", "QH", "TH", "KC", "9C"],
              ["AS", "KS", "QS", "TS", "9D"], ["AD", "KD", "QD", "TD", "JS"]],
    "upcard": "9H",
    "kitty": ["9H", "TC", "JC", "QC"],
    "bids": [{"seat": 0, "action": "order_up"}],
    "discard": "JS",
    "plays": [[0, "JH"], [1, "TH"], [2, "9D"], [3, "9H"], [0, "AC"], [1, "9C"], [2, "TS"],
              [3, "TD"], [0, "AH"], [1, "JD"], [2, "QS"], [3, "QD"], [1, "KC"], [2, "KS"],
              [3, "KD"], [0, "KH"], [0, "9S"], [1, "QH"], [2, "AS"], [3, "AD"]],
}  # fmt: skip


def changed(path, value):
    """GOOD with one field replaced (``path`` is a tuple of keys/indices); DELETE removes it."""
    rec = copy.deepcopy(GOOD)
    target = rec
    for key in path[:-1]:
        target = target[key]
    if value is DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return rec


DELETE = object()


def error_of(rec) -> str:
    with pytest.raises(RecordError) as info:
        parse_record(rec)
    return str(info.value)


def test_parse_good_record():
    rec = parse_record(GOOD)
    assert rec.dealer == 3 and rec.upcard == parse_card("9H")
    assert rec.hands[1] == tuple(parse_card(c) for c in ["JD", "QH", "TH", "KC", "9C"])
    assert rec.bids == (Bid(0, "order_up"),)
    assert rec.discard == parse_card("JS") and len(rec.plays) == 20
    assert rec.rules is None and rec.farmer is None and rec.note is None
    assert parse_record(rec) is rec


def test_serialise_is_canonical_and_round_trips():
    assert record_to_json(parse_record(GOOD)) == GOOD
    lenient = changed(("hands", 0), ["jh", "A♥", "K♥", "ac", " 9s "])
    lenient["hands"][1] = ["J♦", "qh", "10h", "KC", "9C"]
    lenient["upcard"] = "9♥"
    lenient["plays"][1] = [1, "10♥"]
    assert record_to_json(parse_record(lenient)) == GOOD


def test_serialise_optional_fields():
    farmer = {"seat": 1, "gave": ["9C", "TH", "9S"], "took": ["TC", "JC", "QC"]}
    rec = dict(GOOD, note="a note", rules={"defend_alone": True}, farmer=farmer)
    rec["bids"] = [{"seat": 0, "action": "call", "suit": "♠", "alone": True},
                   {"seat": 1, "action": "defend_alone", "alone": False}]  # fmt: skip
    out = record_to_json(parse_record(rec))
    assert list(out) == ["note", "dealer", "hands", "upcard", "kitty", "rules", "farmer", "bids",
                         "discard", "plays"]  # fmt: skip
    assert out["bids"] == [{"seat": 0, "action": "call", "suit": "S", "alone": True},
                           {"seat": 1, "action": "defend_alone"}]  # fmt: skip
    assert parse_record(rec).farmer == FarmerRecord(
        1, tuple(map(parse_card, ["9C", "TH", "9S"])), tuple(map(parse_card, ["TC", "JC", "QC"]))
    )


def test_upcard_may_be_omitted_but_must_match_kitty():
    assert parse_record(changed(("upcard",), DELETE)).upcard == parse_card("9H")
    assert error_of(changed(("upcard",), "TC")) == (
        "upcard: TC is not kitty[0] (9H); the kitty lists the upcard first"
    )


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("hands", 2, 4), "JH", "hands[2]: duplicate card JH (also in hands[0])"),
        (("hands", 2, 4), "QS", "hands[2]: duplicate card QS"),
        (("kitty", 3), "AS", "kitty: duplicate card AS (also in hands[2])"),
        (("hands", 1), ["JD", "QH", "TH", "KC"], "hands[1]: 4 cards; a hand has 5"),
        (("hands", 0, 3), "1X", "hands[0][3]: unknown card '1X'"),
        (("hands", 0, 3), 7, "hands[0][3]: a card must be text like 'JH', not 7"),
        (("hands",), [["JH"]] * 3, "hands: 3 hands; a deal has four"),
        (("hands",), "JH AH", 'hands: must be a list of four hands, not "JH AH"'),
        (("hands",), DELETE, "hands: missing"),
        (("kitty",), ["9H", "TC", "JC"], "kitty: 3 cards; the kitty has 4"),
        (("kitty",), DELETE, "kitty: missing"),
        (("dealer",), 4, "dealer: a seat is 0, 1, 2 or 3, not 4"),
        (("dealer",), True, "dealer: a seat is 0, 1, 2 or 3, not true"),
        (("dealer",), DELETE, "dealer: missing"),
        (("bids",), DELETE, "bids: missing"),
        (("bids",), {"seat": 0}, "bids: must be a list of bids"),
        (("bids", 0), {"seat": 0, "action": "orderup"}, 'bid 1: unknown action "orderup"'),
        (("bids", 0), {"seat": "0", "action": "pass"}, 'bid 1: a seat is 0, 1, 2 or 3, not "0"'),
        (("bids", 0), {"action": "pass"}, 'bid 1: needs "seat" and "action"'),
        (("bids", 0), {"seat": 0, "action": "call"}, 'bid 1: a call needs a "suit"'),
        (("bids", 0), {"seat": 0, "action": "call", "suit": "X"}, "bid 1: unknown suit 'X'"),
        (("bids", 0), {"seat": 0, "action": "call", "suit": 2}, "bid 1: suit must be C, D, H"),
        (("bids", 0), {"seat": 0, "action": "pass", "suit": "H"}, "bid 1: only a call names"),
        (("bids", 0), {"seat": 0, "action": "pass", "alone": True}, "bid 1: only the bid that"),
        (("bids", 0), {"seat": 0, "action": "order_up", "alone": 1}, "bid 1: alone: must be"),
        (("bids", 0), {"seat": 0, "action": "pass", "x": 1}, 'bid 1: unknown field "x"'),
        (("bids", 0), "pass", 'bid 1: must be a JSON object, not "pass"'),
        (("plays", 6), [2, "TS", 1], 'play 7: must be [seat, card], not [2, "TS", 1]'),
        (("plays", 6), [9, "TS"], "play 7: a seat is 0, 1, 2 or 3, not 9"),
        (("plays", 6), [2, "ZZ"], "play 7: unknown card 'ZZ'"),
        (("plays",), "JH", "plays: must be a list of [seat, card] pairs"),
        (("discard",), "QQ", "discard: unknown card 'QQ'"),
        (("rules",), {"stick": True}, 'rules: unknown field "stick"'),
        (("rules",), {"stick_the_dealer": 1}, "rules: stick_the_dealer: must be true or false"),
        (("rules",), {"game_to": "7"}, 'rules: game_to must be a whole number, not "7"'),
        (("rules",), {"game_to": True}, "rules: game_to must be a whole number, not true"),
        (("farmer",), {"seat": 1}, 'farmer: needs "seat", "gave" and "took" ("gave" is missing)'),
        (("farmer",), {"seat": 1, "gave": ["9C"], "took": []}, "farmer: gave: 1 cards; a"),
        (("note",), 3, "note: must be text, not 3"),
        (("extra",), 1, 'record: unknown field "extra"'),
    ],
)
def test_field_errors(path, value, message):
    assert error_of(changed(path, value)).startswith(message)


def test_not_an_object():
    assert error_of([1, 2]) == "record: must be a JSON object, not [1, 2]"
    long = error_of("x" * 100)
    assert long.startswith('record: must be a JSON object, not "xxx') and long.endswith("...")
    assert len(long) < 80


def test_rule_values_are_checked_at_replay():
    result = replay_record(changed(("rules",), {"game_to": 3}))
    assert result["error"] == "rules: rule option game_to must be 5, 7 or 10, not 3"
    assert result["points"] == [0, 0]


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    junk=st.recursive(
        st.none()
        | st.booleans()
        | st.integers(-5, 30)
        | st.text(max_size=4)
        | st.sampled_from(["JH", "AS", "10d", "pass", "call", "order_up", "H"]),
        lambda kids: (
            st.lists(kids, max_size=6) | st.dictionaries(st.text(max_size=6), kids, max_size=4)
        ),
        max_leaves=12,
    ),
    where=st.integers(0, 10_000),
)
def test_corrupted_records_never_raise(seed, junk, where):
    """Replace one random node of a legal record with junk: an error result, never a crash."""
    rec = random_legal_hand(random.Random(seed))
    nodes = []

    def walk(obj):
        items = obj.items() if isinstance(obj, dict) else enumerate(obj)
        for key, value in list(items):
            nodes.append((obj, key))
            if isinstance(value, dict | list):
                walk(value)

    walk(rec)
    parent, key = nodes[where % len(nodes)]
    parent[key] = junk
    result = replay_record(json.loads(json.dumps(rec)))
    assert isinstance(result, dict)
    if "error" in result:
        assert result["points"] == [0, 0] and result["error"].split(":")[0]


# ---------------------------------------------------------------------------------------------
# a run's record columns as cards (sim.to_cards) against its traced hands


@pytest.mark.compile
def test_to_cards_matches_the_traced_hands():
    import pandas as pd

    import sim
    from sim.cards import SUIT_NAMES

    # basic passes some hands out (tuned, the default, hardly ever does)
    table = sim.Table.teams("basic")
    df = sim.simulate(300, seed=11, records=True, table=table).records
    cards = sim.to_cards(df)
    records = sim.trace(11, range(300), table=table)
    assert cards["round"].eq(0).any() and cards["discard"].notna().any()
    for row, rec in zip(cards.itertuples(), records, strict=True):
        assert [getattr(row, f"hand{k}") for k in range(4)] == [" ".join(h) for h in rec["hands"]]
        assert row.upcard == rec["upcard"] and row.dealer == rec["dealer"]
        making = [b for b in rec["bids"] if b["action"] in ("order_up", "call")]
        if not making:
            assert row.trump is None and pd.isna(row.maker) and row.round == 0
            continue
        bid = making[0]
        trump = rec["upcard"][1] if bid["action"] == "order_up" else bid["suit"]
        assert row.trump == SUIT_NAMES["CDHS".index(trump)]
        assert row.maker == bid["seat"] and row.maker_team == bid["seat"] % 2
        assert row.maker_position == ("first", "second", "third", "dealer")[
            (bid["seat"] - rec["dealer"] - 1) % 4]
        assert row.alone == bool(bid.get("alone", False))
        assert row.discard == rec.get("discard")

