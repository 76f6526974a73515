"""What a run folder says about its run: the manifest (version, git revision, rules, players,
timings) and the ``euchre-sim ...`` line that reproduces it.
"""

from __future__ import annotations

import shlex
import subprocess
from pathlib import Path

from sim import __version__
from sim.rules import PRESETS, Rules


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


__all__ = ["git_revision", "manifest", "rules_fields", "run_manifest", "rules_spec",
           "reproduce_command"]
