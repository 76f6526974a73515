"""Running ``euchre-sim`` commands in a test: ``run`` (click's CliRunner on the whole command
group, arguments made strings) and ``assert_one_line_error`` (a user mistake answered with one
``Error:`` line naming what went wrong, a non-zero exit and no traceback)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from analysis.cli import main

ROOT = Path(__file__).resolve().parent.parent


def run(*args, **kwargs):
    return CliRunner().invoke(main, [str(a) for a in args], **kwargs)


def assert_one_line_error(result, *words, code=None):
    assert result.exit_code != 0, result.output
    if code is not None:
        assert result.exit_code == code, result.output
    assert isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1, result.output
    for w in words:
        assert w in errors[0], errors[0]
