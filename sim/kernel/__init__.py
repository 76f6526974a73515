"""The Numba deal-and-play kernel: complete Euchre hands and games at millions per second.

``hand`` plays one hand as the phases of the rules; ``batch`` runs hands (aggregates, records,
traces, the advisor's deals); ``games`` plays games to ``game_to`` points; ``layout`` holds the
arrays' layouts; ``seat`` the decide module every decision is asked of (the built-in
players), which ``sim.table.bindings`` replaces in a copy of this package bound to another player.
The modules import each other relatively, so a copy is self-contained.
The rules implemented are the ones ``sim.referee`` enforces (options in ``sim.rules``).
"""

from .batch import SEEN_COLUMNS, play_chunk, run_hands, run_seen, trace_hands
from .games import (
    G_CAPPED,
    G_FIRST_DEALER_WINS,
    G_HANDS_HIST,
    G_POINT_KINDS,
    G_REDEAL_HIST,
    G_STATE_VISITS,
    G_STATE_WINS,
    G_SUMS,
    G_WINS,
    GAME_COLUMNS,
    HANDS_BINS,
    MAX_HANDS,
    N_GAME_COLUMNS,
    N_GAME_TALLY,
    POINT_KINDS,
    REDEAL_BINS,
    play_game,
    play_one_game,
    run_games,
    trace_one_game,
)
from .hand import (
    close_flags,
    play_dealt,
    play_hand,
    round1_is_plain,
    seat_key_of,
    tally_cell,
    tally_index,
)
from .layout import (
    BAD_USER_CELL,
    BID_ORDER,
    BID_PASS,
    DEAL_BLOCK,
    EV_BID,
    EV_DEFEND,
    EV_DISCARD,
    EV_FARMER,
    EV_PLAY,
    F_ACTION,
    F_DISCARD,
    F_POS,
    F_ROUND,
    F_SUIT,
    FORCE_ALONE,
    FORCE_MAKE,
    FORCE_PASS,
    MAX_EVENTS,
    NO_FORCE,
    NREC,
    NRES,
    NTALLY,
    NTALLY_ROW,
    RECORD_COLUMNS,
    RES_ALONE,
    RES_BAD_USER,
    RES_DEF_ALONE,
    RES_DISCARD,
    RES_FARMER,
    RES_FORCED,
    RES_MAKER,
    RES_MAKER_TRICKS,
    RES_PTS0,
    RES_PTS1,
    RES_ROUND,
    RES_TRUMP,
    RES_UPCARD,
    TALLY_SHAPE,
)
from .seat import MAX_BATCH, MAX_CHUNK, MAX_GAME_BATCH, table_slots

__all__ = [
    "BAD_USER_CELL", "BID_ORDER", "BID_PASS", "DEAL_BLOCK", "EV_BID", "EV_DEFEND",
    "EV_DISCARD", "EV_FARMER", "EV_PLAY", "FORCE_ALONE", "FORCE_MAKE", "FORCE_PASS",
    "F_ACTION", "F_DISCARD", "F_POS", "F_ROUND", "F_SUIT", "GAME_COLUMNS", "G_CAPPED",
    "G_FIRST_DEALER_WINS", "G_HANDS_HIST", "G_POINT_KINDS", "G_REDEAL_HIST", "G_STATE_VISITS",
    "G_STATE_WINS", "G_SUMS", "G_WINS", "HANDS_BINS", "MAX_BATCH", "MAX_CHUNK", "MAX_EVENTS",
    "MAX_GAME_BATCH", "MAX_HANDS", "NO_FORCE", "NREC", "NRES", "NTALLY", "NTALLY_ROW",
    "N_GAME_COLUMNS", "N_GAME_TALLY", "POINT_KINDS", "RECORD_COLUMNS", "REDEAL_BINS",
    "RES_ALONE", "RES_BAD_USER", "RES_DEF_ALONE", "RES_DISCARD", "RES_FARMER", "RES_FORCED",
    "RES_MAKER", "RES_MAKER_TRICKS", "RES_PTS0", "RES_PTS1", "RES_ROUND", "RES_TRUMP",
    "RES_UPCARD", "SEEN_COLUMNS", "TALLY_SHAPE", "close_flags", "play_chunk", "play_dealt",
    "play_game", "play_hand", "play_one_game", "round1_is_plain", "run_games", "run_hands",
    "run_seen", "seat_key_of", "table_slots", "tally_cell", "tally_index", "trace_hands",
    "trace_one_game",
]
