"""The ``pimc`` player's parameters: their defaults, what each may be, and the settings row the
decide module reads (``sim.players.pimc.seat``, ``S_*``).

``pimc`` (perfect-information Monte Carlo) deals the cards a seat cannot see at random, solves
each such world exactly and takes the action with the best mean.  It is named on the command
line as ``pimc`` or with parameters, ``pimc:worlds=200,pass_model=zero``, and in a TOML file as
``base = "pimc"`` with a ``[params]`` table.  Its bids, as the model of the other seats' bidding,
and its defending alone use ``basic``'s numbers (the default ones).
"""

from __future__ import annotations

import difflib
import math

import numpy as np

# name: (default, description).  The defaults are measured (see docs/pimc.md).
PIMC_PARAMS: dict[str, tuple[object, str]] = {
    "worlds": (100, "worlds sampled for each card decision (1 to 10000)"),
    "bid_worlds": (50, "worlds sampled for each bid, going alone and the dealer's discard "
                       "(1 to 10000)"),
    "margin": (1.0, "early stopping: 1 stops only once the remaining worlds cannot change the "
                    "choice, smaller stops sooner (above 0, at most 1)"),
    "pass_model": ("basic", "how a pass is priced: basic (the rest of the auction bid by "
                            "basic's numbers, then played out) or zero (a pass is worth 0)"),
    "inference": ("off", "off; basic: in its bids, worlds in which a seat that passed would have "
                         "bid by basic's numbers are drawn again; bids: the worlds of its cards, "
                         "bids and discards are weighed by how likely the other seats' bids are "
                         "under the equilibrium table; play: its cards' worlds by how likely the "
                         "cards played are under tuned's card play, softened; bids+play: both"),
    "bidding": ("search", "search (its bids searched as its card play is), or equilibrium: its "
                          "bids drawn from the equilibrium table for the rules in force"),
}
PASS_MODELS = ("basic", "zero")
INFERENCE = ("off", "basic", "bids", "play", "bids+play")
INFER_BASIC, INFER_BIDS, INFER_PLAY, INFER_BIDS_PLAY = 1, 2, 3, 4
# the inferences that read the equilibrium's table
READS_TABLE = ("bids", "bids+play")
BIDDINGS = ("search", "equilibrium")
MAX_WORLDS = 10_000
DEFAULTS = {k: v for k, (v, _) in PIMC_PARAMS.items()}


def check_pimc_params(label: str, params: dict) -> dict:
    """The parameters, checked and normalised (strings from the command line included); a
    ``ValueError`` starting with ``label`` names the first bad one and what it may be."""
    out = {}
    for key, value in params.items():
        if key not in PIMC_PARAMS:
            close = difflib.get_close_matches(key, list(PIMC_PARAMS), n=1, cutoff=0.6)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise ValueError(f"{label}: unknown parameter {key!r} for pimc{hint}: choose from "
                             f"{', '.join(PIMC_PARAMS)}")
        out[key] = _check(label, key, value)
    return out


def _check(label: str, key: str, value):
    if key in ("worlds", "bid_worlds"):
        n = _as_number(label, key, value)
        if n != int(n) or not 1 <= n <= MAX_WORLDS:
            raise ValueError(f"{label}: {key} must be a whole number from 1 to {MAX_WORLDS}, "
                             f"not {value!r}")
        return int(n)
    if key == "margin":
        m = _as_number(label, key, value)
        if not 0 < m <= 1:
            raise ValueError(f"{label}: margin must be above 0 and at most 1, not {value!r}")
        return m
    choices = {"pass_model": PASS_MODELS, "bidding": BIDDINGS}.get(key, INFERENCE)
    if value not in choices:
        raise ValueError(f"{label}: {key} must be one of {', '.join(choices)}, not {value!r}")
    return value


def _as_number(label: str, key: str, value) -> float:
    if isinstance(value, str):
        try:
            value = float(value)
        except ValueError:
            raise ValueError(f"{label}: {key} must be a number, not {value!r}") from None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"{label}: {key} must be a number, not {value!r}")
    return float(value)


# a pimc seat's settings row (its own row of the seat table, ``sim.players.basic.OWN``)
S_WORLDS, S_BID_WORLDS, S_MARGIN, S_PASS, S_INFERENCE, S_PASSES_ROUND1, S_BIDDING = range(7)
N_SETTINGS = 7
S_TABLE = 7          # bidding=equilibrium or inference=bids(+play): where its table is
                     # (``sim.table.Table.arrays``)


def settings_row(params: dict, passes_round1: bool = False) -> np.ndarray:
    """The decide module's settings row (``S_WORLDS, S_BID_WORLDS, S_MARGIN, S_PASS,
    S_INFERENCE, S_PASSES_ROUND1``) of a ``pimc`` strategy's parameters (``passes_round1``:
    ``Strategy.passing_round1``)."""
    p = {**DEFAULTS, **params}
    return np.array([p["worlds"], p["bid_worlds"], p["margin"],
                     PASS_MODELS.index(p["pass_model"]), INFERENCE.index(p["inference"]),
                     float(passes_round1), BIDDINGS.index(p["bidding"])], np.float64)


def describe(params: dict) -> str:
    """The parameters that differ from the defaults, as ``key=value`` (empty: all defaults)."""
    return ",".join(f"{k}={v:g}" if isinstance(v, float) else f"{k}={v}"
                    for k, v in params.items() if v != DEFAULTS[k])


__all__ = ["PIMC_PARAMS", "PASS_MODELS", "INFERENCE", "DEFAULTS", "check_pimc_params",
           "settings_row", "describe", "S_WORLDS", "S_BID_WORLDS", "S_MARGIN", "S_PASS",
           "S_INFERENCE", "S_PASSES_ROUND1", "S_BIDDING", "S_TABLE", "N_SETTINGS", "BIDDINGS",
           "INFER_BASIC", "INFER_BIDS", "INFER_PLAY", "INFER_BIDS_PLAY", "READS_TABLE"]
