"""``euchre-sim chart``: the equilibrium's strategy chart at the terminal (or as JSON), made from
the chart's question record (``analysis.questions.chart``), as the web's Strategy chart page
shows it.  The printable card moved to ``euchre-sim card``: its options given here say so."""

from __future__ import annotations

import click

from analysis.cli.questions import command
from analysis.questions.chart import QUESTION

CARD_OPTIONS = ("out", "paper", "no_score", "force", "card_strategy")


def _card_options(f):
    """The card's options, hidden, so that a line written for the card says where it went."""
    for name, flag in (("out", "--out"), ("paper", "--paper"), ("card_strategy", "--strategy")):
        f = click.option(flag, name, default=None, hidden=True)(f)
    for name, flag in (("no_score", "--no-score"), ("force", "--force")):
        f = click.option(flag, name, is_flag=True, hidden=True)(f)
    return f


def _not_the_card(values: dict, **card) -> None:
    if any(card.get(k) for k in CARD_OPTIONS):
        given = " ".join(f"--{k.replace('card_', '').replace('_', '-')}" for k in CARD_OPTIONS
                         if card.get(k))
        raise click.ClickException(
            f"{given}: the printable strategy card is 'euchre-sim card' (e.g. euchre-sim card "
            "--out card.pdf); 'euchre-sim chart' prints the chart at the terminal")


chart = command(QUESTION, before=_not_the_card, decorators=(_card_options,), home=__name__)

__all__ = ["chart"]
