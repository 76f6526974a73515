"""Importing a user's code: a code strategy's or an outside bot's module, named by a dotted
name or a ``.py`` path, registered under one module name whichever way it was named (so Numba's
cache of its functions serves both spellings).
"""

from __future__ import annotations

import re
from pathlib import Path


def import_code_module(module: str):
    """The module of a code strategy: a path ending in ``.py`` (loaded from that file), or a
    dotted name, imported as usual or, failing that, from the current folder (so
    ``examples.code_strategy`` works from the repository root whether or not Python put the
    current folder on its path).  The generated kernel copy imports it through here too.
    Raises ``ImportError`` (or ``OSError`` for a file that cannot be read).

    Numba caches a file's compiled functions beside the file, under the module name it was
    imported as, and a later process loading that cache imports the module by that name.  So
    a module is also registered under the name a ``.py`` path gives it (``file_module_name``),
    whichever way it was imported, and the cache serves both spellings of the strategy."""
    import importlib
    import importlib.util
    import sys

    if module.endswith(".py"):
        path = Path(module).resolve()
        name = file_module_name(path)
        if name in sys.modules:
            return sys.modules[name]
        if not path.is_file():
            raise FileNotFoundError(f"no such file {module}")
        spec = importlib.util.spec_from_file_location(name, path)
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        try:
            spec.loader.exec_module(mod)
        except BaseException:
            del sys.modules[name]
            raise
        return mod
    mod = _import_dotted(module)
    if getattr(mod, "__file__", None):
        sys.modules.setdefault(file_module_name(Path(mod.__file__).resolve()), mod)
    return mod


def _import_dotted(module: str):
    import importlib
    import os
    import sys

    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as e:
        here = os.getcwd()
        missing = e.name or ""
        if here in sys.path or not (module + ".").startswith(missing + "."):
            raise
        top = Path(here) / module.split(".")[0]
        if not (top.is_dir() or top.with_suffix(".py").is_file()):
            raise
        sys.path.append(here)
        return importlib.import_module(module)


def file_module_name(path: Path) -> str:
    """The module name a code strategy's ``.py`` file is loaded as (from its resolved path)."""
    import hashlib

    stem = re.sub(r"\W", "_", path.stem)
    return f"euchre_code_{stem}_{hashlib.sha1(str(path).encode()).hexdigest()[:10]}"


def dotted_name(path: Path) -> str | None:
    """``examples.code_strategy`` for ``examples/code_strategy.py`` under the current folder
    (so a file named by its path and by its module name is one module), else None."""
    try:
        rel = path.resolve().relative_to(Path.cwd().resolve()).with_suffix("")
    except ValueError:
        return None
    parts = rel.parts
    if parts and all(p.isidentifier() for p in parts):
        return ".".join(parts)
    return None


__all__ = ["dotted_name", "file_module_name", "import_code_module"]
