"""``euchre-sim replay``: check and score hand records (JSON lines, or Trickster Cards' PTN
records) with the rules referee.

Thin: reads the hands, calls ``sim.replay_record`` and prints.  Every hand is processed;
bad ones are reported (stdout and one line on stderr each) and make the exit status 1.
"""

from __future__ import annotations

import json

import click

from analysis.cli.options import EXAMPLES_NOTE
from analysis.hands_in import hand_entries, ptn_json
from sim import parse_rules, replay_record


def _results(entries, ptn, rules, reneges):
    """Yield ``(hand number, result)`` for each hand (JSON lines: numbered by line; PTN: by
    record, unfinished hands replayed as far as they go)."""
    for n, obj, bad in entries:
        if bad:
            yield n, {"error": bad if ptn else f"line {n}: {bad}"}
        elif ptn is None:
            yield n, replay_record(obj, rules, reneges)
        else:
            yield n, {**replay_record(obj, rules, reneges, partial=True), **ptn_json(ptn[n])}


def _summary_text(s: dict) -> str:
    rows = [
        ("hands", s["hands"]),
        ("legal", s["legal"]),
        ("reneges", s["reneges"]),
        ("errors", s["errors"]),
        ("passed out", s["passed_out"]),
        *([("unfinished", s["unfinished"])] if "unfinished" in s else []),
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
    """Check and score hand records, one JSON object per line (FILE, or - for stdin), or the
    PTN records of Trickster Cards (told by the content; FORMATS.md).

    Prints one JSON result per hand: {"hand": N (the line number; for PTN, the record's
    number), "trump", "maker", "alone", "defender_alone", "round", "passed_out", "tricks",
    "trick_winners", "points"}, plus "error" (the field or step at fault, and why) or
    "renege".  Blank lines are skipped.  Every hand is checked; each bad one is also reported
    on stderr, and the exit status is 1 if any was bad.  A PTN hand that used a rule we do not
    play is an error naming the rule; one exported in progress is checked as far as it goes
    and says "unfinished" (what it waits for); "notes" tell what else its table allowed.

    --summary counts hands, legal hands, reneges (with --reneges), errors and passed-out
    hands (among the legal ones; for PTN, the unfinished ones too), and adds up each team's
    points (team 0 = seats 0 and 2).

    \b
    Example:
        euchre-sim replay examples/hands.jsonl
        euchre-sim replay examples/hands.jsonl --summary
        euchre-sim replay - --rules stick-the-dealer --json --summary < hands.jsonl
        euchre-sim replay examples/trickster.ptn
    """
    try:
        rules = parse_rules(rules_spec)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="'--rules'") from None

    stats = {"hands": 0, "legal": 0, "reneges": 0, "errors": 0, "passed_out": 0, "points": [0, 0]}
    entries, ptn = hand_entries(file)
    if ptn is not None:
        stats["unfinished"] = 0
    for n, result in _results(entries, ptn, rules, reneges):
        stats["hands"] += 1
        if "error" in result:
            stats["errors"] += 1
            click.echo(f"hand {n}: {result['error']}", err=True)
        else:
            stats["reneges" if "renege" in result else "legal"] += 1
            stats["passed_out"] += result["passed_out"]
            if "unfinished" in result:
                stats["unfinished"] += 1
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
