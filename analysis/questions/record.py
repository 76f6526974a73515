"""A question is one record: its inputs once, one answer, its text and JSON.

``Question`` is the protocol every interactive question follows (as ``Study`` is for studies):
``inputs`` (an ``Input`` each: name, type, default, help, bounds, choices drawn from the player
registry, the rule presets and the positions), ``answer(values, progress, cancel)`` composing
the analyses, ``text(answer)`` for the terminal and ``json(answer)`` for the API.  The command
line (``analysis.cli.questions``), the API's routes and ``/api/questions`` listing
(``analysis.web.questions``) and the pages' forms (``static/common.js``, from the listing) are
made from the record, so they cannot disagree on a name, a default or a bound.  Limits of one
interface (the web's caps on deals and worlds) stay with that interface.

``check(raw)`` reads the raw values (text from a query, or values click already typed) into the
answer's values; a mistake is an ``analysis.inputs.InputError`` naming the input, which each
interface words its own way.  Every module of this package with a ``QUESTION`` is a question
(``questions()``), so a new one is its module alone.
"""

from __future__ import annotations

import importlib
import math
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from analysis.inputs import InputError

POSITIONS = ("first", "second", "third", "dealer")
TYPES = ("text", "cards", "card", "int", "float", "bool", "choice", "rules", "strategy", "score",
         "body")


def builtin_players() -> tuple[str, ...]:
    """The built-in players' names (the registry's), the choices of a ``strategy`` input."""
    import sim

    return tuple(sim.BUILTINS)


def rule_presets() -> tuple[str, ...]:
    """The rule presets' names, the choices a ``rules`` input offers (any spec is taken)."""
    from sim import PRESETS

    return tuple(PRESETS)


@dataclass(frozen=True)
class Input:
    """One input of a question.

    ``type``: ``text``; ``cards`` (a hand's cards) and ``card``; ``int`` and ``float`` (within
    ``low``..``high``, ``low`` itself refused where ``above``); ``bool`` (a flag); ``choice``
    (one of ``choices``, a tuple or a function giving one); ``rules`` (a spec as ``--rules``
    takes it: the presets are its suggestions); ``strategy`` (a player spec: the built-ins are
    its choices); ``score`` (``US-THEM`` or ``D-O`` as ``help`` says); ``body`` (the question's
    text: a file at the command line, the request's body in the API).
    ``argument``: positional at the command line; ``short``: its one-letter option there;
    ``table`` (a ``strategy``): the whole table, which the command line also takes seat by seat
    and team by team; ``label``: the page's words for it."""

    name: str
    type: str
    default: Any = None
    help: str = ""
    label: str = ""
    required: bool = False
    low: float | None = None
    high: float | None = None
    above: bool = False
    choices: tuple | Callable[[], tuple] | None = None
    metavar: str | None = None
    argument: bool = False
    short: str | None = None
    table: bool = False

    def __post_init__(self):
        if self.type not in TYPES:
            raise ValueError(f"input {self.name}: type {self.type!r} is not one of {TYPES}")

    @property
    def flag(self) -> str:
        """The command line's name for it (``--assume-passed``)."""
        return "--" + self.name.replace("_", "-")

    def options(self) -> tuple | None:
        """Its choices now (a ``strategy``'s the built-ins, a ``rules``' the presets)."""
        if self.type == "strategy":
            return builtin_players()
        if self.type == "rules":
            return rule_presets()
        return self.choices() if callable(self.choices) else self.choices

    def read(self, raw):
        """``raw`` (text from a query or a value already typed) as this input's value, checked
        against its type, bounds and choices; None (or blank text) gives the default."""
        if raw is None or (isinstance(raw, str) and not raw.strip() and self.type != "body"):
            if self.required:
                raise InputError(self.name, "required: give it")
            return self.default
        if self.type == "bool":
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in ("true", "1", "yes", "on"):
                return True
            if text in ("false", "0", "no", "off"):
                return False
            raise InputError(self.name, f"true or false, not {raw!r}")
        if self.type in ("int", "float"):
            return self._number(raw)
        value = raw if not isinstance(raw, str) or self.type == "body" else raw.strip()
        if self.type == "choice":
            allowed = self.options()
            if value not in allowed:
                raise InputError(self.name, f"one of {', '.join(map(str, allowed))}, not "
                                            f"{value!r}")
        return value

    def _number(self, raw):
        kind = int if self.type == "int" else float
        try:
            if isinstance(raw, bool):
                raise ValueError
            value = kind(raw) if not (kind is int and isinstance(raw, float)) else None
            if value is None or (kind is float and not math.isfinite(value)):
                raise ValueError
        except (TypeError, ValueError):
            what = "a whole number" if kind is int else "a finite number"
            raise InputError(self.name, f"{what}, not {raw}") from None
        if self.low is not None and (value < self.low or (self.above and value == self.low)):
            word = "more than" if self.above else "at least"
            raise InputError(self.name, f"{word} {_number_text(self.low)}, not {raw}")
        if self.high is not None and value > self.high:
            raise InputError(self.name, f"at most {_number_text(self.high)}, not {raw}")
        return value

    def text(self, value) -> str | None:
        """``value`` as a page's address bar holds it (None: leave it out): rules as their spec,
        a table of one player as its spec, a flag as ``true``."""
        if value is None or value is False or (self.type != "body" and value == self.default):
            return None
        if self.type == "bool":
            return "true"
        if self.type == "rules" and not isinstance(value, str):
            return value.describe() if value.changes() else None
        if self.type == "strategy" and not isinstance(value, str):
            specs = {s.spec for s in getattr(value, "seats", ())}
            if len(specs) != 1:
                raise InputError(self.name, "a link takes one player for the whole table")
            (value,) = specs
            return None if value == self.default else value
        return str(value)

    def listing(self) -> dict:
        """What ``/api/questions`` says of it (the pages build their field from this)."""
        out = {"name": self.name, "type": self.type, "default": self.default,
               "help": self.help, "label": self.label or self.name.replace("_", " "),
               "required": self.required}
        for key in ("low", "high", "metavar"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.above:
            out["above"] = True
        if self.options() is not None:
            out["choices"] = list(self.options())
        return out


RULES = Input("rules", "rules", metavar="SPEC", label="Rules",
              help="A preset and/or options, comma separated, e.g. 'house' or "
                   "'stick_the_dealer,game_to=7' (default: the published rules).")
"""The rules a question is asked under: the input most questions share."""


def _number_text(x) -> str:
    return f"{int(x):,}" if float(x).is_integer() else str(x)


@dataclass
class Question:
    """One interactive question: ``name`` (the command's and the route's), ``title`` and
    ``summary`` (the help's first line and paragraph), ``inputs``, ``examples`` (command lines),
    ``method`` (``GET``, or ``POST`` for a question with a ``body``), ``progress`` (whether
    the answer reports progress: the command line then draws a bar), ``page`` (the web page
    that asks it, whose address bar holds its inputs: ``link``); ``answers``, ``texts``
    and ``jsons``: the functions behind ``answer``, ``text`` and ``json``; ``problems``: the
    lines of the parts of an answer that failed (a bad hand of several: the command line says
    them on standard error and exits 1)."""

    name: str
    title: str
    summary: str
    inputs: tuple[Input, ...]
    examples: tuple[str, ...] = ()
    progress: bool = False
    page: str | None = None
    answers: Callable | None = None
    texts: Callable | None = None
    jsons: Callable | None = None
    problems: Callable | None = None

    def __post_init__(self):
        names = [i.name for i in self.inputs]
        if len(set(names)) != len(names):
            raise ValueError(f"question {self.name}: an input named twice in {names}")

    @property
    def method(self) -> str:
        return "POST" if any(i.type == "body" for i in self.inputs) else "GET"

    def input(self, name: str) -> Input:
        return next(i for i in self.inputs if i.name == name)

    def check(self, raw: dict, limits: dict | None = None) -> dict:
        """Every input's value read from ``raw`` (missing ones at their defaults), and within
        an interface's ``limits`` (input -> (low, high): the web's caps); an ``InputError``
        names the first bad one."""
        unknown = set(raw) - {i.name for i in self.inputs}
        if unknown:
            raise InputError(sorted(unknown)[0], f"not an input of {self.name}: it takes "
                             f"{', '.join(i.name for i in self.inputs)}")
        values = {i.name: i.read(raw.get(i.name)) for i in self.inputs}
        for name, (low, high) in (limits or {}).items():
            v = values.get(name)
            if v is not None and not low <= v <= high:
                raise InputError(name, f"from {_number_text(low)} to {_number_text(high)} "
                                       f"in the web application, not {v}")
        return values

    def answer(self, values: dict, progress=None, cancel=None, **interface):
        """The answer to the checked ``values``; ``progress(done, total)`` as it goes;
        ``cancel()`` raises to stop it; ``interface``: what one interface asks of its own
        (the web's batches and early stop of the advisor)."""
        return self.answers(values, progress=progress, cancel=cancel, **interface)

    def text(self, answer) -> str:
        return self.texts(answer)

    def json(self, answer) -> dict:
        return json_safe(self.jsons(answer))

    def link(self, values: dict, base: str = "http://127.0.0.1:8000/") -> str:
        """The address of the question on its page (``base``: where ``euchre-sim serve``
        listens): the inputs that differ from their defaults, as the page reads them back
        (``check`` of the address's query gives ``values`` again)."""
        from urllib.parse import urlencode

        if self.page is None:
            raise ValueError(f"{self.name} has no page to link to")
        query = {i.name: i.text(values.get(i.name)) for i in self.inputs}
        return f"{base}{self.page}?" + urlencode({k: v for k, v in query.items() if v})

    def listing(self) -> dict:
        """What ``/api/questions`` says of the question."""
        return {"name": self.name, "title": self.title, "summary": self.summary,
                "method": self.method, "path": f"/api/{self.name}", "page": self.page,
                "command": f"euchre-sim {self.name}",
                "inputs": [i.listing() for i in self.inputs]}


def json_safe(v):
    """JSON for a value: NaN and infinities as null, numpy scalars as Python ones."""
    if isinstance(v, dict):
        return {k: json_safe(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [json_safe(x) for x in v]
    if hasattr(v, "item") and not isinstance(v, str):
        v = v.item()
    if isinstance(v, float) and not math.isfinite(v):
        return None
    return v


def questions() -> dict[str, Question]:
    """Every question, by name: the ``QUESTION`` of each module of this package."""
    import analysis.questions as package

    found = {}
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"analysis.questions.{info.name}")
        q = getattr(module, "QUESTION", None)
        if isinstance(q, Question):
            found[q.name] = q
    return dict(sorted(found.items()))


__all__ = ["Input", "Question", "InputError", "POSITIONS", "RULES", "questions", "builtin_players",
           "rule_presets", "json_safe"]
