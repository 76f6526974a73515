"""The Review page's API for a player to learn from (issue 63): the review's accuracy, game-win
chance and best actions in ``/api/review``'s JSON, show me how (``/api/review/show-how``), the
duplicate (``/api/review/duplicate``) and hand links (``/api/links``), each mistake a 4xx with
one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient  # noqa: E402

from analysis.web.app import create_app  # noqa: E402

pytestmark = pytest.mark.compile
ROOT = Path(__file__).resolve().parents[3]
MARCH_TEXT = (ROOT / "examples" / "graded-march.jsonl").read_text()
MARCH = json.loads(MARCH_TEXT.splitlines()[0])
PORT = 8766
HERE = f"http://127.0.0.1:{PORT}"


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(prepare=False, port=PORT), base_url=HERE) as c:
        yield c


def one_line(r, status=400) -> str:
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) == {"error"} and "\n" not in body["error"], body
    return body["error"]


def test_the_review_json_has_accuracy_win_chance_and_best(client):
    r = client.post("/api/review", params={"worlds": 32}, content=MARCH_TEXT)
    assert r.status_code == 200, r.text
    hand = r.json()["hands"][0]
    assert {"accuracy", "win_chance", "steps", "record", "result"} <= set(hand)
    assert [a["seat"] for a in hand["accuracy"]] == [0, 1, 2, 3]
    assert set(hand["accuracy"][0]) == {"seat", "decisions", "points_lost", "win_lost",
                                        "accuracy"}
    wc = hand["win_chance"]
    assert set(wc) == {"score", "assumed", "start", "end", "source", "note"}
    priced = [s for s in hand["steps"] if s["grade"] and s["grade"]["value"] is not None]
    assert priced and all({"best", "best_text", "played_best", "win"} <= set(s)
                          for s in priced)
    assert all(set(s["win"]) == {"before", "after", "team"} for s in priced)
    assert all("win" not in s["grade"] for s in priced)       # grade's own, without a score


def test_show_me_how_answers_both_sides(client):
    r = client.post("/api/review/show-how", params={"worlds": 64},
                    json={"record": MARCH, "step": 17})
    assert r.status_code == 200, r.text
    how = r.json()
    assert {"step", "seat", "choice", "choice_text", "taken", "taken_text", "chosen_by",
            "players", "record", "shown", "happened"} <= set(how)
    assert how["choice"] == {"action": "play", "card": "9S"} and how["players"] == "tuned"
    assert how["shown"]["steps"][0]["text"] == "play 9S"
    assert how["happened"]["steps"][0]["text"] == "play 9H"
    assert how["shown"]["result"]["points"] == [2, 0]          # the march the 9H threw away
    asked = client.post("/api/review/show-how", json={"record": MARCH, "step": 1,
                                                      "choice": {"action": "pass"}}).json()
    assert asked["chosen_by"] == "asked for" and asked["shown"]["steps"][0]["text"] == "pass"


def test_show_me_how_mistakes_are_one_line(client):
    assert "not legal there" in one_line(client.post(
        "/api/review/show-how", json={"record": MARCH, "step": 17,
                                      "choice": {"action": "play", "card": "AS"}}))
    assert "from 1 to 22" in one_line(client.post("/api/review/show-how",
                                                  json={"record": MARCH, "step": 0}))
    assert "record" in one_line(client.post("/api/review/show-how", json={"step": 3}))
    assert "must be JSON" in one_line(client.post("/api/review/show-how", content="x"), 415)


def test_duplicate_answers_a_row_a_player(client):
    r = client.post("/api/review/duplicate", params={"seat": 2}, json={"record": MARCH})
    assert r.status_code == 200, r.text
    d = r.json()
    assert d["seat"] == 2 and len(d["rows"]) == 4 and d["rows"][0]["player"] == "at the table"
    assert all({"player", "did", "result", "record"} <= set(row) for row in d["rows"])
    assert "seat: 0, 1, 2 or 3" in one_line(client.post(
        "/api/review/duplicate", params={"seat": 5}, json={"record": MARCH}))


def test_a_link_opens_the_same_hand(client):
    made = client.post("/api/links", json=MARCH)                 # its note is left out
    assert made.status_code == 200, made.text
    code = made.json()["code"]
    assert made.json()["review"] == f"/review?h={code}"
    got = client.get(f"/api/links/{code}").json()["record"]
    assert got["plays"] == MARCH["plays"] and got["hands"] == [sorted(
        h, key=lambda c: ("CDHS".index(c[1]), "9TJQKA".index(c[0]))) for h in MARCH["hands"]]
    other = "X" if code[-1] != "X" else "Y"
    assert "damaged" in one_line(client.get(f"/api/links/{code[:-1]}{other}"))
    assert client.get(f"/review?h={code}").status_code == 200
