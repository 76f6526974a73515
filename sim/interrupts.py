"""Stopping a command: SIGTERM (``kill PID``) raised as an interrupt, like Ctrl-C, so that a
command cleans up and says so in one place (``sigterm_as_interrupt``, ``Terminated``).
"""

from __future__ import annotations

import contextlib
import signal
import threading


class Terminated(KeyboardInterrupt):
    """SIGTERM (``kill PID``) raised as an interrupt, so that it saves, cleans up and says so as
    Ctrl-C does; the process then exits with ``status``."""

    status = 128 + signal.SIGTERM


def _raise_terminated(signum, frame):
    raise Terminated()


@contextlib.contextmanager
def sigterm_as_interrupt():
    """While open, SIGTERM raises ``Terminated`` in the main thread (the command line opens
    it around every command); elsewhere it changes nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)


__all__ = ["Terminated", "sigterm_as_interrupt"]
