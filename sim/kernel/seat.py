"""The seat decisions this kernel asks for: the built-in players' (``sim.players.decide``, whose
header describes the interface).

A copy of the kernel package bound to another decide module (``sim.run.bindings``) has that
module's source in place of this file; nothing else in the copy changes.
"""

from sim.players.decide import (  # noqa: F401
    COUNTS_BAD,
    FARMERS_HAND,
    FAST_TRICKS,
    KEYED,
    MAX_BATCH,
    MAX_CHUNK,
    MAX_GAME_BATCH,
    MAX_GAME_CHUNK,
    SETTINGS_A_FOLLOWS,
    SETTINGS_A_LEADS,
    SETTINGS_B_FOLLOWS,
    SETTINGS_B_LEADS,
    best_suit,
    call,
    chunk_state,
    contract,
    defend_alone,
    discard,
    farmer,
    follow,
    hand_context,
    lead,
    order_up,
    plain_round1,
    played,
    round1_all,
    table_slots,
    trick_settings,
    uses_play_key,
)
