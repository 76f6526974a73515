"""Lazy package exports: a package lists ``public name -> (module, attribute)`` and its names
load on first use, so importing the package stays quick (nothing is compiled or imported until a
name is asked for).  Used by ``sim``, ``sim.solver`` and ``analysis``.

A public name is the name its module defines (``tests/test_api.py`` checks it).  A renamed
export keeps its old name for one release as a deprecated alias (``deprecated``: old name ->
new name): asking for it warns ``DeprecationWarning`` naming the new name, and it is in neither
``__all__`` nor ``dir()``.
"""

from __future__ import annotations

import importlib
import sys
import warnings


def lazy_exports(package: str, exports: dict[str, tuple[str, str]],
                 deprecated: dict[str, str] | None = None):
    """The module-level ``__getattr__`` and ``__dir__`` for ``package`` with these exports (and
    these deprecated aliases, each naming an export)."""
    deprecated = dict(deprecated or {})
    unknown = sorted(new for new in deprecated.values() if new not in exports)
    if unknown:
        raise ValueError(f"{package}: deprecated aliases of names it does not export: {unknown}")

    def __getattr__(name: str):
        if name in deprecated:
            new = deprecated[name]
            warnings.warn(f"{package}.{name} is deprecated: use {package}.{new}",
                          DeprecationWarning, stacklevel=2)
            return getattr(sys.modules[package], new)
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
