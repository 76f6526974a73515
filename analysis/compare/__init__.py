"""The paired comparison of two rule sets (default: the published redeal rule against stick the
dealer) on the same hands and games of one seed: playing them (``play``), the tables of
differences B - A with paired and unpaired 95% intervals (``differences``) and their verdicts.
"""

from analysis.compare.comparison import RuleComparison, compare_rules
from analysis.compare.differences import (
    COMPARE_COLUMNS,
    check_pairing,
    compare_games,
    compare_hands,
    difference_row,
    hand_values,
    maker_rates,
    win_probability_difference,
)
from analysis.compare.play import GameArrays, HandArrays, play_games, play_hands
from analysis.compare.verdicts import maker_verdicts, rules_label, verdict

__all__ = [
    "HandArrays", "GameArrays", "RuleComparison", "play_hands", "play_games", "hand_values",
    "compare_hands", "compare_games", "maker_rates", "compare_rules", "verdict",
    "maker_verdicts", "rules_label", "check_pairing", "difference_row",
    "win_probability_difference", "COMPARE_COLUMNS",
]  # fmt: skip
