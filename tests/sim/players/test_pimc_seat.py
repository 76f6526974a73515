"""Complete hands and games with ``pimc`` seats: the kernel bound to pimc's decide module
(``sim.players.pimc.seat``, ``sim.table.bindings.player_kernels``).  Without a pimc seat the bound
copy plays the kernel's hands card for card; with pimc seats its hands are legal and scored as the
referee scores them, repeat whatever the thread count, and a pimc bidder's first bid depends on
nothing it cannot see."""

from __future__ import annotations

import numpy as np
import pytest
from click.testing import CliRunner

import sim
from analysis.cli import main
from sim import kernel as K
from sim.kernel import games as G
from sim.players import load_strategy
from sim.players.registry import PIMC_PLAYER
from sim.referee import replay_record as replay
from sim.rules import Rules
from sim.run.hands import NO_FORCE, Table, simulate
from sim.table.bindings import player_kernels

pytestmark = [pytest.mark.compile, pytest.mark.subprocess]

FAST = "pimc:worlds=12,bid_worlds=8"


def _records(kernel, table, rules, n, seed):
    kinds, rows = table.arrays()
    masks = np.empty((4, n), np.uint32)
    fields = np.empty((K.NREC - 4, n), np.int8)
    tally = np.zeros(((n + 63) // 64, K.NTALLY_ROW), np.int64)
    kernel.run_hands(seed, 0, n, 64, rules.pack(), kinds, rows, NO_FORCE, masks, fields, tally,
                     np.zeros(2, np.int64))
    return masks, fields, tally.sum(axis=0)


@pytest.mark.parametrize("rules", [Rules(), Rules(stick_the_dealer=True, defend_alone=True)])
def test_without_pimc_seats_the_loop_plays_the_kernels_hands(rules):
    table = Table.teams("basic", "random")
    a = _records(K, table, rules, 600, 5)
    b = _records(player_kernels(PIMC_PLAYER)[0], table, rules, 600, 5)
    for x, y in zip(a, b, strict=True):
        assert np.array_equal(x, y)


def test_without_pimc_seats_the_games_are_the_kernels():
    table = Table.teams("aggressive", "random")
    kinds, rows = table.arrays()
    out = []
    for game in (G, player_kernels(PIMC_PLAYER)[1]):
        recs = np.zeros((40, G.N_GAME_COLUMNS), np.int64)
        game.run_games(3, 0, 40, 8, Rules().pack(), kinds, rows, NO_FORCE, recs,
                       np.zeros((5, G.N_GAME_TALLY), np.int64),
                       np.zeros((5, K.NTALLY_ROW), np.int64))
        out.append(recs)
    assert np.array_equal(out[0], out[1])


def test_pimc_hands_are_legal_and_scored_as_the_referee_scores_them():
    table = Table((load_strategy(FAST), load_strategy("basic"), load_strategy(FAST),
                   load_strategy("random")))
    records = sim.trace(2, range(24), table=table)
    frame = simulate(24, 2, table=table, records=True).records
    for i, rec in enumerate(records):
        out = replay(rec)
        assert "error" not in out and "renege" not in out, (i, out)
        assert out["points"] == [int(frame.points0[i]), int(frame.points1[i])], i


def test_same_seed_same_hands_whatever_the_threads():
    table = Table.teams(FAST, "basic")
    one = simulate(40, 9, table=table, records=True, threads=1).records
    two = simulate(40, 9, table=table, records=True, threads=2).records
    assert one.equals(two)


@pytest.mark.slow
def test_a_traced_pimc_game_is_the_game_the_batch_plays():
    table = Table.teams(FAST, "basic")
    frame = sim.simulate_games(3, 4, table=table, records=True).records
    for g in range(3):
        hands = sim.trace_game(4, g, table=table)
        pts = [0, 0]
        for rec in hands:
            p = replay(rec)["points"]
            pts = [pts[0] + p[0], pts[1] + p[1]]
        assert pts == [int(frame.score0[g]), int(frame.score1[g])]
        assert len(hands) == int(frame.hands[g])


def _first_bid(deck, dealer, table):
    kinds, rows = table.arrays()
    kernel, _ = table.kernels()
    trace = np.zeros((K.MAX_EVENTS + 1, 4), np.int64)
    kernel.play_hand(kernel.seat.chunk_state(rows, kinds), np.asarray(deck, np.int64),
                     np.int64(dealer), Rules().pack(), kinds, rows, K.table_slots(rows),
                     np.uint64(0), np.uint64(77), np.zeros(1, np.int64), np.zeros(2, np.int64),
                     NO_FORCE, np.zeros(K.NRES, np.int64), np.zeros(4, np.int64), trace, True)
    return tuple(trace[1])


@pytest.mark.slow
def test_a_pimc_bidder_never_peeks():
    """The first bidder (the dealer's left) has seen his hand and the upcard: re-dealing the
    other 18 cards any way at all leaves his bid unchanged.  His hands (deck[0:5], the upcard
    deck[20]) include one he must order up on and one he must pass, so a bidder that made one
    bid whatever it held would fail."""
    from sim.cards import parse_card

    table = Table((load_strategy("basic"), load_strategy("pimc:bid_worlds=20"),
                   load_strategy("basic"), load_strategy("basic")))
    rng = np.random.default_rng(3)

    def deal(hand: str, upcard: str):
        mine = [parse_card(c) for c in hand.split()] + [parse_card(upcard)]
        rest = rng.permutation([c for c in range(24) if c not in mine])
        return np.r_[mine[:5], rest[:15], mine[5], rest[15:]]

    decks = [deal("JS JC AS KS QS", "9S"), deal("9H TD 9C TC QD", "9S")]
    decks += [rng.permutation(24) for _ in range(4)]
    bids = []
    for deck in decks:
        first = _first_bid(deck, 0, table)
        assert first[:2] == (K.EV_BID, 1)
        bids.append(first[2])
        for _ in range(3):
            other = deck.copy()
            hidden = np.r_[5:20, 21:24]
            other[hidden] = rng.permutation(deck[hidden])
            assert _first_bid(other, 0, table) == first
    assert bids[0] != bids[1], bids         # five trumps and the bowers: not a pass


@pytest.mark.parametrize("spec, word", [
    ("pimc:worlds=0", "worlds"), ("pimc:margin=-0.5", "margin"), ("pimc:colour=red", "colour"),
    ("pimc:pass_model=maybe", "pass_model"),
])
def test_a_bad_pimc_parameter_is_one_clear_line(spec, word):
    result = CliRunner().invoke(main, ["simulate", "--hands", "10", "--strategy", spec])
    assert result.exit_code != 0
    assert word in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_pimc_refuses_the_farmers_hand():
    with pytest.raises(ValueError, match="farmer"):
        simulate(4, 1, Rules(farmers_hand=True), Table.teams(FAST, "basic"))


def test_a_pimc_run_compiles_the_search_and_the_card_play_in_a_child(monkeypatch):
    """``turns.compile_ahead`` (called once a process by ``pimc_kernels``) starts one child for
    the search and the card play, and their first calls here wait for it; the bid and the
    discard are left to this process (about even halves of the cold compile)."""
    from sim.jit import apart
    from sim.players.pimc import turns
    from sim.solver import search

    started, waited = [], []
    monkeypatch.setattr(turns.sim.jit.ahead, "start",
                        lambda module, function, *d: started.append((module, function, d))
                        or "the child")
    monkeypatch.setattr(turns.sim.jit.ahead, "wait", waited.append)
    monkeypatch.setattr(apart, "_waits", {})
    turns.compile_ahead.__wrapped__()         # not the once-a-process cache around it
    assert started == [("sim.players.pimc.turns", "warm", (search.probe, turns.pimc_play))]
    assert set(apart._waits) == {("sim.solver.search", "probe"),
                                 ("sim.players.pimc.turns", "pimc_play")}
    apart._waits[("sim.solver.search", "probe")]()
    assert waited == ["the child"]
