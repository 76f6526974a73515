"""The HTML report reads as a report for people: headline tables first, formatted for reading,
no raw dump wider than the page outside the collapsed appendix (analysis.report); the report
command keeps an existing --out without --force and takes a folder named twice once."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import matplotlib

from tests.commands import assert_one_line_error, run

matplotlib.use("Agg")

import pandas as pd  # noqa: E402
import pytest  # noqa: E402
from click.testing import CliRunner  # noqa: E402

from analysis.cli import main  # noqa: E402
from analysis.report.headlines import decimals_for, number_text, value_html  # noqa: E402
from analysis.report.page import MAX_HEADLINE_COLUMNS, build_report, write_report  # noqa: E402
from sim.players import DEFAULT_STRATEGY  # noqa: E402

pytestmark = pytest.mark.compile

RUNS = {
    "orderup": ["order-up", "--hands", "20000", "--deals", "3000", "--seed", "3"],
    "alone": ["alone", "--hands", "20000", "--deals", "3000", "--seed", "3"],
    "cmp": ["compare-rules", "--hands", "20000", "--games", "1000", "--seed", "5"],
    "tour": ["tournament", "basic", "trump-count", "--games", "500", "--hands", "5000"],
    "sim": ["simulate", "--hands", "5000"],
}


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    root = tmp_path_factory.mktemp("report-runs")
    for name, args in RUNS.items():
        res = CliRunner().invoke(main, [*args, "--out", str(root / name), "--silent"])
        assert res.exit_code == 0, res.output
    # a by-position table as the simulate summary's tidy rows (position, statistic, ...)
    pd.DataFrame(
        [{"position": p, "statistic": s, "value": v, "low": v - 0.01, "high": v + 0.01,
          "n": 5000, "unit": "share"}
         for p in ("first", "second", "third", "dealer")
         for s, v in (("made", 0.2), ("alone", 0.03), ("makers' success", 0.85),
                      ("march", 0.23), ("euchred", 0.15))]
    ).to_csv(root / "sim" / "by_position.csv", index=False)  # fmt: skip
    return root


class Tables(HTMLParser):
    """Each table's column count, whether it is inside <details>, and in which <section>."""

    def __init__(self):
        super().__init__()
        self.tables, self.stack, self.section, self.row = [], [], None, 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "section":
            self.section = a.get("id")
        if tag in ("details", "table"):
            self.stack.append(tag)
        if tag == "table":
            self.tables.append({"in_details": "details" in self.stack[:-1],
                                "section": self.section, "cols": 0,
                                "cls": a.get("class", "")})  # fmt: skip
        if tag == "tr":
            self.row = 0
        if tag in ("td", "th") and self.tables:
            self.row += 1
            self.tables[-1]["cols"] = max(self.tables[-1]["cols"], self.row)

    def handle_endtag(self, tag):
        if tag in ("details", "table") and self.stack:
            self.stack.pop()


@pytest.fixture(scope="module")
def report(root, tmp_path_factory):
    out = tmp_path_factory.mktemp("report") / "report.html"
    folders = [root / n for n in ("cmp", "tour", "orderup", "alone", "sim")]
    write_report(folders, out, title="t")
    return out.read_text()


def answers(text: str) -> str:
    m = re.search(r'<section id="answers">(.*?)</section>', text, flags=re.S)
    assert m, "no answers section"
    return m.group(1)


def test_report_leads_with_the_answers(report):
    body = report.split("<body>", 1)[1]
    first_section = re.search(r"<section id=\"(\w+)\"", body).group(1)
    assert first_section == "answers"
    a = answers(report)
    # each question, less who played under which rules (tests/analysis/test_report_inputs.py)
    questions = [re.sub(r' <span class="who">.*</span>', "", q)
                 for q in re.findall(r"<h3>(.*?)</h3>", a)]
    assert questions[:2] == ["Should you order up in round 1?",
                             "Once you order up, should you go alone?"]  # fmt: skip
    assert "Stick the dealer or published rules?" in questions
    assert "basic against trump-count" in questions
    assert "Who makes trump, and how does it go?" in questions  # the by-position table
    # the first answer sits beside its chart
    first = a.split("<h3>", 2)[1]
    assert '<table class="headline">' in first and "data:image/png;base64," in first
    assert "the dealer's count includes the upcard" in first
    assert "Conditional on ordering up" in a


def test_headline_numbers_are_formatted_for_reading(report):
    a = answers(report)
    cells = re.findall(r"<td>(.*?)</td>", a)
    assert cells
    tables = "".join(re.findall(r"<table.*?</table>", a, flags=re.S))
    assert not re.search(r"\d[eE][-+]?\d", tables), "e notation in the headline tables"
    # order-up gains: signed points with two decimals and the interval beside them
    assert re.search(r"[+-]\d\.\d\d <span class=\"ci\">\[[+-]\d\.\d\d, [+-]\d\.\d\d\]</span>", a)
    # shares: percentages with one decimal and their interval
    assert re.search(r"\d+\.\d% <span class=\"ci\">\[\d+\.\d, \d+\.\d\]</span>", a)
    # paired rule differences in percentage points
    assert re.search(r"[+-]\d+\.\d+ pp <span class=\"ci\">", a)
    for c in cells:
        digits = re.findall(r"\d+\.(\d+)", re.sub(r"<[^>]+>", "", c))
        assert all(len(d) <= 4 for d in digits), c


def test_no_raw_dump_wider_than_the_page(report):
    p = Tables()
    p.feed(report)
    assert p.tables
    main_body = [t for t in p.tables if not t["in_details"]]
    assert main_body and all(t["cls"] == "headline" for t in main_body)
    assert all(t["cols"] <= MAX_HEADLINE_COLUMNS for t in main_body), main_body
    raw = [t for t in p.tables if t["cls"] == "raw"]
    assert raw and all(t["in_details"] for t in raw)
    assert any(t["cols"] > MAX_HEADLINE_COLUMNS for t in raw)  # wide ones exist, collapsed


def test_raw_tables_link_their_csv_files(report, root):
    links = re.findall(r'<a href="([^"#]+\.csv)">', report)
    assert any(x.endswith("orderup/order_vs_pass_by_class.csv") for x in links), links
    for href in links:
        assert not href.startswith(("http:", "https:", "/")) and "//" not in href


def test_every_chart_has_a_caption_and_the_bower_chart_is_drawn(report):
    figs = re.findall(r"<figure>(.*?)</figure>", report, flags=re.S)
    assert len(figs) >= 10
    for f in figs:
        cap = re.search(r"<figcaption>(.*?)</figcaption>", f, flags=re.S).group(1)
        assert len(cap) > 40, cap  # says how to read the chart, not just a file name
    assert 'alt="chart bower_chart"' in report and 'alt="chart alone_bower_chart"' in report
    assert "Bins with fewer than 1,000 deals" in report
    # the observed rates are the players' who actually played (the default strategy here)
    assert f"What {DEFAULT_STRATEGY} players actually did" in report
    assert "What basic players" not in report or DEFAULT_STRATEGY == "basic"


def test_the_lead_players_answers_come_first_and_the_others_one_link_away(root):
    text = build_report([root / "alone"], "t", others=[root / "orderup", root / "cmp",
                                                     root / "alone"])  # fmt: skip
    lead = answers(text)
    assert re.findall(r"<h3>(.*?) <span", lead) == ["Once you order up, should you go alone?"]
    m = re.search(r'<section id="other-answers"><h2>(.*?)</h2>(.*?)</section>', text, flags=re.S)
    assert m and m.group(1) == f"The same questions under {DEFAULT_STRATEGY} players"
    assert re.findall(r"<h3>(.*?) <span", m.group(2)) == [
        "Should you order up in round 1?", "Stick the dealer or published rules?"]
    assert text.index('id="answers"') < text.index('id="other-answers"') < text.index('id="run0"')
    assert '<a href="#other-answers">' in re.search(r'<p class="lead">(.*?)</p>', text).group(1)
    assert text.count('<section id="run') == 3  # the folder given twice goes in once


def test_the_order_up_charts_name_who_played(root):
    from analysis.report.headlines import run_tables
    from analysis.report.page import read_run
    from analysis.studies import ORDER_UP, STUDIES

    run, cmp = read_run(root / "orderup"), read_run(root / "cmp")
    charts = [(c, run) for c in ORDER_UP.charts]
    charts += [(c, cmp) for c in STUDIES["compare-rules"].charts if c.stem == "difference_chart"]
    for chart, run in charts:
        fig = chart.draw(run_tables(run), run["manifest"])
        titles = [fig.get_suptitle()]
        titles += [ax.get_title() for ax in fig.axes]
        assert any(f"{DEFAULT_STRATEGY} players" in t for t in titles), titles


def test_build_report_without_link_base_names_files_only(root):
    text = build_report([root / "tour"])
    assert "tournament_hands.csv" in text and '.csv">' not in text


def test_number_formats():
    assert value_html(0.71239, 0.7118, 0.7130, unit="share") == \
        '71.2% <span class="ci">[71.2, 71.3]</span>'  # fmt: skip
    assert value_html(0.02303, 0.02283, 0.02324, unit="share", signed=True).startswith("+2.30")
    assert value_html(-0.8123, -0.84, -0.79, signed=True, least=2, most=2).startswith("-0.81 ")
    assert value_html(0.01437, 0.0142, 0.01454, signed=True).startswith("+0.0144 ")
    assert value_html(float("nan")) == "&ndash;"
    assert decimals_for(0.02, 2) == 3 and decimals_for(0.3, 2) == 2 and decimals_for(1e-9, 1) == 4
    assert number_text(3.841e-06) == "0.000003841"
    assert number_text(1234567) == "1,234,567" and number_text(2.0) == "2"


# ---------------------------------------------------------------------------------------------
# the report command: --out is not overwritten without --force, a folder named twice is one


def _run_folder(tmp_path, name="run"):
    out = tmp_path / name
    r = run("simulate", "--hands", 4096, "--out", out, "--silent")
    assert r.exit_code == 0, r.output
    return out


def test_report_refuses_to_overwrite_and_takes_a_folder_once(tmp_path):
    folder = _run_folder(tmp_path)
    html = tmp_path / "r.html"
    r = run("report", folder, tmp_path / "." / "run", "--out", html)
    assert r.exit_code == 0, r.output
    assert "1 run folder)" in r.output
    text = html.read_text()
    assert text.count(">run</a>") == 1
    html.write_text("mine")
    r = run("report", folder, "--out", html)
    assert_one_line_error(r, "exists", "--force")
    assert html.read_text() == "mine"
    assert run("report", folder, "--out", html, "--force").exit_code == 0
    assert html.read_text() != "mine"



def test_report_command_puts_others_one_link_away(root, tmp_path):
    html = tmp_path / "r.html"
    r = run("report", root / "alone", "--others", root / "orderup", "--out", html)
    assert r.exit_code == 0, r.output
    assert "2 run folders)" in r.output
    text = html.read_text()
    assert text.index("go alone?") < text.index('id="other-answers"') \
        < text.index("Should you order up in round 1?")  # fmt: skip
