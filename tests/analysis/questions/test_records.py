"""Each question is one record: the command line's options, the API's parameters and the listing
the pages build their forms from are the same inputs with the same defaults, and a new question
(a module of ``analysis.questions`` alone) is a command, a route and a listed form with nothing
else edited."""

from __future__ import annotations

import json
import sys

import click
import pytest
from click.testing import CliRunner

from analysis.cli import main
from analysis.cli.questions import command, commands, input_of
from analysis.questions.record import questions

fastapi = pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from analysis.web.app import create_app  # noqa: E402

QUESTIONS = questions()


def test_the_questions_are_found():
    assert {"advise", "decide", "chart"} <= set(QUESTIONS)


def _cli_inputs(cmd: click.Command, q) -> dict:
    """Input name -> the command line's default for it (its main option's; a required one's:
    None, as the record's)."""
    out = {}
    for p in cmd.params:
        name = input_of(q, p.name)
        if name is None or name in out and p.name != name:
            continue
        assert p.required == q.input(name).required, (q.name, p.name)
        out[name] = None if p.required else p.default
    return out


def _api_inputs(app, q) -> dict:
    """Input name -> the API's default, from the route's parameters in the OpenAPI description
    (the body an input too)."""
    operation = app.openapi()["paths"][f"/api/{q.name}"][q.method.lower()]
    got = {p["name"]: p["schema"].get("default") for p in operation.get("parameters", [])
           if p["in"] == "query"}
    got.pop("progress", None)                 # the advisor's stream: the interface's own
    got.update({i.name: i.default for i in q.inputs if i.type == "body"})
    return got


@pytest.fixture(scope="module")
def app():
    return create_app(prepare=False)


@pytest.mark.parametrize("name", sorted(QUESTIONS))
def test_command_line_api_and_listing_take_the_same_inputs(app, name):
    q = QUESTIONS[name]
    want = {i.name: i.default for i in q.inputs}
    cli = _cli_inputs(main.commands[name], q)
    assert set(cli) == set(want), name
    for k, v in cli.items():
        # the seat-by-seat strategy options' main one has no default of its own: the record's
        # is the table's default
        assert v == want[k] or (v is None and k == "strategy"), (name, k, v, want[k])
    assert _api_inputs(app, q) == want
    with TestClient(app) as c:
        listed = {x["name"]: x for x in c.get("/api/questions").json()["questions"]}[name]
    assert {i["name"]: i["default"] for i in listed["inputs"]} == want
    for i, shown in zip(q.inputs, listed["inputs"], strict=True):
        assert (shown.get("low"), shown.get("high")) == (i.low, i.high)
        if i.options() is not None:
            assert shown["choices"] == list(i.options())


def test_the_listing_offers_the_registries_choices(app):
    import sim
    from sim.rules import PRESETS

    with TestClient(app) as c:
        listed = {x["name"]: x for x in c.get("/api/questions").json()["questions"]}
    inputs = {i["name"]: i for i in listed["advise"]["inputs"]}
    assert inputs["strategy"]["choices"] == list(sim.BUILTINS)
    assert inputs["rules"]["choices"] == list(PRESETS)
    assert inputs["position"]["choices"] == ["first", "second", "third", "dealer"]
    assert listed["advise"]["web_limits"] == {"deals": [1, 2_000_000]}


THROWAWAY = '''
"""A throwaway question: how many cards of a suit a hand holds."""
from analysis.questions.record import Input, Question


def answer(values, progress=None, cancel=None):
    from sim.cards import parse_cards, suit_of, SUIT_NAMES
    suit = "CDHS".index(values["suit"])
    cards = parse_cards(values["hand"])
    return {"suit": SUIT_NAMES[suit], "count": sum(suit_of(c) == suit for c in cards)
            * values["times"]}


QUESTION = Question(
    "count-suit", "Count one suit's cards in a hand.", "A test's question.",
    (Input("hand", "cards", required=True, argument=True, metavar="HAND", help="The cards."),
     Input("suit", "choice", default="S", choices=("C", "D", "H", "S"), help="The suit."),
     Input("times", "int", default=1, low=1, high=3, help="A multiplier.")),
    answers=answer, texts=lambda a: f"{a['count']} {a['suit']}", jsons=lambda a: a)
'''


@pytest.fixture
def throwaway(tmp_path, monkeypatch):
    """The throwaway question's module, in a folder the questions' package also reads."""
    import analysis.questions as package

    (tmp_path / "count_suit.py").write_text(THROWAWAY)
    monkeypatch.setattr(package, "__path__", [*package.__path__, str(tmp_path)])
    yield
    sys.modules.pop("analysis.questions.count_suit", None)


def test_a_new_question_is_its_module_alone(throwaway):
    """The module above, and nothing else: the command line has the command (made by the same
    code that joins every question to ``euchre-sim``), the API the route, the listing the form."""
    made = {c.name: c for c in commands(set(main.commands))}
    assert set(made) == {"count-suit"}
    group = click.Group(commands=made)
    r = CliRunner().invoke(group, ["count-suit", "JS JC AS KH 9D", "--times", "2"])
    assert r.exit_code == 0 and r.output.strip() == "4 spades", r.output
    r = CliRunner().invoke(group, ["count-suit", "JS JC AS KH 9D", "--times", "4"])
    assert r.exit_code == 1 and r.output.strip() == "Error: --times: at most 3, not 4"
    r = CliRunner().invoke(group, ["count-suit", "JS", "--suit", "X", "--json"])
    assert r.output.strip() == "Error: --suit: one of C, D, H, S, not 'X'"
    with TestClient(create_app(prepare=False)) as c:
        a = c.get("/api/count-suit", params={"hand": "JS JC AS KH 9D", "suit": "H"})
        assert a.status_code == 200 and a.json() == {"suit": "hearts", "count": 1}
        bad = c.get("/api/count-suit", params={"hand": "JS", "times": 4})
        assert bad.status_code == 400 and bad.json() == {
            "error": "times: at most 3, not 4", "input": "times"}
        listed = [q["name"] for q in c.get("/api/questions").json()["questions"]]
    assert "count-suit" in listed


def test_an_interface_words_a_mistake_its_own_way():
    from analysis.inputs import InputError

    e = InputError("assume_passed", "if he passed, ask with {assume_passed}", named=False)
    assert e.worded(lambda n: "--" + n.replace("_", "-")) == "if he passed, ask with " \
                                                             "--assume-passed"
    assert str(InputError("deals", "at least 1, not 0")) == "deals: at least 1, not 0"


def test_command_made_from_a_record_prints_json(throwaway):
    from analysis.questions.record import questions as fresh

    cmd = command(fresh()["count-suit"])
    r = CliRunner().invoke(cmd, ["9S TS", "--json"])
    assert json.loads(r.output) == {"suit": "spades", "count": 2}


def test_the_layout_page_states_the_recipe_this_test_follows():
    """docs/layout.md's count for a new question is the files the throwaway question above takes
    (its module), and it names where the module goes and what is made from it."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[3] / "docs" / "layout.md").read_text()
    said = re.search(r"\*\*A new question: (\d+) files? and its test\.\*\* Its record in "
                     r"`analysis/questions/NAME\.py`", text)
    assert said and int(said.group(1)) == 1, "docs/layout.md: the new question's recipe"
    assert "`GET /api/questions`" in text and "test_records.py" in text


def test_a_link_opens_the_same_question_for_1000_random_questions():
    """``Question.link`` writes the inputs the page reads back from its address bar: the query
    of the address, read by the record, is the question again."""
    import random
    from urllib.parse import parse_qsl, urlsplit

    from analysis.questions.advise import QUESTION
    from sim.cards import card_name

    rng = random.Random(7)
    inputs = {i.name: i for i in QUESTION.inputs}
    for _ in range(1000):
        cards = [card_name(c) for c in rng.sample(range(24), 6)]
        raw = {"hand": " ".join(cards[:5]), "upcard": cards[5],
               "position": rng.choice(inputs["position"].options()),
               "round": rng.choice(("1", "2")),
               "score": rng.choice((None, f"{rng.randrange(10)}-{rng.randrange(10)}")),
               "rules": rng.choice((None, *inputs["rules"].options())),
               "strategy": rng.choice(inputs["strategy"].options()),
               "deals": rng.choice((None, rng.randrange(1, 10**6))),
               "precision": rng.choice((None, round(rng.uniform(0.001, 1), 4))),
               "discard": rng.choice((None, cards[rng.randrange(6)])),
               "assume_passed": rng.random() < 0.3,
               "seed": rng.randrange(2**63)}
        values = QUESTION.check(raw)
        address = urlsplit(QUESTION.link(values))
        assert address.path == "/advise"
        assert QUESTION.check(dict(parse_qsl(address.query))) == values, raw


def test_the_command_line_prints_a_questions_link():
    r = CliRunner().invoke(main, ["advise", "JS AS 9H 9D TC", "--upcard", "9S", "--position",
                                  "dealer", "--stick-the-dealer", "--score", "9-6", "--link"])
    assert r.exit_code == 0 and r.output.strip() == (
        "http://127.0.0.1:8000/advise?hand=JS+AS+9H+9D+TC&upcard=9S&position=dealer&score=9-6"
        "&rules=stick-the-dealer")
