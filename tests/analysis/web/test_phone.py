"""Every page from a 320 px phone to a 1920 px screen, by touch as well as by mouse, in headless
Chromium (``conftest.py``'s browser and server; skipped, or failed in CI, as ``test_browser.py``).

At 320, 375 and 768 px the browser is a phone or a tablet (touch, the page's own viewport) and at
1366 and 1920 px a screen with a mouse.  On each, every page must fit its width (the document is
never wider than the window: a wide table scrolls inside its own box) and every control must be
reachable: inside the window or a box that scrolls, not covered by anything, and at least 24 px
each way on a touch screen.  At 375 px a whole hand is played by tap, the chart is read and opened
by tap and a review is stepped by tap.  The screenshots at 375 and 1366 px (``serve-PAGE-375.png``,
``serve-PAGE-1366.png``) are the README's.
"""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.subprocess,
              pytest.mark.usefixtures("_needs_a_browser")]

WIDTHS = [320, 375, 768, 1366, 1920]
HEIGHT = {320: 640, 375: 812, 768: 1024, 1366: 768, 1920: 1080}
SHOTS = (375, 1366)                   # the widths whose screenshots the README shows

# each page with a question in its address, what shows once it has answered, and what a
# screenshot shows on a phone (scrolled to it)
PAGES = {
    "advise": ("advise?hand=9C+TC+KD+QD+AH&upcard=JS&position=first&strategy=equilibrium"
               "&score=9-6", "#verdict", "#answer"),
    "chart": ("chart?position=dealer", "#grid td.cell", "#chart"),
    "review": ("review?seed=1&hand=7&strategy=tuned&worlds=256", "#decisions", "#review"),
    "play": ("play?seed=3&partner=tuned&opponents=equilibrium", "#actions", "#game"),
    "docs": ("docs", ".panel", None),
}

# what is wrong with the page as laid out: its width against the window's, and each visible
# control outside the window (or outside the box that scrolls it), covered by another element,
# or (touch) smaller than 24 px either way (a radio or check box counts with its label; a link
# within a sentence is exempt, as the guidelines on target size exempt it)
LAYOUT = """(touch) => {
  const doc = document.documentElement;
  const out = { width: doc.scrollWidth, window: innerWidth, bad: [] };
  const scroller = (e) => {
    for (let p = e.parentElement; p; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === "auto" || o === "scroll") return p;
    }
    return null;
  };
  const name = (e) => `${e.tagName.toLowerCase()}${e.id ? "#" + e.id : ""}` +
    ` "${(e.innerText || e.value || e.getAttribute("href") || "").trim().slice(0, 30)}"`;
  const controls = document.querySelectorAll(
    "button, select, input, textarea, a[href], .card.legal, #grid .card, td.cell:not(.few)");
  for (const e of controls) {
    const r = e.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(e).visibility === "hidden") continue;
    const s = scroller(e);
    const box = s ? s.getBoundingClientRect() : r;
    if (box.left < -0.5 || box.right > innerWidth + 0.5)
      out.bad.push(`${name(e)} outside the window`);
    const boxed = e.type === "radio" || e.type === "checkbox";
    const target = boxed && e.closest("label") ? e.closest("label") : e;
    const t = target.getBoundingClientRect();
    const inline = e.tagName === "A" && e.parentElement.innerText.trim() !== e.innerText.trim();
    if (touch && !inline && (t.width < 24 || t.height < 24))
      out.bad.push(`${name(e)} ${t.width.toFixed(0)}x${t.height.toFixed(0)} px: too small to tap`);
    if (s) s.scrollLeft = Math.max(0, r.left - box.left + s.scrollLeft - 10);
    e.scrollIntoView({ block: "center", inline: "nearest" });
    const q = e.getBoundingClientRect();
    const x = Math.min(Math.max(q.left + q.width / 2, 1), innerWidth - 1);
    const y = Math.min(Math.max(q.top + q.height / 2, 1), innerHeight - 1);
    const hit = document.elementFromPoint(x, y);
    const mine = hit && (hit === e || e.contains(hit) || hit.contains(e) || target.contains(hit));
    if (!mine)
      out.bad.push(`${name(e)} covered by ${hit ? name(hit) : "nothing"}`);
    if (s) s.scrollLeft = 0;
  }
  window.scrollTo(0, 0);
  return out;
}"""


def _context(browser, width):
    touch = width <= 768
    return browser.new_context(viewport={"width": width, "height": HEIGHT[width]},
                               has_touch=touch, is_mobile=touch), touch


@pytest.fixture
def errors():
    """The pages' script errors: none may happen."""
    seen: list[str] = []
    yield seen
    assert not seen, seen


def _open(ctx, url, path, answered, errors):
    pg = ctx.new_page()
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.set_default_timeout(120_000)
    pg.goto(url + path)
    pg.wait_for_selector(answered)
    pg.wait_for_timeout(200)           # the last layout (the advisor's chart drawn to its box)
    return pg


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", list(PAGES))
def test_every_page_fits_and_every_control_is_reachable(browser, url, shots, errors, name,
                                                        width):
    path, answered, look = PAGES[name]
    ctx, touch = _context(browser, width)
    try:
        pg = _open(ctx, url, path, answered, errors)
        found = pg.evaluate(LAYOUT, touch)
        # a phone's browser widens its window to a page too wide, so both are checked
        assert found["window"] == width, f"the page widened the window to {found['window']} px"
        assert found["width"] <= width, f"{name} is {found['width']} px wide at {width} px"
        assert not found["bad"], found["bad"]
        if width in SHOTS and (name, width) != ("play", 375):    # that one: mid-hand, below
            if look and touch:
                pg.locator(look).scroll_into_view_if_needed()
                pg.evaluate("(s) => document.querySelector(s).scrollIntoView()", look)
            pg.screenshot(path=str(shots / f"serve-{name}-{width}.png"))
    finally:
        ctx.close()


@pytest.fixture
def phone(browser, url, errors):
    ctx, _ = _context(browser, 375)
    yield ctx
    ctx.close()


def test_a_whole_hand_played_by_tap_on_a_phone(phone, url, shots, errors):
    path, answered, _ = PAGES["play"]
    pg = _open(phone, url, path, answered, errors)
    pg.tap("#hint-button")
    pg.wait_for_selector("#hint table")
    taps, shot = 0, False
    while not pg.query_selector("#result"):
        before = pg.inner_text("#game")
        legal = pg.query_selector_all("#game .card.legal")
        target = legal[0] if legal else pg.query_selector_all("#actions button[data-action]")[0]
        box = target.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 375, box   # on the screen
        if legal and pg.query_selector("#trick .card") and not shot:     # mid-hand, for the README
            pg.evaluate("document.querySelector('#contract').scrollIntoView()")
            pg.screenshot(path=str(shots / "serve-play-375.png"))
            shot = True
        target.tap()
        pg.wait_for_function("b => document.querySelector('#game').innerText !== b", arg=before)
        taps += 1
        assert taps < 30
    assert "Hand 1:" in pg.inner_text("#result") and taps >= 5    # five cards at least
    pg.wait_for_selector("#decisions")
    first = pg.locator("#decisions tr.here").get_attribute("data-step")
    pg.tap("#next-step")                                        # the review, stepped by tap
    assert pg.locator("#decisions tr.here").get_attribute("data-step") == str(int(first) + 1)
    pg.tap("#next")
    pg.wait_for_function("() => document.querySelector('#score') && "
                         "!document.querySelector('#result')")
    assert "hand 2" in pg.inner_text("#game")
    assert pg.evaluate("document.documentElement.scrollWidth") <= 375


def test_the_chart_read_and_opened_by_tap(phone, url, errors):
    """A finger has no hover: the first tap on a cell shows its shares, the second opens it."""
    pg = _open(phone, url, "chart?position=dealer", "#grid td.cell", errors)
    cell = pg.locator("#grid td.cell:not(.few)").first
    cell.tap()
    assert pg.is_visible("#tip") and "pass" in pg.inner_text("#tip")
    assert "chart" in pg.url                                    # still on the chart
    box = pg.locator("#tip").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 375
    pg.tap("#chart .small")                                     # elsewhere: the tip goes
    assert not pg.is_visible("#tip")
    cell.tap()
    cell.tap()
    pg.wait_for_url("**/advise?**")
    pg.wait_for_selector("#verdict")
    assert "position=dealer" in pg.url


def test_a_review_stepped_by_tap(phone, url, errors):
    path, answered, _ = PAGES["review"]
    pg = _open(phone, url, path, answered, errors)
    assert "1. South: pass" in pg.inner_text("#step")
    for _ in range(4):
        pg.tap("#next-step")
    assert "5. South: call hearts" in pg.inner_text("#step")
    pg.tap("#prev")
    assert "4. East: pass" in pg.inner_text("#step")
    pg.tap('#decisions tr[data-step="8"]')
    assert pg.inner_text("#step").startswith("9. ")
