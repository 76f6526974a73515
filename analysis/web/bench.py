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


# ---------------------------------------------------------------------------------------------
# a cold start as a player meets it: ``serve`` in a new process with empty caches, asked what
# the pages ask, in the order a player asks it, each figure from the command's start

# what each page waits for before it asks (``ready`` in static/common.js): the steps, and those
# it goes on without while the server answers them another way (``/api/status``'s "interim")
PAGE_WAITS = {"play": (("players",), ("players",)), "hint": (("solver",), ("solver",)),
              "advise": (("advisor",), ())}
GOES_ON = ("ready", "failed")
ROUND2 = {"hand": "JS AS 9H 9D TC", "upcard": "9S", "position": "first", "round": "2"}
SCORED = {**ADVISE, "score": "9-6"}
OTHER = {"hand": "QD KD AD 9C TS", "upcard": "JD", "position": "dealer"}


class _Server:
    """``euchre-sim serve`` in a subprocess with empty caches; ``get``/``post`` ask it."""

    def __init__(self, cache: str, source: str | None = None):
        env = {**os.environ, "NUMBA_CACHE_DIR": os.path.join(cache, "numba"),
               "EUCHRE_SIM_CACHE": os.path.join(cache, "sim")}
        if source is not None:
            env["PYTHONPATH"] = source
        self.t0 = time.monotonic()
        # run from ``source`` too: ``python -c`` puts the folder it runs in first on the path
        self.p = subprocess.Popen([sys.executable, "-c", "from analysis.entry import run; run()",
                                   "serve", "--port", "0", "--no-open"], env=env, text=True,
                                  cwd=source, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        for line in self.p.stderr:
            if "serving http" in line:
                self.url = line.split("serving ")[1].split()[0].rstrip("/")
                break
        else:
            raise RuntimeError("serve ended before serving")

    def since(self) -> float:
        return time.monotonic() - self.t0

    def ask(self, path: str, params: dict | None = None, body=None, timeout: float = 600):
        import json
        import urllib.parse

        url = self.url + path + ("?" + urllib.parse.urlencode(params) if params else "")
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(url, data=data, method="GET" if body is None else "POST",
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=timeout) as r:
            raw = r.read()
        return json.loads(raw) if path.startswith("/api") else raw

    def wait(self, needs) -> dict:
        """Poll ``/api/status`` as a page does until the steps ``needs`` (steps, those that
        may be interim) let the page go on."""
        steps, interim = needs
        while True:
            s = self.ask("/api/status")
            if all(s["steps"].get(k) in GOES_ON or (k in interim and k in s.get("interim", {}))
                   for k in steps):
                return s
            time.sleep(0.25)

    def close(self) -> None:
        self.p.kill()
        self.p.wait()


def _timed(fn):
    t0 = time.monotonic()
    out = fn()
    return out, time.monotonic() - t0


def cold_figures(later: int = 3, source: str | None = None) -> dict:
    """A player's cold start (``serve`` with empty caches, as ``PAGE_WAITS`` says the pages
    wait): seconds from the command's start to the first page, a game playable (the Play page's
    new game answered), the first hint (at the game's first decision, a bid), the first move
    answered (the bots' replies with it), the advisor's first answer and its
    first round-2 and score answers; then the seconds until the background compile is done; then,
    warm, the worst of ``later`` repeats of each answer (a move, a hint, the advisor's three
    questions and another hand).  The hint's and advisor's worlds and deals are kept beside.
    ``source``: the folder of another checkout to serve (its ``PYTHONPATH``), to compare."""
    out: dict = {"cores": os.cpu_count(), "load_before": _load(), "later": later}
    with tempfile.TemporaryDirectory() as cache:
        srv = _Server(cache, source)
        try:
            srv.ask("/advise")
            out["first_page_s"] = srv.since()
            srv.wait(PAGE_WAITS["play"])
            game = srv.ask("/api/games", {"seed": 1, "seat": 0, "partner": "tuned",
                                          "opponents": "tuned"}, body={})
            out["game_playable_s"] = srv.since()
            gid = game["id"]
            srv.wait(PAGE_WAITS["hint"])           # a hint at the game's first decision, a bid
            hint = srv.ask(f"/api/games/{gid}/hint")
            out["first_hint_s"] = srv.since()
            out["first_hint_phase"] = hint.get("phase")
            out["first_hint_worlds"] = hint.get("worlds")
            out["first_hint_note"] = hint.get("interim")
            srv.ask(f"/api/games/{gid}/act", body=game["view"]["legal"][0])
            out["first_bot_move_s"] = srv.since()
            srv.wait(PAGE_WAITS["advise"])
            for key, q in (("advise", ADVISE), ("advise_round2", ROUND2),
                           ("advise_score", SCORED)):
                a, took = _timed(lambda q=q: srv.ask("/api/advise", {**q,
                                                                     "strategy": "equilibrium"}))
                out[f"first_{key}_s"] = srv.since()
                out[f"first_{key}_took_s"] = took
                out[f"first_{key}_deals"] = a.get("deals")
            s = srv.wait((list(srv.ask("/api/status")["steps"]), ()))
            while not s["ready"]:
                time.sleep(0.5)
                s = srv.ask("/api/status")
            out["compiled_s"] = srv.since()
            out["steps_s"] = s.get("step_seconds")
            warm: dict = {}
            for _ in range(later):
                g = srv.ask("/api/games", {"seed": 2}, body={})
                _, took = _timed(lambda g=g: srv.ask(f"/api/games/{g['id']}/act",
                                                     body=g["view"]["legal"][0]))
                warm["bot_move"] = max(warm.get("bot_move", 0), took)
                st = srv.ask(f"/api/games/{g['id']}")
                if not st["done"]:
                    _, took = _timed(lambda g=g: srv.ask(f"/api/games/{g['id']}/hint"))
                    warm["hint"] = max(warm.get("hint", 0), took)
                for key, q in (("advise", ADVISE), ("advise_round2", ROUND2),
                               ("advise_score", SCORED), ("advise_other", OTHER)):
                    _, took = _timed(lambda q=q: srv.ask("/api/advise", {
                        **q, "strategy": "equilibrium"}))
                    warm[key] = max(warm.get(key, 0), took)
            out["warm_s"] = warm
        finally:
            srv.close()
    out["load"] = _load()
    return out


def _load() -> str:
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "unknown"


def web_rows() -> dict:
    """Every web row (``analysis.text.bench.format_web`` and ``format_web_cold`` print them):
    the cold start as a player meets it, then the warm answers."""
    cold = cold_figures()
    return {"first_page_s": cold["first_page_s"], "cold": cold, "advise_s": advise_seconds(),
            "bot_move": {s: bot_move_ms(s) for s in ("tuned", "equilibrium", "pimc")}}


__all__ = ["web_rows", "cold_figures", "advise_seconds", "bot_move_ms", "first_page_seconds"]
