"""The fast kernel against the slow referee: kernel-traced hands replayed through ``sim.referee``.

``CASES`` is the mix of rule sets and team pairings the check cycles through (common and rare
rules: loners, lone defenders, farmer's hands, forced dealers); ``check_hands`` traces a block
of hands, plays the same indices in records mode and lists every hand where the referee
disagrees.  ``scripts/crosscheck.py`` runs it on a million hands; the tests run it smaller.
"""

from __future__ import annotations

from sim.referee import replay_record
from sim.rules import Rules
from sim.run.hands import Table, simulate, trace

CASES = [
    (Rules(), ("basic", "basic")),
    (Rules(), ("random", "random")),
    (Rules(stick_the_dealer=True), ("basic", "random")),
    (Rules(stick_the_dealer=True, defend_alone=True), ("random", "basic")),
    (Rules(farmers_hand=True, defend_alone=True), ("random", "random")),
    (Rules(dealer_may_discard_upcard=False), ("random", "trump-count")),
    (Rules(dealer_discards_when_partner_alone=False, farmers_hand=True), ("random", "random")),
    (Rules(stick_the_dealer=True, farmers_hand=True, defend_alone=True), ("aggressive",
                                                                          "conservative")),
]


def _disagreement(record: dict, row, rules: Rules):
    """None when the referee scores ``record`` as the kernel's records-mode ``row`` says, else
    (record, referee error) or (record, what the referee found, what the kernel counted)."""
    res = replay_record(record, rules)
    if "error" in res:
        return (record, res["error"])
    expect = {
        "round": row.round or None,
        "maker": None if row.maker < 0 else row.maker,
        "alone": bool(row.alone) if row.round else False,
        "defender_alone": None if row.defender_alone < 0 else row.defender_alone,
        "points": [row.points0, row.points1],
    }
    got = {k: res[k] for k in expect}
    if row.round:
        maker_team = row.maker % 2
        if res["tricks"][maker_team] != row.maker_tricks:
            got["maker_tricks"] = res["tricks"][maker_team]
            expect["maker_tricks"] = row.maker_tricks
        if "SHDC".find(res["trump"]) < 0 or "CDHS".index(res["trump"]) != row.trump:
            got["trump"], expect["trump"] = res["trump"], row.trump
    elif not res["passed_out"]:
        got["passed_out"], expect["passed_out"] = res["passed_out"], True
    return None if got == expect else (record, got, expect)


def check_hands(rules: Rules, table: Table, seed: int, n: int, start: int = 0,
                threads: int | None = None) -> list[tuple]:
    """Trace hands ``start .. start+n-1`` and replay each through the strict referee.

    Returns
    -------
    list
        One tuple per hand where the referee found an illegal action (record, error) or a
        different trump, maker, alone flags, tricks or points (record, referee, kernel).
    """
    records = simulate(n, seed=seed, rules=rules, table=table, records=True, start=start,
                       threads=threads).records
    traced = trace(seed, range(start, start + n), rules, table)
    found = (_disagreement(rec, row, rules)
             for rec, row in zip(traced, records.itertuples(index=False), strict=True))
    return [d for d in found if d is not None]


def check_case(case: int, seed: int, n: int, start: int = 0, threads: int | None = None):
    """``check_hands`` on ``CASES[case % len(CASES)]`` (its rules and team pairing)."""
    rules, (a, b) = CASES[case % len(CASES)]
    return check_hands(rules, Table.teams(a, b), seed, n, start, threads)


__all__ = ["CASES", "check_hands", "check_case"]
