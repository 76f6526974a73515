"""Every command has help with an example, and the README mentions every command."""

from pathlib import Path

import pytest
from click.testing import CliRunner

from analysis.cli import main

README = (Path(__file__).resolve().parent.parent / "README.md").read_text()


@pytest.mark.parametrize("name", sorted(main.commands))
def test_command_has_help_with_example(name):
    r = CliRunner().invoke(main, [name, "--help"])
    assert r.exit_code == 0, r.output
    assert "Example:" in r.output
    assert f"euchre-sim {name}" in r.output


@pytest.mark.parametrize("name", sorted(main.commands))
def test_readme_mentions_command(name):
    assert f"euchre-sim {name}" in README
