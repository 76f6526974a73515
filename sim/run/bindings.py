"""Kernels bound to a decide module: a copy of the kernel package whose ``seat`` module is
another player's, for the tables the built-in kernel does not play.

The kernel asks every decision of its ``seat`` module (``sim/kernel/seat.py``: the built-in
players, ``sim.players.decide``).  A table with a code strategy or a ``pimc`` seat needs other
decisions compiled into the same loops, so ``bound_kernels`` copies the kernel package's files
into a cache folder (``$EUCHRE_SIM_CACHE`` or ``~/.cache/euchre-sim/kernels``) as a package of
its own, with ``seat.py`` replaced by the decide module's source (and any files it imports
relatively), and imports it.  The kernel's modules import each other relatively, so the copy
needs no other change.  It is ordinary files, so Numba caches its compiled code: the first run
compiles, later runs in new processes load it.  The copy is named by a hash of what it binds
and of the kernel's sources, so editing either makes a new one, and its cached code is stamped
with all of ``sim``'s sources too (``sim.jit.compiling``).

* ``code_kernels``: the code strategies (``sim.players.code``, which calls a strategy's hooks
  through the addresses ``hook_addresses`` puts in the table's kinds);
* ``pimc_kernels``: the search player (``sim.players.pimc.seat``);
* ``kernels_for``: the right pair for a table's seats.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import sys
from pathlib import Path

from sim.jit.compiling import KERNEL_COPY_PREFIX
from sim.players.files import import_code_module
from sim.players.hook_calls import hook_address
from sim.players.kinds import EQUILIBRIUM, HOOK_ARGS, OUTSIDE, PIMC
from sim.players.pimc import turns

SIM = Path(__file__).resolve().parent.parent
_loaded: dict[tuple, tuple] = {}


def cache_dir() -> Path:
    root = os.environ.get("EUCHRE_SIM_CACHE") or Path.home() / ".cache" / "euchre-sim"
    return Path(root) / "kernels"


def _write(path: Path, text: str) -> None:
    if not path.exists() or path.read_text() != text:
        tmp = path.with_suffix(f".tmp{os.getpid()}")
        tmp.write_text(text)
        tmp.replace(path)


def bound_kernels(seat_source: str, extra: dict[str, str] | None = None, tag: str = "",
                  inline_phases: bool = True):
    """(hand kernel, game kernel) of a copy of the kernel package whose ``seat.py`` is
    ``seat_source`` (a decide module's source, ``sim.players.decide``'s interface), with the
    ``extra`` files beside it (replacing the package's of the same name); built once per
    process.  With ``inline_phases`` False the hand's phases are compiled as functions of their
    own, not inlined by LLVM into the hand and its loops (the copy's ``compile_options.py``
    says so; pimc's kernel: since its decisions are compiled apart, ``sim.jit.apart``, its cold
    compile was the same either way, 47.6 s against 48.8 s inlined)."""
    files = {p.name: p.read_text() for p in sorted((SIM / "kernel").glob("*.py"))}
    files["seat.py"] = seat_source
    if not inline_phases:
        files["compile_options.py"] = "INLINE_PHASES = False\n"
    files.update(extra or {})
    digest = hashlib.sha1("\n".join(
        [tag] + [f"{n}\n{t}" for n, t in sorted(files.items())]).encode()).hexdigest()[:12]
    if digest in _loaded:
        return _loaded[digest]
    package = f"{KERNEL_COPY_PREFIX}{digest}"
    folder = cache_dir()
    (folder / package).mkdir(parents=True, exist_ok=True)
    for fname, text in files.items():
        _write(folder / package / fname, text)
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
    kernel = importlib.import_module(package)
    result = (kernel, importlib.import_module(f"{package}.games"))
    _loaded[digest] = result
    return result


def code_kernels():
    """The kernels of a table with a code strategy: one copy for every code strategy, which
    calls the hooks through the addresses the table's kinds carry (``hook_addresses``)."""
    return bound_kernels((SIM / "players" / "code.py").read_text(), tag="code")


def hook_addresses(hooks) -> list[int]:
    """The five hook addresses of a code strategy (``Strategy.hooks``: module, name, the hooks
    present) for its table's kinds, in ``HOOK_ARGS`` order (``sim.players.hook_calls``); 0 for
    a hook it does not define (never called: its kind lacks the hook's bit)."""
    module, name, present = hooks
    obj = getattr(import_code_module(module), name)
    return [hook_address((module, name, h), getattr(obj, h), h) if h in present else 0
            for h in HOOK_ARGS]


def pimc_kernels():
    """The kernels of a table with ``pimc`` seats.  The first time a process asks, a child
    process starts compiling the search and pimc's card play (unless they are cached) while
    this one compiles the copy, which calls them only when it runs (``sim.jit.apart``,
    ``sim.players.pimc.turns.compile_ahead``)."""
    turns.compile_ahead()
    return bound_kernels((SIM / "players" / "pimc" / "seat.py").read_text(), tag="pimc",
                         inline_phases=False)


def kernels_for(seats, rules=None):
    """(hand kernel, game kernel) to play a table of ``seats`` (``Strategy`` values):
    ``sim.kernel`` and ``sim.kernel.games`` for the built-in players, else a bound copy.
    Raises ValueError for a table no kernel plays: two code strategies, a code strategy with
    pimc, pimc or equilibrium under the farmer's hand house rule (``rules``,
    when given), equilibrium with a code strategy."""
    bots = [s.name for s in seats if s.kind == OUTSIDE]
    if bots:
        raise ValueError(f"{bots[0]} is an outside bot: it plays through the referee "
                         "(simulate, tournament, ladder, games), not in the kernel this needs")
    code = {s.hooks for s in seats if s.hooks is not None}
    if any(s.kind == EQUILIBRIUM for s in seats):
        if rules is not None and rules.farmers_hand:
            raise ValueError("equilibrium does not cover the farmer's hand house rule (its "
                             "bidding game has no swap before the bids): leave farmers_hand off")
    if any(s.kind == PIMC for s in seats):
        if code:
            raise ValueError("a code strategy cannot sit at a table with pimc players")
        if rules is not None and rules.farmers_hand:
            raise ValueError("the pimc player does not play the farmer's hand house rule: "
                             "leave farmers_hand off, or seat another strategy")
        return pimc_kernels()
    if len(code) > 1:
        raise ValueError("a run can use only one code strategy (the other seats may use "
                         "any built-in or TOML strategy)")
    if code:
        return code_kernels()
    import sim.kernel
    import sim.kernel.games

    return sim.kernel, sim.kernel.games


__all__ = ["bound_kernels", "code_kernels", "hook_addresses", "pimc_kernels", "kernels_for",
           "cache_dir"]
