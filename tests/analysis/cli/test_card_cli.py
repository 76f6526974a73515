"""``euchre-sim card``: one page in the format its name asks for, a run folder otherwise, and a
clear error for the search player."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from analysis.cli import main
from tests.commands import run


def test_chart_writes_a_page_and_a_folder(tmp_path):
    r = CliRunner().invoke(main, ["card", "--strategy", "trump-rule", "--no-score", "--out",
                                  str(tmp_path / "card.svg")])
    assert r.exit_code == 0, r.output
    assert "trump-rule" in r.output and (tmp_path / "card.svg").read_text().startswith("<?xml")
    r = CliRunner().invoke(main, ["card", "--strategy", "fitted", "--no-score", "--paper", "a4",
                                  "--out", str(tmp_path / "run")])
    assert r.exit_code == 0, r.output
    names = {p.name for p in (tmp_path / "run").iterdir()}
    assert {"card.pdf", "card.png", "card.svg", "cells.csv", "notes.csv",
            "manifest.json"} <= names


def test_chart_refuses_a_search_player(tmp_path):
    r = CliRunner().invoke(main, ["card", "--strategy", "pimc", "--out",
                                  str(tmp_path / "c.pdf")])
    assert r.exit_code == 1 and "search player" in r.output


def test_a_page_that_cannot_be_written_is_one_line_before_any_work(tmp_path):
    kept = tmp_path / "mine.pdf"
    kept.write_bytes(b"my card")
    for out, words in ((tmp_path / "no" / "such" / "card.pdf", "cannot write there"),
                       (tmp_path / "card.jpg", "card.pdf, card.svg or card.png"),
                       (kept, "exists")):
        r = CliRunner().invoke(main, ["card", "--strategy", "trump-rule", "--out", str(out)])
        assert r.exit_code == 1 and "Traceback" not in r.output, r.output
        errors = [line for line in r.output.splitlines() if line.startswith("Error:")]
        assert len(errors) == 1 and words in errors[0], r.output
        assert "hand classes" not in r.output           # refused before the card was drawn
    assert kept.read_bytes() == b"my card" and not (tmp_path / "card.jpg").exists()
    r = CliRunner().invoke(main, ["card", "--strategy", "trump-rule", "--no-score", "--out",
                                  str(kept), "--force"])
    assert r.exit_code == 0 and kept.read_bytes().startswith(b"%PDF"), r.output
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_under_the_farmers_hand_the_card_suggests_only_what_works(tmp_path):
    """chart --rules house once suggested computing an equilibrium table, which equilibrium
    then refuses (farmer's hand): it names the point counts, and the one it names draws."""
    from sim import parse_rules
    from sim.players.equilibrium_table import TableError, load_equilibrium_table

    for strategy in ("equilibrium", "tuned"):
        r = CliRunner().invoke(main, ["card", "--rules", "house", "--strategy", strategy,
                                      "--out", str(tmp_path / "c.png")])
        assert r.exit_code == 1 and r.output.count("Error:") == 1, r.output
        assert "only a point count has a card" in r.output and "--strategy fitted" in r.output
        assert "euchre-sim equilibrium" not in r.output and not (tmp_path / "c.png").exists()
    r = CliRunner().invoke(main, ["card", "--rules", "house", "--strategy", "fitted",
                                  "--no-score", "--out", str(tmp_path / "c.png")])
    assert r.exit_code == 0 and (tmp_path / "c.png").is_file(), r.output
    try:
        load_equilibrium_table(parse_rules("house"))
    except TableError as e:
        assert "none can be computed" in str(e) and "euchre-sim equilibrium" not in str(e)
    else:
        raise AssertionError("a table for the farmer's hand")


@pytest.mark.compile
def test_the_folders_line_repeats_every_option_typed(tmp_path):
    """The run folder's reproduce line keeps --strategy, --rules, --paper and --no-score (it
    used to record only --out)."""
    import json

    out = tmp_path / "card"
    r = run("card", "--strategy", "euchre-universe", "--rules", "stick-the-dealer", "--paper",
            "a4", "--no-score", "--out", out)
    assert r.exit_code == 0, r.output
    line = json.loads((out / "manifest.json").read_text())["command"]
    for word in ("--strategy euchre-universe", "--rules stick-the-dealer", "--paper a4",
                 "--no-score", f"--out {out}-rerun"):
        assert word in line, line
