"""The ``advise`` command: price every option for one hand, seat and upcard.

A thin wrapper over ``analysis.advise_hand``: one line per option, then the recommendation
with the paired interval of the best against the runner-up.
"""

from __future__ import annotations

import json
import sys

import click

from analysis.cli.bounds import check_count, hands_rate, rate_of, sure, yes_option
from analysis.cli.options import rules_options, shows_progress, strategy_options
from analysis.text.advice import advice_json, format_advice

DEAL_BYTES = 64  # memory kept for each accepted deal (each option's outcome, then joined)
FAST_DEALS = 5_000_000  # accepted deals that surely play in a minute
FAST_GAMES = 1_000_000  # games (of a simulated win table) that surely play in a minute


@click.command()
@click.argument("hand")
@click.option("--upcard", required=True, metavar="CARD", help="The upcard (round 2: turned down).")
@click.option("--position", required=True, metavar="POS", help="first, second, third or dealer.")
@click.option(
    "--round",
    "round_",
    default="1",
    metavar="1|2",
    show_default=True,
    help="Round of bidding: 1 order up or pass, 2 call a suit or pass.",
)
@click.option(
    "--score",
    default=None,
    metavar="US-THEM",
    help="Score before the hand, the player's team first: adds game win probability.",
)
@rules_options
@strategy_options
@click.option(
    "--deals",
    type=int,
    default=None,
    metavar="N",
    help="Accepted deals to play (deals where the auction reaches the player).",
)
@click.option(
    "--precision",
    type=float,
    default=None,
    metavar="POINTS",
    help="Deal until the paired 95% interval of the top two options is this narrow.",
)
@click.option(
    "--discard",
    default=None,
    metavar="CARD",
    help="As dealer in round 1: the card to discard after picking up.",
)
@click.option("--assume-passed", is_flag=True,
              help="Round 2: assume the player passed in round 1, even with a hand his "
                   "strategy would have ordered with (stated in the output).")
@click.option("--seed", type=int, default=1, show_default=True, help="Run seed.")
@click.option("--json", "as_json", is_flag=True, help="Print the options and advice as JSON.")
@click.option("--silent", is_flag=True, help="No progress bar.")
@yes_option
def advise(
    hand,
    upcard,
    position,
    round_,
    score,
    rules,
    table,
    deals,
    precision,
    discard,
    assume_passed,
    seed,
    as_json,
    silent,
    yes,
):
    """Price every option for one hand: pass, order up, alone (or call a suit in round 2).

    The unseen cards are dealt at random consistent with what the player sees; every option is
    played on the same deals by the chosen strategy for everyone else.  Without --deals or
    --precision it deals until each option's 95% interval is within ±0.02 points.

    \b
    With --score, each option's game win probability reads W(d, o), the dealing team's
    chance of winning from each score, from the shipped match-equity table of the rules; for
    rules with none it is simulated from games of the strategy (said in the output, with an
    estimate first; over an hour needs --yes).

    \b
    Example:
        euchre-sim advise "JS AS 9H 9D TC" --upcard 9S --position first
        euchre-sim advise "9C TC 9D TD QS" --upcard 9H --position second --round 2 --score 6-8
    """
    from analysis.advise import advise_hand

    kwargs = dict(
        hand=hand, upcard=upcard, position=position, round_=round_, score=score,
        strategy=table, rules=rules, deals=deals, precision=precision, seed=seed,
        discard=discard, assume_passed=assume_passed,
    )  # fmt: skip
    bars = []
    deals_rate = rate_of(lambda k: advise_hand(**{**kwargs, "deals": k, "precision": None}), 256)
    try:
        check_count("--deals", deals, unit="deals", memory=DEAL_BYTES, yes=yes,
                    sure=sure(FAST_DEALS, table), estimate=deals_rate)
    except ValueError as e:  # the hand, the upcard or another option, found by the warm-up
        raise click.ClickException(str(e)) from None
    if score is not None:
        check_win_table(score, rules, table, yes)

    def progress(done, total):
        # the bar starts with the first batch, so bad input gives only its one error line
        if not bars:
            bars.append(click.progressbar(length=max(total, 1), label="deals", file=sys.stderr))
            bars[0].__enter__()
        bar = bars[0]
        bar.length = max(total, 1)
        bar.update(done - bar.pos)

    try:
        df = advise_hand(progress=progress if shows_progress(silent) else None, **kwargs)
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    finally:
        if bars:
            bars[0].__exit__(None, None, None)
    if as_json:
        click.echo(json.dumps(advice_json(df), indent=2))
    else:
        click.echo(format_advice(df))


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
