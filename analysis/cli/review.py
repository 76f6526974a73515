"""``euchre-sim review``: hands played at a real table reviewed step by step, as the web's Review
page shows them: the result, every decision graded from what its seat could see, every card
valued by the double-dummy solver.

Thin: reads hand records (JSON lines or PTN, ``analysis.hands_in``), reviews each with
``analysis.questions.review.review_record`` (the page's own answer) and prints it, one line a
decision, or one JSON object a hand.  Every hand is answered; a bad one gets one line on stderr
and makes the exit status 1.
"""

from __future__ import annotations

import json

import click

from analysis.cli.bounds import check_count, yes_option
from analysis.cli.decide import SURE_WORLDS, WORLD_BYTES
from analysis.cli.grade import PHASES
from analysis.cli.options import EXAMPLES_NOTE, check_seed, progress_bar
from analysis.grade import DEFAULT_WORLDS
from analysis.hands_in import PTN_SEATS, hand_entries, ptn_json


def _result_text(result: dict) -> str:
    if result.get("unfinished"):
        return f"unfinished: {result['unfinished']}"
    if result["passed_out"]:
        return "passed out"
    maker = f"seat {result['maker']} made {result['trump']}" + (
        " alone" if result["alone"] else "")
    team0, team1 = result["points"]
    return f"{maker}; tricks {result['tricks'][0]}-{result['tricks'][1]}; points: team 0 " \
           f"{team0}, team 1 {team1}"


def _step_text(step: dict) -> str:
    where = f"trick {step['trick_number']}" if step["phase"] == "play" else PHASES.get(
        step["phase"], step["phase"])
    line = f"  {step['number']:>2}  seat {step['seat']}  {where:<9} {step['text']:<18}"
    g = step.get("grade")
    if g is not None:
        if g["value"] is None:
            line += f"{'forced':<12}"
        else:
            line += f"{g['grade']:<12}"
            if g["loss"] > 0:
                line += (f" gave up {g['loss']:.2f} [{max(0.0, g['loss_low']):.2f}, "
                         f"{g['loss_high']:.2f}]")
            if "win" in g:
                line += f", game win {100 * g['win']:.1f}% ({g['win_grade']})"
    s = step.get("solver")
    if s is not None:
        line += f"  solver {s['before']:+d} -> {s['after']:+d}"
        if s["loss"]:
            line += f" (! best {'/'.join(s['best_cards'])})"
    return line.rstrip()


def review_text(n: int, answer: dict) -> str:
    """One reviewed hand as the terminal shows it."""
    head = f"hand {n}: dealer seat {answer['dealer']}, upcard {answer['upcard']}"
    if answer.get("scores"):
        head += f", score {answer['scores'][0]}-{answer['scores'][1]} (team 0 first)"
    lines = [head + "; " + _result_text(answer["result"])]
    lines += [_step_text(s) for s in answer["steps"]]
    return "\n".join(lines)


@click.command("review", epilog=EXAMPLES_NOTE)
@click.argument("file", type=click.File("r", encoding="utf-8", errors="replace"), metavar="FILE")
@click.option("--rules", "rules_spec", metavar="SPEC", default=None,
              help="Rules the hands were played under (as for grade); a record's own "
                   "\"rules\" overrides them.")
@click.option("--worlds", type=click.IntRange(min=2), default=DEFAULT_WORLDS, show_default=True,
              metavar="N", help="The most worlds a decision is priced on (as for grade).")
@click.option("--seed", type=int, default=0, show_default=True, help="Picks the worlds.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object a hand, as /api/review.")
@click.option("--silent", is_flag=True, help="No progress bar.")
@yes_option
def review(file, rules_spec, worlds, seed, as_json, silent, yes):
    """Review hands played at a real table, step by step: FILE holds hand records, one JSON
    object a line, or Trickster Cards' PTN records (or - for stdin).

    Each hand gets the referee's result, then one line a decision: the action, its grade (as
    euchre-sim grade gives it: from what the seat could see, on worlds consistent with its
    view, with the points a hand it gave up and their 95% interval) and, for a card, the
    solver's value of the hand before and after it with every card seen (as show --review),
    and the best card where it cost its side.  The web's Review page shows the same answer.

    \b
    Example:
        euchre-sim review examples/graded-march.jsonl
        euchre-sim review examples/trickster.ptn --worlds 256
        euchre-sim review examples/graded-march.jsonl --json
    """
    from analysis.questions.review import review_record
    from sim import parse_rules

    check_seed(seed)
    try:
        rules = parse_rules(rules_spec)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="'--rules'") from None
    entries, ptn = hand_entries(file)
    name = getattr(file, "name", "<stdin>")
    where = "standard input" if name == "<stdin>" else name
    if not entries:
        raise click.ClickException(f"{where}: no hands (the file is empty or holds only blank "
                                   "lines); give hand records, one JSON object a line, or PTN "
                                   "records")
    check_count("--worlds", worlds, unit=f"worlds for each of {len(entries):,} hands", least=2,
                memory=WORLD_BYTES, sure=SURE_WORLDS // len(entries), yes=yes)
    if ptn is not None and not as_json:
        click.echo(PTN_SEATS)
    errors = 0
    with progress_bar(silent or not as_json, len(entries), "reviewing") as bar:
        for n, obj, bad in entries:
            if bad is None and not isinstance(obj, dict):
                bad = "a hand record is a JSON object"
            answer = {"error": bad} if bad else review_record(
                obj, rules, worlds, seed + 7919 * n, partial=ptn is not None)
            if ptn is not None:
                answer.update(ptn_json(ptn[n]))
            if "error" in answer:
                errors += 1
                click.echo(f"hand {n}: {answer['error']}", err=True)
            if as_json:
                click.echo(json.dumps({"hand": n, **answer}))
            elif "error" not in answer:
                click.echo(review_text(n, answer))
            if bar is not None:
                bar.update(1)
    if errors:
        click.get_current_context().exit(1)


__all__ = ["review", "review_text"]
