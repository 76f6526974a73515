"""Trickster Cards' PTN records (``sim.ptn``): the fixtures read, refused or found damaged each
with its line; round trips over many random hands, finished and cut short; bad text never a
traceback."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import sim
from sim.ptn import KEPT_TAGS, _letters, _split, read_ptn, write_ptn
from sim.records import RecordError, parse_record, record_to_json
from sim.referee import replay_record

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "ptn"

# (file, record) -> what reading it must answer: "read", or words its one line must hold
EXPECTED = {
    ("trickster-233-nt-alone.ptn", 1): "refused: CardsPassed (line 18): S:N:DQ: a card passed "
                                      "to a lone maker: call for best",
    ("trickster-278-under.ptn", 1): "refused: CardsAdded (line 16): N went under holding QS",
    ("trickster-282-second-chair.ptn", 1): "read",
    ("trickster-310-bid-euchre.ptn", 1): "refused: GameOptionsJson (line 7): Bid Euchre",
    ("trickster-313-under.ptn", 1): "refused: CardsAdded (line 17): E went under holding AS",
    **{("made-up-hands.ptn", k): "read" for k in range(1, 10)},
    ("made-up-refused.ptn", 1): "refused: Contract (line 12): NT: no trump",
    ("made-up-refused.ptn", 2): "refused: Auction: W went alone under alone must take 5",
    ("made-up-refused.ptn", 3): "refused: Play (line 42): the maker (N) led first",
    ("made-up-refused.ptn", 4): "refused: GameOptionsJson (line 47): a joker in the pack",
    ("made-up-refused.ptn", 5): "refused: Deal (line 57): 3 hands: a game of 3 players",
    ("made-up-refused.ptn", 6): "refused: CardsPassed (line 73)",
    ("made-up-refused.ptn", 7): "refused: GameOptionsJson (line 78): a 28-card pack",
    ("made-up-damaged.ptn", 1): "line 5: Deal/Undealt: QC twice (S and E)",
    ("made-up-damaged.ptn", 2): "Play (line 23), trick 1: no card for E (a trick with a "
                                "missing seat), yet S played after",
    ("made-up-damaged.ptn", 3): "Auction (line 31), round 1, N: ♠ in round 1, but the upcard "
                                "is KD",
    ("made-up-damaged.ptn", 4): "Auction (line 37): starts with N, but the dealer's left (W)",
    ("made-up-damaged.ptn", 5): "Contract (line 45): '♠', but the auction made '♣'",
    ("made-up-damaged.ptn", 6): "Play (line 60), trick 1, S: S does not hold AH",
    ("made-up-damaged.ptn", 7): "Play (line 73), trick 2, S: S played AD but must follow",
    ("made-up-damaged.ptn", 8): "Undealt (line 78): 3 cards; the kitty has 4",
    ("made-up-damaged.ptn", 9): "Dealer (line 83): E, but the Deal starts with N",
    ("made-up-damaged.ptn", 10): "Auction (line 96), round 2, N: the dealer (N) may not pass",
    ("made-up-damaged.ptn", 11): "CardsRemoved: missing: the dealer (S) took the upcard KD",
    ("made-up-damaged.ptn", 12): "line 108: Auction: missing",
}


# The real records: every Euchre PTN record pasted in a TricksterBots issue thread that the
# search index holds (threads #233, #278, #282, #310 and #313; the snapshot of the repository
# holds no other).  Each fixture's header names its thread and what it is expected to answer.
REAL = sorted(p.name for p in FIXTURES.glob("trickster-*.ptn"))


def test_every_real_record_names_its_thread_and_is_read_or_refused_as_its_header_says():
    assert REAL == ["trickster-233-nt-alone.ptn", "trickster-278-under.ptn",
                    "trickster-282-second-chair.ptn", "trickster-310-bid-euchre.ptn",
                    "trickster-313-under.ptn"]
    got = _fixture_hands()
    outcomes = []
    for name in REAL:
        text = (FIXTURES / name).read_text(encoding="utf-8")
        thread = name.split("-")[1]
        assert f"% Source: https://github.com/TricksterCards/TricksterBots/issues/{thread} (" \
            in text, name
        expected, = [line for line in text.splitlines() if line.startswith("% Expected: ")]
        hands = [h for (file, _n), h in got.items() if file == name]
        assert len(hands) == 1, name                 # one record a thread
        h, = hands
        outcome = "read" if h.record is not None else "refused"
        assert expected.startswith(f"% Expected: {outcome} ("), (name, expected, h.problem)
        assert h.error is None, (name, h.problem)    # none is damaged
        outcomes.append(outcome)
    assert (len(outcomes), outcomes.count("read"), outcomes.count("refused")) == (5, 1, 4)


def test_a_record_pasted_as_the_threads_paste_it_reads_as_the_record_alone():
    """Threads #278 and #282 paste their records inside a Markdown code fence, #233, #310 and
    #313 after a ``% PBN ----`` or ``% PTN ----`` line: neither is any part of the record."""
    alone = (FIXTURES / "trickster-282-second-chair.ptn").read_text(encoding="utf-8")
    record = "\n".join(x for x in alone.splitlines() if not x.startswith("%"))
    pasted = "```\n% PTN ---------------------------\n" + record + "\n```\n"
    assert sim.is_ptn(pasted)
    (h,) = read_ptn(pasted)
    (want,) = read_ptn(alone)
    assert h.record == want.record and h.unfinished == want.unfinished
    two = read_ptn(f"```\n{record}\n```\n```\n{record}\n```")   # a fence ends a record
    assert [x.record for x in two] == [want.record, want.record]


def test_the_thread_233_date_tag_pasted_without_its_bracket_is_no_harm():
    """#233 pastes ``[LocalDateTime "1/2/2024 9:07 PM PST"`` with no closing bracket (the
    fixture leaves the dates out): the record is still refused for its rule, a line on."""
    text = (FIXTURES / "trickster-233-nt-alone.ptn").read_text(encoding="utf-8")
    lines = text.splitlines()
    k = next(i for i, x in enumerate(lines) if x.startswith("[GameCode"))
    lines.insert(k, '[LocalDateTime "1/2/2024 9:07 PM PST"')
    (h,) = read_ptn("\n".join(lines))
    assert h.problem == ("line 6: refused: CardsPassed (line 19): S:N:DQ: a card passed to a "
                         "lone maker: call for best, which we do not play")


def _fixture_hands():
    return {(p.name, h.number): h for p in sorted(FIXTURES.glob("*.ptn"))
            for h in read_ptn(p.read_text(encoding="utf-8"))}


def test_every_fixture_is_read_refused_or_damaged_as_expected():
    got = _fixture_hands()
    assert set(got) == set(EXPECTED)
    for key, want in EXPECTED.items():
        h = got[key]
        if want == "read":
            assert h.record is not None and h.problem is None, (key, h.problem)
        else:
            assert h.record is None and want in h.problem, (key, h.problem)
            assert "\n" not in h.problem
            assert (h.refused is not None) == want.startswith("refused")


def test_every_fixture_read_replays_legally_where_it_stops():
    for key, h in _fixture_hands().items():
        if h.record is None:
            continue
        result = replay_record(h.record, partial=True)
        assert "error" not in result, (key, result)
        assert _letters(result.get("unfinished", "")) == (h.unfinished or ""), key
        if h.unfinished is None:
            assert replay_record(h.record) == result


def test_a_fixture_read_gives_what_its_tags_say():
    h = _fixture_hands()[("trickster-282-second-chair.ptn", 1)]
    j = record_to_json(h.record)
    assert j["dealer"] == 0 and j["upcard"] == "9C" and j["kitty"] == ["9C", "AS", "JD", "9D"]
    assert j["hands"][2] == ["TC", "KC", "TD", "QD", "JS"]              # North, in card order
    assert j["bids"] == [{"seat": 1, "action": "pass"}, {"seat": 2, "action": "order_up"}]
    assert j["rules"] == {"stick_the_dealer": True} and h.unfinished == "the dealer (S) to discard"
    assert "call for best (callForBest)" in h.notes[0] and "did not use" in h.notes[0]
    made = _fixture_hands()[("made-up-hands.ptn", 1)]
    assert made.record.scores == (3, 5)     # GameScores S:4 5 after a hand that scored 1 to S/N
    assert made.record.note == "Trickster Cards: Play Euchre - Play to 10"
    farmer = _fixture_hands()[("made-up-hands.ptn", 7)].record
    assert farmer.farmer.seat == 0 and farmer.rules["farmers_hand"] is True


def _kept(tags):
    """(name, value, data lines) of each kept tag, GameCode and GameOptionsJson left out (the
    options are compared through the rules they give, in the records)."""
    return [(t.name, t.value, [x for _n, x in t.data]) for t in tags
            if t.name in KEPT_TAGS and t.name not in ("GameCode", "GameOptionsJson")]


def test_ptn_to_records_to_ptn_keeps_every_tag_it_reads():
    for p in sorted(FIXTURES.glob("*.ptn")):
        text = p.read_text(encoding="utf-8")
        for (line, tags), h in zip(_split(text), read_ptn(text), strict=True):
            if h.record is None:
                continue
            again = write_ptn(h.record)
            (_line, written), = _split(again)
            assert _kept(written) == _kept(tags), (p.name, line)
            assert read_ptn(again)[0].record == h.record


def _cut(record: dict, rng: random.Random) -> dict:
    """The record stopped at a random point: in the bidding, before the discard or in play."""
    r = dict(record)
    if r["plays"] and rng.random() < 0.7:
        r["plays"] = r["plays"][:rng.randrange(len(r["plays"]))]
    else:
        r["plays"] = []
        r.pop("discard", None)
        r["bids"] = r["bids"][:rng.randrange(1, len(r["bids"]) + 1)]
        if any(b.get("action") == "defend_alone" for b in r["bids"]):
            r["bids"] = [b for b in r["bids"] if b["action"] != "defend_alone"]
    return r


@pytest.mark.compile
@pytest.mark.parametrize("preset", ["published", "house", "short-game"])
def test_records_to_ptn_to_records_is_the_identity_on_random_hands(preset):
    rules = sim.PRESETS[preset]
    rng = random.Random(7)
    records = sim.trace(3, range(400), rules)
    cut = [_cut(r, rng) for r in records[:200]]
    scored = [{**r, "scores": [rng.randrange(rules.game_to - 4), rng.randrange(5)]}
              for r in records[200:]]
    seen = set()
    for r in records + cut + scored:
        want = record_to_json(parse_record(r))
        text = write_ptn(r, rules)
        back = read_ptn(text)
        assert len(back) == 1 and back[0].problem is None, (text, back[0].problem)
        got = record_to_json(back[0].record)
        assert got.pop("rules", None) == (rules.changes() or None)
        want.pop("rules", None)
        assert got == want, text
        assert write_ptn(back[0].record) == text          # PTN -> records -> PTN, exactly
        seen.update(b["action"] for b in r["bids"])
        seen.update(k for k in ("farmer", "discard") if k in r)
    assert {"pass", "order_up", "call", "discard"} <= seen
    if preset == "house":
        assert {"defend_alone", "farmer"} <= seen


def test_several_records_in_one_text_and_the_rules_in_gameoptions():
    a = {"dealer": 3, "hands": [["9C", "TC", "KC", "TD", "KS"], ["JC", "QC", "AC", "KD", "JS"],
                                ["9D", "AD", "QH", "AH", "9S"], ["JD", "TH", "JH", "QS", "AS"]],
         "kitty": ["QD", "9H", "KH", "TS"], "bids": [{"seat": 0, "action": "pass"}],
         "rules": {"stick_the_dealer": False, "dealer_may_discard_upcard": False}, "note": 'a "q"'}
    text = write_ptn(a) + "\n" + write_ptn({**a, "dealer": 0, "bids": []})
    assert '{\\"stickTheDealer\\":false,\\"euchreSim\\":{\\"dealer_may_discard_upcard\\":false}}' \
        in text
    first, second = read_ptn(text)
    assert first.record == parse_record(a) and first.unfinished.startswith("round 1: W")
    assert second.record.dealer == 0 and second.record.bids == ()


@pytest.mark.compile
def test_write_refuses_an_illegal_record_and_writes_nothing():
    r = sim.trace(1, [0])[0]
    bad = {**r, "plays": [[(r["plays"][0][0] + 1) % 4, r["plays"][0][1]], *r["plays"][1:]]}
    with pytest.raises(RecordError, match="play 1"):
        write_ptn(bad)


GOOD = (FIXTURES / "made-up-hands.ptn").read_text(encoding="utf-8").split("\n\n")[1]


@pytest.mark.parametrize("seed", range(200))
def test_a_damaged_record_is_one_line_never_a_traceback(seed):
    rng = random.Random(seed)
    lines = GOOD.splitlines()
    for _ in range(rng.randrange(1, 4)):
        k = rng.randrange(len(lines))
        choice = rng.randrange(4)
        if choice == 0:
            del lines[k]
        elif choice == 1:
            lines.insert(k, lines[rng.randrange(len(lines))])
        elif lines[k]:
            j = rng.randrange(len(lines[k]))
            lines[k] = lines[k][:j] + rng.choice('"[]:.- SHDCAKQJT9♠x') + lines[k][j + 1:]
    for h in read_ptn("\n".join(lines)):
        assert (h.record is None) == (h.problem is not None)
        assert h.problem is None or "\n" not in h.problem


def test_is_ptn_tells_ptn_from_json_lines():
    assert sim.is_ptn('% a comment\n\n[Event "x"]\n')
    assert not sim.is_ptn('{"dealer": 0}\n')
    assert not sim.is_ptn("dealer,upcard\n")
