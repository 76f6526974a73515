"""Stopping a command: SIGTERM (``kill PID``) raised as an interrupt, like Ctrl-C, so that a
command cleans up and says so in one place (``sigterm_as_interrupt``, ``Terminated``); and no
noise after it from an LLVM object that the interrupt left half built
(``quiet_half_built_llvm_objects``).
"""

from __future__ import annotations

import contextlib
import signal
import sys
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


def _half_built_llvm_object(unraisable) -> bool:
    """Whether an exception no one could catch is llvmlite's ``ObjectRef.__del__`` finding no
    handle: the object's constructor was interrupted (a Ctrl-C in a compile) before it got one,
    so there is nothing to free and nothing to say."""
    fn = unraisable.object
    return (isinstance(unraisable.exc_value, AttributeError)
            and "'_as_parameter_'" in str(unraisable.exc_value)
            and getattr(fn, "__qualname__", "") == "ObjectRef.__del__"
            and getattr(fn, "__module__", "").startswith("llvmlite."))


def quiet_half_built_llvm_objects() -> None:
    """From now on in this process, the destructor of an LLVM object whose construction a
    Ctrl-C cut short prints nothing (llvmlite 0.50 prints the traceback of an
    ``AttributeError`` when such an object is freed, which may be after the command's one
    line, as the interpreter lets the interrupt's frames go); every other unraisable exception
    is reported as before.  The command line calls it once, before its command runs."""
    old = sys.unraisablehook
    if getattr(old, "quiets_half_built_llvm_objects", False):
        return

    def hook(unraisable):
        if not _half_built_llvm_object(unraisable):
            old(unraisable)

    hook.quiets_half_built_llvm_objects = True
    sys.unraisablehook = hook


__all__ = ["Terminated", "quiet_half_built_llvm_objects", "sigterm_as_interrupt"]
