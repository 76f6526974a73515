"""``euchre-sim card``: the printable strategy card of a bidding table (the study
``analysis.studies.CARD``), written as one page (PDF, SVG or PNG) or as a run folder."""

from __future__ import annotations

from pathlib import Path

import click

from analysis.cli.options import reproduce_line, rules_options

PAGES = ("pdf", "svg", "png")


@click.command("card")
@rules_options
@click.option("--strategy", default="equilibrium", show_default=True, metavar="NAME",
              help="equilibrium, a point count (euchre-universe, ohio-bps, trickster, "
                   "trump-rule, fitted), equilibrium:table=FILE, or a parameterised strategy "
                   "(tuned, basic, a TOML file: its bids asked for every hand class); not pimc.")
@click.option("--out", type=click.Path(path_type=Path), required=True,
              help="card.pdf, card.svg or card.png (one page), or a folder: the run folder "
                   "(the three pages, cells.csv, notes.csv, scores.csv, manifest.json).")
@click.option("--paper", type=click.Choice(["letter", "a4"]), default="letter",
              show_default=True, help="The page size.")
@click.option("--no-score", is_flag=True, help="Leave out the score panel.")
@click.option("--force", is_flag=True, help="Overwrite an existing page or run folder at --out.")
def card(rules, strategy, out, paper, no_score, force):
    """Draw the strategy card: what STRATEGY bids for each hand class a player can count
    (the same bids as a grid at the terminal: 'euchre-sim chart').

    Round 1 (order up, alone) and round 2 (call, which suit, alone) for each position, by
    trumps, bowers and off-suit aces, with the share of the class where it is mixed; a score
    panel where the rules have score tables; the rules, the model of play and the version on
    the page.  Text is at least 7 points on the page.

    \b
    Example:
        euchre-sim card --out card.pdf
        euchre-sim card --stick-the-dealer --paper a4 --out stick.pdf
        euchre-sim card --strategy euchre-universe --out eu.png
        euchre-sim card --strategy tuned --out tuned.pdf
        euchre-sim card --out results/card/published --force
    """
    from analysis.studies.card import CARD, SCORES, save_card
    from sim.atomic import write_atomic
    from sim.players.equilibrium_table import TableError
    from sim.run.folders import RunFolderError, check_writable

    page = out.suffix.lower().lstrip(".")
    if page and page not in PAGES:
        raise click.ClickException(f"--out {out}: the card is one page, card.pdf, card.svg or "
                                   "card.png, or a run folder (a path without a suffix)")
    if page:
        if out.exists() and not force:
            raise click.ClickException(f"--out {out} exists: add --force to overwrite it, or "
                                       "give another --out")
        try:
            check_writable("--out", out)
        except RunFolderError as e:
            raise click.ClickException(str(e)) from None
    _check_farmers(strategy, rules)
    try:
        result = CARD.run(strategy, rules, scores=None if no_score else SCORES, paper=paper)
        if page:    # whole or not at all: a page is renamed into place once written
            write_atomic(out, lambda tmp: save_card(result, tmp, page))
        else:
            result.write(out, force=force, command=reproduce_line(
                click.get_current_context(), always=(), leave_out=("force",)))
    except (ValueError, TableError, FileExistsError) as e:
        raise click.ClickException(str(e)) from None
    click.echo(result.text())
    click.echo(f"wrote {out}")


def _check_farmers(strategy, rules) -> None:
    """Under the farmer's hand only a point count has a card (every other strategy's card is
    read through the bidding game, which has no swap before the bids): say so, naming what
    works."""
    from sim import POINT_COUNTS, load_strategy

    if not rules.farmers_hand:
        return
    try:
        counted = "count" in load_strategy(strategy).params
    except ValueError:
        return                           # the card's own run says what is wrong with it
    if not counted:
        raise click.ClickException(
            f"--strategy {strategy}: under the farmer's hand house rule only a point count has "
            f"a card ({', '.join(POINT_COUNTS)}, e.g. --strategy fitted): the bidding game "
            "other cards are read through has no swap before the bids; or leave farmers_hand "
            "off")
