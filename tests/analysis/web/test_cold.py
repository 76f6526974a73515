"""A cold start's interim answers (``analysis.web.work``: the code compiles in the background):
the Play page's bots of the basic family play by their plain-Python twins, the same game as the
compiled bots, and a hint is priced in plain Python on fewer worlds, saying so, with the
compiled hint's structure and (on the same worlds) its values; nothing hidden is told meanwhile.
The background compile reports its steps.  Nothing here is timed."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient  # noqa: E402

from analysis.web import game as game_module  # noqa: E402
from analysis.web import interim, work  # noqa: E402
from analysis.web.app import create_app  # noqa: E402
from tests.analysis.web.test_hidden import play_game  # noqa: E402

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(prepare=False)) as c:
        yield c


@pytest.fixture
def compiling(monkeypatch):
    """As during a cold start: the players and the solver not compiled yet; a compiled bot
    asked for a tuned seat fails the test."""
    monkeypatch.setattr(interim, "_pending", {"players", "solver"})
    monkeypatch.setattr(game_module, "PLAIN_SECONDS", 1e9)     # all the worlds, however slow

    def no_compiled_bot(spec):
        raise AssertionError(f"the compiled {spec} bot was asked while the players compile")

    monkeypatch.setattr(game_module, "bot", no_compiled_bot)


def whole_game(client, seed: int, seat: int = 0) -> str:
    """A game played to its end with random legal moves from the seed: its hand records."""
    pick = random.Random(seed)
    g = client.post("/api/games", params={"seed": seed, "seat": seat}).json()
    while True:
        while not g["done"]:
            r = client.post(f"/api/games/{g['id']}/act", json=pick.choice(g["view"]["legal"]))
            assert r.status_code == 200, r.text
            g = r.json()
        if g["over"]:
            return client.get(f"/api/games/{g['id']}/records").text
        g = client.post(f"/api/games/{g['id']}/next").json()


def test_the_twins_play_the_compiled_bots_game(client, monkeypatch):
    compiled = {seed: whole_game(client, seed, seed % 4) for seed in (1, 2)}
    with monkeypatch.context() as m:
        m.setattr(interim, "_pending", {"players"})
        m.setattr(game_module, "bot", lambda spec: pytest.fail("a compiled bot was asked"))
        by_twins = {seed: whole_game(client, seed, seed % 4) for seed in (1, 2)}
    assert by_twins == compiled and compiled[1].count("\n") >= 3


@pytest.mark.parametrize("seat", [0, 3])
def test_an_interim_game_tells_nothing_hidden_and_its_hints_answer(client, compiling, seat):
    covered = play_game(client, 1, seat, hints=3)
    assert covered["hands"] >= 3


def _bid_game(client):
    g = client.post("/api/games", params={"seed": 4}).json()
    assert g["phase"] in ("round1", "round2")
    return g


def test_an_interim_hint_says_how_it_was_priced_and_has_the_hint_s_form(client, monkeypatch):
    g = _bid_game(client)
    full = client.get(f"/api/games/{g['id']}/hint", params={"worlds": 16}).json()
    with monkeypatch.context() as m:
        m.setattr(interim, "_pending", {"solver"})
        m.setattr(game_module, "PLAIN_SECONDS", 1e9)             # all the worlds, however slow
        first = client.get(f"/api/games/{g['id']}/hint").json()
        same = client.get(f"/api/games/{g['id']}/hint", params={"worlds": 16}).json()
        m.setattr(game_module, "PLAIN_SECONDS", 0.0)             # out of time at once
        cut = client.get(f"/api/games/{g['id']}/hint").json()
    assert first["worlds"] == game_module.PLAIN_WORLDS["other"] == 16
    assert first["interim"]["worlds"] == 16 and first["interim"]["asked"] == 64
    assert "16 worlds (not 64)" in first["interim"]["text"] and "plain Python" in first[
        "interim"]["text"]
    assert set(first) == set(full) | {"interim"}
    assert {k: v for k, v in same.items() if k != "interim"} == full   # same worlds, same prices
    assert "not 16" not in same["interim"]["text"]
    assert cut["worlds"] == cut["interim"]["worlds"] == 4 and "4 worlds (not 64)" in cut[
        "interim"]["text"]
    compiled = client.get(f"/api/games/{g['id']}/hint").json()
    assert compiled["worlds"] == 64 and "interim" not in compiled


def test_an_interim_card_hint(client, monkeypatch):
    g = _bid_game(client)
    pick = random.Random(5)
    with monkeypatch.context() as m:
        m.setattr(interim, "_pending", {"players", "solver"})
        m.setattr(game_module, "PLAIN_SECONDS", 1e9)
        while g["done"] or g["phase"] != "play":
            g = (client.post(f"/api/games/{g['id']}/next").json() if g["done"] else
                 client.post(f"/api/games/{g['id']}/act",
                             json=pick.choice(g["view"]["legal"])).json())
        hint = client.get(f"/api/games/{g['id']}/hint").json()
    assert hint["worlds"] == game_module.PLAIN_WORLDS["play"] and hint["phase"] == "play"
    legal = {o["card"] for o in g["view"]["legal"]}
    assert {o["card"] for o in hint["options"]} == legal


def test_status_says_what_answers_meanwhile():
    done = []
    p = work.Preparing({"players": lambda: done.append(1), "chart": lambda: 1 / 0})
    s = p.status()
    assert s["steps"] == {"players": "waiting", "chart": "waiting"} and "players" in s["interim"]
    p.start()
    p._thread.join(10)
    s = p.status()
    assert s["ready"] and s["steps"] == {"players": "ready", "chart": "failed"}
    assert s["interim"] == {} and set(s["step_seconds"]) == {"players", "chart"}
    assert "ZeroDivisionError" in s["errors"]["chart"] and not interim.pending("players")


def test_the_child_s_lines(monkeypatch, capsys):
    monkeypatch.setattr(work, "STEPS", {"advisor": lambda: None, "chart": lambda: 1 / 0})
    work.compile_steps()
    assert capsys.readouterr().out.splitlines() == [
        "start advisor", "done advisor", "start chart",
        "failed chart: ZeroDivisionError: division by zero"]


def test_serve_loads_without_the_rest_of_the_command_line():
    """The first page does not wait for Numba, pandas or the other commands: ``serve`` and
    the application load without them (``analysis.entry``'s way in for ``serve``)."""
    import subprocess
    import sys

    code = ("import sys; from analysis.web.command import command; command(); "
            "from analysis.web.app import create_app; create_app(prepare=False); "
            "print(sorted(m for m in ('numba', 'pandas', 'scipy', 'analysis.cli') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
