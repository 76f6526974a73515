"""An outside bot that misbehaves in ways a plain ``except Exception`` misses: an answer whose
``__eq__`` raises, a numpy answer, ``sys.exit`` and a ``KeyboardInterrupt`` raised inside
``act``; each is a ``BotError`` naming the bot and the hand, while a real Ctrl-C (an interrupt
signal) stays the user's.  And what a spec that is not yet a bot or code strategy is told."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sim import load_strategy, simulate, view_from_json
from sim.agents.bots import Bot, BotError

ROOT = Path(__file__).resolve().parents[2]
VIEW = view_from_json((ROOT / "examples" / "view.json").read_text())

BOTS = '''
import os
import signal
import sys
import time

import numpy as np


class Angry:
    def __eq__(self, other):
        raise RuntimeError("no comparing me")

    __hash__ = object.__hash__


class EqRaises:
    def act(self, view):
        return Angry()


class Exits:
    def act(self, view):
        sys.exit(3)


class Interrupts:
    def act(self, view):
        raise KeyboardInterrupt


class RealCtrlC:
    def act(self, view):
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(2)
        return view.legal[0]


class Numpy:
    def act(self, view):
        return np.array([1, 2])


class Helper:
    pass


class NoAct:
    """Neither act nor the hooks."""

    def decide(self, view):
        return view.legal[0]
'''


@pytest.fixture
def bots(tmp_path, monkeypatch):
    (tmp_path / "badbots.py").write_text(BOTS)
    monkeypatch.chdir(tmp_path)
    return lambda name: Bot(load_strategy(f"badbots.py:{name}"))


@pytest.mark.parametrize("name, words", [
    ("EqRaises", r"answered <badbots.Angry object .*> in hand 7 \(seat 1, round 1 bid\), "
                 r"which is not legal"),
    ("Numpy", r"answered array\(\[1, 2\]\) in hand 7 \(seat 1, round 1 bid\), which is not "
              r"legal"),
    ("Exits", r"called sys.exit\(3\) in hand 7 \(seat 1, round 1 bid\)"),
    ("Interrupts", r"raised KeyboardInterrupt in hand 7 \(seat 1, round 1 bid\) \(not a "
                   r"Ctrl-C"),
])
def test_a_misbehaving_bot_is_a_bot_error_naming_it_and_the_hand(bots, name, words):
    with pytest.raises(BotError, match=rf"^bot badbots.py:{name} {words}"):
        bots(name).act(VIEW, hand=7)


def test_a_real_ctrl_c_while_a_bot_thinks_is_the_users(bots):
    with pytest.raises(KeyboardInterrupt) as e:
        bots("RealCtrlC").act(VIEW, hand=7)
    assert not isinstance(e.value, BotError)


def test_a_json_answer_is_checked_without_trusting_it(bots):
    bot = bots("Numpy")
    assert bot._checked({"action": "pass"}, VIEW, "") == VIEW.legal[0]
    with pytest.raises(BotError, match="bot badbots.py:Numpy answered {'action': 'fly'}"):
        bot._checked({"action": "fly"}, VIEW, "")


@pytest.mark.compile
@pytest.mark.parametrize("threads", [1, 2])
def test_sys_exit_in_a_bot_stops_a_run_with_a_bot_error(bots, threads):
    """In this process and in worker processes alike (a worker's SystemExit would otherwise
    end the worker, not the run)."""
    b, o = load_strategy("badbots.py:Exits"), load_strategy("basic")
    from sim import Table

    with pytest.raises(BotError, match=r"bot badbots.py:Exits called sys.exit\(3\) in hand"):
        simulate(2000, 1, table=Table((o, b, o, b)), threads=threads)


def test_a_class_without_act_is_told_it_needs_act_or_the_hooks(bots):
    with pytest.raises(ValueError) as e:
        load_strategy("badbots.py:NoAct")
    text = str(e.value)
    assert "defines none of act(view) (an outside bot)" in text and "examples/bot.py" in text
    assert "Numba hooks" in text and "must be a @numba.njit" not in text


def test_a_py_file_without_its_class_is_told_to_name_it(bots):
    with pytest.raises(ValueError) as e:
        load_strategy("badbots.py")
    text = str(e.value)
    assert "badbots.py:EqRaises" in text and ".toml" not in text
    assert "Helper" not in text and "NoAct" not in text      # the classes that could play
    with pytest.raises(ValueError, match=r"nosuch.py: no such file .*FILE.py:ClassName"):
        load_strategy("nosuch.py")


def test_view_json_round_trip_is_unchanged():
    assert view_from_json(json.dumps(VIEW.to_json())) == VIEW
