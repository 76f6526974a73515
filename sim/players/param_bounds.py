"""The range each of basic's parameters may take in a strategy file or a code strategy's
``PARAMS``: wide enough for any sensible player, narrow enough that a typo such as
``second_offset = 1e308`` is caught with a message naming the parameter and its range.

Card values and the void are points of a hand's count (basic's defaults are 0.3 to 3.2); a
five-card hand counts at most about 60 points with every value at its bound, so thresholds and
offsets beyond +-100 (or 60 for an offset) cannot change a decision and are refused.
"""

from __future__ import annotations

from sim.players.basic import PARAM_NAMES

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


__all__ = ["PARAM_BOUNDS", "check_param"]
