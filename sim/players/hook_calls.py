"""A code strategy's hooks called through their addresses, so one compiled kernel plays every
code strategy.

The kernel's code-strategy copy (``sim.table.bindings.player_kernels``, its seat module
``sim.players.code``) calls a hook as ``call_hook(address, (arguments...))``: a call through a
function pointer read from the seat kinds (``kinds[HOOK_SLOTS + i]``, the order of
``HOOK_ARGS``), which ``hook_addresses`` fills in for the table's code strategy
each process.  The copy therefore does not depend on the strategy: it is compiled once on a
machine, and a new code strategy costs only its hooks' own compile (a second or so).

Each address is that of a small Numba function compiled here for the hook's argument types
(int64, with the flags of ``FLAG_ARGS`` as booleans) that calls the user's function and returns
its answer as an int64; the call is ``sim.jit.numba_private.call_native``, in Numba's own
calling convention, so an exception raised in a hook reaches the caller as from a linked call
(where a Numba version lacks what that needs, compiling the kernel copy raises an error naming
it).
"""

from __future__ import annotations

import numpy as np
from numba import njit, types
from numba.extending import intrinsic

from sim.jit import numba_private
from sim.jit.numba_private import call_native, function_type, native_address
from sim.players.kinds import HOOK_ARGS
from sim.players.user_code import import_code_module

# where the hook addresses start in a code-strategy table's kinds (after the four seats' kinds)
HOOK_SLOTS = 4
ORDER_AT, CALL_AT, DISCARD_AT, LEAD_AT, FOLLOW_AT = (HOOK_SLOTS + i for i in range(5))
# the hook arguments the kernel passes as True/False; the others are whole numbers (int64)
FLAG_ARGS = ("stuck", "may_discard_upcard", "alone")
_ALLOWED = (types.int64, types.boolean)


def hook_signature(hook: str) -> tuple:
    """The Numba argument types the kernel calls ``hook`` with."""
    return tuple(types.boolean if a in FLAG_ARGS else types.int64 for a in HOOK_ARGS[hook])


@intrinsic
def call_hook(typingctx, address, args):
    """``call_hook(address, (a, b, ...))``: the int64 answer of the compiled hook at
    ``address`` (an int64) for the arguments, each an int64 or a boolean, exactly the types
    the hook's wrapper was compiled for (``hook_signature``)."""
    if not isinstance(address, types.Integer) or not isinstance(args, types.BaseTuple):
        return None
    argtys = tuple(args.types)
    if any(t not in _ALLOWED for t in argtys):
        return None
    numba_private.require(numba_private.NATIVE_CALLS, "a code strategy's hooks")

    def codegen(context, builder, signature, llargs):
        addr, tup = llargs
        values = [builder.extract_value(tup, i) for i in range(len(argtys))]
        fnty = function_type(context, types.int64, argtys)
        fn = builder.inttoptr(addr, fnty.as_pointer())
        return call_native(context, builder, fn, types.int64, argtys, values)

    return types.int64(address, args), codegen


def _as_int64(fn, n: int):
    """A Python function of ``n`` arguments returning ``np.int64(fn(...))``, for Numba."""
    if n == 4:
        def hook(a, b, c, d):
            return np.int64(fn(a, b, c, d))
    elif n == 5:
        def hook(a, b, c, d, e):
            return np.int64(fn(a, b, c, d, e))
    elif n == 6:
        def hook(a, b, c, d, e, f):
            return np.int64(fn(a, b, c, d, e, f))
    else:
        def hook(a, b, c, d, e, f, g):
            return np.int64(fn(a, b, c, d, e, f, g))
    return hook


# (module, name, hook) -> (wrapper, address); the wrappers stay referenced, so their code lives
_compiled: dict[tuple, tuple] = {}


def hook_addresses(impl) -> list[int]:
    """The five hook addresses of a code strategy (``Strategy.impl``: module, name, the hooks
    present) for its table's kinds, in ``HOOK_ARGS`` order; 0 for a hook it does not define
    (never called: its kind lacks the hook's bit)."""
    module, name, present = impl
    obj = getattr(import_code_module(module), name)
    return [hook_address((module, name, h), getattr(obj, h), h) if h in present else 0
            for h in HOOK_ARGS]


def hook_address(key: tuple, fn, hook: str) -> int:
    """The address of ``fn`` (the user's ``@njit`` hook ``hook``) wrapped to return an int64,
    compiled once a process for ``key`` (module, name, hook)."""
    if key not in _compiled:
        sig = hook_signature(hook)
        wrapper = njit(_as_int64(fn, len(sig)))
        wrapper.compile(sig)
        _compiled[key] = (wrapper, native_address(wrapper, sig))
    return _compiled[key][1]


__all__ = ["hook_addresses", "HOOK_SLOTS", "ORDER_AT", "CALL_AT", "DISCARD_AT", "LEAD_AT",
           "FOLLOW_AT", "FLAG_ARGS", "hook_signature", "call_hook", "hook_address"]
