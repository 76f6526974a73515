"""What answers while a cold start compiles (``analysis.web.work.Preparing``), and which steps of
the compile this process still waits for (``pending``): the Play page's bots of the basic
family play by their plain-Python twins meanwhile, the same decisions (``sim.agents.twin``), and
a hint is priced in plain Python on fewer worlds, saying so (``analysis.web.game``)."""

from __future__ import annotations

# the steps a page may go on without, and what answers meanwhile (``/api/status`` says)
INTERIM = {
    "players": "the bots of the basic family (tuned, basic and its variants) play by their "
               "plain-Python twins meanwhile: the same decisions",
    "solver": "a hint is priced in plain Python on fewer worlds meanwhile (it says how many)",
}
TWINS = ("tuned", "basic", "conservative", "aggressive", "trump-count")

_pending: set[str] = set()       # the steps of a background compile not ready in this process


def pending(name: str) -> bool:
    """Whether the background compile has yet to make step ``name`` ready in this process
    (False where no background compile runs: the compiled path is used, compiling at need)."""
    return name in _pending


def wait_for(names) -> None:
    """The background compile has started: ``names`` are pending."""
    _pending.update(n for n in names if n in INTERIM)


def done(name: str) -> None:
    """Step ``name`` is ready (or failed: the compiled path then compiles at need)."""
    _pending.discard(name)


__all__ = ["INTERIM", "TWINS", "pending", "wait_for", "done"]
