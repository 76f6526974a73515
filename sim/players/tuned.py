"""The ``tuned`` player's parameters, and its card-play settings as the kernel's constants.

``tuned`` is ``basic`` with the bidding numbers CMA-ES self-play found and the card-play
switches kept by measurement (``scripts/tune_player.py``, which writes the same numbers to
``results/tune/tuned.toml``; a test checks that the two agree).  It is the default player, so
the kernel keeps a copy of the tricks compiled for its settings (``TUNED_LEADS``,
``TUNED_FOLLOWS``), as it does for basic's.
"""

from __future__ import annotations

from sim.players.basic import DEFAULT_VECTOR, P, table_codes

TUNED_PARAMS = {
    "right_bower": 4.6214, "left_bower": 2.882, "trump_ace": 2.2459, "trump_king": 2.5225,
    "trump_queen": 2.4019, "trump_ten": 2.2628, "trump_nine": 2.2679, "offsuit_ace": 0.9986,
    "offsuit_king": 0.4732, "void": 0.6395, "partner_upcard_share": 0.0,
    "opponent_upcard_share": 0.1552, "order_threshold": 8.6705, "call_threshold": 7.1332,
    "alone_threshold": 11.1713, "first_offset": 1.188, "second_offset": -1.4107,
    "third_offset": 0.7149, "dealer_offset": -1.1654, "stop_pulling": 3.0, "boss_lead": 1.0,
}


def _vector():
    v = DEFAULT_VECTOR.copy()
    for name, x in TUNED_PARAMS.items():
        v[P[name]] = x
    return v


TUNED_VECTOR = _vector()
# plain module ints: compile-time constants for Numba
TUNED_LEADS, TUNED_FOLLOWS = table_codes(TUNED_VECTOR)
