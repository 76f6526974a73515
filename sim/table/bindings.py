"""Kernels bound to a decide module: a copy of the kernel package whose ``seat`` module is
another player's, for the tables the built-in kernel does not play.

The kernel asks every decision of its ``seat`` module (``sim/kernel/seat.py``: the built-in
players, ``sim.players.decide``).  A player whose record names a decide module of its own
(``PlayerType.decide``: pimc's, the code strategies') needs its decisions compiled into the same
loops, so ``bound_kernels`` copies the kernel package's files
into a cache folder (``$EUCHRE_SIM_CACHE`` or ``~/.cache/euchre-sim/kernels``) as a package of
its own, with ``seat.py`` replaced by the decide module's source (and any files it imports
relatively), and imports it.  The kernel's modules import each other relatively, so the copy
needs no other change.  It is ordinary files, so Numba caches its compiled code: the first run
compiles, later runs in new processes load it.  The copy is named by a hash of what it binds
and of the kernel's sources, so editing either makes a new one, and its cached code is stamped
with all of ``sim``'s sources too (``sim.jit.compiling``).

* ``player_kernels``: the copy bound to one player's decide module;
* ``kernels_for``: the right pair for a table's seats, or why no kernel plays it.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import sys
from pathlib import Path

from sim.jit.compiling import KERNEL_COPY_PREFIX
from sim.players.player_type import MAIN_DECIDE

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


def decide_source(module: str) -> str:
    """The source of the decide module ``module`` (a file the copy gets as its ``seat.py``)."""
    import importlib.util

    origin = importlib.util.find_spec(module).origin
    return Path(origin).read_text()


def player_kernels(player):
    """(hand kernel, game kernel) of a copy of the kernel bound to ``player``'s decide module
    (``PlayerType.decide``), after its ``prepare`` (pimc starts compiling its search in a child
    process, so that this one compiles the copy meanwhile: ``sim.jit.apart``)."""
    if player.prepare is not None:
        player.prepare()
    # players sharing a decide module (pimc and rollout) share one copy: it is tagged by the
    # first player registered with that module
    from sim.players.player_type import player_types

    owner = next((p for p in player_types().values() if p.decide == player.decide), player)
    return bound_kernels(decide_source(player.decide), tag=owner.name,
                         inline_phases=player.inline_phases)


def kernels_for(seats, rules=None):
    """(hand kernel, game kernel) to play a table of ``seats`` (``Strategy`` values):
    ``sim.kernel`` and ``sim.kernel.games`` when every seat's player is decided by the
    built-ins' decide module, else the copy bound to the one other decide module the table
    needs.  Raises ValueError for a table no kernel plays: a player that plays only through the
    referee, a rule one of the players refuses (under ``rules``, when given), players with two
    different decide modules of their own (pimc and rollout share one), or two strategies of a
    player that takes one a table."""
    players = {s.player.name: s.player for s in seats}
    for s in seats:
        if s.player.decide is None:
            raise ValueError(f"{s.name} is an outside bot: it plays through the referee "
                             "(simulate, tournament, ladder, games), not in the kernel this needs")
    for p in players.values():
        why = p.refusal(rules)
        if why:
            raise ValueError(why)
    own = sorted((p for p in players.values() if p.decide != MAIN_DECIDE), key=lambda p: p.kind)
    modules = {}                # each decide module the table needs: its first player
    for p in own:
        modules.setdefault(p.decide, p)
    if len(modules) > 1:
        a, b = list(modules.values())[:2]
        raise ValueError(f"a {a.name} strategy and a {b.name} strategy cannot sit at one table "
                         "(each plays in its own copy of the kernel)")
    for p in own:
        if p.one_per_table and len({s.impl for s in seats if s.player is p}) > 1:
            raise ValueError(p.one_per_table)
    if own:
        return player_kernels(own[0])
    import sim.kernel
    import sim.kernel.games

    return sim.kernel, sim.kernel.games


__all__ = ["bound_kernels", "decide_source", "kernels_for", "player_kernels", "cache_dir"]
