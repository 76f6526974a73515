"""Outside bots: a plain Python class with ``act(view)`` plugged in wherever a strategy goes.

The protocol (``examples/bot.py`` is a complete one)::

    class MyBot:
        def __init__(self, seed=0):     # optional; ``seed`` is the run's seed when accepted
            ...
        def act(self, view):            # view: sim.referee.views.View, one seat's view
            return view.legal[0]        # one of view.legal (or its JSON form, a dict)

``view`` holds what the seat has seen and nothing more (``sim.referee.views``); ``view.legal``
lists the actions the rules allow now, as ``sim.referee`` action values, and ``act`` returns one
of them or the JSON form ``action_to_json`` writes (``{"action": "play", "card": "JH"}``).
The spec ``path/to/mybot.py:MyBot`` (or ``package.module:MyBot``) names it on the command line,
as for a code strategy; a class with ``act`` is a bot, one with the Numba hooks a code strategy.

A bot plays through the referee at Python speed (``sim.run.refereed``), one instance a worker
process.  An exception inside ``act`` (``sys.exit`` too, and a ``KeyboardInterrupt`` the bot
raises itself: only an interrupt signal is the user's Ctrl-C), or an answer that is not a legal
action (or cannot even be compared with one), stops the run with a ``BotError`` naming the
bot, the hand, the seat, the decision and the answer.
"""

from __future__ import annotations

import contextlib
import inspect
import signal
import threading

from sim.players.user_code import import_code_module
from sim.referee.views import View, action_from_json, action_to_json


class BotError(ValueError):
    """An outside bot failed: it raised, or answered with an action that is not legal."""


class Bot:
    """An outside bot's instance at a table: ``act`` asks it and checks the answer."""

    def __init__(self, strategy, seed: int = 0):
        if strategy.player.decide is not None or strategy.impl is None:
            raise ValueError(f"{strategy.name} is not an outside bot")
        self.strategy = strategy
        module_name, attr = strategy.impl
        obj = getattr(import_code_module(module_name), attr)
        if inspect.isclass(obj):
            try:
                takes_seed = "seed" in inspect.signature(obj).parameters
            except (TypeError, ValueError):
                takes_seed = False
            try:
                obj = obj(seed=seed) if takes_seed else obj()
            except Exception as e:
                raise BotError(f"bot {strategy.name}: making it failed: "
                               f"{type(e).__name__}: {e}") from None
        self.player = obj

    @property
    def name(self) -> str:
        return self.strategy.name

    def act(self, view: View, *, hand=None):
        """The bot's action at ``view``, checked; ``hand`` (the hand's number in the run, or
        any words) names the hand in an error."""
        where = (f"in {hand}" if isinstance(hand, str) else f"in hand {hand}" if hand is not None
                 else "") + f" (seat {view.seat}, {_decision(view)})"
        with _sigint_watch() as sigint:
            try:
                answer = self.player.act(view)
            except Exception as e:
                raise BotError(f"bot {self.name} raised {type(e).__name__}: {e} {where}") from None
            except SystemExit as e:
                raise BotError(f"bot {self.name} called sys.exit({e.code!r}) {where}: a bot "
                               "answers with one of view.legal, it does not end the run") from None
            except KeyboardInterrupt:
                if sigint:      # the user's Ctrl-C, which reached us while the bot was asked
                    raise
                raise BotError(f"bot {self.name} raised KeyboardInterrupt {where} (not a "
                               "Ctrl-C: no interrupt signal came)") from None
        return self._checked(answer, view, where)

    def _checked(self, answer, view: View, where: str):
        """The legal action ``answer`` stands for, or a ``BotError``: the answer is the bot's
        object, so comparing it may raise (a numpy array, an ``__eq__`` that fails)."""
        action = answer
        if isinstance(answer, dict):
            try:
                action = action_from_json(answer, view.seat)
            except Exception as e:
                raise BotError(f"bot {self.name} answered {_shown(answer)} {where}: {e}") from None
        try:   # the legal action's own equality: never the answer's, which may raise
            legal_now = [a for a in view.legal if type(action) is type(a) and a == action]
        except Exception as e:
            raise BotError(f"bot {self.name} answered {_shown(answer)} {where}, which cannot be "
                           f"compared with the legal actions ({type(e).__name__}: {e}): answer "
                           "with one of view.legal") from None
        if legal_now:
            return legal_now[0]
        legal = ", ".join(str(action_to_json(a)) for a in view.legal)
        try:
            shown = action_to_json(action)
        except Exception:
            shown = _shown(answer)
        raise BotError(f"bot {self.name} answered {shown} {where}, which is not legal: "
                       f"legal are {legal}")

    def decide(self, view: View, deal=None, keys=None, *, hand=None):
        """``act``, in the signature the referee's loop asks every seat with (a bot sees only
        the view: the deal and keys are not its)."""
        return self.act(view, hand=hand)


def _shown(answer) -> str:
    """A bot's answer as the error shows it: its ``repr`` (or its type, when that fails), kept
    short."""
    try:
        text = repr(answer)
    except Exception:
        text = f"a {type(answer).__name__}"
    text = " ".join(text.split())
    return text if len(text) <= 60 else text[:57] + "..."


@contextlib.contextmanager
def _sigint_watch():
    """While open, a list that gets an entry when an interrupt signal (SIGINT: Ctrl-C) arrives,
    so that a ``KeyboardInterrupt`` the bot raised itself can be told from the user's.  The
    handler in place is still called.  Off the main thread, or where SIGINT is ignored (a
    worker of ``sim.run.executors.ProcessExecutor``), no Ctrl-C can reach the bot's code, so
    the list stays empty."""
    got: list = []
    old = (signal.getsignal(signal.SIGINT)
           if threading.current_thread() is threading.main_thread() else None)
    if not callable(old):
        yield got
        return

    def heard(signum, frame):
        got.append(signum)
        old(signum, frame)

    signal.signal(signal.SIGINT, heard)
    try:
        yield got
    finally:
        signal.signal(signal.SIGINT, old)


def _decision(view: View) -> str:
    what = {"round1": "round 1 bid", "round2": "round 2 bid", "discard": "discard",
            "defend": "defend alone or not", "play": "card to play"}
    text = what.get(view.phase, view.phase)
    if view.phase == "play":
        text += f", trick {len(view.plays) // view.players + 1}"
    return text


__all__ = ["Bot", "BotError"]
