"""A new player is a decide module, a record and one registration call, with nothing edited
outside them: this test module is all three for a throwaway player, ``never-orders`` (basic, but
it never orders the upcard up, not even as the dealer), and plays it in the kernel (a copy bound
to this module, ``sim.table.bindings``) and in the referee (``sim.run.refereed``, asking it through
its agent), which agree hand for hand.

The module is its own decide module: it takes the built-ins' decide interface
(``sim.players.decide``) and replaces the two round-1 decisions for seats of its kind.
"""

from __future__ import annotations

import pytest
from numba import njit

from sim.players import decide
from sim.players.decide import *  # noqa: F403  (the decide interface; two decisions replaced)

KIND = 200          # a kind number no built-in player takes


@njit(cache=True, inline="always", _nrt=False)
def plain_round1(kinds):
    """Basic's four round-1 bids at once only where no seat is this player."""
    plain = decide.plain_round1(kinds)
    for s in range(4):
        plain = plain and kinds[s] != KIND
    return plain


@njit(cache=True, inline="always", _nrt=False)
def order_up(ps, kinds, seat, k, hand, dealer, upcard, seat_table, ctx, rules, scores,
             play_key, seat_key, draws):
    """Pass in round 1 at this player's seats; the built-ins' decision elsewhere."""
    if kinds[seat] == KIND:
        return 0, 0
    return decide.order_up(ps, kinds, seat, k, hand, dealer, upcard, seat_table, ctx, rules,
                           scores, play_key, seat_key, draws)


@pytest.fixture(scope="module")
def never_orders():
    from sim.players import PlayerType, register, unregister

    player = register(PlayerType("never-orders", KIND, "basic, but it never orders up",
                                 decide=__name__, home=__name__))
    yield player
    unregister(player.name)


@pytest.mark.compile
def test_the_new_player_plays_in_the_kernel(never_orders):
    from sim import Rules, Table, simulate
    from sim.players import BUILTINS, load_strategy

    assert load_strategy("never-orders").player is never_orders and "never-orders" in BUILTINS
    table = Table.teams("never-orders", "basic")
    assert table.kernels()[0].__name__.startswith("euchre_kernel_copy_")
    ours = simulate(3000, 5, Rules(), table, records=True).records
    basics = simulate(3000, 5, Rules(), Table.teams("basic", "basic"), records=True).records
    made_by_us = ours["maker"].isin([0, 2])
    assert not (made_by_us & (ours["round"] == 1)).any()       # it never orders up
    assert (made_by_us & (ours["round"] == 2)).sum() > 300     # it still calls in round 2
    # where basic's seats 0 and 2 passed round 1 anyway, the hands are played the same
    same = ~((basics["round"] == 1) & basics["maker"].isin([0, 2]))
    cols = ["round", "maker", "trump", "alone", "maker_tricks", "points0", "points1"]
    assert same.sum() > 1500
    assert ours.loc[same, cols].equals(basics.loc[same, cols])


@pytest.mark.compile
def test_the_new_player_plays_in_the_referee_as_in_the_kernel(never_orders):
    from sim import Rules, RunSpec, Table, trace
    from sim.run.refereed import records

    table = Table.teams("never-orders", "tuned")
    spec = RunSpec.of(seed=9, rules=Rules(), table=table)
    kernel = trace(9, range(60), Rules(), table)
    referee = records(spec, range(60))
    assert [r["bids"] for r in referee] == [r["bids"] for r in kernel]
    assert [r["plays"] for r in referee] == [r["plays"] for r in kernel]


@pytest.mark.compile
def test_a_registered_kind_or_name_is_not_taken_twice(never_orders):
    from sim.players import PlayerType, register

    with pytest.raises(ValueError, match="kind 200 belongs to never-orders"):
        register(PlayerType("another", KIND, "clashes"))
    with pytest.raises(ValueError, match="registered already"):
        register(PlayerType("never-orders", 201, "clashes"))
    assert register(never_orders) is never_orders
    from sim import Table

    assert Table.teams("never-orders").arrays()[0].tolist() == [KIND] * 4
