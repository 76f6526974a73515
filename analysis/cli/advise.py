"""The ``advise`` command: price every option for one hand, seat and upcard.

Made from the advisor's question record (``analysis.questions.advise``: its inputs, answer and
text); this module adds the command line's own checks, the run's estimate and ``--yes``.
"""

from __future__ import annotations

import click

from analysis.cli.bounds import check_count, hands_rate, rate_of, sure, yes_option
from analysis.cli.questions import command
from analysis.questions.advise import QUESTION

DEAL_BYTES = 64  # memory kept for each accepted deal (each option's outcome, then joined)
FAST_DEALS = 5_000_000  # accepted deals that surely play in a minute
FAST_GAMES = 1_000_000  # games (of a simulated win table) that surely play in a minute


def _check_costs(values: dict, yes: bool) -> None:
    """The run's size (``--deals``, a warm-up's estimate: ``--yes`` past an hour) and, with
    ``--score``, the games of a simulated win table, checked before any deal is played."""
    deals_rate = rate_of(lambda k: QUESTION.answer({**values, "deals": k,
                                                    "precision": None}), 256)
    check_count("--deals", values["deals"], unit="deals", memory=DEAL_BYTES, yes=yes,
                sure=sure(FAST_DEALS, values["strategy"]), estimate=deals_rate)
    if values["score"] is not None:
        check_win_table(values["score"], values["rules"], values["strategy"], yes)


advise = command(QUESTION, before=_check_costs, decorators=(yes_option,), home=__name__, more=(
    "\b\nWith --score, each option's game win probability reads W(d, o), the dealing team's\n"
    "chance of winning from each score, from the shipped match-equity table of the rules; for\n"
    "rules with none it is simulated from games of the strategy (said in the output, with an\n"
    "estimate first; over an hour needs --yes)."))


def check_win_table(score, rules, table, yes: bool) -> None:
    """The score checked, and where the rules have no shipped match-equity table, the games
    that simulate one timed (``bounds.check_count``: said over a minute, over an hour only
    with ``--yes``)."""
    from analysis.win_model import WIN_TABLE_GAMES, parse_score, simulated_win

    try:
        parse_score(score, rules.game_to)
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    if not simulated_win(rules):
        return
    check_count("--score", WIN_TABLE_GAMES, unit="games of the win table", yes=yes,
                sure=sure(FAST_GAMES, table), smaller=False,
                estimate=hands_rate(table, rules, games=True),
                hint=f" (no shipped match-equity table for {rules.describe()}: W(d, o) is "
                     "simulated from games of the strategy), or leave out --score")


__all__ = ["advise", "check_win_table"]
