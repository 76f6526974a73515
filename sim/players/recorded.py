"""A strategy as a run records it, and rebuilt exactly from that record or refused.

A run folder (a chunked run's ``run.json``, a manifest) records each seat's strategy by what the
user typed (``Strategy.spec``: a name, ``NAME:key=value``, a TOML path, ``module:Name``,
``FILE.py:Name``, ``equilibrium:table=FILE``), with paths made absolute, the folder it was typed
in, and a checksum of every file it reads.  ``rebuild`` reads the spec back and refuses, with a
message that says why, a strategy that cannot be made again exactly: one built in Python rather
than from a spec, a file that changed or went missing, or a spec that now means other numbers.
A table file is one file however its path was typed: the record holds its path made absolute,
and a record's parameters are compared with the path made absolute from the folder it was typed
in (``resolved_params``; the checksums say the file is the same).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
from dataclasses import replace
from pathlib import Path

_FILE_CODE = re.compile(r"^(?P<path>.+\.py):(?P<name>[A-Za-z_]\w*)$")


def absolute_spec(spec: str) -> str:
    """``spec`` with the file it names made absolute (a TOML path, ``FILE.py:Name``,
    ``NAME:table=FILE``); any other spec (a name, ``module:Name``) unchanged."""
    if spec.lower().endswith(".toml"):
        return str(Path(spec).resolve())
    m = _FILE_CODE.match(spec)
    if m:
        return f"{Path(m['path']).resolve()}:{m['name']}"
    if ":table=" in spec:
        base, _, path = spec.partition(":table=")
        return f"{base}:table={Path(path).resolve()}"
    return spec


def _files(s) -> list[str]:
    """The files a strategy reads: its TOML file, its code's module, its table."""
    out = []
    source = getattr(s, "source", "")
    if source:
        out.append(str(Path(source).resolve()))
    if s.impl is not None:
        from sim.players.user_code import import_code_module

        with contextlib.suppress(Exception):
            out.append(str(Path(import_code_module(s.impl[0]).__file__).resolve()))
    table = s.params.get("table") if isinstance(s.params.get("table"), str) else None
    if table:
        out.append(str(Path(table).resolve()))
    return out


def input_files(strategies) -> dict[str, str | None]:
    """Every file the ``strategies`` read (their TOML files, code modules and tables), by
    absolute path, with its SHA-256 (None for one that cannot be read)."""
    return {f: _sha256(f) for s in strategies for f in _files(s)}


def _sha256(path: str) -> str | None:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return None


def _params(params: dict) -> dict:
    return json.loads(json.dumps(params, sort_keys=True, default=str))


def resolved_params(params, folder: str | None = None):
    """``params`` with a table file's path made absolute from ``folder`` (default here): the
    same file typed as ``small.npz`` in its folder or by its whole path."""
    table = params.get("table") if isinstance(params, dict) else None
    if not isinstance(table, str) or not table or table.startswith("count:"):
        return params
    base = Path(folder) if folder else Path.cwd()
    return {**params, "table": str((base / table).resolve())}


def recorded(s) -> dict:
    """The record of strategy ``s`` (JSON data): its name, player, parameters, the spec it was
    made from (absolute; None when made in Python), the folder the spec was typed in, and the
    SHA-256 of each file it reads."""
    return {
        "name": s.name,
        "player": s.player.name,
        "params": _params(resolved_params(s.params)),
        "spec": None if s.spec is None else absolute_spec(s.spec),
        "cwd": os.getcwd(),
        "files": {f: _sha256(f) for f in _files(s)},
    }


@contextlib.contextmanager
def _in_folder(folder: str | None):
    """Inside the ``with``, the current folder is ``folder`` (where the spec was typed: a
    dotted module name is imported from there)."""
    if not folder or not Path(folder).is_dir():
        yield
        return
    here = os.getcwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(here)


def rebuild(d: dict, where: str = "the run"):
    """The strategy ``recorded`` recorded as ``d``, exactly, or a ``ValueError`` (naming
    ``where``) that says why it cannot be made again."""
    from sim.players.files import load_strategy

    name = d.get("name", "?")
    if d.get("spec") is None:
        raise ValueError(f"{where}: the strategy {name} was made in Python, not from a name, "
                         "a file or NAME:key=value, so it cannot be made again from the record; "
                         "run it again from Python")
    for path, digest in (d.get("files") or {}).items():
        now = _sha256(path)
        if now != digest:
            what = "is missing" if now is None else "has changed"
            raise ValueError(f"{where}: {path} (read by the strategy {name}) {what} since the "
                             "run started; restore it, or start the run over")
    with _in_folder(d.get("cwd")):
        s = load_strategy(d["spec"])
    if (s.player.name != d.get("player")
            or _params(resolved_params(s.params)) != resolved_params(d.get("params"),
                                                                      d.get("cwd"))):
        raise ValueError(f"{where}: {d['spec']} no longer makes the strategy the run started "
                         f"with ({name}); start the run over")
    return replace(s, name=name)


__all__ = ["rebuild", "recorded", "absolute_spec", "input_files", "resolved_params"]
