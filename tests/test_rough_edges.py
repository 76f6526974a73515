"""The rough edges a new user found (issue 21, section 3): each one a clear line, a non-zero
exit and no half-written file, or a feature that was missing."""

from __future__ import annotations

import json

from click.testing import CliRunner

from analysis.cli import main


def run(*args, **kwargs):
    return CliRunner().invoke(main, [str(a) for a in args], **kwargs)


def assert_one_line_error(result, *words):
    assert result.exit_code != 0, result.output
    assert isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1, result.output
    for w in words:
        assert w in errors[0], errors[0]


# ---------------------------------------------------------------------------------------------
# show --hand with a number too large for the kernel


def test_show_hand_too_large_is_one_line():
    r = run("show", "--hand", "99999999999999999999")
    assert_one_line_error(r, "99999999999999999999", "out of range")


# ---------------------------------------------------------------------------------------------
# advise with too few deals for an interval


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
