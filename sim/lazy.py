"""Lazy package exports: a package lists ``public name -> (module, attribute)`` and its names
load on first use, so importing the package stays quick (nothing is compiled or imported until a
name is asked for).  Used by ``sim``, ``sim.solver`` and ``analysis``."""

from __future__ import annotations

import importlib
import sys


def lazy_exports(package: str, exports: dict[str, tuple[str, str]]):
    """The module-level ``__getattr__`` and ``__dir__`` for ``package`` with these exports."""

    def __getattr__(name: str):
        try:
            module, attr = exports[name]
        except KeyError:
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
        value = getattr(importlib.import_module(module), attr)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__():
        return sorted(set(vars(sys.modules[package])) | set(exports))

    return __getattr__, __dir__
