"""No card the user's seat has not seen leaves the server during a hand: whole games played
through the API at every seat, every answer before a hand's end (the state, the hint) scanned
for card names outside what the seat has seen, that set taken from the hand's own record once
the hand is over (its dealt hand, the upcard, its own discard as the dealer, the cards played
so far); trump, the maker and the tricks in sight all hand; the bids in a player's words; the
hand sorted by suit."""

from __future__ import annotations

import json
import random
import re

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient  # noqa: E402

from analysis.web.app import create_app  # noqa: E402

pytestmark = pytest.mark.compile
SEEDS = (1, 2, 3)
SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
# a card named anywhere in text: rank then suit (letters or symbols), not inside a longer word
CARD = re.compile(r"(?<![0-9A-Za-z])(10|[9TJQKA])([CDHS♣♦♥♠])(?![0-9A-Za-z])")
DECK = {r + s for r in "9TJQKA" for s in "CDHS"}


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(prepare=False)) as c:
        yield c


def cards_named(answer, skip: str) -> set[str]:
    """Every card named in a JSON answer, in any key or value (``skip``: the game's id, a
    random token that is no card)."""
    found: set[str] = set()

    def walk(x):
        if isinstance(x, dict):
            for k, v in x.items():
                walk(k)
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
        elif isinstance(x, str) and x != skip:
            for rank, suit in CARD.findall(x):
                found.add(("T" if rank == "10" else rank) + SYMBOLS.get(suit, suit))
    walk(answer)
    return found


def seen_by(record: dict, seat: int, plays: int) -> set[str]:
    """What ``seat`` has seen after ``plays`` cards of the hand ``record``: its hand as dealt,
    the upcard, its own discard when it deals, the cards played."""
    seen = set(record["hands"][seat]) | {record["kitty"][0]}
    if seat == record["dealer"] and record.get("discard"):
        seen.add(record["discard"])
    return seen | {c for _, c in record["plays"][:plays]}


def check_hand(answers: list, record: dict, seat: int, game_id: str) -> None:
    for answer, plays in answers:
        named = cards_named(answer, game_id)
        hidden = named - seen_by(record, seat, plays)
        assert not hidden, (f"seat {seat} was told {sorted(hidden)} before the hand's end",
                            json.dumps(answer)[:600])


def play_game(client, seed: int, seat: int, hints: int = 0) -> dict:
    """A whole game at ``seat`` (random legal moves from the seed), every answer during each
    hand checked once the hand's record is known; what the games covered."""
    pick = random.Random(seed * 10 + seat)
    g = client.post("/api/games", params={"seed": seed, "seat": seat}).json()
    covered = {"hands": 0, "others_discard": 0, "answers": 0}
    during: list = []
    while True:
        if not g["done"]:
            plays = len(g["view"]["plays"])
            during.append((g, plays))
            assert not g["full_record"] and "dealt" not in g and "record" not in g
            if hints:
                hints -= 1
                hint = client.get(f"/api/games/{g['id']}/hint", params={"worlds": 4})
                assert hint.status_code == 200, hint.text
                during.append((hint.json(), plays))
            again = client.get(f"/api/games/{g['id']}").json()
            assert again == g
            r = client.post(f"/api/games/{g['id']}/act", json=pick.choice(g["view"]["legal"]))
            assert r.status_code == 200, r.text
            g = r.json()
            continue
        record = g["record"]
        assert g["full_record"] is True and len(g["dealt"]) == 4
        for answer, plays in during:     # the view's plays are the hand's, in order
            if "view" in answer:
                assert answer["view"]["plays"] == record["plays"][:plays]
        check_hand(during, record, seat, g["id"])
        covered["hands"] += 1
        covered["answers"] += len(during)
        if record.get("discard") and record["dealer"] != seat:
            covered["others_discard"] += 1
            told = [e for a in [*(a for a, _ in during), g] for e in a.get("events", ())]
            assert {"seat": record["dealer"], "text": "discards"} in told
        during = []
        if g["over"]:
            return covered
        g = client.post(f"/api/games/{g['id']}/next").json()


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_no_answer_during_a_hand_names_a_card_the_seat_has_not_seen(client, seat):
    covered = {"hands": 0, "others_discard": 0, "answers": 0}
    for seed in SEEDS:
        got = play_game(client, seed, seat, hints=2 if seed == SEEDS[0] else 0)
        for k in covered:
            covered[k] += got[k]
    # the games went through the cases that could leak: many hands, another seat's discard
    assert covered["hands"] >= 3 * len(SEEDS) and covered["others_discard"] >= 2, covered


def test_the_check_catches_a_hidden_card():
    """The scan itself: another seat's discard, a kitty card, or a card of another hand named
    anywhere (in a key, in a sentence, with a symbol) is caught; cards seen are not."""
    hands = [["KH", "AD", "TH", "TD", "JC"], ["QC", "QD", "TC", "AC", "JS"],
             ["9S", "AH", "QS", "KC", "KD"], ["TS", "JD", "AS", "JH", "9D"]]
    record = {"dealer": 1, "hands": hands, "kitty": ["KS", "9C", "9H", "QH"], "discard": "TC",
              "plays": [[2, "9S"], [3, "TS"], [0, "KH"]]}
    seen = seen_by(record, 0, 2)
    assert seen == {"KH", "AD", "TH", "TD", "JC", "KS", "9S", "TS"}
    for leak in ({"events": [{"seat": 1, "text": "discards TC"}]}, {"x": "9C"},
                 {"QS": 1}, {"t": "West has the J♠"}, {"t": "a 10♣ and more"}):
        with pytest.raises(AssertionError, match="before the hand's end"):
            check_hand([(leak, 2)], record, 0, "id")
    check_hand([({"t": "order up ♠ (KS) then 9S, TS", "id": "xQCx-9H"}, 2)], record, 0, "xQCx-9H")
    assert cards_named({"a": "AS9H JHx QC_"}, "") == {"QC"}


def test_trump_the_maker_and_the_tricks_stay_in_sight(client):
    """From the first card to the last: trump, the maker, who is alone and the tricks each
    side has won, as the hand's record makes them."""
    for seed in SEEDS:
        g = client.post("/api/games", params={"seed": seed, "seat": 0}).json()
        states = []
        while not g["done"]:
            states.append(g)
            g = client.post(f"/api/games/{g['id']}/act", json=g["view"]["legal"][-1]).json()
        result = g["result"]
        for s in states:
            made = s["view"]["bids"] and any(b["action"] in ("order_up", "call")
                                             for b in s["view"]["bids"])
            if s["phase"] != "play":
                continue
            assert made and s["trump"] == result["trump"] and s["maker"] == result["maker"]
            assert s["alone"] == result["alone"]
            tricks = len(s["view"]["plays"]) // (3 if s["alone"] else 4)
            assert sum(s["tricks"]) == tricks == len(s["trick_winners"])
            won = [sum(1 for w in s["trick_winners"] if w % 2 == t) for t in (0, 1)]
            assert s["tricks"] == won
        assert g["trump"] == result["trump"] and g["tricks"] == result["tricks"]


def in_words(bid: dict, dealer: int, upcard: str) -> str:
    """A bid as the page should say it, from its JSON (written here, not by the server)."""
    alone = " alone" if bid.get("alone") else ""
    if bid["action"] == "pass":
        return "passes"
    if bid["action"] == "order_up":
        verb = "picks up" if bid["seat"] == dealer else "orders up"
        symbol = {v: k for k, v in SYMBOLS.items()}[upcard[1]]
        return f"{verb} {symbol}{alone}"
    return f"calls {SUIT_WORDS[bid['suit']]}{alone}"


def order_key(c: str, trump: str | None):
    """Where a card sits in a hand sorted by suit (spades, hearts, clubs, diamonds, from
    trump once made), highest first: right bower, left bower, A K Q (J) T 9."""
    cycle = "SHCD"
    partner = {"C": "S", "S": "C", "D": "H", "H": "D"}
    suit = trump if trump and c[0] == "J" and c[1] == partner[trump] else c[1]
    start = cycle.index(trump) if trump else 0
    power = "9TJQKA".index(c[0])
    if trump and c == "J" + trump:
        power = 8
    elif trump and suit == trump and c[0] == "J":
        power = 7
    return (cycle.index(suit) - start) % 4, -power


@pytest.mark.parametrize("seat", [0, 3])
def test_bids_in_words_the_dealers_buttons_and_the_hand_by_suit(client, seat):
    dealer_buttons = 0
    for seed in SEEDS:
        g = client.post("/api/games", params={"seed": seed, "seat": seat}).json()
        while not (g["done"] and g["over"]):
            if g["done"]:
                g = client.post(f"/api/games/{g['id']}/next").json()
                continue
            v = g["view"]
            assert [b["text"] for b in g["bidding"]] == [in_words(b, g["dealer"], g["upcard"])
                                                         for b in v["bids"]]
            assert [b["seat"] for b in g["bidding"]] == [b["seat"] for b in v["bids"]]
            assert g["kept"] == sorted(v["hand"], key=lambda c: order_key(c, g["trump"]))
            if g["phase"] == "round1":
                ups = [t for a, t in zip(v["legal"], g["legal_text"], strict=True)
                       if a["action"] == "order_up"]
                mine = seat == g["dealer"]
                symbol = {letter: sym for sym, letter in SYMBOLS.items()}[g["upcard"][1]]
                want = f"{'pick up' if mine else 'order up'} {symbol}"
                assert ups == [want, want + " alone"]
                dealer_buttons += mine
            g = client.post(f"/api/games/{g['id']}/act", json=v["legal"][0]).json()
    assert dealer_buttons, "no hand dealt by the user came to its turn in round 1"
