"""The order-up study: when to order up and when to go alone.  Observed bidding rates
(``observed``), paired counterfactuals on the same deals (``paired``) and the change in game win
probability at a score (``win_gain``), the hands played by the strategy or perfectly
(``perfect_play``).  Records stream into small integer tallies, so memory stays flat.
"""

from analysis.orderup.observed import (
    N_OUTCOMES,
    ObservedTally,
    observe,
    observed_rates,
    observed_tally,
    outcome_code,
    outcome_table,
)
from analysis.orderup.paired import (
    ALONE_VS_PARTNER,
    MARCH_CHECK_NOTE,
    ORDER_VS_PASS,
    ForcedChoice,
    PairedTally,
    counterfactual,
    counterfactual_table,
    deals_table,
    march_check,
    paired_deals,
    team_net,
)
from analysis.orderup.perfect_play import (
    BIDDING_HOOKS,
    PERFECT_TRICKS,
    PLAYS,
    check_play,
    perfect_records,
)
from analysis.orderup.tallies import GROUPINGS, NET_VALUES, mean_columns
from analysis.orderup.win_gain import (
    N_HAND_RESULTS,
    N_TEAM_POINTS,
    WinGainTally,
    deciding_seat,
    points_for_and_against,
    result_win_probability,
    team_scores,
    win_gain_table,
    win_probability_gain,
)

__all__ = [
    "march_check",
    "MARCH_CHECK_NOTE",
    "N_OUTCOMES", "NET_VALUES", "GROUPINGS", "outcome_code", "outcome_table",
    "PLAYS", "check_play", "perfect_records", "PERFECT_TRICKS", "BIDDING_HOOKS",
    "ObservedTally", "observed_tally", "observe", "observed_rates", "mean_columns", "ForcedChoice",
    "ORDER_VS_PASS", "ALONE_VS_PARTNER", "PairedTally", "team_net", "paired_deals",
    "counterfactual", "counterfactual_table", "deals_table", "N_TEAM_POINTS",
    "N_HAND_RESULTS", "team_scores", "deciding_seat", "WinGainTally", "points_for_and_against",
    "win_probability_gain", "result_win_probability", "win_gain_table",
]  # fmt: skip
