"""What the browser tests share (``test_browser.py``, ``test_phone.py``): the browser they drive
(``$EUCHRE_SIM_CHROMIUM`` when set, else ``chromium`` or ``chromium-browser`` on the ``PATH``),
one ``euchre-sim serve`` started as a user starts it, and the folder their screenshots go to
(``$EUCHRE_SIM_SCREENSHOTS`` when set, as ``docs/img`` for the README; else a temporary one).

Without the browser or Playwright, ``_needs_a_browser`` skips each test that asks for it, saying
why, before anything starts a server or launches a browser (``url`` and ``browser`` ask for it
first); with ``EUCHRE_SIM_BROWSER_TESTS=1`` (CI's second pass) it fails instead.  A browser test
module names it in its ``pytestmark``; nothing here is ``autouse``, so the API's tests beside them
never need a browser.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import time
import urllib.request
from pathlib import Path

import pytest

from tests.analysis.web.serving import start_serve

ROOT = Path(__file__).resolve().parents[3]
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
READY_WITHIN = 900       # seconds for the server's background compile (a cold cache in CI)


def chromium() -> str | None:
    """The browser these tests drive: ``$EUCHRE_SIM_CHROMIUM`` (a path), else the system's."""
    given = os.environ.get("EUCHRE_SIM_CHROMIUM")
    if given is not None:
        return given
    return shutil.which("chromium") or shutil.which("chromium-browser")


def _missing() -> str | None:
    try:
        import fastapi  # noqa: F401
        import playwright.sync_api  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as e:
        return f"{e.name} is not installed (python3 -m pip install -e '.[test]')"
    browser = chromium()
    if not browser:
        return "no chromium on the PATH (apt-get install chromium, or set EUCHRE_SIM_CHROMIUM)"
    if not (Path(browser).is_file() and os.access(browser, os.X_OK)):
        return f"no browser at {browser} (EUCHRE_SIM_CHROMIUM names no program)"
    return None


@pytest.fixture(scope="session")
def _needs_a_browser():
    """Skip (or, in CI, fail) a test that needs the server or the browser, before any fixture
    starts one or launches the other."""
    why = _missing()
    if why:
        if os.environ.get("EUCHRE_SIM_BROWSER_TESTS") == "1":
            pytest.fail(f"browser tests required (EUCHRE_SIM_BROWSER_TESTS=1), but {why}")
        pytest.skip(f"browser tests need Chromium and Playwright: {why}")


@pytest.fixture(scope="session")
def url(_needs_a_browser):
    """The address of one ``euchre-sim serve`` for every browser test, once its background
    compile is done."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    p, address, _, said = start_serve(env, drain=True)
    try:
        deadline = time.monotonic() + READY_WITHIN
        while time.monotonic() < deadline:
            status = json.loads(urllib.request.urlopen(address + "api/status", timeout=10).read())
            if status["ready"]:
                break
            time.sleep(1)
        assert status["ready"] and not status["errors"], (status, said)
        yield address
    finally:
        os.killpg(p.pid, signal.SIGINT)
        p.wait(timeout=30)


@pytest.fixture(scope="session")
def browser(_needs_a_browser):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=chromium(), args=ARGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def shots(tmp_path_factory) -> Path:
    where = os.environ.get("EUCHRE_SIM_SCREENSHOTS")
    folder = Path(where) if where else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder
