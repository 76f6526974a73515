"""The ``Rules`` value: every rule choice of a simulation in one frozen, validated object.

Defaults are the published rules (``RULES.md`` lists every rule and option): redeal after
two passing rounds, no farmer's hand, no defending alone, the dealer may discard any of his six
cards (the upcard included), games to 10.  House rules are options; named presets bundle the
common ones.  The kernel receives ``Rules.pack()``, a small int64 array in the order of
``PACKED_FIELDS``.

Conventions that tables differ on, made explicit rather than left to accident:

* ``dealer_discards_when_partner_alone`` (default True): when the dealer's partner
  orders up alone the dealer still takes the upcard and discards, then sits out.  False: the
  upcard stays in the kitty and nobody picks it up (some tables play it this way).
* ``farmers_hand``: a hand of only 9s and 10s may swap three of its cards for the three face-down
  kitty cards (the kitty minus the upcard) before bidding; the player chooses.
* ``defend_alone``: after the making bid, one defender (first clockwise from the maker who wants
  to) may defend alone; the partner sits out; a lone defender's euchre scores
  ``lone_defender_euchre_points`` (4).
* ``renege_penalty``: points to the offended team when a renege is caught (referee only).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields

import numpy as np

GAME_LENGTHS = (5, 7, 10)


@dataclass(frozen=True)
class Rules:
    stick_the_dealer: bool = False
    farmers_hand: bool = False
    defend_alone: bool = False
    dealer_may_discard_upcard: bool = True
    dealer_discards_when_partner_alone: bool = True
    game_to: int = 10
    renege_penalty: int = 2
    lone_defender_euchre_points: int = 4

    def __post_init__(self):
        for f in fields(self):
            v = getattr(self, f.name)
            if f.type in ("bool", bool):
                if not isinstance(v, bool | np.bool_):
                    raise ValueError(f"rule option {f.name} must be true or false, not {v!r}")
            else:
                if isinstance(v, bool) or not isinstance(v, int | np.integer):
                    raise ValueError(f"rule option {f.name} must be a whole number, not {v!r}")
        if self.game_to not in GAME_LENGTHS:
            raise ValueError(f"rule option game_to must be 5, 7 or 10, not {self.game_to}")
        if not 0 <= self.renege_penalty <= 4:
            raise ValueError(f"rule option renege_penalty must be 0-4, not {self.renege_penalty}")
        if self.lone_defender_euchre_points not in (2, 4):
            raise ValueError(
                "rule option lone_defender_euchre_points must be 2 or 4, "
                f"not {self.lone_defender_euchre_points}"
            )
        if self.lone_defender_euchre_points != 4 and not self.defend_alone:
            raise ValueError(
                "rule option lone_defender_euchre_points only applies with defend_alone=true"
            )

    # -- conversions --------------------------------------------------------------------------
    def replace(self, **changes) -> Rules:
        unknown = set(changes) - {f.name for f in fields(self)}
        if unknown:
            raise ValueError(f"unknown rule option {sorted(unknown)[0]!r}; known: {option_names()}")
        return dataclasses.replace(self, **changes)

    def as_dict(self) -> dict:
        return dataclasses.asdict(self)

    def changes(self) -> dict:
        """Options that differ from the published rules."""
        base = Rules()
        return {k: v for k, v in self.as_dict().items() if getattr(base, k) != v}

    def describe(self) -> str:
        ch = self.changes()
        if not ch:
            return "published rules"
        for name, preset in PRESETS.items():
            if preset == self:
                return name
        return ", ".join(f"{k}={_fmt(v)}" for k, v in ch.items())

    def pack(self) -> np.ndarray:
        return np.array([int(getattr(self, name)) for name in PACKED_FIELDS], dtype=np.int64)

    @classmethod
    def from_dict(cls, d: dict) -> Rules:
        return cls().replace(**dict(d))


PACKED_FIELDS = tuple(f.name for f in fields(Rules))
# indices into the packed array, for the kernel
R_STICK, R_FARMER, R_DEFEND_ALONE, R_DISCARD_UPCARD, R_DEALER_DISCARDS_PARTNER_ALONE, \
    R_GAME_TO, R_RENEGE, R_LONE_DEFENDER_POINTS = range(len(PACKED_FIELDS))

PRESETS: dict[str, Rules] = {
    "published": Rules(),
    "stick-the-dealer": Rules(stick_the_dealer=True),
    "house": Rules(stick_the_dealer=True, farmers_hand=True, defend_alone=True),
    "short-game": Rules(game_to=5),
}


def option_names() -> str:
    return ", ".join(PACKED_FIELDS)


def _fmt(v) -> str:
    return ("true" if v else "false") if isinstance(v, bool) else str(v)


def _parse_value(name: str, text: str):
    kind = {f.name: f.type for f in fields(Rules)}[name]
    t = text.strip().lower()
    if kind in ("bool", bool):
        if t in ("1", "true", "yes", "on"):
            return True
        if t in ("0", "false", "no", "off"):
            return False
        raise ValueError(f"rule option {name} must be true or false, not {text!r}")
    try:
        return int(t)
    except ValueError:
        raise ValueError(f"rule option {name} must be a whole number, not {text!r}") from None


def parse_rules(spec: str | None) -> Rules:
    """Read ``"stick-the-dealer,game_to=7,defend_alone"`` into a ``Rules``.

    Items are a preset name or ``option[=value]`` (a bare option means true); later items win.
    """
    rules = Rules()
    if not spec:
        return rules
    for item in spec.split(","):
        item = item.strip()
        if not item:
            continue
        if item in PRESETS:
            rules = PRESETS[item]
            continue
        name, _, value = item.partition("=")
        name = name.strip().replace("-", "_")
        if name not in PACKED_FIELDS:
            raise ValueError(
                f"unknown rule {item!r}: use a preset ({', '.join(PRESETS)}) "
                f"or an option ({option_names()})"
            )
        rules = rules.replace(**{name: _parse_value(name, value) if value else True})
    return rules
