"""The Review page a player learns from, in a real browser (as ``test_browser.py``: headless
Chromium driven by Playwright against ``euchre-sim serve``; every test skips without them, or
fails with ``EUCHRE_SIM_BROWSER_TESTS=1``): a PTN record pasted and stepped through, with each
seat's accuracy and the game-win chance; a hand's link opening the review and the advisor; "show
me how" from a graded mistake, beside what happened, and the duplicate.  Screenshots of the page
at 375 and 1366 px (``serve-review-learn-375.png``, ``serve-review-learn-1366.png``) go to the
screenshots' folder (``$EUCHRE_SIM_SCREENSHOTS``, as ``docs/img``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
MARCH = json.loads((ROOT / "examples" / "graded-march.jsonl").read_text().splitlines()[0])
pytestmark = [pytest.mark.browser, pytest.mark.subprocess,
              pytest.mark.usefixtures("_needs_a_browser")]


def first_ptn_record() -> str:
    text = (ROOT / "tests" / "fixtures" / "ptn" / "made-up-hands.ptn").read_text()
    start = text.index("[Event")
    end = text.index("[Event", start + 1)
    return text[start:end].strip() + "\n"


def march_code() -> str:
    from sim.links import hand_code

    return hand_code({k: v for k, v in MARCH.items() if k != "note"})


def new_page(browser, width=1200, height=900):
    pg = browser.new_page(viewport={"width": width, "height": height})
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.set_default_timeout(120_000)
    return pg, errors


@pytest.fixture
def page(browser, url):
    pg, errors = new_page(browser)
    yield pg
    pg.close()
    assert not errors, errors


def test_a_pasted_ptn_record_is_reviewed_and_stepped(page, url):
    page.goto(url + "review")
    page.fill("#records", first_ptn_record())
    page.select_option("#worlds", "256")
    page.click("#go")
    page.wait_for_selector("#decisions")
    rows = page.locator("#decisions tr[data-step]")
    assert rows.count() >= 10
    first = page.inner_text("#step")
    assert first.startswith("1. ")
    page.keyboard.press("ArrowRight")
    assert page.inner_text("#step").startswith("2. ")
    page.click("#next-step")
    assert page.inner_text("#step").startswith("3. ")
    assert page.locator("#decisions tr.here").get_attribute("data-step") == "2"
    assert "accuracy" in page.inner_text("#accuracy").lower()
    assert page.locator("#win-graph svg rect").count() >= 3
    page.keyboard.press("End")
    assert page.locator("#decisions tr.here").get_attribute("data-step") == str(rows.count() - 1)


def test_a_link_opens_the_review_and_the_advisor(page, url):
    code = march_code()
    page.goto(url + f"review?h={code}&worlds=256")
    page.wait_for_selector("#decisions")
    assert page.locator("#decisions tr[data-step]").count() == 22
    assert page.input_value("#records").startswith("{")
    page.click("#link-go")
    page.wait_for_selector("#hand-link")
    assert page.inner_text("#hand-link").endswith(f"/review?h={code}")
    page.goto(url + f"advise?h={code}")
    page.wait_for_url("**/advise?hand=*")
    assert "upcard=TH" in page.url and "position=first" in page.url     # seat 0 bids first
    assert page.input_value("#hand") == "9H JH 9S KD JD" or sorted(
        page.input_value("#hand").split()) == sorted(MARCH["hands"][0])
    bad = page.goto(url + "review?h=1abc")
    assert bad.ok
    page.wait_for_selector(".banner.error")
    assert "the link:" in page.inner_text(".banner.error")


def _show_how_from_the_blunder(page):
    page.wait_for_selector("#decisions")
    page.click('#decisions tr[data-step="16"]')                 # 17: seat 0's 9H, a blunder
    step = page.inner_text("#step")
    assert step.startswith("17. South: play 9H") and "blunder" in step
    assert "Best: play 9S" in page.inner_text("#best-line")
    assert page.locator('#board .seat.south .card.best[data-card="9S"]').count() == 1
    assert "game-win chance" in page.inner_text("#win-bar")
    page.click("#show-how")
    page.wait_for_selector("#how-panel")


def test_show_me_how_from_a_graded_mistake(page, url):
    page.goto(url + f"review?h={march_code()}&worlds=256")
    _show_how_from_the_blunder(page)
    text = page.inner_text("#how-panel")
    assert "Show me how, from decision 17 (South): play 9S" in text
    assert page.inner_text(".how-happened li.first") == "17. South: play 9H"
    assert page.inner_text(".how-shown li.first") == "17. South: play 9S"
    assert "tricks 5-0" in page.inner_text(".how-shown")
    assert "tricks 4-1" in page.inner_text(".how-happened")
    page.click("#dup-go")
    page.wait_for_selector("#duplicate-table")
    rows = page.locator("#duplicate-table tr").all_inner_texts()
    assert len(rows) == 5 and rows[1].startswith("at the table")


@pytest.mark.parametrize("width", [375, 1366])
def test_screenshots_of_the_review(browser, url, shots, width):
    pg, errors = new_page(browser, width, 900)
    try:
        pg.goto(url + f"review?h={march_code()}&worlds=256")
        _show_how_from_the_blunder(pg)
        pg.click("#dup-go")
        pg.wait_for_selector("#duplicate-table")
        pg.click('#decisions tr[data-step="16"]')
        overflow = pg.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 1, f"the page is {overflow} px wider than the screen"
        pg.screenshot(path=str(shots / f"serve-review-learn-{width}.png"), full_page=True)
    finally:
        pg.close()
    assert not errors, errors
