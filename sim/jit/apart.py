"""Calls between compiled functions that do not copy the callee into the caller.

When a Numba function calls another, Numba links the callee's whole module (and everything
that one linked in turn) into the caller's, and LLVM optimises and generates machine code for
all of it again.  Down a chain of calls the deepest code is compiled once for every function
above it: pimc's search, called from its bids, its card play and every phase of the hand,
was compiled about a dozen times for one run.

``call_apart(f, (a, b, ...))`` calls the ``@njit`` function ``f`` (a module-level one)
without linking it: ``f`` is compiled on its own for the arguments' types (its own cache
entry), its native entry point is registered with LLVM under a symbol named by the function
and the types (``llvmlite.binding.add_symbol``), and the caller calls that symbol.  The
registration is recorded in the caller's ``reload_init``, which Numba runs before it loads the
caller's cached code in a later process, so the symbol is there whenever the caller's code is.
Numba forgets a library's ``reload_init`` when it loads the library from the cache, so a caller
compiled later in that process, which links the loaded library, would be cached without the
registration; ``numba_private.install_reload_init_carry`` (on import) keeps it on the loaded
library.

The call is an ordinary native call in Numba's calling convention (an exception in ``f``
reaches the caller as from a linked call); what is lost is only inlining across it, so it
belongs where a call does much work: a whole search, a whole decision of a search player.

``call_later(f, (a, b, ...))`` goes one step further: the caller does not need ``f`` compiled
at all.  ``f`` declares its return type (``@later(restype, argtys)``, above its ``@njit``), the
caller reads ``f``'s address from a cell (a word registered with LLVM under a symbol of ``f``
and the types) and calls it; while the cell is empty the caller first calls back into Python
(``_fill``), which compiles or loads ``f`` and fills the cell.  So ``f`` is compiled when it is
first called, not when its caller is, and a caller and its callee can be compiled at the same
time in two processes: ``wait_before_loading(f, wait)`` makes the first fill wait (say for a
child process compiling ``f`` into the cache, ``sim.jit.ahead``) and then load.  The wait
counts as compiling in ``sim.jit.compiling``'s clock, so a run's rate leaves it out.  ``argtys``,
when declared, must be what every caller passes (checked when a caller is compiled), so that
``f`` can be compiled ahead for them.

The call itself (``call_native``, also used for a code strategy's hooks, which are called by
address, ``sim.players.hook_calls``), the callee's address and the ``reload_init`` go through
Numba's internals, in ``sim.jit.numba_private``: where a Numba version lacks one of them,
compiling a caller of ``call_apart`` or ``call_later`` raises an error naming it.
"""

from __future__ import annotations

import _thread
import ctypes
import functools
import hashlib
import importlib
import sys
import threading
import traceback

from llvmlite import binding as ll
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.core import event as numba_event
from numba.extending import intrinsic

from sim.jit import numba_private
from sim.jit.compiling import roomy
from sim.jit.numba_private import (
    add_reload_init,
    call_native,
    function_type,
    native_address,
    return_type,
    return_user_exc,
)


def symbol(module: str, qualname: str, argtys: tuple) -> str:
    """The symbol ``module.qualname`` compiled for ``argtys`` is registered under."""
    digest = hashlib.sha1(repr(argtys).encode()).hexdigest()[:16]
    return f"euchre_sim_apart.{module}.{qualname}.{digest}"


def register(module: str, qualname: str, argtys: tuple):
    """Compile (or load from the cache) ``module.qualname`` for ``argtys`` and register its
    native entry point under ``symbol(...)``; returns the type it returns."""
    target = getattr(importlib.import_module(module), qualname)
    target.compile(argtys)
    ll.add_symbol(symbol(module, qualname, argtys), native_address(target, argtys))
    return return_type(target, argtys)


numba_private.install_reload_init_carry()


@intrinsic
def call_apart(typingctx, target, args):
    """``call_apart(f, (a, b, ...))``: ``f(a, b, ...)`` for a module-level ``@njit`` function
    ``f``, compiled apart from the caller (see the module's header)."""
    if not isinstance(target, types.Dispatcher) or not isinstance(args, types.BaseTuple):
        return None
    py_func = target.dispatcher.py_func
    module, qualname = py_func.__module__, py_func.__qualname__
    if "<locals>" in qualname:
        raise TypeError(f"call_apart needs a module-level function, not {qualname}")
    numba_private.require(numba_private.CALLS_APART, "call_apart")
    argtys = tuple(args.types)
    restype = register(module, qualname, argtys)

    def codegen(context, builder, signature, llargs):
        values = [builder.extract_value(llargs[1], i) for i in range(len(argtys))]
        fnty = function_type(context, restype, argtys)
        fn = cgutils.get_or_insert_function(builder.module, fnty,
                                            symbol(module, qualname, argtys))
        add_reload_init(context, functools.partial(register, module, qualname, argtys))
        return call_native(context, builder, fn, restype, argtys, values)

    return restype(target, args), codegen


# ---- calls whose callee is compiled at its first call ------------------------------------------

_declared: dict[tuple, tuple] = {}      # (module, qualname) -> (return type, argument types)
_cells: dict[tuple, ctypes.c_void_p] = {}     # (module, qualname, argtys) -> the callee's address
_by_address: dict[int, tuple] = {}      # a cell's own address -> its key
_waits: dict[tuple, object] = {}        # (module, qualname) -> called before the first fill
_interrupted = threading.Event()
_lock = threading.RLock()   # a fill compiles callers of other cells: re-entered
_FILLER = "euchre_sim_later.fill"
_I64 = ir.IntType(64)
_WORD = ir.IntType(8).as_pointer()


def _key(dispatcher) -> tuple:
    f = dispatcher.py_func
    return f.__module__, f.__qualname__


def later(restype, argtys: tuple | None = None):
    """Declare, above its ``@njit``, what an ``@njit`` function called by ``call_later`` returns
    (a Numba type) and, optionally, the argument types every caller passes."""
    def declare(dispatcher):
        _declared[_key(dispatcher)] = (restype, None if argtys is None else tuple(argtys))
        return dispatcher
    return declare


def cell(module: str, qualname: str, argtys: tuple) -> ctypes.c_void_p:
    """The cell holding the address of ``module.qualname`` compiled for ``argtys`` (empty until
    its first call), registered with LLVM; made once a process."""
    key = (module, qualname, argtys)
    with _lock:
        if key not in _cells:
            c = _cells[key] = ctypes.c_void_p(0)
            _by_address[ctypes.addressof(c)] = key
            ll.add_symbol(_cell_symbol(*key), ctypes.addressof(c))
        return _cells[key]


def _cell_symbol(module: str, qualname: str, argtys: tuple) -> str:
    return "euchre_sim_later." + symbol(module, qualname, argtys).partition(".")[2]


def wait_before_loading(dispatcher, wait) -> None:
    """Call ``wait()`` before ``dispatcher``'s first fill in this process, then load it (what
    ``wait`` waited for compiled it into the cache)."""
    with _lock:
        _waits[_key(dispatcher)] = wait


def _fill(address: int) -> int:
    """Called from compiled code (``call_later``) when a cell is empty: compile or load the
    function and put its address in the cell.  0 when the cell is filled, 1 on an error (it is
    printed; the caller then raises)."""
    try:
        with _lock:
            module, qualname, argtys = key = _by_address[address]
            c = _cells[key]
            if c.value:
                return 0
            target = getattr(importlib.import_module(module), qualname)
            wait = _waits.pop((module, qualname), None)
            if wait is not None:
                with numba_event.trigger_event("numba:compile", data={
                        "dispatcher": target, "args": "waited for a child process"}):
                    wait()
            roomy(target.compile, argtys)
            restype = _declared[(module, qualname)][0]
            returns = return_type(target, argtys)
            if returns != restype:
                raise TypeError(f"{module}.{qualname} returns {returns}, "
                                f"not the {restype} declared with @later")
            c.value = native_address(target, argtys)
        return 0
    except KeyboardInterrupt:   # Ctrl-C during the compile: the caller fails; nothing to print
        _interrupted.set()
        return 1
    except BaseException:  # noqa: BLE001 - compiled code cannot catch it: print, then fail there
        traceback.print_exc()
        return 1


def interrupted() -> bool:
    """Whether a Ctrl-C stopped a compile at a ``call_later`` (its caller then raised
    ``RuntimeError``, which is the user's Ctrl-C, not an error)."""
    return _interrupted.is_set()


def _keep_ctrl_c(hook):
    """A ``sys.unraisablehook`` that does not swallow a Ctrl-C: one raised where Python can only
    report it (at the very entry of ``_fill``, before its ``try``: ctypes prints such an
    exception and lets the compiled caller go on) is raised again in the main thread a moment
    later, once the callback has returned (raised in the hook, it would be reported in its turn),
    and nothing is printed; anything else goes to ``hook``."""
    def on_unraisable(unraisable):
        if isinstance(unraisable.exc_value, KeyboardInterrupt):
            _interrupted.set()
            later = threading.Timer(0.05, _thread.interrupt_main)
            later.daemon = True
            later.start()
            return
        hook(unraisable)

    on_unraisable.keeps_ctrl_c = True
    return on_unraisable


if not getattr(sys.unraisablehook, "keeps_ctrl_c", False):
    sys.unraisablehook = _keep_ctrl_c(sys.unraisablehook)
_fill_callback = ctypes.CFUNCTYPE(ctypes.c_int64, ctypes.c_int64)(_fill)
_filler_cell = ctypes.c_void_p(ctypes.cast(_fill_callback, ctypes.c_void_p).value)
ll.add_symbol(_FILLER, ctypes.addressof(_filler_cell))


def _global(module, name):
    g = module.globals.get(name)
    return g if g is not None else ir.GlobalVariable(module, _WORD, name)


@intrinsic
def call_later(typingctx, target, args):
    """``call_later(f, (a, b, ...))``: ``f(a, b, ...)`` for a module-level ``@njit`` function
    ``f`` declared with ``@later``, compiled at its first call (see the module's header)."""
    if not isinstance(target, types.Dispatcher) or not isinstance(args, types.BaseTuple):
        return None
    numba_private.require(numba_private.CALLS_APART, "call_later")
    module, qualname = _key(target.dispatcher)
    if (module, qualname) not in _declared:
        raise TypeError(f"call_later needs {qualname} declared with @sim.jit.apart.later(...)")
    restype, declared_args = _declared[(module, qualname)]
    argtys = tuple(args.types)
    if declared_args is not None and argtys != declared_args:
        raise TypeError(f"call_later({qualname}, ...) with {argtys}, not the declared "
                        f"{declared_args}")
    cell(module, qualname, argtys)
    name = _cell_symbol(module, qualname, argtys)
    message = f"{qualname} could not be compiled (the error is printed above)"

    def codegen(context, builder, signature, llargs):
        values = [builder.extract_value(llargs[1], i) for i in range(len(argtys))]
        fnty = function_type(context, restype, argtys)
        slot = _global(builder.module, name)
        with cgutils.if_unlikely(builder, cgutils.is_null(builder, builder.load(slot))):
            filler = builder.load(_global(builder.module, _FILLER))
            filler = builder.bitcast(filler, ir.FunctionType(_I64, [_I64]).as_pointer())
            builder.call(filler, [builder.ptrtoint(slot, _I64)])
        address = builder.load(slot)
        with cgutils.if_unlikely(builder, cgutils.is_null(builder, address)):
            return_user_exc(context, builder, RuntimeError, (message,))
        add_reload_init(context, functools.partial(cell, module, qualname, argtys))
        return call_native(context, builder, builder.bitcast(address, fnty.as_pointer()),
                           restype, argtys, values)

    return restype(target, args), codegen


__all__ = ["call_apart", "call_later", "cell", "interrupted", "later", "register", "symbol",
           "wait_before_loading"]
