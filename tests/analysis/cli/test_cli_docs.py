"""Every command has help with an example, and the documentation mentions every command: the
README, or a page under docs/ that the README links."""

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from analysis.cli import main

ROOT = Path(__file__).resolve().parents[3]


def linked_pages(root: Path) -> list[Path]:
    """The pages under docs/ that the README links (anchors dropped), which exist."""
    readme = (root / "README.md").read_text()
    targets = re.findall(r"\]\((docs/[^)#\s]+\.md)(?:#[^)\s]*)?\)", readme)
    return sorted({root / t for t in targets if (root / t).is_file()})


def documentation(root: Path) -> str:
    """The README and every docs/ page it links, as one text."""
    pages = [root / "README.md", *linked_pages(root)]
    return "\n".join(p.read_text() for p in pages)


def mentions(text: str, name: str) -> bool:
    """Whether ``euchre-sim NAME`` appears as a whole command (``solve`` is not ``solver``)."""
    return re.search(rf"euchre-sim {re.escape(name)}(?![\w-])", text) is not None


DOCS = documentation(ROOT)


@pytest.mark.parametrize("name", sorted(main.commands))
def test_command_has_help_with_example(name):
    r = CliRunner().invoke(main, [name, "--help"])
    assert r.exit_code == 0, r.output
    assert "Example:" in r.output
    assert f"euchre-sim {name}" in r.output


@pytest.mark.parametrize("name", sorted(main.commands))
def test_docs_mention_command(name):
    assert mentions(DOCS, name), f"`euchre-sim {name}` is in neither README.md nor a linked page"


def test_only_linked_pages_count(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "README.md").write_text("`euchre-sim simulate`; see [a](docs/a.md#top).\n")
    (tmp_path / "docs" / "a.md").write_text("`euchre-sim solve` values positions\n")
    (tmp_path / "docs" / "b.md").write_text("`euchre-sim tune` is not linked\n")
    text = documentation(tmp_path)
    assert mentions(text, "simulate") and mentions(text, "solve")
    assert not mentions(text, "tune")               # on a page the README does not link
    assert not mentions(text, "bench")              # mentioned nowhere
    assert not mentions("euchre-sim solver", "solve")
