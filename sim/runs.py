"""Run folders: written atomically, described by a manifest, reproducible from one command line.

Every command and script that writes results goes through here: ``RunFolder`` (write into
``DIR.tmp-<pid>``, rename to ``DIR`` when complete), ``manifest`` (the fields every
``manifest.json`` shares) and ``reproduce_command`` (the ``euchre-sim ...`` line it records).
"""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import shutil
import signal
import subprocess
import threading
import uuid
from pathlib import Path

from sim import __version__
from sim.rules import PRESETS, Rules

MIN_BATCH = 1 << 16
DEFAULT_CHUNK_HANDS = 1 << 20  # hands a chunk of a resumable run (``sim.chunked``), at most
RECORDS_BATCH = 1 << 18  # bounds the memory of one Parquet part (~35 bytes a hand)


class RunFolderError(ValueError):
    """A run folder that cannot be written (the message names ``--out DIR`` and why)."""


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


def git_revision() -> str | None:
    """The commit of the checkout the package runs from, or None outside git."""
    try:
        p = subprocess.run(
            ["git", "rev-parse", "HEAD"],
            cwd=Path(__file__).resolve().parent,
            capture_output=True,
            text=True,
            timeout=10,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    rev = p.stdout.strip()
    return rev if p.returncode == 0 and rev else None


def why(e: OSError) -> str:
    """An ``OSError`` as a few lower-case words ("permission denied")."""
    return e.strerror.lower() if e.strerror else str(e)


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


def write_atomic(path: Path, content) -> None:
    """Write ``content`` (text, or a function that writes the file at the path it is given) to
    ``path`` under a temporary name and rename it into place: the file exists only when
    complete, and a failed write leaves nothing behind."""
    path = Path(path)
    tmp = path.parent / f".{path.name}.tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    try:
        if callable(content):
            content(tmp)
        else:
            tmp.write_text(content)
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


# ---------------------------------------------------------------------------------------------
# manifests


def manifest(analysis: str | None = None, **fields) -> dict:
    """A ``manifest.json``: ``analysis`` (the command, when given), the package version and
    git revision, then ``fields`` in order."""
    head = {} if analysis is None else {"analysis": analysis}
    return {**head, "version": __version__, "git_revision": git_revision(), **fields}


def rules_fields(rules: Rules) -> dict:
    """``rules`` (the option values) and ``rules_description`` for a manifest."""
    return {"rules": rules.as_dict(), "rules_description": rules.describe()}


def run_manifest(seed, rules, table, threads, wall_s, **extra) -> dict:
    """The manifest of a ``simulate`` run folder: seed, rules, strategies, threads, wall time,
    then ``extra``."""
    return manifest(seed=seed, **rules_fields(rules), strategies=table.describe(),
                    threads=threads, wall_s=wall_s, **extra)  # fmt: skip


# ---------------------------------------------------------------------------------------------
# the reproduce command


def rules_spec(rules: Rules) -> str:
    """A ``--rules`` value that ``sim.rules.parse_rules`` reads back into ``rules``."""
    if not rules.changes():
        return "published"
    for name, preset in PRESETS.items():
        if preset == rules:
            return name
    return ",".join(f"{k}={str(v).lower()}" for k, v in rules.changes().items())


def reproduce_command(command: str, *parts) -> str:
    """The shell line ``euchre-sim COMMAND ...`` that reproduces a run (the command line builds
    it from what the user typed: ``analysis.cli.options.reproduce_line``).

    Each part is a list of words (``["--seed", "1"]``), a flag (``"--force"``) or a pair
    whose value ``None`` or ``False`` leaves the option out (``("--threads", None)``).
    """
    args = ["euchre-sim", command]
    for part in parts:
        if isinstance(part, str):
            args.append(part)
        elif isinstance(part, tuple):
            option, value = part
            if value is True:
                args.append(option)
            elif value is not None and value is not False:
                args += [option, str(value)]
        else:
            args += [str(w) for w in part]
    return shlex.join(args)


# ---------------------------------------------------------------------------------------------
# sizes


def batch_size(hands: int, records: bool) -> int:
    """Hands per kernel call: about 1% of the run (for the progress bar), whole chunks, capped."""
    from sim.runner import DEFAULT_BATCH, DEFAULT_CHUNK

    b = max(MIN_BATCH, -(-hands // 100))
    b = -(-b // DEFAULT_CHUNK) * DEFAULT_CHUNK
    return min(b, RECORDS_BATCH if records else DEFAULT_BATCH)


def chunk_size(hands: int, records: bool) -> int:
    """Hands per chunk of a chunked run: about 1/32 of the run (so a few workers share it),
    at least 2^16 (per-chunk overhead), at most 2^20 (2^18 with records), whole kernel chunks."""
    from sim.runner import DEFAULT_CHUNK

    c = max(MIN_BATCH, -(-hands // 32))
    c = -(-c // DEFAULT_CHUNK) * DEFAULT_CHUNK
    return min(c, RECORDS_BATCH if records else DEFAULT_CHUNK_HANDS)


WARMUP_HANDS = 1 << 17
WARMUP_GAMES = 4096


def estimate_seconds(count: int, rules=None, table=None, *, games: bool = False,
                     records: bool = False, threads: int | None = None) -> tuple[float, float]:
    """(estimated seconds, measured rate a second) for a run of ``count`` hands (or games)
    here, from a short warm-up with the same rules, players, mode and threads (the kernel is
    compiled or loaded first, so the warm-up times play alone).  A guess: the machine may be
    busier or quieter during the run."""
    import time

    from sim.games_runner import simulate_games
    from sim.runner import simulate

    def play(n):
        if games:
            simulate_games(n, 1, rules, table, records=records, threads=threads)
        else:
            simulate(n, 1, rules, table, records=records, threads=threads)

    n = WARMUP_GAMES if games else WARMUP_HANDS
    play(min(n, 1024))  # compile or load the kernel
    t0 = time.perf_counter()
    play(n)
    rate = n / max(time.perf_counter() - t0, 1e-9)
    return count / rate, rate


def duration_text(seconds: float) -> str:
    """``seconds`` in words: "40 s", "12 min", "3.5 hours", "9 days"."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min"
    if seconds < 48 * 3600:
        return f"{seconds / 3600:.1f} hours"
    return f"{seconds / 86400:,.0f} days"


__all__ = [
    "estimate_seconds", "duration_text",
    "RunFolder", "RunFolderError", "git_revision", "manifest", "run_manifest", "rules_fields",
    "reproduce_command", "rules_spec", "prepare_chunked_folder",
    "write_atomic", "batch_size", "chunk_size", "why",
]  # fmt: skip
