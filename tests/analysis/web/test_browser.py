"""The four pages in a real browser: headless Chromium from the system's packages (Debian's
``chromium``), driven by Playwright, against ``euchre-sim serve`` started as a user starts it.
Enter a hand and read the recommendation; hover and click the strategy chart; step a review with
the keyboard; play a hand to the end and see it graded.  Each test saves a screenshot of its page
(to ``$EUCHRE_SIM_SCREENSHOTS`` when set, as ``docs/img`` for the README; else a temporary folder).

The browser, the server and the screenshots' folder are ``conftest.py``'s: the browser is
``$EUCHRE_SIM_CHROMIUM`` when set, else ``chromium`` (or ``chromium-browser``) on the ``PATH``.
Without it or Playwright every test here skips, saying why, before anything starts a server or
launches a browser; with ``EUCHRE_SIM_BROWSER_TESTS=1`` (CI's second pass) they fail instead.
CI runs them both ways (``.ci/run``).
"""

from __future__ import annotations

import json
import os
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
pytestmark = [pytest.mark.browser, pytest.mark.subprocess,
              pytest.mark.usefixtures("_needs_a_browser")]


@pytest.fixture
def page(browser, url):
    pg = browser.new_page(viewport={"width": 1200, "height": 900})
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.set_default_timeout(120_000)
    yield pg
    pg.close()
    assert not errors, errors


def test_advise_a_hand_clicked_on_the_grid(page, url, shots):
    page.goto(url + "advise")
    for c in ("JS", "AS", "9H", "9D", "TC"):
        page.click(f'#grid [data-card="{c}"]')
    page.click('#grid [data-card="9S"]')               # five cards: the next click is the upcard
    assert page.input_value("#hand") == "JS AS 9H 9D TC" and page.input_value("#upcard") == "9S"
    page.select_option("#position", "first")
    page.select_option("#strategy", "tuned")
    page.click("#go")
    assert page.inner_text("#recommended") == "pass"
    assert "Recommended: pass, better than order up by" in page.inner_text("#verdict")
    rows = page.locator("#options tr").all_inner_texts()
    assert [r.split("\t")[0] for r in rows[1:]] == ["pass", "order up", "order up alone"]
    assert "hand=JS+AS+9H+9D+TC" in page.url                # the question, shareable
    page.screenshot(path=str(shots / "serve-advise.png"), full_page=True)


def test_advise_with_pimc_says_the_cost_first_and_a_stop_shows_what_is_known(page, url):
    """A searching player at the table: before dealing, the page times a warm-up and offers
    deal counts with their time and interval; a run says what it will take; Stop answers with
    the options priced so far, their intervals and why it stopped."""
    page.goto(url + "advise?hand=JS+AS+9H+9D+TC&upcard=9S&position=first&strategy=pimc")
    page.wait_for_selector("#cost")
    text = page.inner_text("#cost")
    assert "ms a deal here (a warm-up of 128 deals" in text and "The default precision" in text
    offered = page.locator("#choices button[data-deals]")
    assert offered.count() >= 1 and "deals \u00b7 " in offered.first.inner_text()
    page.fill("#deals", "200")
    page.click("#go")
    page.wait_for_selector("#verdict")
    answer = page.inner_text("#answer")
    assert "200 deals (seed 1)" in answer and not page.query_selector("#stopped")
    page.fill("#deals", "1000000")
    page.click("#go")
    page.wait_for_selector("#expect")
    assert "for 1,000,000 deals (past the" in page.inner_text("#expect")
    page.wait_for_function("() => /Dealing: [1-9]/.test(document.querySelector('#status')"
                           ".textContent) && /left/.test(document.querySelector('#status')"
                           ".textContent)")
    page.click("#stop")
    page.wait_for_selector("#verdict")
    stopped = page.inner_text("#stopped")
    assert stopped.startswith("Stopped at your request after ") and "95% interval" in stopped
    rows = page.locator("#options tr").all_inner_texts()[1:]
    assert [r.split("\t")[0] for r in rows] == ["pass", "order up", "order up alone"]
    assert all("[" in r for r in rows)                       # each with its interval


def test_the_advisors_form_is_its_questions_inputs(page, url):
    """Every input of the advisor's question (``/api/questions``) has its field on the page,
    named by the input, at the listed default, with the listed choices; a mistake in one input
    marks its field."""
    with urllib.request.urlopen(url + "api/questions") as r:
        listed = {q["name"]: q for q in json.load(r)["questions"]}["advise"]["inputs"]
    page.goto(url + "advise")
    page.wait_for_selector("#go")
    for i in listed:
        control = page.locator(f"[name={i['name']}]")
        assert control.count() == 1, i["name"]
        if i["type"] == "bool":
            assert control.is_checked() == bool(i["default"])
        elif i.get("choices"):
            shown = control.locator("option").evaluate_all("os => os.map(o => o.value)")
            assert [x for x in shown if x] == [str(c) for c in i["choices"]], i["name"]
            if i["default"] is not None:
                assert control.input_value() == str(i["default"]), i["name"]
        elif i["default"] is not None:
            assert control.input_value() == str(i["default"]), i["name"]
    page.fill("#hand", "JS AS 9H 9D TC")
    page.fill("#upcard", "9S")
    page.fill("#deals", "3000000")           # past the web's own cap
    page.click("#go")
    page.wait_for_selector(".banner.error")
    assert page.inner_text(".banner.error") == \
        "deals: from 1 to 2,000,000 in the web application, not 3000000"
    assert page.get_attribute("#deals", "aria-invalid") == "true"


def test_the_strategy_chart_hovers_and_opens_the_advisor(page, url, shots):
    page.goto(url + "chart?position=dealer")
    cell = page.locator("#grid td.cell:not(.few)").first
    cell.hover()
    assert "pass" in page.inner_text(".tip") and "click: price this hand" in page.inner_text(".tip")
    page.screenshot(path=str(shots / "serve-chart.png"), full_page=True)
    cell.click()
    page.wait_for_url("**/advise?**")
    page.wait_for_selector("#verdict")
    assert "position=dealer" in page.url and len(page.input_value("#hand").split()) == 5


def test_the_chart_at_a_score_opens_the_advisor_at_that_score(page, url):
    """The chart writes the score as the advisor does (us-them, your team first) and says so;
    a cell opens the advisor at that score, whose answer is then in games won; 0-trump rows are
    there, and a cell out of line with a neighbour says why in its tip."""
    page.goto(url + "chart?position=first&score=9-6")
    page.wait_for_selector("#grid td.cell")
    caption = page.inner_text("#caption")
    assert "at us 9, them 6 (your team first, as the advisor writes it: the dealers at 6, " \
           "the others at 9)" in caption and "the table solved for the dealers at 4" in caption
    assert page.locator("#grid th.class", has_text="0 trumps").count() >= 1
    odd = page.locator("#grid td.cell.odd")
    assert odd.count() >= 1 and "out of line" in page.inner_text("#odd-legend")
    odd.first.hover()
    tip = page.inner_text("#tip")
    assert "Out of line with" in tip and "mixes" in tip and "hands of 50,000 deals" in tip
    assert "click: price this hand at 9-6" in tip
    odd.first.click()
    page.wait_for_url("**/advise?**")
    page.wait_for_selector("#verdict")
    assert "score=9-6" in page.url and page.input_value("#score") == "9-6"
    assert "games in 100" in page.inner_text("#verdict")
    assert "score 9-6 (your team first)" in page.inner_text("#answer")


@pytest.mark.snapshot
def test_review_stepped_with_the_keyboard(page, url, shots):
    page.goto(url + "review?seed=1&hand=7&strategy=tuned&worlds=256")
    page.wait_for_selector("#decisions")
    assert "1. South: pass" in page.inner_text("#step")
    for _ in range(4):
        page.keyboard.press("ArrowRight")
    assert "5. South: call hearts" in page.inner_text("#step")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert "Perfect play" in page.inner_text("#step")      # a card: the solver's values
    page.keyboard.press("ArrowLeft")
    assert page.locator("#decisions tr.here").get_attribute("data-step") == "5"
    page.select_option("#show", "0")                       # only South's cards
    assert page.locator("#board .card.back").count() == 15
    assert "6. South: play AH" in page.inner_text("#step")   # the same step
    page.select_option("#show", "all")
    page.screenshot(path=str(shots / "serve-review.png"), full_page=True)


def test_a_hands_link_opens_a_game_at_that_deal(page, url):
    """``/play?h=CODE`` (the Review page's link to a hand, or ``euchre-sim link``): the game
    starts at once at the hand's deal and score, the user's seat holding its cards."""
    from sim import Table, trace
    from sim.links import hand_code

    record = {**trace(5, [3], None, Table.teams("tuned"))[0], "scores": [7, 8]}
    page.goto(url + f"play?h={hand_code(record)}")
    page.wait_for_selector("#actions")
    shown = {c.get_attribute("data-card") for c in page.query_selector_all("#game .card")}
    assert set(record["hands"][0]) | {record["kitty"][0]} <= shown
    text = page.inner_text("#game")
    assert "You & North 7 \u2013 8 West & East" in text and "hand 1 \u00b7 dealer East" in text
    assert record["dealer"] == 3 and "h=" in page.url


def test_play_a_hand_to_the_end_and_see_it_graded(page, url, shots):
    page.goto(url + "play?seed=3&partner=tuned&opponents=equilibrium")
    page.wait_for_selector("#actions")
    page.click("#hint-button")
    page.wait_for_selector("#hint table")
    assert page.inner_text("#hint-sure").startswith("How sure")      # its interval, said
    moves = 0
    while not page.query_selector("#result"):
        before = page.inner_text("#game")
        legal = page.query_selector_all("#game .card.legal")
        if legal:
            legal[0].click()
        else:
            page.query_selector_all("#actions button[data-action]")[0].click()
        page.wait_for_function("b => document.querySelector('#game').innerText !== b", arg=before)
        moves += 1
        assert moves < 30
    assert "Hand 1:" in page.inner_text("#result")
    page.wait_for_selector("#decisions")
    grades = page.locator("#decisions .grade").all_inner_texts()
    assert grades and all(g for g in grades)
    # the first decision graded is the one the hint was asked for: where it stood in the hint
    assert "hint (64 worlds)" in page.inner_text("#step") or \
        "Within the hint's interval" in page.inner_text("#step")
    page.screenshot(path=str(shots / "serve-play.png"), full_page=True)
    page.click("#next")
    page.wait_for_function("() => document.querySelector('#score') && "
                           "!document.querySelector('#result')")
    assert "hand 2" in page.inner_text("#game")


def test_the_docs_javascript_bot_asks_its_decision_over_http(url, tmp_path):
    """docs/serve.md's bot in JavaScript, run with Node against the server (skipped without
    Node: it is the docs' example, not a requirement)."""
    import re
    import shutil
    import subprocess

    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.skip("no Node.js to run the docs' JavaScript bot")
    text = (ROOT / "docs" / "serve.md").read_text()
    (code,) = re.findall(r"```js\n(.*?)```", text, re.S)
    (tmp_path / "bot.mjs").write_text(code)
    done = subprocess.run([node, str(tmp_path / "bot.mjs")], capture_output=True, text=True,
                          timeout=60, env={**os.environ, "EUCHRE_SIM_URL": url})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "{ action: 'order_up', alone: false }"


def test_leaving_stops_the_computation_and_frees_its_slot(url):
    """A review of minutes (50 hands graded on up to 4096 worlds) and an advisor run whose
    clients leave: both stop within seconds (``/api/status`` counts the computations running),
    where finishing would hold the slots for minutes."""
    import http.client
    from urllib.parse import urlsplit

    def running():
        return json.loads(urllib.request.urlopen(url + "api/status", timeout=10).read())[
            "running"]

    host = urlsplit(url)
    march = (ROOT / "examples" / "graded-march.jsonl").read_text().strip() + "\n"
    c = http.client.HTTPConnection(host.hostname, host.port, timeout=30)
    c.request("POST", "/api/review?worlds=4096", body=march * 50)
    c2 = http.client.HTTPConnection(host.hostname, host.port, timeout=30)
    c2.request("GET", "/api/advise?hand=JS+AS+9H+9D+TC&upcard=9S&position=first&progress=true"
               "&strategy=pimc&deals=2000000")
    t0 = time.monotonic()
    while running() < 2 and time.monotonic() - t0 < 30:  # both requests reach the server
        time.sleep(0.05)
    assert running() == 2
    c.close()
    c2.close()                                          # the pages are left
    t0 = time.monotonic()
    while running() and time.monotonic() - t0 < 45:       # finishing would take minutes
        time.sleep(0.2)
    assert running() == 0, f"still running after {time.monotonic() - t0:.1f} s"
