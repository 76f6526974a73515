"""The example files the commands' help names ship with the package (``analysis/examples``, which
the repository's ``examples/`` links to), the help says where they are, and the help of
``tournament`` shows an outside bot."""

from __future__ import annotations

import fnmatch
import re
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from analysis.cli import main
from analysis.examples import FILES, FOLDER

ROOT = Path(__file__).resolve().parents[3]


def helps() -> dict[str, str]:
    out = {}
    for name in main.commands:
        r = CliRunner().invoke(main, [name, "--help"], terminal_width=200)
        assert r.exit_code == 0, r.output
        out[name] = r.output
    return out


def test_the_shipped_files_are_the_repositorys():
    assert (ROOT / "examples").resolve() == FOLDER       # one copy: the repository links to it
    shipped = sorted(f"examples/{p.relative_to(FOLDER)}" for p in FOLDER.rglob("*")
                     if p.is_file() and "__pycache__" not in p.parts and p.name != "__init__.py")
    assert sorted(FILES) == shipped


def test_the_package_data_takes_every_file_that_is_not_python():
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"]["analysis.examples"]
    for f in FILES:
        rel = f.removeprefix("examples/")
        assert rel.endswith(".py") or any(fnmatch.fnmatch(rel, p) for p in patterns), f


def test_every_example_file_the_help_names_ships_and_the_help_says_where():
    named = {}
    for name, text in helps().items():
        for f in re.findall(r"examples/[\w./-]+", text):
            named.setdefault(re.sub(r"[.:]$", "", f), set()).add(name)
        if re.search(r"examples/[\w-]", text):
            flat = " ".join(text.split())
            assert str(FOLDER) in flat and "copy that examples folder" in flat, name
    assert named, "no help names an example file"
    missing = {f: c for f, c in named.items() if f not in FILES}
    assert not missing, missing


@pytest.mark.compile
def test_an_example_runs_as_written_in_the_shipped_folder(monkeypatch):
    monkeypatch.chdir(FOLDER.parent)
    r = CliRunner().invoke(main, ["decide", "examples/view.json", "--strategy", "basic"])
    assert r.exit_code == 0, r.output
    assert r.output.startswith("basic, seat 1 (second), round 1: ")


def test_tournament_help_shows_an_outside_bot():
    text = " ".join(helps()["tournament"].split())
    assert "act(view)" in text and "outside bots" in text
    assert "euchre-sim tournament tuned examples/bot.py:TrumpCounter" in text


@pytest.mark.parametrize("command", ["simulate", "order-up"])
def test_the_strategy_option_names_bots_too(command):
    text = " ".join(helps()[command].split())
    assert "with act(view) (an outside bot" in text
