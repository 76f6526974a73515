"""Which processes a test left running, asked of the operating system through ``psutil`` (a
test dependency): a process's children still running, and every process whose environment holds
a marker (a test's own cache folder).  A question that cannot be asked fails the test rather
than answering "none"."""

from __future__ import annotations

import psutil


def running(p: psutil.Process) -> bool:
    """Whether ``p`` still runs (a zombie has ended; only its exit status is left)."""
    try:
        return p.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def children(pid: int) -> set[int]:
    """The children of ``pid`` still running."""
    return {c.pid for c in psutil.Process(pid).children() if running(c)}


def left_behind(marker: str) -> list[int]:
    """Processes still running whose environment holds ``marker``."""
    found = []
    for p in psutil.process_iter():
        try:
            if any(marker in v for v in p.environ().values()) and running(p):
                found.append(p.pid)
        except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess):
            pass
    return found


__all__ = ["children", "left_behind", "running"]
