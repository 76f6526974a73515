"""Strategies named on the command line: a built-in, a TOML file, or user code.

A TOML strategy is a built-in with some parameters overridden, so it runs inside the cached
kernel at the built-in's speed.  The file::

    name = "my-bidder"          # optional, defaults to the file stem
    base = "basic"              # required: a built-in with parameters (all but random)
    description = "orders a little lighter from the dealer's partner seat"   # optional
    [params]                    # optional: any of sim.players.basic.BASIC_PARAMS (for base
                                # pimc: sim.players.pimc.params.PIMC_PARAMS)
    order_threshold = 6.5
    second_offset = -0.5

Parameters not given keep the base's values (``trump-count`` as base keeps its zeroed card
values).  Every mistake is a ``ValueError`` whose message starts with the file name and names
the bad key or value.  Per-position bidding is expressed with ``first_offset`` ..
``dealer_offset``; per-seat and per-team choices are made on the command line
(``--team0``/``--team1``/``--seat0``..``--seat3``).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path

from sim.jit.numba_private import return_type
from sim.players.hook_calls import hook_signature
from sim.players.kinds import HOOK_ARGS
from sim.players.param_bounds import did_you_mean, show_value
from sim.players.registry import BUILTINS, CODE_PLAYER, OUTSIDE_PLAYER, Strategy
from sim.players.user_code import dotted_name, import_code_module

TOP_LEVEL_KEYS = ("name", "base", "description", "params")


def bases() -> tuple[str, ...]:
    """The named strategies a TOML file may start from (its ``base``): those whose player
    takes parameters by name (``PlayerType.file_base``)."""
    return tuple(n for n, s in BUILTINS.items() if s.player.file_base)


# "package.module:Name" or "path/to/file.py:Name" (a code strategy; see load_code_strategy)
_CODE_SPEC = re.compile(r"^[A-Za-z_][\w]*(\.[A-Za-z_]\w*)*:[A-Za-z_]\w*$")
_CODE_FILE_SPEC = re.compile(r"^.+\.py:[A-Za-z_]\w*$")


@dataclass(frozen=True)
class FileStrategy(Strategy):
    """A strategy read from a TOML file: a built-in (``base``) with overridden parameters.

    ``source`` is the file path as given; ``overrides`` the parameters the file sets.
    """

    base: str = "basic"
    source: str = ""
    overrides: tuple = ()


def load_strategy(spec) -> Strategy:
    """Resolve a ``--strategy`` value: a built-in name, a ``.toml`` path, or ``module:Name``.

    Parameters
    ----------
    spec : str, pathlib.Path or Strategy
        ``"basic"``; a built-in with parameters, ``"pimc:worlds=200"`` or
        ``"basic:order_threshold=7.5"`` (``builtin_with_params``); ``"path/to/mine.toml"`` (any
        path ending in ``.toml``); ``"module:Name"`` or ``"file.py:Name"`` (user code); a
        ``Strategy`` is returned unchanged.

    Raises
    ------
    ValueError
        With a message a person can act on: the unknown name (with a suggestion), or the file
        and the bad key or value.
    """
    if isinstance(spec, Strategy):
        return spec
    if isinstance(spec, Path):
        return load_toml_strategy(spec)
    if not isinstance(spec, str):
        raise ValueError(f"a strategy is a name or a .toml path, not {spec!r}")
    if spec in BUILTINS:
        return BUILTINS[spec]
    if spec.partition(":")[0] in BUILTINS and ":" in spec:
        return replace(builtin_with_params(spec), spec=spec)
    if spec.lower().endswith(".toml"):
        return replace(load_toml_strategy(spec), spec=spec)
    if _CODE_SPEC.match(spec) or _CODE_FILE_SPEC.match(spec):
        return replace(load_code_strategy(spec), spec=spec)
    if spec.lower().endswith(".py"):
        raise ValueError(_name_the_class(spec))
    hint = did_you_mean(spec, BUILTINS)
    extra = ""
    if Path(spec).is_file():
        extra = " (a strategy file's name must end in .toml)"
    raise ValueError(
        f"unknown strategy {spec!r}{hint}: choose one of {', '.join(BUILTINS)}, "
        f"or give a path ending in .toml{extra}"
    )


def _name_the_class(spec: str) -> str:
    """What to say of ``FILE.py`` given without ``:Class``: add the class's name (those the
    file defines, where it can be read)."""
    import ast

    try:
        tree = ast.parse(Path(spec).read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        tree = None
    if tree is None and not Path(spec).is_file():
        return f"{spec}: no such file (a bot or code strategy is FILE.py:ClassName)"
    classes = [n for n in getattr(tree, "body", ()) if isinstance(n, ast.ClassDef)]
    plays = {"act", *HOOK_ARGS}
    names = [c.name for c in classes if plays & {getattr(f, "name", "") for f in c.body}
             ] or [c.name for c in classes]
    found = f" (it defines {', '.join(names)})" if names else ""
    return (f"{spec}: name the class in it, {spec}:{names[0] if names else 'ClassName'}"
            f"{found}: a bot is a class with act(view), a code strategy one with Numba hooks")


def builtin_with_params(spec: str) -> Strategy:
    """``NAME:key=value,...``: the built-in ``NAME`` with parameters overridden, checked as in
    a TOML file (``basic:order_threshold=7.5,second_offset=-0.5``, ``pimc:worlds=200``)."""
    base = spec.partition(":")[0]
    params = _spec_params(spec)
    player = BUILTINS[base].player
    if player.name_with is None:
        raise ValueError(f"{spec}: {base} has no parameters: write plain {base}")
    if "count" in BUILTINS[base].params:          # a point count: a table of its own
        raise ValueError(f"{spec}: {base} is a point count played as a table of its own, at "
                         f"every score: it takes no parameters; write plain {base}")
    if player.from_text is not None:
        params = {k: player.from_text(k, v) for k, v in params.items()}
    checked = player.check_params(spec, params)
    return BUILTINS[base].with_params(player.name_with(base, checked), **checked)


def _spec_params(spec: str) -> dict[str, str]:
    """The ``key=value`` pairs after ``NAME:``, as text: each key once, at least one."""
    base, _, rest = spec.partition(":")
    params = {}
    for item in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq or not key:
            raise ValueError(f"{spec}: write each parameter as key=value, not {item!r}")
        if key in params:
            raise ValueError(f"{spec}: {key} is given twice: give each parameter once")
        params[key] = value.strip()
    if not params:
        example = "worlds=200" if base == "pimc" else "order_threshold=7"
        raise ValueError(f"{spec}: no parameters after the colon: write plain {base}, or "
                         f"key=value pairs, e.g. {base}:{example}")
    return params


# ---------------------------------------------------------------------------------------------
# Code strategies: "package.module:Name" or "file.py:Name" imports the user's module and
# returns a Strategy whose hooks the code strategies' kernel calls (``sim.table.bindings``).


def load_code_strategy(spec: str) -> Strategy:
    """A strategy written by the user as Numba functions: ``package.module:Name`` (a module
    importable from Python's path or the current folder) or ``path/to/file.py:Name``.

    ``Name`` is a class (or any object) in an importable module whose attributes include some
    of the five hooks below, each an ``@numba.njit`` function; decisions it leaves out are made
    by ``basic`` (with the optional ``PARAMS`` dict overriding basic's parameters).  Cards are
    ids ``suit * 6 + rank`` (suits C D H S, ranks 9 T J Q K A), hands 24-bit masks of card ids.

    ``order_up(hand, upcard, position, my_score, their_score, game_to) -> int``
        round 1: 0 pass, 1 order up, 2 order up alone.  position: 0 first .. 3 dealer.
    ``call(hand, turned_down, stuck, my_score, their_score, game_to) -> int``
        round 2: -1 pass, else 2 * suit + alone (never the turned-down suit; no pass if stuck).
    ``discard(hand6, trump, upcard, may_discard_upcard) -> card``
    ``lead(hand, trump, seat, maker, alone) -> card``
    ``follow(hand, legal, trump, led_suit, winning_card, winner_seat, seat) -> card``
        ``legal`` is the mask of cards that may be played.

    The kernel checks every answer; an illegal one is replaced by basic's choice and the run
    stops with an error naming the strategy.  See ``examples/code_strategy.py``.  A run can use
    one code strategy (on any seats).  It runs in the code strategies' copy of the kernel, which
    calls the hooks through their addresses (``sim.table.bindings``): that copy is compiled once
    on a machine and cached, so a new strategy costs only its hooks' own compile.
    """
    module_name, _, attr = spec.rpartition(":")
    if module_name.endswith(".py"):
        path = Path(module_name)
        module_name = str(path.resolve())
        dotted = dotted_name(path) if path.is_file() else None
        if dotted is not None:
            try:  # the same module as the dotted spelling, when that finds this very file
                found = import_code_module(dotted)
                if Path(getattr(found, "__file__", "")).resolve() == path.resolve():
                    module_name = dotted
            except Exception:
                pass
    try:
        module = import_code_module(module_name)
    except FileNotFoundError:
        raise ValueError(f"{spec}: no such file {spec.rpartition(':')[0]}") from None
    except ImportError as e:
        raise ValueError(f"{spec}: cannot import module {module_name!r} ({e}); give "
                         "package.module:Name importable from the current folder, or "
                         "path/to/file.py:Name") from None
    except Exception as e:  # the user's module itself failed (a syntax error, ...)
        raise ValueError(f"{spec}: loading it failed: {type(e).__name__}: {e}") from None
    obj = getattr(module, attr, None)
    if obj is None:
        raise ValueError(f"{spec}: module {module_name!r} has no {attr!r}")
    if callable(getattr(obj, "act", None)):
        return _outside_bot(spec, obj, module_name, attr)
    present = []
    for hook in HOOK_ARGS:
        fn = getattr(obj, hook, None)
        if fn is None:
            continue
        if not hasattr(fn, "py_func"):
            raise ValueError(f"{spec}: {hook} must be a @numba.njit function")
        args = HOOK_ARGS[hook]
        if fn.py_func.__code__.co_argcount != len(args):
            raise ValueError(f"{spec}: {hook} must take {len(args)} arguments "
                             f"({', '.join(args)})")
        _check_hook_compiles(spec, hook, fn)
        present.append(hook)
    if not present:
        raise ValueError(f"{spec}: defines none of act(view) (an outside bot) and the Numba "
                         "hooks order_up, call, discard, lead, follow (a code strategy): give "
                         "it act(view), returning one of view.legal (see examples/bot.py), or "
                         "the hooks (see examples/code_strategy.py)")
    params = CODE_PLAYER.check_params(f"{spec} PARAMS", dict(getattr(obj, "PARAMS", {}) or {}))
    doc = (getattr(obj, "__doc__", None) or "").strip().splitlines()
    return Strategy(spec, CODE_PLAYER, params, doc[0] if doc else "code strategy",
                    impl=(module_name, attr, tuple(present)))


def _outside_bot(spec: str, obj, module_name: str, attr: str) -> Strategy:
    """An outside bot: a class (or object) with ``act(view)``, played through the referee
    (``sim.agents.bots`` documents the protocol)."""
    hooks = [h for h in HOOK_ARGS if getattr(obj, h, None) is not None]
    if hooks:
        raise ValueError(f"{spec}: defines act and the Numba hook {hooks[0]}: an outside bot "
                         "defines act(view) only, a code strategy the hooks only")
    doc = (getattr(obj, "__doc__", None) or "").strip().splitlines()
    return Strategy(spec, OUTSIDE_PLAYER, {}, doc[0] if doc else "outside bot",
                    impl=(module_name, attr))


def _check_hook_compiles(spec: str, hook: str, fn) -> None:
    """Compile one hook alone for the kernel's argument types (a second or so, before any
    kernel runs) and refuse it, naming the file, the hook and the problem, when
    Numba cannot compile it or it returns no whole number (one that always raises, say)."""
    from numba import types
    from numba.core.errors import NumbaError

    sig = hook_signature(hook)
    where = f"{spec}: {hook} ({_source(fn)})"
    try:
        fn.compile(sig)
    except NumbaError as e:
        raise ValueError(f"{where} does not compile with Numba: {_first_line(e)}") from None
    returns = return_type(fn, sig)
    if not isinstance(returns, types.Integer | types.Boolean):
        what = ("never returns (it always raises, or has no return)" if returns == types.none
                else f"returns {returns}")
        raise ValueError(f"{where} {what}: it must return a whole number (see "
                         f"sim/players/files.py, load_code_strategy)")


def _source(fn) -> str:
    """``file.py, line N`` of a Numba function."""
    code = fn.py_func.__code__
    return f"{code.co_filename}, line {code.co_firstlineno}"


def _first_line(e: Exception) -> str:
    """The message of a Numba error without its colours and the compiler's own steps."""
    text = re.sub(r"\x1b\[[0-9;]*m", "", str(e))
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    useful = [ln for ln in lines if not ln.startswith(("Failed in", "During:", "File ",
                                                        "Use of unsupported"))]
    useful = useful or lines or [type(e).__name__]
    # "No implementation of function ... found for signature:" reads on in the next line
    return " ".join(useful[:2]) if useful[0].endswith(":") else useful[0]


# ---------------------------------------------------------------------------------------------
# TOML files


def load_toml_strategy(path) -> FileStrategy:
    """Read and validate one TOML strategy file (see the module header for the format)."""
    label = str(path)
    p = Path(path)
    try:
        with p.open("rb") as f:
            data = tomllib.load(f)
    except FileNotFoundError:
        raise ValueError(f"{label}: no such file") from None
    except IsADirectoryError:
        raise ValueError(f"{label}: is a folder, not a strategy file") from None
    except tomllib.TOMLDecodeError as e:
        raise ValueError(f"{label}: not valid TOML: {e}") from None
    except UnicodeDecodeError:
        raise ValueError(f"{label}: not valid TOML: the file is not UTF-8 text") from None
    except OSError as e:
        why = e.strerror.lower() if e.strerror else str(e)
        raise ValueError(f"{label}: cannot read it ({why})") from None
    return strategy_from_dict(data, label, default_name=p.stem)


def strategy_from_dict(data: dict, label: str = "<strategy>", default_name: str = "custom"):
    """Validate parsed TOML (``{"name", "base", "description", "params"}``) into a strategy.

    ``label`` starts every error message (the file name).
    """
    for key in data:
        if key not in TOP_LEVEL_KEYS:
            if any(key in BUILTINS[b].player.param_names for b in bases()):
                raise ValueError(f"{label}: {key!r} is a parameter: put it under a [params] table")
            raise ValueError(
                f"{label}: unknown key {key!r}{did_you_mean(key, TOP_LEVEL_KEYS)}; "
                f"a strategy file has {', '.join(TOP_LEVEL_KEYS[:-1])} and a [params] table"
            )

    bases_ = bases()
    if "base" not in data:
        raise ValueError(
            f"{label}: missing key 'base': name the built-in to start from, e.g. base = \"basic\" "
            f"(one of {', '.join(bases_)})"
        )
    base = data["base"]
    if not isinstance(base, str):
        raise ValueError(f"{label}: base must be a built-in's name, not {show_value(base)}")
    if base not in BUILTINS:
        raise ValueError(
            f"{label}: unknown base {base!r}{did_you_mean(base, bases_)}: "
            f"choose one of {', '.join(bases_)}"
        )
    if base not in bases_:
        raise ValueError(
            f"{label}: base {base!r} has no parameters to override: "
            f"choose one of {', '.join(bases_)}"
        )
    parent = BUILTINS[base]

    name = data.get("name", default_name)
    where = "" if "name" in data else " (from the file name)"
    check_name(label, name, where, 'set another, e.g. name = "my-{}"')

    params_in = data.get("params", {})
    if not isinstance(params_in, dict):
        raise ValueError(
            f"{label}: params must be a table ([params] with one 'name = number' per line), "
            f"not {show_value(params_in)}"
        )
    overrides = parent.player.check_params(label, params_in)

    description = data.get("description")
    if description is None:
        changed = ", ".join(f"{k}={v:g}" if isinstance(v, float | int) else f"{k}={v}"
                            for k, v in overrides.items())
        description = f"{base} with {changed}" if changed else f"{base} (renamed)"
    elif not isinstance(description, str):
        raise ValueError(f"{label}: description must be a string, not {show_value(description)}")

    return FileStrategy(
        name=name,
        player=parent.player,
        params={**parent.params, **overrides},
        description=" ".join(description.split()),
        base=base,
        source=label,
        overrides=tuple(overrides.items()),
    )


def check_name(label: str, name, where: str = "", fix: str = "give another, e.g. my-{}"):
    """Refuse a strategy name that is empty, not one line, or a built-in's (``label`` starts
    the message; ``fix`` says what to do, ``{}`` standing for the name)."""
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"{label}: name must be a non-empty string, not {show_value(name)}")
    if name != name.strip() or any(ch in name for ch in "\r\n\t"):
        raise ValueError(f"{label}: name must be one line without surrounding spaces: {name!r}")
    if name in BUILTINS:
        raise ValueError(f"{label}: the name {name!r}{where} belongs to a built-in strategy; "
                         + fix.format(name))


__all__ = [
    "FileStrategy", "load_strategy", "load_toml_strategy", "load_code_strategy",
    "builtin_with_params", "check_name",
    "strategy_from_dict", "TOP_LEVEL_KEYS", "bases",
]  # fmt: skip
