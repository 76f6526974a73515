"""basic's parameters as a player gives them: the range each may take in a strategy file, a code
strategy's ``PARAMS`` or ``NAME:key=value`` (``check_basic_params``, ``param_from_text``), and the
rows the ``strategies`` command lists (``basic_param_rows``).  The ranges are wide enough for any
sensible player, narrow enough that a typo such as ``second_offset = 1e308`` is caught with a
message naming the parameter and its range.

Card values and the void are points of a hand's count (basic's defaults are 0.3 to 3.2); a
five-card hand counts at most about 60 points with every value at its bound, so thresholds and
offsets beyond +-100 (or 60 for an offset) cannot change a decision and are refused.
"""

from __future__ import annotations

import difflib
import json
import math
from typing import NamedTuple

from sim.players.basic import BASIC_PARAMS, PARAM_NAMES, SETTINGS


class ParamRow(NamedTuple):
    """One parameter of a strategy, as the ``strategies`` command lists it."""

    name: str
    value: object
    changed: bool        # differs from the player's default
    description: str
    text: str            # the value as shown

_CARD_VALUES = ("right_bower", "left_bower", "trump_ace", "trump_king", "trump_queen",
                "trump_ten", "trump_nine", "offsuit_ace", "offsuit_king", "void")
_THRESHOLDS = ("order_threshold", "call_threshold", "alone_threshold", "defend_alone_threshold")
_OFFSETS = ("first_offset", "second_offset", "third_offset", "dealer_offset")

#: parameter -> (lowest, highest) accepted, both included
PARAM_BOUNDS: dict[str, tuple[float, float]] = {
    **{name: (-10.0, 10.0) for name in _CARD_VALUES},
    "partner_upcard_share": (0.0, 2.0),
    "opponent_upcard_share": (0.0, 2.0),
    **{name: (-100.0, 100.0) for name in _THRESHOLDS},
    **{name: (-60.0, 60.0) for name in _OFFSETS},
    "desperation": (0.0, 20.0),
    "farmer_swap": (0.0, 1.0),
    "overtake_partner": (0.0, 2.0),      # a setting: 0, 1 or 2 (``sim.players.files``)
    "partner_pulls": (0.0, 1.0),
    "stop_pulling": (0.0, 3.0),          # a setting: 0, 1, 2 or 3
    "short_lead": (0.0, 1.0),
    "short_discard": (0.0, 1.0),
    "second_low": (0.0, 1.0),
    "boss_lead": (0.0, 1.0),
}
assert set(PARAM_BOUNDS) == set(PARAM_NAMES), "every parameter needs a range"


def check_param(label: str, name: str, value: float) -> float:
    """``value`` when it lies in ``name``'s range, else ``ValueError`` naming the parameter,
    the value and the range (``label`` starts the message: the file or code strategy)."""
    low, high = PARAM_BOUNDS[name]
    if not low <= value <= high:
        raise ValueError(f"{label}: params.{name} = {value:g} is out of range: it must be "
                         f"between {low:g} and {high:g}")
    return value


# basic's switches (``SETTINGS``): 0/1 ones also accept true/false; the others take the whole
# numbers of their range
_BOOL_PARAMS = tuple(n for n in SETTINGS if PARAM_BOUNDS[n] == (0.0, 1.0))
_CHOICE_PARAMS = {n: tuple(range(int(PARAM_BOUNDS[n][1]) + 1)) for n in SETTINGS
                  if n not in _BOOL_PARAMS}


def param_from_text(key: str, text: str):
    """A command-line value for basic's parameter ``key``: a number, or true/false for a
    0/1 switch (anything else is left as text, for ``_number`` to refuse)."""
    if key in _BOOL_PARAMS and text.lower() in ("true", "false"):
        return text.lower() == "true"
    try:
        return float(text)
    except ValueError:
        return text


def check_basic_params(label: str, params: dict) -> dict:
    """basic's parameters ``params``, each known and in its range (``label`` starts every
    message: the file or the command-line spec)."""
    overrides = {}
    for key, value in params.items():
        if key not in PARAM_NAMES:
            hint = did_you_mean(key, PARAM_NAMES)
            raise ValueError(f"{label}: unknown parameter {key!r}"
                             + (hint or "; 'euchre-sim strategies basic' lists the parameters"))
        overrides[key] = check_param(label, key, _number(label, key, value))
    return overrides


def _number(label: str, key: str, value) -> float:
    if key in _BOOL_PARAMS:
        if isinstance(value, bool):
            return 1.0 if value else 0.0
        if isinstance(value, int | float) and value in (0, 1):
            return float(value)
        raise ValueError(
            f"{label}: params.{key} must be 0 or 1 (or true/false), not {show_value(value)}"
        )
    if key in _CHOICE_PARAMS:
        choices = _CHOICE_PARAMS[key]
        if not isinstance(value, bool) and isinstance(value, int | float) and value in choices:
            return float(value)
        raise ValueError(f"{label}: params.{key} must be one of "
                         f"{', '.join(map(str, choices))}, not {show_value(value)}")
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{label}: params.{key} must be a number, not {show_value(value)}")
    if not math.isfinite(value):
        raise ValueError(f"{label}: params.{key} must be a finite number, not {show_value(value)}")
    return float(value)


def show_value(value) -> str:
    """A value as the user wrote it in TOML (strings in double quotes, tables by name)."""
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str | list | int):
        return json.dumps(value, default=str)
    if isinstance(value, float):
        return repr(value)
    return f"{type(value).__name__} {value}"


def did_you_mean(word: str, choices) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def basic_param_rows(s) -> list[ParamRow]:
    """Each of basic's parameters as a strategy of the basic family holds them
    (``Strategy.vector``), marked where it differs from basic's default, with its range."""
    return [ParamRow(p, float(v), float(v) != default, f"{words} ({lo:g} to {hi:g})", f"{v:g}")
            for (p, (default, words)), v in zip(BASIC_PARAMS.items(), s.vector(), strict=True)
            for lo, hi in [PARAM_BOUNDS[p]]]


__all__ = ["PARAM_BOUNDS", "ParamRow", "basic_param_rows", "check_basic_params", "check_param",
           "did_you_mean", "param_from_text", "show_value"]
