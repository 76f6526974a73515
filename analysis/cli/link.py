"""The ``link`` command: a hand record as a short code for a link, and back (``sim.links``)."""

from __future__ import annotations

import json

import click

from analysis.cli.options import EXAMPLES_NOTE
from analysis.cli.questions import LINK_BASE
from analysis.hands_in import hand_entries


@click.command("link", epilog=EXAMPLES_NOTE)
@click.argument("source", metavar="FILE", required=False,
                type=click.File("r", encoding="utf-8", errors="replace"))
@click.option("--read", "code", metavar="CODE",
              help="Print the hand record of CODE as JSON instead.")
@click.option("--url", is_flag=False, flag_value=LINK_BASE, default=None, metavar="[URL]",
              help=f"Print each code as the address of its review on the web's Review page (of "
                   f"euchre-sim serve at URL, default {LINK_BASE}).")
def link(source, code, url):
    """Print a short code for each hand in FILE, or read one back with --read.

    FILE holds hand records, one JSON object a line, or PTN records ('-' reads standard
    input); each complete, legal hand gets one line: its code, letters and digits, about 13-22
    characters, that carries the deal, every bid, the discard and every card played, and the
    record's own rules and game score. A code keeps working in later versions (its first
    character is its version; its last is a check). The order of the cards within each hand is
    not kept: they come back in card order. A record's "note" (free text) is left out, and
    said so on standard error.

    \b
    Example:
        euchre-sim show --seed 1 --hand 42 --json > hand42.json
        euchre-sim link hand42.json
        euchre-sim link hand42.json --url
        euchre-sim link --read 1Vp7OMPfkbTysaE0
        euchre-sim link --read 1Vp7OMPfkbTysaE0 | euchre-sim replay -
    """
    from sim.links import hand_code, read_hand_code

    if code is not None and url is not None:
        raise click.ClickException("--url is for the codes of a FILE, not for --read")
    if (source is None) == (code is None):
        raise click.ClickException("give a FILE of hand records, or --read CODE (not both)")
    if code is not None:
        try:
            click.echo(json.dumps(read_hand_code(code)))
        except ValueError as e:
            raise click.ClickException(str(e)) from None
        return
    entries, _ = hand_entries(source)
    if not entries:
        raise click.ClickException("no hand records in the input")
    codes = []
    for n, obj, problem in entries:
        try:
            if problem is not None:
                raise ValueError(problem)
            if isinstance(obj, dict) and "note" in obj:
                obj = {k: v for k, v in obj.items() if k != "note"}
                click.echo(f"hand {n}: its note is left out (a link carries no free text)",
                           err=True)
            codes.append(hand_code(obj))
        except ValueError as e:
            raise click.ClickException(f"hand {n}: {e}") from None
    click.echo("\n".join(codes if url is None else (f"{url}review?h={c}" for c in codes)))
