"""The fast kernel against the slow referee: traced hands must be legal and score identically.

Every traced hand is replayed through ``sim.referee`` (strict: any illegal action is an error),
and the referee's trump, maker, alone flags, tricks and points must equal what the kernel
counted for the same hand index in records mode (``sim.run.crosscheck``, which
``scripts/crosscheck.py`` runs on a million hands).
"""

import numpy as np
import pytest

from sim.rules import Rules
from sim.run.crosscheck import CASES, check_case
from sim.run.hands import Table, simulate, trace

pytestmark = pytest.mark.compile

HANDS_PER_CASE = 2_500   # 8 cases: 20,000 hands


@pytest.mark.parametrize("case", range(len(CASES)))
def test_kernel_traces_replay_identically(case):
    bad = check_case(case, seed=100 + case, n=HANDS_PER_CASE)
    assert not bad, bad[:3]


def test_trace_matches_records_mode_deal():
    rules = Rules(farmers_hand=True)
    recs = simulate(300, seed=4, rules=rules, records=True).records
    traced = trace(4, range(300), rules)
    from sim.cards import mask_of, parse_cards

    for rec, row in zip(traced, recs.itertuples(index=False), strict=True):
        assert rec["dealer"] == row.dealer
        for seat in range(4):
            assert mask_of(parse_cards(rec["hands"][seat])) == getattr(row, f"hand{seat}")


def test_rare_rules_are_exercised():
    """The mixed cases above really contain loners, lone defenders, farmers and forced dealers."""
    rules = Rules(stick_the_dealer=True, farmers_hand=True, defend_alone=True)
    r = simulate(200_000, seed=1, rules=rules, table=Table.teams("random"), records=True).records
    assert (r.farmer >= 0).sum() > 0
    assert (r.defender_alone >= 0).sum() > 0
    pos = (r.maker.astype(int) - r.dealer.astype(int) - 1) % 4
    assert ((r["round"] == 2) & (pos == 3)).sum() > 0
    lone_def_euchre = r[(r.defender_alone >= 0) & (r.maker_tricks < 3)]
    assert len(lone_def_euchre) > 0
    assert np.all(np.maximum(lone_def_euchre.points0, lone_def_euchre.points1) == 4)
