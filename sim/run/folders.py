"""Run folders: written into ``DIR.tmp-<pid>`` and renamed into place when complete
(``RunFolder``), the checks that refuse to overwrite what is not a run folder, and the probe that
a file can be written before any work.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import threading
from pathlib import Path

from sim.atomic import why
from sim.interrupts import _raise_terminated


class RunFolderError(ValueError):
    """A run folder that cannot be written (the message names ``--out DIR`` and why)."""


class RunFolder:
    """A run folder written into ``DIR.tmp-<pid>`` and renamed to ``DIR`` by ``commit``.

    An existing ``DIR`` is replaced only with ``force`` and only when it is a run folder (it
    holds ``manifest.json``); ``discard`` removes the temporary folder and any parent folders
    this run created, and so does SIGTERM while the folder is open (then the process exits
    with status 143).  Problems raise ``RunFolderError``.
    """

    def __init__(self, out: Path, force: bool):
        out = Path(out)
        self.out = out
        check_replaceable(out, force)
        self.tmp = out.parent / f"{out.name}.tmp-{os.getpid()}"
        # parent folders this run creates, removed again if the run fails
        self.made_parents = [p for p in out.parent.absolute().parents if not p.exists()][::-1]
        if not out.parent.absolute().exists():
            self.made_parents.append(out.parent.absolute())
        self._old_sigterm = None
        try:
            if self.tmp.exists():
                shutil.rmtree(self.tmp)
            self.tmp.mkdir(parents=True)
        except OSError as e:
            self.discard()
            raise RunFolderError(f"--out {out}: cannot write there ({why(e)})") from None
        self._catch_sigterm()

    def _catch_sigterm(self) -> None:
        """Until ``commit`` or ``discard``, SIGTERM (``kill PID``) removes the temporary folder
        and exits with status 143, as Ctrl-C does; only the main thread can set the handler.
        Under ``sigterm_as_interrupt`` SIGTERM is an interrupt, which the caller handles."""
        if threading.current_thread() is not threading.main_thread():
            return
        if signal.getsignal(signal.SIGTERM) is _raise_terminated:
            return

        def on_sigterm(signum, frame):
            self.discard()
            raise SystemExit(128 + signum)

        self._old_sigterm = signal.signal(signal.SIGTERM, on_sigterm)

    def _release_sigterm(self) -> None:
        if self._old_sigterm is not None:
            signal.signal(signal.SIGTERM, self._old_sigterm)
            self._old_sigterm = None

    def write_json(self, name: str, obj) -> None:
        (self.tmp / name).write_text(json.dumps(obj, indent=2) + "\n")

    def commit(self) -> None:
        self._release_sigterm()
        if self.out.exists():
            old = self.out.parent / f"{self.out.name}.old-{os.getpid()}"
            self.out.rename(old)
            self.tmp.rename(self.out)
            shutil.rmtree(old)
        else:
            self.tmp.rename(self.out)

    def discard(self) -> None:
        self._release_sigterm()
        shutil.rmtree(self.tmp, ignore_errors=True)
        for p in reversed(self.made_parents):
            try:
                p.rmdir()
            except OSError:
                break


def check_replaceable(out: Path, force: bool) -> None:
    """Refuse to write over ``out`` unless it is empty, or a run folder and ``force`` is set."""
    if not (out.is_symlink() or out.exists()):
        return
    if not out.is_dir():
        raise RunFolderError(f"--out {out}: exists and is not a folder")
    if not any(out.iterdir()):
        return
    if not force:
        raise RunFolderError(
            f"--out {out}: folder exists and is not empty (--force overwrites it)"
        )
    if not (out / "manifest.json").is_file():
        raise RunFolderError(
            f"--out {out}: not a run folder (no manifest.json); not overwriting it"
        )
    if Path.cwd().resolve().is_relative_to(out.resolve()):
        raise RunFolderError(f"--out {out}: contains the working directory")


def prepare_chunked_folder(out: Path, force: bool) -> None:
    """Check (and with ``force`` clear) the folder a chunked run writes into directly: a
    folder holding an interrupted run (``run.json``, no ``manifest.json``) is resumed, not
    overwritten, unless ``force`` starts it over."""
    if not (out.is_symlink() or out.exists()):
        return
    if not out.is_dir():
        raise RunFolderError(f"--out {out}: exists and is not a folder")
    if not any(out.iterdir()):
        return
    complete = (out / "manifest.json").is_file()
    if (out / "run.json").is_file() and not complete and not force:
        raise RunFolderError(
            f"--out {out}: holds an interrupted run: finish it with --resume {out} "
            "(or --force starts it over)"
        )
    if not complete and not (out / "run.json").is_file():
        raise RunFolderError(
            f"--out {out}: not a run folder (no manifest.json); not overwriting it"
        )
    if not force:
        raise RunFolderError(
            f"--out {out}: folder exists and is not empty (--force overwrites it)"
        )
    if Path.cwd().resolve().is_relative_to(out.resolve()):
        raise RunFolderError(f"--out {out}: contains the working directory")
    shutil.rmtree(out)


def check_writable(option: str, path: Path) -> None:
    """Refuse, before any work, a file that could not be written at ``path`` (``option`` names
    it in the ``RunFolderError``): a probe file is created beside it and removed."""
    path = Path(path)
    if path.is_dir():
        raise RunFolderError(f"{option} {path}: is a folder; give a file name")
    probe = path.parent / f".{path.name}.probe-{os.getpid()}"
    try:
        probe.write_text("")
        probe.unlink()
    except OSError as e:
        raise RunFolderError(f"{option} {path}: cannot write there ({why(e)})") from None


__all__ = ["RunFolder", "RunFolderError", "check_replaceable", "prepare_chunked_folder",
           "check_writable"]
