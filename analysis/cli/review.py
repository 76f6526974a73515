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


def _step_text(step: dict, scored: bool = True) -> str:
    where = f"trick {step['trick_number']}" if step["phase"] == "play" else PHASES.get(
        step["phase"], step["phase"])
    line = f"  {step['number']:>2}  seat {step['seat']}  {where:<9} {step['text']:<18}"
    g = step.get("grade")
    if g is not None:
        if g["value"] is None:
            line += f"{'':<16}{'':<12}{'forced':<12}"
        else:
            mark = "= best" if step.get("played_best") else f"best {step.get('best_text', '')}"
            w = step.get("win")
            chance = "" if w is None else f"{100 * w['before']:4.1f}>{100 * w['after']:4.1f}%"
            line += f"{mark:<16}{chance:<12}{g['grade']:<12}"
            if g["loss"] > 0:
                line += (f" gave up {g['loss']:.2f} [{max(0.0, g['loss_low']):.2f}, "
                         f"{g['loss_high']:.2f}]")
            if "win" in g and scored:
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
    lines += [_step_text(s, bool(answer.get("scores"))) for s in answer["steps"]]
    lines += learning_text(answer)
    return "\n".join(lines)


def learning_text(answer: dict) -> list[str]:
    """The lines under a reviewed hand's decisions: how to read the best and win% columns, the
    game-win chance before and after the hand, and each seat's accuracy beside the points (and
    game-win chance) it gave up."""
    out = ["  (best: the option grade prices best, = where the action was as good; win%: the "
           "side to act's chance of the game with the best option > with the action taken)"]
    wc = answer.get("win_chance")
    if answer.get("win_note"):
        out.append(f"  {answer['win_note']}")
    if wc:
        end = "" if wc["end"] is None else f", {100 * wc['end']:.1f}% after it"
        out.append(f"  team 0's game-win chance {100 * wc['start']:.1f}% before the hand{end}"
                   f" ({wc['note']}; {wc['source']})")
    rows = [r for r in answer.get("accuracy", ()) if r["decisions"]]
    if rows:
        out.append("  accuracy on lichess's curve (from the game-win % each priced decision "
                   "gave up), beside the points given up:")
        for r in rows:
            acc = "  -  " if r["accuracy"] is None else f"{r['accuracy']:5.1f}%"
            win = "" if r["win_lost"] is None else f", {100 * r['win_lost']:.1f}% game win"
            many = "" if r["decisions"] == 1 else "s"
            out.append(f"    seat {r['seat']}  {acc}  {r['decisions']} decision{many} priced, "
                       f"gave up {r['points_lost']:.2f} points{win}")
    return out


def _side_by_side(left: list[str], right: list[str], width: int = 34) -> list[str]:
    n = max(len(left), len(right))
    left, right = left + [""] * (n - len(left)), right + [""] * (n - len(right))
    return [f"    {a:<{width}}  {b}".rstrip() for a, b in zip(left, right, strict=True)]


def _short(result: dict) -> str:
    text = _result_text(result)
    return text + (f" (net {result['net']:+d} to the seat's team)" if "net" in result else "")


def show_how_text(how: dict) -> str:
    """``show_how``'s answer at the terminal: what happened from the step, beside the hand
    replayed with the choice there and strong players after it."""
    if "error" in how:
        return f"  show me how: {how['error']}"
    instead = ("the action taken" if how["same"] else f"instead of {how['taken_text']}")
    head = (f"  show me how, from step {how['step']} (seat {how['seat']}): {how['choice_text']} "
            f"({how['chosen_by']}), {instead}, then {how['players']} at every seat")
    def col(part):
        return [f"{s['number']:>2} seat {s['seat']} {s['text']}" for s in part["steps"]]
    rows = _side_by_side(["what happened", *col(how["happened"])],
                         [f"with {how['choice_text']}, then {how['players']}",
                          *col(how["shown"])])
    return "\n".join([head, *rows, "    what happened: " + _short(how["happened"]["result"]),
                      "    shown:         " + _short(how["shown"]["result"])])


def duplicate_text(dup: dict) -> str:
    """``duplicate``'s answer at the terminal: each player at the seat, what it did, what it
    scored."""
    if "error" in dup:
        return f"  duplicate: {dup['error']}"
    lines = [f"  duplicate, seat {dup['seat']} ({dup['note']}):"]
    for r in dup["rows"]:
        lines.append(f"    {r['player']:<28} {', '.join(r['did'])}")
        lines.append(f"    {'':<28} {_short(r['result'])}")
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
@click.option("--show-how", "show_step", type=click.IntRange(min=1), default=None, metavar="STEP",
              help="Show me how: from decision STEP, the rest of the hand replayed with the best "
                   "choice there and tuned (the default strong bot) at every seat, beside what "
                   "happened.")
@click.option("--duplicate", "dup_seat", type=click.IntRange(0, 3), default=None, metavar="SEAT",
              help="The same deal played by tuned, the equilibrium and pimc (few worlds) at SEAT, "
                   "tuned at the other seats: what each did with SEAT's cards and scored.")
@click.option("--silent", is_flag=True, help="No progress bar.")
@yes_option
def review(file, rules_spec, worlds, seed, as_json, show_step, dup_seat, silent, yes):
    """Review hands played at a real table, step by step: FILE holds hand records, one JSON
    object a line, or Trickster Cards' PTN records (or - for stdin).

    Each hand gets the referee's result, then one line a decision: the action, the best
    option (= where the action was as good), the side to act's game-win chance with the best
    option > with the action (the shipped match-equity table; 0-0 for a record without a
    score), its grade (as euchre-sim grade gives it: from what the seat could see, on worlds
    consistent with its view, with the points a hand it gave up and their 95% interval) and,
    for a card, the solver's value of the hand before and after it with every card seen (as
    show --review), and the best card where it cost its side.  Under the decisions: each
    seat's accuracy on lichess's curve beside the points it gave up.  The web's Review page
    shows the same answer.

    \b
    Example:
        euchre-sim review examples/graded-march.jsonl
        euchre-sim review examples/trickster.ptn --worlds 256
        euchre-sim review examples/graded-march.jsonl --json
        euchre-sim review examples/graded-march.jsonl --show-how 17
        euchre-sim review examples/graded-march.jsonl --duplicate 0
    """
    from analysis.questions.review import duplicate, review_record, show_how
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
            if "error" not in answer and show_step is not None:
                answer["show_how"] = show_how(
                    obj, rules, show_step, _best(answer, show_step), seed=seed + 7919 * n,
                    partial=ptn is not None, chosen_by="the best, as the review grades it")
            if "error" not in answer and dup_seat is not None:
                answer["duplicate"] = duplicate(obj, rules, dup_seat, seed=seed + 7919 * n,
                                                partial=ptn is not None)
            if "error" in answer:
                errors += 1
                click.echo(f"hand {n}: {answer['error']}", err=True)
            if as_json:
                click.echo(json.dumps({"hand": n, **answer}))
            elif "error" not in answer:
                click.echo(review_text(n, answer))
                if "show_how" in answer:
                    click.echo(show_how_text(answer["show_how"]))
                if "duplicate" in answer:
                    click.echo(duplicate_text(answer["duplicate"]))
            if bar is not None:
                bar.update(1)
    if errors:
        click.get_current_context().exit(1)


def _best(answer: dict, step: int):
    """The best action the review gives decision ``step`` (where it was priced), so that
    show-me-how starts from the review's own best; None lets ``show_how`` price it."""
    for s in answer["steps"]:
        if s["number"] == step:
            g = s.get("grade")
            if g is not None and g["value"] is None:
                return s["action"]          # forced: the one legal action
            return s.get("best")
    return None


__all__ = ["review", "review_text", "show_how_text", "duplicate_text", "learning_text"]
