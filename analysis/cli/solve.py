"""``euchre-sim solve``: the exact value of positions (JSON lines) under perfect play.

Thin: reads lines, checks each with ``sim.solver.parse_position``, solves the good ones with
``sim.solver.solve_positions`` (a batch at a time) and prints one line per position, in order.
Bad lines are reported (stdout and one line on stderr each) and make the exit status 1.
"""

from __future__ import annotations

import json

import click

from analysis.cli.options import EXAMPLES_NOTE
from analysis.hands_in import json_lines
from sim import parse_position, solve_positions
from sim.cards import card_name

BATCH = 10_000  # positions solved per call of the search


def _read(lines):
    """Yield ``(line number, Position or error text)`` for each non-blank line."""
    for n, obj, bad in json_lines(lines):
        if bad:
            yield n, f"line {n}: {bad}"
            continue
        try:
            yield n, parse_position(obj)
        except ValueError as e:  # a PositionError, or a CardError from a card in it
            yield n, f"line {n}: {e}"


def _batches(items):
    batch = []
    for item in items:
        batch.append(item)
        if len(batch) == BATCH:
            yield batch
            batch = []
    if batch:
        yield batch


def _answer(solution) -> dict:
    cards = {card_name(c): v for c, v in sorted(solution.cards.items())}
    return {"value": solution.value, "cards": cards}


@click.command("solve", epilog=EXAMPLES_NOTE)
@click.argument("file", type=click.File("r", encoding="utf-8", errors="replace"),
                metavar="FILE")
@click.option("--lone-defender-points", type=click.Choice(["2", "4"]), default="4",
              show_default=True, help="Points for euchring the makers with a lone defender.")
@click.option("--threads", type=click.IntRange(min=1), default=None, metavar="K",
              help="Threads for the search (default: all).")
def solve(file, lone_defender_points, threads):
    """Solve positions exactly, with every hand face up: one JSON object per line (FILE, or -
    for stdin).

    A position is the hands when play began, trump, the maker, alone, the seat that leads,
    and optionally a lone defender and the cards played since (FORMATS.md):

    \b
    {"hands": [["JH","AH","KD","9C","TS"], ["QC","QD","TC","AC","JS"],
               ["9S","KH","QS","KC","9H"], ["TH","JD","AS","JC","9D"]],
     "trump": "H", "maker": 0, "alone": false, "leader": 1,
     "defender_alone": 1, "played": [[1, "AC"], [2, "KC"]]}

    Prints one line per position, in order: {"value": V, "cards": {"JH": V1, ...}}, where V
    is the points to the maker's team when all four play perfectly (makers maximise,
    defenders minimise: 1, 2, 4 for a lone march, -2, or -4 against a lone defender) and
    "cards" gives the value of each card the seat to move may play (empty when every card
    has been played: V is then the hand's score).  A bad line prints {"error": "line N: ..."}
    and a line on stderr; the others are still solved, and the exit status is 1.  Blank
    lines are skipped.

    \b
    Example:
        euchre-sim solve examples/positions.jsonl
        euchre-sim solve - --lone-defender-points 2 < positions.jsonl
    """
    points = int(lone_defender_points)
    lines = errors = 0
    for batch in _batches(_read(file)):
        good = [p for _, p in batch if not isinstance(p, str)]
        solutions = iter(solve_positions(good, points, threads))
        for _, item in batch:
            lines += 1
            if isinstance(item, str):
                errors += 1
                click.echo(item, err=True)
                click.echo(json.dumps({"error": item}))
            else:
                click.echo(json.dumps(_answer(next(solutions))))
    if not lines:
        name = getattr(file, "name", "<stdin>")
        where = "standard input" if name == "<stdin>" else name
        raise click.ClickException(f"{where}: no positions (the file is empty or holds only "
                                   "blank lines); give one JSON position a line")
    if errors:
        click.get_current_context().exit(1)
