"""``euchre-sim replay``: check and score hand records (JSON lines) with the rules referee.

Thin: reads lines, calls ``sim.replay_record`` and prints.  Every line is processed;
bad ones are reported (stdout and one line on stderr each) and make the exit status 1.
"""

from __future__ import annotations

import json

import click

from analysis.cli.options import EXAMPLES_NOTE, json_lines
from sim import parse_rules, replay_record


def _results(lines, rules, reneges):
    """Yield ``(hand number, result)`` for each non-blank line (numbered by line)."""
    for n, obj, bad in json_lines(lines):
        if bad:
            yield n, {"error": f"line {n}: {bad}"}
        else:
            yield n, replay_record(obj, rules, reneges)


def _summary_text(s: dict) -> str:
    rows = [
        ("hands", s["hands"]),
        ("legal", s["legal"]),
        ("reneges", s["reneges"]),
        ("errors", s["errors"]),
        ("passed out", s["passed_out"]),
        ("points, team 0", s["points"][0]),
        ("points, team 1", s["points"][1]),
    ]
    width = max(len(str(v)) for _, v in rows)
    return "\n".join(f"{label:<16}{value:>{width}}" for label, value in rows)


@click.command("replay", epilog=EXAMPLES_NOTE)
@click.argument(
    "file",
    type=click.File("r", encoding="utf-8", errors="replace"),
    metavar="FILE",
)
@click.option(
    "--rules",
    "rules_spec",
    metavar="SPEC",
    default=None,
    help="Rules to replay under: a preset (published, stick-the-dealer, house, short-game) "
    "and/or options, e.g. 'stick-the-dealer,defend_alone'.  Default: published rules.  "
    'A record\'s own "rules" overrides these for that hand.',
)
@click.option("--reneges", is_flag=True, help="Play out failures to follow suit and penalise "
              "the first one (renege_penalty points to the other team) instead of rejecting "
              "the hand.")  # fmt: skip
@click.option("--summary", is_flag=True, help="Print counts and points instead of one line "
              "per hand.")  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="With --summary: print it as JSON.")
def replay(file, rules_spec, reneges, summary, as_json):
    """Check and score hand records, one JSON object per line (FILE, or - for stdin).

    Prints one JSON result per hand: {"hand": N (the line number), "trump", "maker", "alone",
    "defender_alone", "round", "passed_out", "tricks", "trick_winners", "points"}, plus
    "error" (the field or step at fault, and why) or "renege".  Blank lines are skipped.
    Every line is checked; each bad one is also reported on stderr, and the exit status is 1
    if any was bad.

    --summary counts hands, legal hands, reneges (with --reneges), errors and passed-out
    hands (among the legal ones), and adds up each team's points (team 0 = seats 0 and 2).

    \b
    Example:
        euchre-sim replay examples/hands.jsonl
        euchre-sim replay examples/hands.jsonl --summary
        euchre-sim replay - --rules stick-the-dealer --json --summary < hands.jsonl
    """
    try:
        rules = parse_rules(rules_spec)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="'--rules'") from None

    stats = {"hands": 0, "legal": 0, "reneges": 0, "errors": 0, "passed_out": 0, "points": [0, 0]}
    for n, result in _results(file, rules, reneges):
        stats["hands"] += 1
        if "error" in result:
            stats["errors"] += 1
            click.echo(f"hand {n}: {result['error']}", err=True)
        else:
            stats["reneges" if "renege" in result else "legal"] += 1
            stats["passed_out"] += result["passed_out"]
            for t in (0, 1):
                stats["points"][t] += result["points"][t]
        if not summary:
            click.echo(json.dumps({"hand": n, **result}))

    if not stats["hands"]:
        where = "standard input" if file.name == "<stdin>" else file.name
        raise click.ClickException(f"{where}: no hands (the file is empty or holds only blank "
                                   "lines); give a file of hand records, one JSON object a line")
    if summary:
        click.echo(json.dumps(stats) if as_json else _summary_text(stats))
    if stats["errors"]:
        click.get_current_context().exit(1)
