"""Compiling with Numba: the clock that keeps compile time out of a run's rate, the one-line
notice a command prints when it compiles, a cache stamped by the sources, the roomy frame
every compile runs from, and an inliner that builds each inlined function once
(``numba_private.install_inline_memo``).  What these do to Numba's internals is done through
``sim.jit.numba_private``, the one door to them: this module says what to install and why.

``compile_clock`` measures the seconds spent compiling inside a ``with`` (real compiles and the
saving of their code to the cache, ``numba_private.install_timed_save``: code loaded from
Numba's cache is not compiled), so a run reports its simulation rate apart from its compile time.
``compile_notice`` calls a function once, when the first compile inside a ``with`` starts: the
command line says there that the first use compiles, once.

A cache that cannot go stale.  Numba stamps a function's cached code with a hash of the
function's own file, but the code holds what it inlined from other files too, so an edit to a
helper in ``sim/bits.py`` left its callers' cached code running the old helper.  The cache
locator ``SourceKeyedLocator`` (``numba_private.install_cache_locator``) stamps every function
of ``sim`` with a hash of all of ``sim``'s sources instead (and a copy of the kernel for pimc
or the code strategies with that and its own files; a code strategy's own functions are the
user's to cache, and are compiled apart from the copy, ``sim.players.hook_calls``): any edit
to ``sim`` makes the cache stale, and Numba compiles afresh into the same place (about 30 s
for the hand kernel), so there is no ``__pycache__`` to clear after an edit or an upgrade.

The roomy frame.  CPython (3.11 and later) keeps Python frames in chunks of 16 KB that it maps
when the stack grows past a chunk and unmaps as soon as it unwinds below the chunk's first
frame.  Numba's compiler recurses deeply, over and over; when the depth at which a compile
starts puts one of its hot recursions at a chunk's edge, every call across the edge maps and
unmaps a chunk.  Measured on ``euchre-sim simulate`` with an empty cache: 16.7 million page
faults and 197 s of system time on top of 242 s of compiling, against 1.1 million and 6 s when
the same compile started a few frames higher.  Which depth is unlucky changes with any edit to
the callers (a command moved to another module was enough), so ``install`` makes it moot:
Numba's entry point for compiling a call runs inside a frame that declares a large value
stack, which CPython can only place at the start of a fresh 4 MB chunk; the compiler's own
frames then fit in the rest of that chunk and never cross an edge.  The frame costs one
mapping per top-level compile.

The frame, the locator, the inliner's memo and the timed save are installed when a module of
the foundation that compiles is imported (``sim.bits``, ``sim.rng``, ``sim.scoring``,
``sim.seats``): every kernel, player and solver module imports one of them before its first
compile.  Where Numba's internals moved, the frame, the memo and the timed save switch off with
a warning (they only save time), and without the locator Numba's cache lasts one run (code
cached with Numba's own stamp could go stale), also with a warning.
"""

from __future__ import annotations

import functools
import hashlib
import time
from contextlib import contextmanager
from pathlib import Path

from numba.core import event as numba_event

from sim.jit import numba_private

SIM = Path(__file__).resolve().parent.parent
# the folders of the kernel copies bound to other players are named so (``sim.table.bindings``)
KERNEL_COPY_PREFIX = "euchre_kernel_copy_"

# Value-stack slots the wrapper frame declares: 300,000 words (2.4 MB) do not fit a 2 MB chunk,
# so CPython maps 4 MB and about 1.8 MB stays free above the frame, far more than the deepest
# compile here uses.
_STACK_WORDS = 300_000


def _call(fn, args, kwargs):
    """``fn(*args, **kwargs)`` from a frame that only the start of a fresh 4 MB chunk holds."""
    return fn(*args, **kwargs)


_call.__code__ = _call.__code__.replace(co_stacksize=_STACK_WORDS)


def roomy(fn, *args, **kwargs):
    """``fn(*args, **kwargs)`` from the roomy frame: for a compile started outside Numba's
    compile-on-first-call (``Dispatcher.compile``)."""
    return _call(fn, args, kwargs)


def install() -> None:
    """Run Numba's compile-on-first-call from ``_call``'s roomy frame (once; later calls do
    nothing; switched off with a warning where Numba's entry point moved,
    ``sim.jit.numba_private``)."""
    numba_private.install_roomy_frame(_call)


class _Compiles(numba_event.Listener):
    """Numba's compile events: the seconds spent in top-level compiles, and a call at the
    first one."""

    def __init__(self, on_first=None):
        self.seconds = 0.0
        self.count = 0
        self._depth = 0
        self._t0 = 0.0
        self._on_first = on_first

    def on_start(self, event):
        if self._depth == 0:
            saving = event.data.get("saving", False)
            if self.count == 0 and self._on_first is not None and not saving:
                py_func = getattr(event.data.get("dispatcher"), "py_func", None)
                self._on_first(getattr(py_func, "__name__", "the kernel"))
            self._t0 = time.perf_counter()
        self._depth += 1

    def on_end(self, event):
        self._depth -= 1
        if self._depth == 0:
            self.seconds += time.perf_counter() - self._t0
            self.count += 0 if event.data.get("saving", False) else 1


@contextmanager
def compile_clock():
    """Yields an object whose ``seconds`` is the time spent compiling inside the ``with`` (in
    this process, saving compiled code to the cache included; loading it is not compiling) and
    ``count`` the top-level compiles."""
    listener = _Compiles()
    with numba_event.install_listener("numba:compile", listener):
        yield listener


@contextmanager
def compile_notice(say):
    """Inside the ``with``, ``say(name)`` is called once, when the first compile starts, with
    the name of the function being compiled."""
    with numba_event.install_listener("numba:compile", _Compiles(on_first=say)):
        yield


@functools.cache
def folder_digest(folder: Path) -> bytes:
    """A hash of every ``.py`` file under ``folder`` (names and contents), once a process.
    Every file counts, not only those with compiled functions: compiled code also holds the
    constants it read from plain modules (card tables, layouts, a player's settings)."""
    h = hashlib.sha256()
    for path in sorted(folder.rglob("*.py")):
        h.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.digest()


def source_stamp(py_file: str) -> bytes | None:
    """The cache stamp of a function in ``py_file``: the hash of ``sim``'s sources (and of the
    kernel copy it is in, for a copy of the kernel), or None for a file of neither."""
    path = Path(py_file).resolve()
    if SIM in path.parents:
        return folder_digest(SIM)
    if path.parent.name.startswith(KERNEL_COPY_PREFIX):
        return folder_digest(SIM) + folder_digest(path.parent)
    return None


# the cache locator stamped by ``source_stamp`` (None where Numba's caching moved: then Numba's
# cache lasts one run, ``sim.jit.numba_private.install_cache_locator``)
SourceKeyedLocator = numba_private.install_cache_locator(source_stamp)
install()
numba_private.install_inline_memo()
numba_private.install_timed_save()
