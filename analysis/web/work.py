"""The web application's computations: at most a few at once, each with a time limit, stopped
when the user cancels or leaves the page (``Work``), and the compile of a cold start done in the
background while the pages already answer (``Preparing``).

A computation runs on a worker thread with a ``Token``; the long ones call ``token.check()``
between steps (grading before each decision), which raises ``Stopped`` once the token is
cancelled or past its deadline, or ask ``token.reason()`` and stop with what they have (the
advisor after each batch of deals).  One step (a batch of deals, one decision priced) is short,
so a stop takes effect within about a second.  A page may stop a computation by its token's id
(``Work.stop``) and still read its answer.
"""

from __future__ import annotations

import secrets
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

MAX_JOBS = 2             # computations at once (the machine's cores, at least on 2 cores)
TIME_LIMIT = 120.0       # seconds a computation may run


class Stopped(Exception):
    """A computation stopped before its answer: cancelled (the user left) or past its time
    limit (the message says which)."""


class Busy(Exception):
    """Every computation slot is taken."""


LEFT = "cancelled: the page asked to stop, or was left"
ASKED = "stopped at your request"


@dataclass
class Token:
    """One computation's stop flag and deadline, and its ``id`` (a page may ask to stop it by
    that id, ``Work.stop``, and still read what it found so far)."""

    deadline: float
    cancelled: threading.Event = field(default_factory=threading.Event)
    limit: float = TIME_LIMIT
    id: str = field(default_factory=lambda: secrets.token_urlsafe(9))
    said: str = LEFT

    def cancel(self, why: str = LEFT) -> None:
        if not self.cancelled.is_set():
            self.said = why
        self.cancelled.set()

    def reason(self) -> str | None:
        """Why it should stop (cancelled, or past the deadline), or None to go on."""
        if self.cancelled.is_set():
            return self.said
        if time.monotonic() > self.deadline:
            return (f"stopped after the time limit of {self.limit:.0f} s: ask for less "
                    "(fewer deals, worlds or hands)")
        return None

    def check(self, *_args) -> None:
        """Raise ``Stopped`` when cancelled or past the deadline (a progress callback too)."""
        why = self.reason()
        if why is not None:
            raise Stopped(why)


class Work:
    """The computation slots: ``start(fn)`` runs ``fn(token)`` on a worker thread and returns
    (future, token); ``Busy`` when ``jobs`` computations are already running."""

    def __init__(self, jobs: int = MAX_JOBS, limit: float = TIME_LIMIT):
        self.jobs, self.limit = jobs, limit
        self._slots = threading.BoundedSemaphore(jobs)
        self.running = 0                 # computations in progress (``/api/status`` says)
        self._count = threading.Lock()
        self._pool = ThreadPoolExecutor(max_workers=jobs + 2, thread_name_prefix="euchre-web")
        self._tokens: dict[str, Token] = {}      # the computations running, by their token's id

    def start(self, fn):
        if not self._slots.acquire(blocking=False):
            raise Busy(f"busy: {self.jobs} computations are running already; try again when "
                       "one has finished")
        token = Token(time.monotonic() + self.limit, limit=self.limit)
        with self._count:
            self.running += 1
            self._tokens[token.id] = token
        try:
            future = self._pool.submit(self._run, fn, token)
        except BaseException:
            self._free()
            raise
        # a computation the pool cancelled before it ran (at shutdown) frees its slot here
        future.add_done_callback(lambda f: self._free() if f.cancelled() else None)
        future.add_done_callback(lambda f: self._tokens.pop(token.id, None))
        return future, token

    def stop(self, id_: str) -> None:
        """Ask the computation ``id_`` to stop (``ASKED``); a ``KeyError`` when none runs by
        that id (it has finished, or never was)."""
        token = self._tokens.get(id_)
        if token is None:
            raise KeyError(f"no computation {id_!r} is running: it has finished, or never was")
        token.cancel(ASKED)

    def _run(self, fn, token):
        """``fn(token)``, its slot freed before its answer is handed back: whoever waits on the
        answer finds the slot free and ``running`` already counting without it."""
        try:
            return fn(token)
        finally:
            self._free()

    def _free(self) -> None:
        with self._count:
            self.running -= 1
        self._slots.release()


# ---------------------------------------------------------------------------------------------
# a cold start: compile what the pages use, in the background

def _warm_advisor() -> None:
    from analysis.advise import advise_hand

    advise_hand("JS AS 9H 9D TC", "9S", "first", deals=64)


def _warm_players() -> None:
    """A hand of the Play page with each bot (the equilibrium's tables read once)."""
    from analysis.web.game import Game

    for spec in ("tuned", "equilibrium"):
        _play_a_hand(Game(1, 0, spec, spec))


def _play_a_hand(game) -> None:
    while game.view() is not None:
        game.act(game.view().to_json()["legal"][0])


def _warm_solver() -> None:
    import sim
    from sim.agents.pricing import price

    view = sim.view_from_json({"seat": 0, "dealer": 3, "hand": ["JD", "QH", "TH", "KC", "9C"],
                               "upcard": "9H", "bids": [{"seat": 0, "action": "order_up"}],
                               "plays": []})
    price(view, 4, 0)


def _warm_pimc() -> None:
    """A hand of the Play page with pimc bots, and the advisor with pimc at the table (its own
    copy of the kernel)."""
    from analysis.advise import advise_hand
    from analysis.web.answers import SEARCH_BATCH
    from analysis.web.game import Game

    for seed in (1, 2):
        _play_a_hand(Game(seed, 0, "pimc", "pimc"))
    advise_hand("JS AS 9H 9D TC", "9S", "first", strategy="pimc", deals=1, batch=SEARCH_BATCH)


def _warm_chart() -> None:
    from analysis.questions.chart import QUESTION

    QUESTION.answer(QUESTION.check({}))


# what each page waits for, in the order they are compiled
STEPS = {"advisor": _warm_advisor, "players": _warm_players, "chart": _warm_chart,
         "solver": _warm_solver, "pimc": _warm_pimc}


class Preparing:
    """The background compile: each step ``waiting``, ``compiling``, ``ready`` (or ``failed``
    with its one line); ``status()`` is what ``/api/status`` answers."""

    def __init__(self, steps=None):
        self.steps = dict(STEPS if steps is None else steps)
        self.state = {name: "waiting" for name in self.steps}
        self.errors: dict[str, str] = {}
        self.started = time.monotonic()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="euchre-web-prepare", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        for name, step in self.steps.items():
            self.state[name] = "compiling"
            try:
                step()
            except Exception as e:  # noqa: BLE001 - a step that fails says so on the page
                self.state[name] = "failed"
                self.errors[name] = f"{type(e).__name__}: {e}"
            else:
                self.state[name] = "ready"

    def status(self) -> dict:
        ready = all(s in ("ready", "failed") for s in self.state.values())
        return {"ready": ready, "steps": dict(self.state), "errors": dict(self.errors),
                "seconds": round(time.monotonic() - self.started, 1)}


__all__ = ["Work", "Token", "Stopped", "Busy", "Preparing", "STEPS", "MAX_JOBS", "TIME_LIMIT",
           "LEFT", "ASKED"]
