"""What the order-up and alone text promises: a file it names is one it wrote, and an interval
of a difference of two probabilities stays within [-100, +100] percentage points."""

from __future__ import annotations

import numpy as np

from analysis import features as F
from analysis import orderup as O
from analysis.orderup import win_gain as W
from analysis.text import orderup as T


def _march_tally():
    t = O.PairedTally(O.ALONE_VS_PARTNER)
    c = F.class_code(4, 1, 1, 0)
    t.by_class[3, c, 4 + 4, 1 + 4] = 30   # alone marches, with partner 3-4 tricks
    t.by_class[3, c, 1 + 4, 2 + 4] = 10
    t.by_class[3, c, 4 + 4, 2 + 4] = 60
    return t


def test_the_march_check_names_its_csv_only_when_it_was_written():
    t = _march_tally()
    tables = {"trumps": O.counterfactual_table(t, by="trumps", pooled=True),
              "march_check": O.march_check(O.counterfactual_table(t, by="class"))}
    printed = T.format_headline(tables, t, "alone", "partner")
    assert "march check: 1 of 1 hand classes" in printed and "dealer 4T 1A R" in printed
    assert "alone_march_check.csv" not in printed
    written = T.format_headline(tables, t, "alone", "partner", written=True)
    assert "in alone_march_check.csv and here:" in written


def test_a_win_probability_difference_stays_within_a_hundred_points():
    """Two deals at 8-9: making two points wins the game, letting the other team score one
    loses it; the normal interval of such a mean runs past +-1, the table's does not."""
    tally = W.WinGainTally(O.ORDER_VS_PASS, (8, 9), np.full((10, 10), 0.5))
    c = F.class_code(3, 1, 0, 0)
    win, lose = 2 * W.N_TEAM_POINTS + 0, 0 * W.N_TEAM_POINTS + 1
    tally.by_class[0, c, win, lose] = 1
    tally.by_class[0, c, lose, win] = 1
    tally.deals[0] = tally.hands[0] = 2
    df = W.win_gain_table(tally, by="class")
    row = df.iloc[0]
    assert row["win_gain"] == 0
    half = 1.96 * row["win_gain_se"]
    assert row["win_gain"] + half > 1 and row["win_gain"] - half < -1   # the normal interval
    assert (row["win_gain_low"], row["win_gain_high"]) == (-1.0, 1.0)
    text = T.format_win_headline(W.win_gain_table(tally, by="trumps"), tally)
    assert "[-100.00, +100.00]" in text and "clipped to [-100, +100]" in text
    # one deal has no interval, clipped or not
    tally.by_class[0, c, lose, win] = 0
    one = W.win_gain_table(tally, by="class").iloc[0]
    assert np.isnan(one["win_gain_low"]) and np.isnan(one["win_gain_high"])
