"""The README stays a short first read, and every relative link in it and in docs/ leads to a
file (and a heading, where it names one) in the repository."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README_LIMIT = 17_500    # bytes: the deep dives live under docs/


def pages(root: Path) -> list[Path]:
    return [root / "README.md", *sorted((root / "docs").glob("*.md"))]


def slug(heading: str) -> str:
    """The anchor a Markdown heading gets on GitHub."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", page.read_text(), flags=re.S)
    return {slug(h) for h in re.findall(r"^#+ (.+)$", text, re.M)}


def links(page: Path) -> list[str]:
    """The targets of the page's Markdown links and images, outside code blocks."""
    text = re.sub(r"```.*?```", "", page.read_text(), flags=re.S)
    return re.findall(r"\]\(([^)\s]+)\)", text)


def broken_links(root: Path) -> list[str]:
    root = root.resolve()
    bad = []
    for page in pages(root):
        for target in links(page):
            if re.match(r"[a-z]+:", target):          # https:, mailto: (none today)
                continue
            path, _, anchor = target.partition("#")
            dest = (page.parent / path).resolve() if path else page
            where = f"{page.relative_to(root)}: {target}"
            if not dest.is_relative_to(root):
                bad.append(f"{where} (outside the repository)")
            elif not dest.exists():
                bad.append(f"{where} (no such file)")
            elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
                bad.append(f"{where} (no such heading)")
    return bad


def test_readme_is_short():
    size = len((ROOT / "README.md").read_bytes())
    assert size < README_LIMIT, f"README.md is {size:,} bytes; move detail to a page under docs/"


def test_relative_links_lead_to_files():
    assert broken_links(ROOT) == []


def test_every_docs_page_is_linked_from_the_readme():
    readme = (ROOT / "README.md").read_text()
    for page in sorted((ROOT / "docs").glob("*.md")):
        assert f"](docs/{page.name}" in readme, page.name


def test_broken_links_are_found(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("# A page\n\n## The search player: `pimc`\n")
    (tmp_path / "README.md").write_text(
        "[ok](docs/a.md) [ok](docs/a.md#the-search-player-pimc) [here](#top)\n"
        "[gone](docs/missing.md) [no heading](docs/a.md#nowhere) [out](../elsewhere.md)\n"
        "```text\n[in code](not/checked.md)\n```\n# Top\n")
    assert broken_links(tmp_path) == [
        "README.md: docs/missing.md (no such file)",
        "README.md: docs/a.md#nowhere (no such heading)",
        "README.md: ../elsewhere.md (outside the repository)",
    ]
