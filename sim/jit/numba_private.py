"""Every use of Numba's private internals, behind one guarded door.

Tested range: Numba 0.63 to 0.68 (``TESTED``; ``pyproject.toml`` allows the same), checked with
0.63.1 (numpy 2.3) and 0.68.1 (numpy 2.4).  Numba 0.60 to 0.62 lack ``CodeLibrary._reload_init``
(the symbols of calls compiled apart, carried into the cache): there the built-in players run,
and pimc, the equilibrium's bidding game and code strategies stop with ``NumbaPrivateError``.

The rest of the project uses Numba's documented API (``numba.extending``, the event API of
``numba.core.event``, ``cgutils``, the types) and calls the functions here for what that API
does not reach: Numba's dispatcher, caching, inliner, compile results, code libraries and
calling convention.  Each private name has a check in ``CHECKS`` (it exists with the shape
used here: a method's parameters, a class attribute that is a list, a property, ...), of one
of two classes:

* time-only (``TIME_ONLY``): the roomy frame around ``_DispatcherBase._compile_for_args``
  (``sim.jit.compiling``), the inliner's memo (``InlineWorker``), the timed cache save
  (``Cache.save_overload``) and reading a cache's index to skip a child that would compile
  what is cached (``sim.jit.ahead``).  A failed check switches the patch off with one
  ``NumbaPrivateWarning`` naming the Numba version, the name and what is lost; everything
  still works, slower.
* correctness (``NEEDED``): the native calls between compiled functions (``sim.jit.apart``,
  ``sim.players.hook_calls``: the calling convention's methods, ``active_code_library``,
  ``CompileResult._rebuild`` and ``CodeLibrary._reload_init`` for the symbols' registration,
  ``Dispatcher.overloads`` and the compile result's fields for addresses and return types).  A
  failed check raises ``NumbaPrivateError`` naming the Numba version and the name where it is
  used (``require``: when a caller of ``call_apart``, ``call_later`` or ``call_hook`` is
  compiled, when a hook's address or return type is read), not at import, so the commands
  that do not need it still work.

The cache locator stamped by the sources (``install_cache_locator``: ``caching._CacheLocator``,
``CacheImpl._locator_classes`` and Numba's three usual locators) is a correctness matter too:
Numba stamps a function's cached code by its own file only, so without it code that inlined a
helper from an edited file would run stale, silently, in later runs.  But correctness can be
kept without it at the cost of time, so a failed check does not stop anything: after one
warning, Numba's cache is a temporary folder that lives as long as the run (compiled code is
reused within the run, never by a later one).

Two more private names are options of ``@njit`` all over ``sim`` (``_nrt=False``,
``forceinline``); they are checked here too (``CPUTargetOptions._nrt`` and ``.forceinline``,
correctness), and Numba itself refuses an unknown option at the first compile, naming it.
"""

from __future__ import annotations

import atexit
import functools
import inspect
import os
import shutil
import tempfile
import warnings

import numba
from numba.core import event as numba_event

NUMBA = numba.__version__
TESTED = ">=0.63,<0.69"         # the Numba versions checked (pyproject.toml says the same)
TIME_ONLY = "time-only"
NEEDED = "correctness"


class NumbaPrivateError(RuntimeError):
    """A private Numba name that correctness needs is missing or has another shape."""


class NumbaPrivateWarning(UserWarning):
    """A private Numba name that only saves time is missing: its patch is switched off."""


class _Moved(Exception):
    """A check failed: why."""


# name -> (class, what it is for, check returning the objects used)
CHECKS: dict[str, tuple[str, str, object]] = {}
_verified: set[str] = set()     # correctness names checked in this process


def _private(name: str, kind: str, purpose: str):
    def register(check):
        CHECKS[name] = (kind, purpose, check)
        return check
    return register


def _get(name: str):
    """What the check of ``name`` returns; raises ``_Moved`` when it fails."""
    try:
        return CHECKS[name][2]()
    except _Moved:
        raise
    except Exception as e:  # noqa: BLE001 - an import or attribute that moved, whatever it raises
        raise _Moved(f"{type(e).__name__}: {e}") from None


def missing(name: str) -> str | None:
    """Why the check of ``name`` fails, or None when Numba has it as used here."""
    try:
        _get(name)
    except _Moved as m:
        return str(m)
    return None


def _message(name: str, why: str) -> str:
    return (f"Numba {NUMBA} has no {name} as euchre-sim uses it ({why}); euchre-sim is "
            f"tested with numba{TESTED}")


def require(names, user: str) -> None:
    """Raise ``NumbaPrivateError`` if one of the correctness ``names`` fails its check, saying
    that ``user`` needs it."""
    for name in names:
        if name in _verified:
            continue
        why = missing(name)
        if why is not None:
            raise NumbaPrivateError(f"{_message(name, why)}: {user} needs it. Install a Numba "
                                    f"in that range (pip install 'numba{TESTED}').")
        _verified.add(name)


def _switch_off(name: str, why: str, lost: str) -> None:
    warnings.warn(f"{_message(name, why)}: {lost} is switched off", NumbaPrivateWarning,
                  stacklevel=3)


def _has(owner, attr: str):
    value = inspect.getattr_static(owner, attr, None)
    if value is None:
        raise _Moved(f"{getattr(owner, '__name__', owner)} has no {attr}")
    return value


def _params(fn, *names: str):
    """``fn`` if its parameters start with ``names`` (``*`` and ``**`` for the variadic ones)
    and any further ones have defaults; else raises ``_Moved``."""
    params = list(inspect.signature(fn).parameters.values())
    got = [{inspect.Parameter.VAR_POSITIONAL: "*", inspect.Parameter.VAR_KEYWORD: "**"}.get(
        p.kind, p.name) for p in params]
    rest = params[len(names):]
    if got[:len(names)] != list(names) or any(
            p.default is p.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
            for p in rest):
        raise _Moved(f"parameters ({', '.join(got)}), not ({', '.join(names)}, ...)")
    return fn


def _method(owner, attr: str, *names: str):
    fn = _has(owner, attr)
    if not inspect.isfunction(fn):
        raise _Moved(f"{owner.__name__}.{attr} is a {type(fn).__name__}, not a function")
    return _params(fn, *names)


# ---- the checks, one per private name ----------------------------------------------------------

@_private("_DispatcherBase._compile_for_args", TIME_ONLY,
          "the roomy frame every compile runs from (else page faults slow some compiles)")
def _compile_for_args():
    from numba.core import dispatcher

    return dispatcher._DispatcherBase, _method(dispatcher._DispatcherBase, "_compile_for_args",
                                               "self", "*", "**")


def _inline_worker():
    from numba.core.inline_closurecall import InlineWorker

    return InlineWorker


_MEMO = "the inliner's memo (each inlined function built once, not at every call site)"


@_private("InlineWorker.inline_function", TIME_ONLY, _MEMO)
def _inline_function():
    return _method(_inline_worker(), "inline_function",
                   "self", "caller_ir", "block", "i", "function", "arg_typs")


@_private("InlineWorker.run_untyped_passes", TIME_ONLY, _MEMO)
def _run_untyped_passes():
    return _method(_inline_worker(), "run_untyped_passes", "self", "func")


@_private("InlineWorker.inline_ir", TIME_ONLY, _MEMO)
def _inline_ir():
    return _method(_inline_worker(), "inline_ir", "self", "caller_ir", "block", "i",
                   "callee_ir", "callee_freevars", "arg_typs")


@_private("InlineWorker.__init__(typingctx, targetctx, locals, flags)", TIME_ONLY, _MEMO)
def _inline_worker_fields():
    params = inspect.signature(_inline_worker().__init__).parameters
    lacking = [p for p in ("typingctx", "targetctx", "locals", "flags") if p not in params]
    if lacking:
        raise _Moved(f"InlineWorker.__init__ takes no {', '.join(lacking)}")


@_private("Flags.enable_ssa", TIME_ONLY, _MEMO)
def _flags_enable_ssa():
    from numba.core.compiler import Flags

    _has(Flags, "enable_ssa")
    return _method(Flags, "copy", "self")


@_private("caching.Cache.save_overload", TIME_ONLY,
          "counting the save to Numba's cache as compile time")
def _save_overload():
    from numba.core import caching

    return caching.Cache, _method(caching.Cache, "save_overload", "self", "sig", "data")


def _load_index_probe():
    return 0


@_private("Dispatcher._cache._cache_file._load_index", TIME_ONLY,
          "skipping the compile-ahead child when its part is cached")
def _load_index():
    from numba import njit

    cache_file = njit(cache=True)(_load_index_probe)._cache._cache_file
    return _params(cache_file._load_index)


def _caching():
    from numba.core import caching

    return caching


@_private("caching._CacheLocator", NEEDED, "the cache stamped by the sources")
def _cache_locator():
    base = _caching()._CacheLocator
    for attr in ("ensure_cache_path", "get_cache_path", "get_source_stamp", "get_disambiguator"):
        _method(base, attr, "self")
    if not isinstance(_has(base, "from_function"), classmethod):
        raise _Moved("_CacheLocator.from_function is not a classmethod")
    return base


@_private("CacheImpl._locator_classes", NEEDED, "the cache stamped by the sources")
def _locator_classes():
    caching = _caching()
    impl = getattr(caching, "CacheImpl", None) or caching._CacheImpl
    classes = _has(impl, "_locator_classes")
    if not isinstance(classes, list):
        raise _Moved(f"CacheImpl._locator_classes is a {type(classes).__name__}, not a list")
    return classes


def _locator(name: str):
    caching = _caching()
    # Numba 0.62 and later name them without the leading underscore
    cls = getattr(caching, name, None) or getattr(caching, "_" + name)
    _params(cls.from_function, "py_func", "py_file")
    return cls


_INNER_LOCATORS = ("UserProvidedCacheLocator", "InTreeCacheLocator", "UserWideCacheLocator")
for _name in _INNER_LOCATORS:
    _private(f"caching.{_name}", NEEDED, "the cache stamped by the sources")(
        functools.partial(_locator, _name))


@_private("CompileResult._rebuild", NEEDED, "calls compiled apart, loaded from the cache")
def _rebuild():
    from numba.core.compiler import CompileResult

    raw = _has(CompileResult, "_rebuild")
    if not isinstance(raw, classmethod):
        raise _Moved("CompileResult._rebuild is not a classmethod")
    params = list(inspect.signature(raw.__func__).parameters)
    if "reload_init" not in params:
        raise _Moved(f"CompileResult._rebuild takes no reload_init ({', '.join(params)})")
    return CompileResult, raw.__func__, params.index("reload_init")


@_private("CodeLibrary._reload_init", NEEDED, "calls compiled apart, loaded from the cache")
def _library_reload_init():
    from numba.core.registry import cpu_target

    library = cpu_target.target_context.codegen().create_library("euchre_sim_probe")
    if not isinstance(getattr(library, "_reload_init", None), set):
        raise _Moved("a code library has no _reload_init set")


@_private("BaseContext.active_code_library", NEEDED, "calls compiled apart")
def _active_code_library():
    from numba.core.base import BaseContext

    if not isinstance(_has(BaseContext, "active_code_library"), property):
        raise _Moved("BaseContext.active_code_library is not a property")


def _call_conv():
    from numba.core.callconv import CPUCallConv

    return CPUCallConv


_CALL_CONV = {"call_function": ("self", "builder", "callee", "resty", "argtys", "args"),
              "return_status_propagate": ("self", "builder", "status"),
              "get_function_type": ("self", "restype", "argtypes"),
              "return_user_exc": ("self", "builder", "exc", "exc_args")}
for _name, _names in _CALL_CONV.items():
    _private(f"call_conv.{_name}", NEEDED, "native calls between compiled functions")(
        functools.partial(lambda n, ps: _params(getattr(_call_conv(), n), *ps), _name, _names))


def _overloads_probe():
    return 0


@_private("Dispatcher.overloads", NEEDED, "native addresses and return types")
def _overloads():
    from numba import njit

    if not isinstance(njit(_overloads_probe).overloads, dict):
        raise _Moved("a dispatcher's overloads is not a mapping")


@_private("CompileResult.library/fndesc/signature", NEEDED, "native addresses and return types")
def _compile_result_fields():
    from numba.core.compiler import CompileResult

    lacking = {"library", "fndesc", "signature"} - set(CompileResult._fields)
    if lacking:
        raise _Moved(f"CompileResult has no {', '.join(sorted(lacking))}")


@_private("CodeLibrary.get_pointer_to_function", NEEDED, "native addresses")
def _get_pointer_to_function():
    from numba.core.codegen import JITCodeLibrary

    return _method(JITCodeLibrary, "get_pointer_to_function", "self", "name")


@_private("FunctionDescriptor.llvm_func_name", NEEDED, "native addresses")
def _llvm_func_name():
    from numba.core.funcdesc import FunctionDescriptor

    if not isinstance(_has(FunctionDescriptor, "llvm_func_name"), property):
        raise _Moved("FunctionDescriptor.llvm_func_name is not a property")


for _name in ("_nrt", "forceinline"):
    _private(f"CPUTargetOptions.{_name}", NEEDED, f"the @njit option {_name} used across sim")(
        functools.partial(lambda n: _has(_cpu_options(), n), _name))


def _cpu_options():
    from numba.core.cpu import CPUTargetOptions

    return CPUTargetOptions


ADDRESSES = ("Dispatcher.overloads", "CompileResult.library/fndesc/signature",
             "CodeLibrary.get_pointer_to_function", "FunctionDescriptor.llvm_func_name")
NATIVE_CALLS = ("call_conv.call_function", "call_conv.return_status_propagate",
                "call_conv.get_function_type", *ADDRESSES)
CALLS_APART = (*NATIVE_CALLS, "call_conv.return_user_exc", "CompileResult._rebuild",
               "CodeLibrary._reload_init", "BaseContext.active_code_library")
LOCATOR = ("caching._CacheLocator", "CacheImpl._locator_classes",
           *(f"caching.{n}" for n in _INNER_LOCATORS))
MEMO = ("InlineWorker.inline_function", "InlineWorker.run_untyped_passes",
        "InlineWorker.inline_ir", "InlineWorker.__init__(typingctx, targetctx, locals, flags)",
        "Flags.enable_ssa")


def _first_missing(names) -> tuple[str, str] | None:
    for name in names:
        why = missing(name)
        if why is not None:
            return name, why
    return None


# ---- time-only patches -------------------------------------------------------------------------

def install_roomy_frame(call) -> bool:
    """Run Numba's compile-on-first-call as ``call(original, (self, *args), kws)`` (the roomy
    frame, ``sim.jit.compiling``); once.  False (after a warning) where Numba's entry point is
    not the one this was written for."""
    name = "_DispatcherBase._compile_for_args"
    try:
        base, original = _get(name)
    except _Moved as m:
        _switch_off(name, str(m), "the roomy frame (compiles may page-fault and run slower)")
        return False
    if getattr(original, "_roomy_frame", False):
        return True

    @functools.wraps(original)
    def _compile_for_args(self, *args, **kws):
        return call(original, (self, *args), kws)

    _compile_for_args._roomy_frame = True
    base._compile_for_args = _compile_for_args
    return True


def _flags_key(flags):
    """The compile flags an inlined function's untyped IR depends on, as a dict key (the
    untyped passes run with SSA off)."""
    key = flags.copy()
    key.enable_ssa = False
    return key


def install_inline_memo() -> bool:
    """Make Numba's inliner (``inline="always"``) build a function's untyped IR once a process
    instead of once at every call site (once).

    Numba's ``InlineWorker.inline_function`` runs the whole untyped pipeline on the callee at
    each site, and that pipeline inlines the callee's own ``inline="always"`` callees the same
    way, so a helper three levels down is rebuilt at every path that reaches it.  The IR it
    returns is only read: ``inline_ir`` copies it before splicing the copy in.  So the IR is
    kept, by function and compile flags, and each site gets its own copy as before."""
    lacking = _first_missing(MEMO)
    if lacking is not None:
        _switch_off(*lacking, "the inliner's memo (inlined functions are rebuilt at every site)")
        return False
    worker = _inline_worker()
    original = worker.inline_function
    if getattr(original, "_memo", False):
        return True
    memo: dict = {}

    @functools.wraps(original)
    def inline_function(self, caller_ir, block, i, function, arg_typs=None):
        if self.locals:                  # a caller's ``locals=`` types: built afresh, as before
            return original(self, caller_ir, block, i, function, arg_typs)
        key = (function, _flags_key(self.flags), id(self.typingctx), id(self.targetctx))
        callee_ir = memo.get(key)
        if callee_ir is None:
            callee_ir = memo[key] = self.run_untyped_passes(function)
        return self.inline_ir(caller_ir, block, i, callee_ir, function.__code__.co_freevars,
                              arg_typs=arg_typs)

    inline_function._memo = True
    worker.inline_function = inline_function
    return True


def install_timed_save() -> bool:
    """Make saving a compiled function to Numba's cache a ``numba:compile`` event (data
    ``saving``: True), so that ``sim.jit.compiling.compile_clock`` counts it (once)."""
    name = "caching.Cache.save_overload"
    try:
        cache, original = _get(name)
    except _Moved as m:
        _switch_off(name, str(m), "counting cache saves as compile time")
        return False
    if getattr(original, "_timed", False):
        return True

    @functools.wraps(original)
    def save_overload(self, sig, data):
        with numba_event.trigger_event("numba:compile", data={"saving": True, "args": sig}):
            return original(self, sig, data)

    save_overload._timed = True
    cache.save_overload = save_overload
    return True


_index_warned: list[bool] = []


def cache_index(dispatcher) -> dict:
    """The index of ``dispatcher``'s code in Numba's cache for the current sources (empty:
    nothing cached, or a dispatcher without ``cache=True``).  Empty, after one warning, where
    Numba's cache is not the one this was written for."""
    from numba.core import caching

    cache = getattr(dispatcher, "_cache", None)
    if isinstance(cache, caching.NullCache):
        return {}
    load = getattr(getattr(cache, "_cache_file", None), "_load_index", None)
    if load is None:
        if not _index_warned:
            _index_warned.append(True)
            _switch_off("Dispatcher._cache._cache_file._load_index", "not found",
                        "skipping the compile-ahead child when its part is cached")
        return {}
    return load()


# ---- correctness: the cache locator ------------------------------------------------------------

def install_cache_locator(stamp_of):
    """Put a cache locator first among Numba's (once): Numba's usual place for a function's
    cached code (``NUMBA_CACHE_DIR``, else ``__pycache__``, else the user-wide folder), stamped
    by ``stamp_of(py_file)`` (bytes, or None for a file it does not stamp, left to Numba).
    Returns the locator class.

    Where Numba's caching is not the one this was written for, returns None after a warning,
    and Numba's cache is a temporary folder kept for this run only (``NUMBA_CACHE_DIR``, which
    the run's child processes share): code cached with Numba's own stamp could outlive an edit
    to a file it inlined from, and code compiled in this run cannot."""
    lacking = _first_missing(LOCATOR)
    if lacking is not None:
        _cache_for_this_run()
        _switch_off(*lacking, "the cache stamped by the sources (Numba's cache is a temporary "
                              "folder for this run: each run compiles afresh)")
        return None
    classes = _get("CacheImpl._locator_classes")
    for cls in classes:
        if getattr(cls, "_stamp_of", None) is stamp_of:
            return cls
    cls = _source_keyed_locator(stamp_of)
    classes.insert(0, cls)
    return cls


_RUN_CACHE = "EUCHRE_SIM_RUN_CACHE"     # a run's temporary cache folder, for its children


def _cache_for_this_run() -> None:
    folder = os.environ.get(_RUN_CACHE)
    if not folder or not os.path.isdir(folder):
        folder = tempfile.mkdtemp(prefix="euchre-sim-numba-cache-")
        atexit.register(shutil.rmtree, folder, True)
        os.environ[_RUN_CACHE] = folder
    os.environ["NUMBA_CACHE_DIR"] = folder
    numba.config.CACHE_DIR = folder


def _source_keyed_locator(stamp_of):
    inner_classes = [_get(f"caching.{n}") for n in _INNER_LOCATORS]

    class SourceKeyedLocator(_get("caching._CacheLocator")):
        """Numba's usual cache place for a function, stamped by ``stamp_of``."""

        _stamp_of = stamp_of

        def __init__(self, inner, stamp: bytes, py_file: str):
            self._inner = inner
            self._stamp = stamp
            self._py_file = py_file     # Numba's warning for an uncachable function names it

        def ensure_cache_path(self):
            self._inner.ensure_cache_path()

        def get_cache_path(self):
            return self._inner.get_cache_path()

        def get_source_stamp(self):
            return self._stamp

        def get_disambiguator(self):
            return self._inner.get_disambiguator()

        @classmethod
        def from_function(cls, py_func, py_file):
            stamp = stamp_of(py_file)
            if stamp is None:
                return None
            for inner_class in inner_classes:
                inner = inner_class.from_function(py_func, py_file)
                if inner is not None:
                    return cls(inner, stamp, py_file)
            return None

    return SourceKeyedLocator


# ---- correctness: calls between compiled functions ---------------------------------------------

def install_reload_init_carry() -> bool:
    """Make a compile result loaded from Numba's cache keep its ``reload_init`` on its library,
    as a freshly compiled one does, so that what links the library inherits it (once).  False
    where Numba's compile results are not the ones this was written for: ``require`` then
    refuses the calls that need it."""
    if _first_missing(("CompileResult._rebuild", "CodeLibrary._reload_init")) is not None:
        return False
    compile_result, original, at = _get("CompileResult._rebuild")
    if getattr(original, "_carries", False):
        return True

    @functools.wraps(original)
    def _rebuild(cls, *args):
        cr = original(cls, *args)
        cr.library._reload_init.update(args[at - 1] or ())
        return cr

    _rebuild._carries = True
    compile_result._rebuild = classmethod(_rebuild)
    return True


def call_native(context, builder, fn, restype, argtys, values):
    """Emit a call of the compiled function ``fn`` (an LLVM function or pointer in Numba's
    calling convention) with ``values`` of ``argtys``; an exception it raises returns from the
    caller with the same status.  Returns the answer, of ``restype``.  (Its typer has called
    ``require(NATIVE_CALLS, ...)``.)"""
    from numba.core import cgutils

    status, answer = context.call_conv.call_function(builder, fn, restype, argtys, values)
    with cgutils.if_unlikely(builder, status.is_error):
        context.call_conv.return_status_propagate(builder, status)
    return answer


def function_type(context, restype, argtys):
    """The LLVM type of a compiled function of ``argtys`` returning ``restype``, in Numba's
    calling convention."""
    return context.call_conv.get_function_type(restype, argtys)


def return_user_exc(context, builder, exc, exc_args) -> None:
    """Emit ``raise exc(*exc_args)`` from the function being compiled."""
    context.call_conv.return_user_exc(builder, exc, exc_args)


def add_reload_init(context, fn) -> None:
    """Have ``fn()`` run before the code being compiled is loaded from Numba's cache in a later
    process (and before the code of any function that links it)."""
    context.active_code_library._reload_init.add(fn)


def native_address(dispatcher, argtys) -> int:
    """The address of ``dispatcher``'s native entry point for ``argtys`` (compiled already), in
    Numba's calling convention."""
    require(ADDRESSES, "a compiled function's native address")
    cres = dispatcher.overloads[argtys]
    return cres.library.get_pointer_to_function(cres.fndesc.llvm_func_name)


def return_type(dispatcher, argtys):
    """The Numba type ``dispatcher`` returns for ``argtys`` (compiled already)."""
    require(("Dispatcher.overloads", "CompileResult.library/fndesc/signature"),
            "a compiled function's return type")
    return dispatcher.overloads[argtys].signature.return_type


__all__ = ["ADDRESSES", "CALLS_APART", "CHECKS", "NATIVE_CALLS", "NEEDED", "NUMBA", "TESTED",
           "TIME_ONLY", "NumbaPrivateError", "NumbaPrivateWarning", "add_reload_init",
           "cache_index", "call_native", "function_type", "install_cache_locator",
           "install_inline_memo", "install_reload_init_carry", "install_roomy_frame",
           "install_timed_save", "missing", "native_address", "require", "return_type",
           "return_user_exc"]
