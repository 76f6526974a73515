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

from analysis.web import interim
from analysis.web.interim import INTERIM, TWINS, pending

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
# a cold start: compile what the pages use, in the background, what a page needs first first
#
# The compile runs in a child process (``compile_steps``), on a core of its own and without
# holding this process's interpreter: the server answers meanwhile at full speed.  As the child
# finishes a step (its code in Numba's cache), this process runs the step too, which now loads
# the code (a second or a few) and marks it ready.  Until then the pages are served by plain
# Python where that is honest: the bots of the basic family play through their twins, which
# decide exactly as the compiled players (``sim.agents.twin``), and a hint is priced in plain
# Python on fewer worlds, saying so (``analysis.web.game``, ``analysis.web.interim``).  Without
# a child (it cannot start, or dies) the steps are compiled here, as without the background
# compile.

def _warm_advisor() -> None:
    """The advisor as the Advise page asks it (the equilibrium at the table): round 1, round 2
    and a score; then tuned."""
    from analysis.advise import advise_hand

    for kw in ({}, {"round_": 2}, {"score": "9-6"}):
        advise_hand("JS AS 9H 9D TC", "9S", "first", strategy="equilibrium", deals=64, **kw)
    advise_hand("JS AS 9H 9D TC", "9S", "first", deals=64)


def _warm_players() -> None:
    """The Play page's compiled bots (``analysis.web.game.bot``), tuned and the equilibrium
    (its tables read once), asked each kind of decision: hands played by four of them until
    each has bid in both rounds, discarded and played a card."""
    from analysis.web.game import bot
    from sim.referee import Hand
    from sim.referee.actions import DISCARD, DONE
    from sim.run.refereed import deal_of

    for spec in ("tuned", "equilibrium"):
        who, asked = bot(spec), set()
        for i in range(64):
            hand = Hand(*deal_of(1, i))
            while hand.phase != DONE:
                asked.add(hand.phase)
                seat = hand.dealer if hand.phase == DISCARD else hand.turn
                hand.apply(who.decide_at(hand, seat, (0, 0), (0, 0)))
            if {"round1", "round2", "discard", "play"} <= asked:
                break


def _play_a_hand(game) -> None:
    while game.view() is not None:
        game.act(game.view().to_json()["legal"][0])


def _warm_solver() -> None:
    """A hint as the Play page asks it: a bid (the contracts under perfect play) and a card
    (the solver's values of each card)."""
    import sim
    from sim.agents.pricing import price

    bid = sim.view_from_json({"seat": 1, "dealer": 3, "hand": ["JD", "QH", "TH", "KC", "9C"],
                              "upcard": "9H", "bids": [{"seat": 0, "action": "pass"}]})
    price(bid, 4, 0)
    card = sim.view_from_json({"seat": 1, "dealer": 3, "hand": ["QC", "QD", "TC", "AC", "JS"],
                               "upcard": "KS", "bids": [{"seat": 0, "action": "order_up"}],
                               "plays": [[0, "AD"]]})
    price(card, 4, 0)


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


# what each page waits for, in the order they are compiled: the Advise page (the first page)
# has no other way to answer; the Play page's bots and hints have one meanwhile (``INTERIM``),
# but its review after each hand needs the solver; the chart; pimc last
STEPS = {"advisor": _warm_advisor, "players": _warm_players, "solver": _warm_solver,
         "chart": _warm_chart, "pimc": _warm_pimc}

def compile_steps(names=None) -> None:
    """The child's job: each step in turn (``STEPS`` order), a line on stdout as it starts and
    as it ends (``start NAME``, ``done NAME``, ``failed NAME: why``).  It ends itself when the
    server that started it has gone."""
    import os
    import sys

    parent = os.getppid()

    def watch():
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()
    for name in names or list(STEPS):
        print(f"start {name}", flush=True)
        try:
            STEPS[name]()
        except Exception as e:  # noqa: BLE001 - said to the server, which compiles it itself
            print(f"failed {name}: {type(e).__name__}: {e}".replace("\n", " "), flush=True)
        else:
            print(f"done {name}", flush=True)
    sys.stdout.flush()


def _preload() -> None:
    """Import what the interim answers use (Numba and the engine among them: a second or two),
    so that the first game does not wait for it (the server itself starts without them)."""
    import analysis.decide  # noqa: F401
    import analysis.web.game  # noqa: F401
    import sim.agents.pricing  # noqa: F401
    import sim.agents.twin  # noqa: F401
    import sim.solver.twin  # noqa: F401


class Preparing:
    """The background compile: each step ``waiting``, ``compiling``, ``loading`` (compiled by
    the child, loaded here), ``ready`` (or ``failed`` with its one line); ``status()`` is what
    ``/api/status`` answers.  ``child``: compile in a child process (the module's note)."""

    def __init__(self, steps=None, child: bool = True):
        self.steps = dict(STEPS if steps is None else steps)
        self.state = {name: "waiting" for name in self.steps}
        self.errors: dict[str, str] = {}
        self.seconds: dict[str, float] = {}      # since the start, each step ready here
        self.started = time.monotonic()
        self.child = child and steps is None
        self._thread: threading.Thread | None = None
        self._process = None

    def start(self) -> None:
        self.started = time.monotonic()
        interim.wait_for(self.steps)
        self._thread = threading.Thread(target=self._run, name="euchre-web-prepare", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            if self.child:
                self._from_child()
            else:
                _preload()
            for name in self.steps:
                if self.state[name] not in ("ready", "failed"):
                    self._step(name, "compiling")
        finally:
            for name in self.steps:
                interim.done(name)

    def _from_child(self) -> None:
        """The steps compiled by a child process, each loaded here as the child finishes it."""
        import subprocess
        import sys

        _preload()         # first, while the child would only compete with the first game
        try:
            self._process = p = subprocess.Popen(
                [sys.executable, "-c", "from analysis.web.work import compile_steps; "
                 "compile_steps()"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, text=True)
        except OSError:
            return
        try:
            for line in p.stdout:
                verb, _, rest = line.strip().partition(" ")
                name = rest.split(":")[0]
                if name not in self.steps:
                    continue
                if verb == "start":
                    self.state[name] = "compiling"
                elif verb in ("done", "failed"):
                    # failed there: compiled (and failing, or not) here, as without a child
                    self._step(name, "loading" if verb == "done" else "compiling")
        finally:
            if p.poll() is None:
                p.kill()
            p.wait()

    def _step(self, name: str, doing: str) -> None:
        self.state[name] = doing
        try:
            self.steps[name]()
        except Exception as e:  # noqa: BLE001 - a step that fails says so on the page
            self.state[name] = "failed"
            self.errors[name] = f"{type(e).__name__}: {e}"
        else:
            self.state[name] = "ready"
        self.seconds[name] = round(time.monotonic() - self.started, 1)
        interim.done(name)

    def status(self) -> dict:
        ready = all(s in ("ready", "failed") for s in self.state.values())
        meanwhile = {k: v for k, v in INTERIM.items()
                     if k in self.state and self.state[k] not in ("ready", "failed")}
        return {"ready": ready, "steps": dict(self.state), "errors": dict(self.errors),
                "seconds": round(time.monotonic() - self.started, 1),
                "step_seconds": dict(self.seconds), "interim": meanwhile, "twins": list(TWINS)}


__all__ = ["Work", "Token", "Stopped", "Busy", "Preparing", "STEPS", "INTERIM", "TWINS",
           "MAX_JOBS", "TIME_LIMIT", "LEFT", "ASKED", "pending", "compile_steps"]
