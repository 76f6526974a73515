"""Kernels for code strategies: a generated copy of the kernel with the user's hooks bound.

``sim/kernel.py`` calls five module-level hook functions (``hook_order_up`` ... ``hook_follow``)
that are placeholders there: built-in strategies never reach them, so the built-in kernel pays
nothing.  For a code strategy ``package.module:Name`` this module writes a copy of
``sim/kernel.py`` whose hook block ends by binding the hooks to ``Name``'s functions, and a copy
of ``sim/game.py`` that uses that kernel, into a cache folder (``$EUCHRE_SIM_CACHE`` or
``~/.cache/euchre-sim/code``), and imports them.  Both are ordinary files, so Numba caches
their compiled code like the built-in kernel's: the first run of a code strategy compiles
(about 30 s), later runs in new processes load it.  The copies are keyed by a hash of the
strategy's name and of the kernel sources, so editing either makes a fresh copy.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import sys
from pathlib import Path

HOOKS = ("order_up", "call", "discard", "lead", "follow")
_END = "# END CODE-STRATEGY HOOKS"
_loaded: dict[tuple, tuple] = {}


def cache_dir() -> Path:
    root = os.environ.get("EUCHRE_SIM_CACHE") or Path.home() / ".cache" / "euchre-sim"
    return Path(root) / "code"


def kernels_for(module: str, name: str, present: tuple[str, ...]):
    """(kernel module, game module) with ``module.name``'s hooks bound; built once per process."""
    key = (module, name, present)
    if key in _loaded:
        return _loaded[key]
    here = Path(__file__).parent
    kernel_src = (here / "kernel.py").read_text()
    game_src = (here / "game.py").read_text()
    digest = hashlib.sha1(
        "\n".join([module, name, ",".join(present), kernel_src, game_src]).encode()
    ).hexdigest()[:12]
    kname, gname = f"euchre_code_kernel_{digest}", f"euchre_code_game_{digest}"
    binding = [f"from {module} import {name} as _code_strategy  # noqa: E402"]
    binding += [f"hook_{h} = _code_strategy.{h}" for h in present]
    binding += ["CODE_HOOKS = True"]
    assert _END in kernel_src
    kernel_src = kernel_src.replace(_END, "\n".join(binding) + "\n" + _END)
    game_src = game_src.replace("from sim import kernel as K", f"import {kname} as K")
    folder = cache_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for fname, src in ((kname, kernel_src), (gname, game_src)):
        path = folder / f"{fname}.py"
        if not path.exists() or path.read_text() != src:
            tmp = path.with_suffix(f".tmp{os.getpid()}")
            tmp.write_text(src)
            tmp.replace(path)
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
    result = (importlib.import_module(kname), importlib.import_module(gname))
    _loaded[key] = result
    return result
