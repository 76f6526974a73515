"""The strategy card: every class it names answers what the table does, recomputed here from the
table by another road (real hands, each dealt once, their features read from the cards); the
page is one page and no text on it is under the stated print size."""

from __future__ import annotations

import re
from itertools import combinations

import matplotlib
import numpy as np
import pandas as pd
import pytest

matplotlib.use("Agg")

from analysis.card import ACES_CAP, card_cells  # noqa: E402
from analysis.point_counts import agreement  # noqa: E402
from sim import POSITIONS, Rules, load_equilibrium_table  # noqa: E402
from sim.cards import EFF_SUIT, card  # noqa: E402
from sim.players.equilibrium import (  # noqa: E402
    N_CLASSES,
    N_RANKS,
    call_action,
    class_ids,
    info_index,
)

pytestmark = pytest.mark.compile

UPCARD_SUIT = 2          # hearts: the recomputation deals under one turned suit (they are alike)


@pytest.fixture(scope="module")
def table():
    return load_equilibrium_table(Rules())


@pytest.fixture(scope="module")
def cells(table):
    return card_cells(table)


def _features(hand_cards, trump):
    """(trumps, bowers code, off-suit aces) of real cards with ``trump``, by the printed cards."""
    trumps = [c for c in hand_cards if EFF_SUIT[trump, c] == trump]
    right = card(trump, 2) in hand_cards
    left = card(3 - trump, 2) in hand_cards
    bowers = 0 if right and left else 1 if right else 2 if left else 3
    aces = sum(1 for c in hand_cards if c % 6 == 5 and EFF_SUIT[trump, c] != trump)
    return len(trumps), bowers, min(aces, ACES_CAP)


@pytest.fixture(scope="module")
def dealt():
    """Every hand under each upcard rank (hearts turned), once: its first seat's information
    set and its class on the card, read from the printed cards."""
    ids = class_ids()
    out = []
    for rank in range(6):
        up = card(UPCARD_SUIT, rank)
        rest = [c for c in range(24) if c != up]
        for combo in combinations(rest, 5):
            hand = sum(1 << c for c in combo)
            i, swapped = info_index(ids, np.int64(hand), np.int64(up), 0)
            out.append((i, _features(combo, UPCARD_SUIT), _round2_class(combo, up, swapped)))
    return out


def _round2_class(combo, up, swapped):
    """(suit kind, trumps, bowers, aces) of the hand's longest suit in round 2 (ties: higher
    bowers, then the next suit, then the cross suit with the higher cards), and the table's
    round-2 action numbers for calling it (with a partner, alone)."""
    turned = up // 6
    nxt = 3 - turned
    crosses = sorted((s for s in range(4) if s not in (turned, nxt)),
                     key=lambda s: -sum(1 << (c % 6) for c in combo if c // 6 == s))
    best = None
    for order, s in enumerate([nxt, *crosses]):
        t, b, a = _features(combo, s)
        rank = (10 * t + 2 * (b in (0, 1)) + (b in (0, 2)), -order)
        if best is None or rank > best[0]:
            best = (rank, s, (t, b, a))
    s = best[1]
    acts = tuple(int(call_action(s, alone, up, swapped)) for alone in (False, True))
    return ("next" if s == nxt else "cross", *best[2]), acts


def _round1_by_class(table, dealt, k):
    """The table's round-1 shares summed for each (trumps, bowers, aces) over every hand
    position ``k`` can hold (the dealer counts his five after the discard, the card's own rule,
    so he is left to the cells' other tests)."""
    step = k * N_RANKS * N_CLASSES
    acc = {}
    for i, key, _ in dealt:
        a = acc.setdefault(key, np.zeros(4))
        a[:3] += table.round1[i + step]
        a[3] += 1
    return acc


@pytest.mark.parametrize("k", [0, 1, 2])
def test_round1_cells_are_the_tables_most_likely_action(table, cells, dealt, k):
    """Over all six upcard ranks, each class's most likely action (recomputed from real hands)
    is the card's, wherever the card's share leaves a margin (a class within 2 points of a tie
    may fall either way by rounding)."""
    total = _round1_by_class(table, dealt, k)
    c = cells[0]
    c = c[(c["round"] == 1) & (c["position"] == POSITIONS[k])].set_index(
        ["trumps", "bowers", "aces"])
    checked = 0
    for key, a in total.items():
        probs = a[:3] / a[3]
        row = c.loc[key]
        assert row["share"] == pytest.approx(probs.max(), abs=1e-9)
        if np.sort(probs)[-1] - np.sort(probs)[-2] > 0.02:
            assert int(row["action"]) == int(probs.argmax()), key
            checked += 1
    assert checked >= 25


def test_round2_cells_are_the_tables_most_likely_action(table, cells, dealt):
    """First seat's round 2, recomputed the same way: each hand weighted by the table's chance
    of passing it in round 1; actions pass, call the hand's suit, alone, another suit."""
    acc = {}
    for i, _, (key, (call, alone)) in dealt:
        row = table.round2[i]
        w = table.round1[i, 0]
        p = np.array([row[0], row[call], row[alone], 1 - row[0] - row[call] - row[alone]])
        a = acc.setdefault(key, np.zeros(5))
        a[:4] += w * p
        a[4] += w
    c = cells[0]
    c = c[(c["round"] == 2) & (c["position"] == "first")].set_index(
        ["suit", "trumps", "bowers", "aces"])
    checked = 0
    for key, a in acc.items():
        if a[4] == 0:
            continue
        probs = a[:4] / a[4]
        row = c.loc[key]
        assert row["share"] == pytest.approx(probs.max(), abs=1e-9), key
        if np.sort(probs)[-1] - np.sort(probs)[-2] > 0.02:
            assert int(row["action"]) == int(probs.argmax()), key
            checked += 1
    assert checked >= 25


def test_cells_weights_are_shares_of_the_deals(cells):
    c = cells[0]
    w = c.groupby(["round", "position"])["weight"].sum()
    assert np.allclose(w, 1.0)


def test_agreement_of_the_table_with_itself_is_exact_where_it_is_pure(table):
    a = agreement("fitted", table)
    assert set(a["position"]) == set(POSITIONS) and a["agree"].between(0, 1).all()
    assert (a[a["round"] == 1]["agree"] > 0.5).all()


def test_card_is_one_page_and_no_text_is_small(tmp_path):
    from analysis.plots.card import MIN_POINTS, page_texts
    from analysis.studies.card import CARD, figure, save_card

    result = CARD.run("equilibrium", Rules(), scores=("0-0", "9-8"))
    fig = figure(result)
    sizes = [t.get_fontsize() for t in page_texts(fig)]
    assert len(sizes) > 200 and min(sizes) >= MIN_POINTS
    w, h = fig.get_size_inches()
    assert (w, h) == (8.5, 11.0)
    pdf = tmp_path / "card.pdf"
    save_card(result, pdf)
    pages = re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes())
    assert len(pages) == 1
    scores = result.tables["scores"]
    assert set(scores["score"]) == {"0-0", "9-8"}
    assert (scores[scores["score"] == "0-0"]["cells_changed"] == 0).all()
    # the score panel's counts are the cells whose answer differs from 0-0's
    sc = result.tables["score_cells"].set_index(["score", "position", "suit", "trumps",
                                                 "bowers", "aces"])["action"]
    at98 = sc.xs("9-8", level="score")
    at00 = sc.xs("0-0", level="score").reindex(at98.index)
    changed = (at98 != at00).groupby(level="position").sum()
    got = scores[scores["score"] == "9-8"].set_index("position")["cells_changed"]
    assert (changed.reindex(got.index) == got).all() and got.sum() > 0


def test_a_parameterised_strategys_rows_are_its_bids_on_real_deals():
    """tuned's bids asked for one hand of each class (``policy_rows``) are the bids it makes on
    dealt hands of that class (``bids_on_deals``), round 1 and round 2."""
    import sim
    from sim.equilibrium.bids import policy_rows

    rules = Rules()
    policy = sim.bidding_policy("tuned", rules)
    r1, r2 = policy_rows(policy, rules)
    deals = sim.bids_on_deals(policy, rules, 3_000, 4)
    ids = class_ids()
    hands = deals["hand"].to_numpy()
    for j in range(0, len(deals), 7):
        row = deals.iloc[j]
        upcard = int(row["upcard"])
        i, _ = info_index(ids, np.int64(hands[j]), np.int64(upcard), int(row["position"]))
        assert np.allclose(r1[i], [row["pass"], row["order"], row["alone"]])
        assert r2[i, 0] == pytest.approx(row["r2_pass"])


def test_chart_refuses_the_search_player():
    from analysis.studies.card import CARD

    with pytest.raises(ValueError, match="search player"):
        CARD.run("pimc", Rules())


def test_count_card_has_no_mixed_cells_within_a_hand():
    """A count's table is pure: a class on its card is mixed only through the facts the card
    does not name (its share is a deal-weighted mix of pure hands)."""
    from sim.players.equilibrium_table import count_table

    t = count_table("trump-rule", Rules())
    assert set(np.unique(t.round1)) == {0.0, 1.0}
    c, _ = card_cells(t)
    first = c[(c["round"] == 1) & (c["position"] == "first")]
    # the trump rule orders from first seat with three trumps or more, whatever else it holds
    assert (first[first["trumps"] >= 3]["action"] > 0).all()
    assert (first[first["trumps"] < 3]["action"] == 0).all()
    assert isinstance(first, pd.DataFrame)
