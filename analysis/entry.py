"""The ``euchre-sim`` console command's entry point: the command line takes a second or so to
load (Numba, pandas, every command), and a Ctrl-C (or SIGTERM) in that second ends it as at
any later moment, with one line and exit 130 (143), not a traceback of the import; then
``analysis.cli.run`` runs the command.  ``serve`` is loaded alone (``analysis.web.command``):
its first page comes two seconds sooner without the rest.
"""

from __future__ import annotations

import os
import signal
import sys


def _stop(signum, frame) -> None:
    sys.stderr.write("interrupted\n")
    sys.stderr.flush()
    os._exit(128 + signum)


def run() -> None:
    """Load the command line with Ctrl-C and SIGTERM ending the process at once, then put
    their handlers back and run it (a signal an ignoring parent set to be ignored stays so)."""
    old = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    for s, handler in old.items():
        if handler is not signal.SIG_IGN:
            signal.signal(s, _stop)
    if sys.argv[1:2] == ["serve"]:
        # alone: the rest of the command line (every command, Numba, pandas) is two seconds
        # more before the first page, and the server imports what it needs as it needs it
        # (Ctrl-C and SIGTERM end it at once throughout, as the server itself does)
        from analysis.web.command import command

        command().main(sys.argv[2:], prog_name="euchre-sim serve")
        return
    from analysis.cli import run as run_command

    for s, handler in old.items():
        signal.signal(s, handler)
    run_command()


__all__ = ["run"]
