"""The kernel's array layouts: a hand's result fields, trace events, forced decisions, per-hand
records and the aggregate tally.  Plain module ints, so Numba compiles them as constants."""

from __future__ import annotations

import numpy as np

# --- result fields of one hand (``play_hand``) ---------------------------------------------
NRES = 13
(RES_ROUND, RES_MAKER, RES_TRUMP, RES_ALONE, RES_DEF_ALONE, RES_MAKER_TRICKS, RES_PTS0,
 RES_PTS1, RES_FARMER, RES_DISCARD, RES_FORCED, RES_UPCARD, RES_BAD_USER) = range(NRES)

# --- trace events: rows of (kind, seat, a, b); row 0 holds the event count -----------------
EV_FARMER, EV_BID, EV_DEFEND, EV_DISCARD, EV_PLAY = 1, 2, 3, 4, 5
BID_PASS, BID_ORDER = 0, 1     # a call of suit s is 2 + s
MAX_EVENTS = 48

# --- a forced decision (counterfactuals, the hand advisor): (position, round, action, suit,
# discard); position -1 = none.  In round 2 a forced call names ``suit`` (-1: the strategy's
# best suit); ``discard`` (-1: the strategy's) is the forced dealer's discard.
FORCE_PASS, FORCE_MAKE, FORCE_ALONE = 0, 1, 2
F_POS, F_ROUND, F_ACTION, F_SUIT, F_DISCARD = range(5)
NO_FORCE = np.array([-1, 0, 0, -1, -1], dtype=np.int64)     # every decision by strategy

# --- per-hand records (records mode) --------------------------------------------------------
RECORD_COLUMNS = (
    "hand0", "hand1", "hand2", "hand3", "upcard", "dealer", "round", "maker", "trump", "alone",
    "defender_alone", "maker_tricks", "points0", "points1", "farmer", "discard", "forced",
)
NREC = len(RECORD_COLUMNS)

# --- tally cells (aggregate mode): a joint histogram of everything the summary needs -------
# key = farmer(2) x dealer(4) x round(3) x maker position(4) x alone(2) x defender alone(2)
#       x maker tricks(6)
TALLY_SHAPE = (2, 4, 3, 4, 2, 2, 6)
NTALLY = int(np.prod(TALLY_SHAPE))
# a tally row has one more cell: hands where a code strategy returned an illegal action
BAD_USER_CELL = NTALLY
NTALLY_ROW = NTALLY + 1

DEAL_BLOCK = 64                # hands dealt at a time by a batch (``sim.rng.deal_block``)
