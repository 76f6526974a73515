"""The web application's benchmark rows (``euchre-sim bench`` and ``scripts/bench.py`` add them
when the ``web`` extra is installed): an advise answer through the API, warm; a bot's move in a
game (tuned, equilibrium, pimc); and the first page after a cold start (``serve`` in a new
process with an empty compile cache).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

ADVISE = {"hand": "JS AS 9H 9D TC", "upcard": "9S", "position": "first"}


def advise_seconds(repeats: int = 3) -> float:
    """Best wall time of the default advise question through ``GET /api/advise`` (the
    equilibrium at the table, as the page asks), after a warm-up."""
    from fastapi.testclient import TestClient

    from analysis.web.app import create_app

    q = {**ADVISE, "strategy": "equilibrium"}
    best = float("inf")
    with TestClient(create_app(prepare=False)) as c:
        c.get("/api/advise", params={**q, "deals": 256})
        for _ in range(repeats):
            t0 = time.perf_counter()
            r = c.get("/api/advise", params=q)
            best = min(best, time.perf_counter() - t0)
            if r.status_code != 200:
                raise RuntimeError(r.text)
    return best


def bot_move_ms(spec: str, hands: int = 12, warm: int = 4, seed: int = 11) -> dict:
    """A bot's moves in games of the Play page: three seats of ``spec`` around a user who
    always takes the first legal action, each bot decision timed on its own; milliseconds per
    move (median, 99th percentile, worst) after ``warm`` hands that compile or load each kind
    of decision (pimc loads its kinds lazily)."""
    from analysis.web.game import Game

    times: list[float] = []
    game = Game(seed, 0, spec, spec)
    try:
        _play_timed(game, spec, seed, warm, hands, times)
    finally:
        for who in {id(p): p for p in game.players if p is not None}.values():
            who.__dict__.pop("decide_at", None)          # the shared bot as it was
    times.sort()
    return {"median_ms": statistics.median(times), "p99_ms": times[int(0.99 * (len(times) - 1))],
            "max_ms": times[-1], "moves": len(times)}


def _play_timed(game, spec, seed, warm, hands, times) -> None:
    from analysis.web.game import Game

    for i in range(warm + hands):
        for who in {id(p): p for p in game.players if p is not None}.values():
            decide = type(who).decide_at

            def timed(*a, _decide=decide, _who=who, _i=i, **k):
                t0 = time.perf_counter()
                out = _decide(_who, *a, **k)
                if _i >= warm:
                    times.append(1e3 * (time.perf_counter() - t0))
                return out
            who.decide_at = timed
        while not game.state()["done"]:
            game.act(game.view().to_json()["legal"][0])
        if game.over:
            game = Game(seed + i + 1, 0, spec, spec)
        else:
            game.next_hand()


def first_page_seconds() -> float:
    """Seconds from starting ``euchre-sim serve`` with empty caches to its first page."""
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": os.path.join(cache, "numba"),
               "EUCHRE_SIM_CACHE": os.path.join(cache, "sim")}
        t0 = time.monotonic()
        p = subprocess.Popen([sys.executable, "-c", "from analysis.entry import run; run()",
                              "serve", "--port", "0", "--no-open"], env=env, text=True,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            for line in p.stderr:
                if "serving http" in line:
                    url = line.split("serving ")[1].split()[0]
                    urllib.request.urlopen(url + "advise", timeout=30).read()
                    return time.monotonic() - t0
            raise RuntimeError("serve ended before serving")
        finally:
            p.kill()
            p.wait()


def web_rows() -> dict:
    """Every web row (``analysis.text.bench.format_web`` prints them)."""
    return {"first_page_s": first_page_seconds(), "advise_s": advise_seconds(),
            "bot_move": {s: bot_move_ms(s) for s in ("tuned", "equilibrium", "pimc")}}


__all__ = ["web_rows", "advise_seconds", "bot_move_ms", "first_page_seconds"]
