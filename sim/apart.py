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
registration; ``carry_reload_init`` (installed on import) keeps it on the loaded library.

The call is an ordinary native call in Numba's calling convention (an exception in ``f``
reaches the caller as from a linked call); what is lost is only inlining across it, so it
belongs where a call does much work: a whole search, a whole decision of a search player.

``call_native(context, builder, fn, restype, argtys, values)`` is the call itself, also used
for a code strategy's hooks, which are called by address (``sim.players.hook_calls``).
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import inspect

from llvmlite import binding as ll
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic


def call_native(context, builder, fn, restype, argtys, values):
    """Emit a call of the compiled function ``fn`` (an LLVM function or pointer in Numba's
    calling convention) with ``values`` of ``argtys``; an exception it raises returns from the
    caller with the same status.  Returns the answer, of ``restype``."""
    status, answer = context.call_conv.call_function(builder, fn, restype, argtys, values)
    with cgutils.if_unlikely(builder, status.is_error):
        context.call_conv.return_status_propagate(builder, status)
    return answer


def symbol(module: str, qualname: str, argtys: tuple) -> str:
    """The symbol ``module.qualname`` compiled for ``argtys`` is registered under."""
    digest = hashlib.sha1(repr(argtys).encode()).hexdigest()[:16]
    return f"euchre_sim_apart.{module}.{qualname}.{digest}"


def native_address(cres) -> int:
    """The address of a compile result's native entry point (Numba's calling convention)."""
    return cres.library.get_pointer_to_function(cres.fndesc.llvm_func_name)


def register(module: str, qualname: str, argtys: tuple):
    """Compile (or load from the cache) ``module.qualname`` for ``argtys`` and register its
    native entry point under ``symbol(...)``; returns its compile result."""
    target = getattr(importlib.import_module(module), qualname)
    target.compile(argtys)
    cres = target.overloads[argtys]
    ll.add_symbol(symbol(module, qualname, argtys), native_address(cres))
    return cres


def carry_reload_init() -> None:
    """Make a compile result loaded from Numba's cache keep its ``reload_init`` on its library,
    as a freshly compiled one does, so that what links the library inherits it (once; later
    calls do nothing)."""
    from numba.core.compiler import CompileResult

    original = CompileResult.__dict__["_rebuild"].__func__
    if getattr(original, "_carries", False):
        return
    at = list(inspect.signature(original).parameters).index("reload_init")

    @functools.wraps(original)
    def _rebuild(cls, *args):
        cr = original(cls, *args)
        cr.library._reload_init.update(args[at - 1] or ())
        return cr

    _rebuild._carries = True
    CompileResult._rebuild = classmethod(_rebuild)


carry_reload_init()


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
    argtys = tuple(args.types)
    restype = register(module, qualname, argtys).signature.return_type

    def codegen(context, builder, signature, llargs):
        values = [builder.extract_value(llargs[1], i) for i in range(len(argtys))]
        fnty = context.call_conv.get_function_type(restype, argtys)
        fn = cgutils.get_or_insert_function(builder.module, fnty,
                                            symbol(module, qualname, argtys))
        context.active_code_library._reload_init.add(
            functools.partial(register, module, qualname, argtys))
        return call_native(context, builder, fn, restype, argtys, values)

    return restype(target, args), codegen


__all__ = ["call_apart", "call_native", "carry_reload_init", "native_address", "register",
           "symbol"]
