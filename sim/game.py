"""Games to 5, 7 or 10 points in the kernel: the deal rotates, the score feeds the strategies.

Game ``g`` of a run with seed ``s`` is keyed like a hand (``sim/rng.py``): its first dealer is
found by the draw of the rules text (each player draws a card, the lowest deals, ace low for
this draw only, players tied for lowest draw again) from ``sub_key(hand_key(s, g, STREAM_GAME),
r)`` for draw round ``r``; its hand ``j`` is dealt from ``sub_key(hand_key(s, g,
STREAM_GAME_DEAL), j)`` and plays its random choices from ``STREAM_GAME_PLAY`` the same way.
After every hand, a passed-out one (redeal) included, the deal passes to the left; the first team
to ``Rules.game_to`` points wins.  Strategies see the score before each hand (``basic`` skips
loners when one point wins and bids lighter when the other side is one point from winning).

Aggregate mode fills a per-chunk game tally (layout ``G_*`` below) and the per-hand tally of
``sim.kernel``; records mode writes one row per game (``GAME_COLUMNS``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
from numba import njit, prange

from sim import kernel as K
from sim.rng import (
    STREAM_GAME,
    STREAM_GAME_DEAL,
    STREAM_GAME_PLAY,
    hand_key,
    normalise_seed,
    shuffle_deck,
    sub_key,
)
from sim.rules import R_GAME_TO, R_LONE_DEFENDER_POINTS, Rules

MAX_HANDS = 200          # safety cap per game (never reached by real strategies)
HANDS_BINS = 64          # histogram of hands per game (last bin: 63 or more)
REDEAL_BINS = 16
GAME_COLUMNS = ("winner", "score0", "score1", "hands", "redeals", "first_dealer")
N_GAME_COLUMNS = len(GAME_COLUMNS)

# points by kind, per team: 1 point, march (2), lone march (4), euchre (2), lone-defender euchre
POINT_KINDS = ("one", "march", "alone_march", "euchre", "lone_defender_euchre")
# game tally layout
G_WINS = 0                                  # [team 0 wins, team 1 wins]
G_FIRST_DEALER_WINS = 2                     # games won by the first dealer's team
G_HANDS_HIST = 3
G_REDEAL_HIST = G_HANDS_HIST + HANDS_BINS
G_POINT_KINDS = G_REDEAL_HIST + REDEAL_BINS  # [team * 5 + kind]
G_STATE_VISITS = G_POINT_KINDS + 10          # [dealing team's score * 10 + other's score]
G_STATE_WINS = G_STATE_VISITS + 100          # dealing team went on to win from that state
G_SUMS = G_STATE_WINS + 100                  # sum hands, sum hands^2, sum redeals, sum redeals^2
G_CAPPED = G_SUMS + 4                        # games stopped by MAX_HANDS
N_GAME_TALLY = G_CAPPED + 1


@njit(cache=True)
def draw_for_deal(gkey, deck):
    """First dealer by the draw: lowest card deals, ace low, ties among the lowest draw again."""
    tied = np.ones(4, np.bool_)
    r = 0
    while True:
        shuffle_deck(sub_key(gkey, r), deck)
        r += 1
        low_rank = 99
        k = 0
        ranks = np.empty(4, np.int64)
        for seat in range(4):
            if tied[seat]:
                rank = deck[k] % 6
                k += 1
                rank = -1 if rank == 5 else rank      # ace low for the draw
                ranks[seat] = rank
                if rank < low_rank:
                    low_rank = rank
        n_low = 0
        who = -1
        for seat in range(4):
            if tied[seat] and ranks[seat] == low_rank:
                n_low += 1
                who = seat
            else:
                tied[seat] = False
        if n_low == 1:
            return who


@njit(cache=True)
def play_game(seed, g, rules, kinds, bv, slots, force, deck, hp, res, rs, scores, visits,
              trace_dealers, traces, tracing):
    """Play game ``g``; returns (winner team, hands, redeals, first dealer).

    ``visits`` receives the (dealer, score0, score1) state before each hand (for the
    win-probability table); with ``tracing`` each hand's events go to ``traces[j]``.
    """
    game_to = rules[R_GAME_TO]
    first = draw_for_deal(hand_key(seed, g, STREAM_GAME), deck)
    deal_key = hand_key(seed, g, STREAM_GAME_DEAL)
    play_key = hand_key(seed, g, STREAM_GAME_PLAY)
    scores[0] = 0
    scores[1] = 0
    dealer = first
    hands = 0
    redeals = 0
    bad_user = 0
    while scores[0] < game_to and scores[1] < game_to and hands < MAX_HANDS:
        visits[hands, 0] = dealer
        visits[hands, 1] = scores[0]
        visits[hands, 2] = scores[1]
        shuffle_deck(sub_key(deal_key, hands), deck)
        if tracing:
            traces[hands, 0, 0] = 0
            trace_dealers[hands, 0] = dealer
            for c in range(24):
                trace_dealers[hands, 1 + c] = deck[c]
            K.play_hand(deck, dealer, rules, kinds, bv, slots, sub_key(play_key, hands), rs,
                        scores, force, res, hp, traces[hands], True)
        else:
            K.play_hand(deck, dealer, rules, kinds, bv, slots, sub_key(play_key, hands), rs,
                        scores, force, res, hp, traces[0], False)
        bad_user += res[K.RES_BAD_USER]
        visits[hands, 3] = res[K.RES_ROUND]
        visits[hands, 4] = K.tally_index(res, dealer)
        visits[hands, 5] = res[K.RES_PTS0]
        visits[hands, 6] = res[K.RES_PTS1]
        visits[hands, 7] = res[K.RES_DEF_ALONE]
        visits[hands, 8] = res[K.RES_ALONE]
        visits[hands, 9] = res[K.RES_MAKER_TRICKS]
        visits[hands, 10] = res[K.RES_MAKER]
        if res[K.RES_ROUND] == 0:
            redeals += 1
        scores[0] += res[K.RES_PTS0]
        scores[1] += res[K.RES_PTS1]
        dealer = (dealer + 1) & 3
        hands += 1
    winner = 0 if scores[0] >= game_to else (1 if scores[1] >= game_to else -1)
    visits[0, 11] = bad_user
    return winner, hands, redeals, first


@njit(cache=True, inline="always")
def point_kind(pts, maker_tricks, lone_defender_points):
    """Index into POINT_KINDS for a scoring hand's points."""
    if maker_tricks >= 3:
        return 0 if pts == 1 else (1 if pts == 2 else 2)
    return 4 if (pts == lone_defender_points and pts != 2) else 3


@njit(cache=True)
def games_chunk(ci, seed, start, n, chunk, rules, kinds, bv, force, records, gtally, htally):
    """Play chunk ``ci`` of a batch of games (see ``run_games``)."""
    want_records = records.shape[0] == n
    lone_pts = rules[R_LONE_DEFENDER_POINTS]
    slots = K.seat_slots(bv)
    deck = np.empty(24, np.int64)
    hp = np.empty(4, np.int64)
    res = np.empty(K.NRES, np.int64)
    rs = np.zeros(1, np.int64)
    scores = np.zeros(2, np.int64)
    visits = np.zeros((MAX_HANDS, 12), np.int64)
    trace_dealers = np.zeros((1, 25), np.int64)
    traces = np.zeros((1, 1, 4), np.int64)
    gt = gtally[ci]
    ht = htally[ci]
    lo = ci * chunk
    hi = min(n, lo + chunk)
    for i in range(lo, hi):
        winner, hands, redeals, first = play_game(
            seed, start + i, rules, kinds, bv, slots, force, deck, hp, res, rs, scores,
            visits, trace_dealers, traces, False)
        ht[K.BAD_USER_CELL] += visits[0, 11]
        if want_records:
            r = records[i]
            r[0] = winner
            r[1] = scores[0]
            r[2] = scores[1]
            r[3] = hands
            r[4] = redeals
            r[5] = first
            continue
        if winner >= 0:
            gt[G_WINS + winner] += 1
            if winner == (first & 1):
                gt[G_FIRST_DEALER_WINS] += 1
        else:
            gt[G_CAPPED] += 1
        gt[G_HANDS_HIST + min(hands, HANDS_BINS - 1)] += 1
        gt[G_REDEAL_HIST + min(redeals, REDEAL_BINS - 1)] += 1
        gt[G_SUMS] += hands
        gt[G_SUMS + 1] += hands * hands
        gt[G_SUMS + 2] += redeals
        gt[G_SUMS + 3] += redeals * redeals
        for j in range(hands):
            dealer = visits[j, 0]
            dteam = dealer & 1
            s_deal = visits[j, 1 + dteam]
            s_other = visits[j, 2 - dteam]
            if s_deal < 10 and s_other < 10:
                gt[G_STATE_VISITS + s_deal * 10 + s_other] += 1
                if winner == dteam:
                    gt[G_STATE_WINS + s_deal * 10 + s_other] += 1
            ht[visits[j, 4]] += 1
            if visits[j, 3] > 0:
                p0 = visits[j, 5]
                p1 = visits[j, 6]
                team = 0 if p0 > 0 else 1
                pts = p0 if p0 > 0 else p1
                gt[G_POINT_KINDS + team * 5 + point_kind(pts, visits[j, 9], lone_pts)] += 1


@njit(cache=True, parallel=True)
def run_games(seed, start, n, chunk, rules, kinds, bv, force, records, gtally, htally):
    """Play games ``start .. start+n-1``: per-game rows (records mode) and per-chunk tallies."""
    nchunks = (n + chunk - 1) // chunk
    for ci in prange(nchunks):
        games_chunk(ci, seed, start, n, chunk, rules, kinds, bv, force, records, gtally, htally)


@njit(cache=True)
def trace_one_game(seed, g, rules, kinds, bv, slots, force, trace_dealers, traces, visits):
    deck = np.empty(24, np.int64)
    hp = np.empty(4, np.int64)
    res = np.empty(K.NRES, np.int64)
    rs = np.zeros(1, np.int64)
    scores = np.zeros(2, np.int64)
    return play_game(seed, g, rules, kinds, bv, slots, force, deck, hp, res, rs, scores, visits,
                     trace_dealers, traces, True)


# ---------------------------------------------------------------------------------------------
# Python side


@dataclass
class GameRunResult:
    games: int
    seed: int
    rules: Rules
    table: object
    gtally: np.ndarray          # N_GAME_TALLY counts (aggregate mode; zeros in records mode)
    htally: np.ndarray          # per-hand TALLY_SHAPE histogram of every hand played
    records: object = None      # DataFrame of GAME_COLUMNS (records mode)
    wall_s: float = 0.0
    threads: int = 1

    @property
    def hands_played(self) -> int:
        return int(self.htally.sum())

    @property
    def hands_per_s(self) -> float:
        return self.hands_played / self.wall_s if self.wall_s > 0 else float("nan")


def simulate_games(games: int, seed: int = 0, rules: Rules | None = None, table=None, *,
                   records: bool = False, threads: int | None = None, batch: int = 1 << 16,
                   chunk: int = 256, start: int = 0, progress=None) -> GameRunResult:
    """Play games ``start .. start+games-1`` to ``rules.game_to``; tallies or per-game rows."""
    from sim import runner
    from sim.runner import NO_FORCE, Table, check_code_strategy, set_threads

    if isinstance(games, bool) or not isinstance(games, int | np.integer) or games < 1:
        raise ValueError(f"number of games must be a positive whole number, not {games!r}")
    seed = normalise_seed(seed)
    rules = rules or Rules()
    table = table or Table.teams()
    threads = set_threads(threads)
    kinds, bv = table.arrays()
    _, game = table.kernels()
    packed = rules.pack()
    gtotal = np.zeros(N_GAME_TALLY, np.int64)
    htotal = np.zeros(K.NTALLY_ROW, np.int64)
    frames = []
    t0 = time.perf_counter()
    done = 0
    executor = runner._EXECUTOR
    if executor is not None:
        threads = executor.threads
    while done < games:
        n = min(batch, games - done)
        if executor is not None:   # batches on Dask workers (sim.distributed.scheduler_context)
            g_row, h_row, frame = executor.games_batch(seed, start + done, n, rules, table,
                                                       records)
            gtotal += g_row
            htotal += h_row
            if records:
                frames.append(frame)
            done += n
            if progress is not None:
                progress(n)
            continue
        nchunks = (n + chunk - 1) // chunk
        gt = np.zeros((nchunks, N_GAME_TALLY), np.int64)
        ht = np.zeros((nchunks, K.NTALLY_ROW), np.int64)
        rows = np.zeros((n if records else 0, N_GAME_COLUMNS), np.int64)
        game.run_games(seed, start + done, n, chunk, packed, kinds, bv, NO_FORCE, rows,
                       gt, ht)
        check_code_strategy(ht, table)
        if records:
            import pandas as pd

            frame = pd.DataFrame({"game": np.arange(start + done, start + done + n)})
            for j, name in enumerate(GAME_COLUMNS):
                frame[name] = rows[:, j].astype(np.int16 if name == "hands" else np.int8)
            frames.append(frame)
        gtotal += gt.sum(axis=0)
        htotal += ht.sum(axis=0)
        done += n
        if progress is not None:
            progress(n)
    wall = time.perf_counter() - t0
    recs = None
    if records:
        import pandas as pd

        recs = pd.concat(frames, ignore_index=True)
    return GameRunResult(games, seed, rules, table, gtotal,
                         htotal[:K.NTALLY].reshape(K.TALLY_SHAPE), recs, wall, threads)


def trace_game(seed: int, g: int, rules: Rules | None = None, table=None) -> list[dict]:
    """The hand records of game ``g`` in order (replayable with ``sim.referee.play_game``)."""
    from sim.runner import NO_FORCE, Table, events_to_record

    seed = normalise_seed(seed)
    rules = rules or Rules()
    table = table or Table.teams()
    kinds, bv = table.arrays()
    trace_dealers = np.zeros((MAX_HANDS, 25), np.int64)
    traces = np.zeros((MAX_HANDS, K.MAX_EVENTS + 1, 4), np.int64)
    visits = np.zeros((MAX_HANDS, 12), np.int64)
    _, game = table.kernels()
    _, hands, _, _ = game.trace_one_game(seed, g, rules.pack(), kinds, bv, K.seat_slots(bv),
                                         NO_FORCE, trace_dealers, traces, visits)
    return [
        events_to_record(j, trace_dealers[j, 1:], traces[j], rules,
                         dealer=int(trace_dealers[j, 0]))
        for j in range(hands)
    ]
