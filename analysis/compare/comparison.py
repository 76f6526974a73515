"""The whole rule comparison: both rule sets played on the same hands and games
(``compare_rules``), every table of it in one ``RuleComparison``."""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from analysis.compare.differences import compare_games, compare_hands, maker_rates
from analysis.compare.play import play_games, play_hands
from analysis.compare.verdicts import maker_verdicts, rules_label
from analysis.stats import DEFAULT_CONFIDENCE
from sim import Rules


@dataclass
class RuleComparison:
    rules_a: Rules
    rules_b: Rules
    seed: int
    hands: int
    games: int
    hand_table: pd.DataFrame
    game_table: pd.DataFrame | None
    makers: pd.DataFrame
    win_probability: pd.DataFrame | None  # both rule sets, column ``rules``
    game_summary: pd.DataFrame | None
    wall_s: float = 0.0

    @property
    def table(self) -> pd.DataFrame:
        parts = [self.hand_table] + ([self.game_table] if self.game_table is not None else [])
        return pd.concat(parts, ignore_index=True)

    def verdicts(self) -> list[str]:
        return list(self.table["verdict"]) + maker_verdicts(self.makers)


def compare_rules(
    hands: int,
    games: int,
    seed: int = 0,
    rules_a: Rules | None = None,
    rules_b: Rules | None = None,
    table=None,
    *,
    threads: int | None = None,
    executor=None,
    confidence: float = DEFAULT_CONFIDENCE,
    progress=None,
) -> RuleComparison:
    """Play ``hands`` hands and ``games`` games (0: none) under rules A and B on the same seed.

    Hand ``i`` is the same deal under both and game ``g`` has the same draw for deal and the
    same cards for its ``j``-th hand (common random numbers).  Every difference B - A is the
    mean of per-hand (or per-game) differences with a paired 95% normal interval; the unpaired
    interval treats the two sides as independent samples.

    Defaults: A the published rules, B the same with stick the dealer; ``table`` the basic
    strategy at every seat.  ``progress(k)`` receives hands and games as they finish (``2 *
    (hands + games)`` in all).
    """
    import time

    from sim import RunSpec

    spec = RunSpec.of(seed, rules_a, table, threads)
    seed, rules_a, table = spec.seed, spec.rules, spec.table
    rules_b = rules_b or rules_a.replace(stick_the_dealer=True)
    if rules_a == rules_b:
        raise ValueError(f"rules A and B are the same ({rules_a.describe()}); nothing to compare")
    t0 = time.perf_counter()
    ha = play_hands(hands, seed, rules_a, table, threads=threads, progress=progress,
                    executor=executor)
    hb = play_hands(hands, seed, rules_b, table, threads=threads, progress=progress,
                    executor=executor)
    hand_table = compare_hands(ha, hb, confidence)
    makers = pd.concat([maker_rates(ha, confidence), maker_rates(hb, confidence)],
                       ignore_index=True)  # fmt: skip
    del ha, hb
    game_table = wp = gsum = None
    if games:
        ga = play_games(games, seed, rules_a, table, threads=threads, progress=progress,
                    executor=executor)
        gb = play_games(games, seed, rules_b, table, threads=threads, progress=progress,
                    executor=executor)
        game_table = compare_games(ga, gb, confidence)
        wp = pd.concat([g.win_probability.assign(rules=rules_label(g.rules)) for g in (ga, gb)],
                       ignore_index=True)  # fmt: skip
        gsum = pd.concat([g.summary.assign(rules=rules_label(g.rules)) for g in (ga, gb)],
                         ignore_index=True)  # fmt: skip
    return RuleComparison(rules_a, rules_b, seed, hands, games, hand_table, game_table, makers, wp,
                      gsum, time.perf_counter() - t0)  # fmt: skip
