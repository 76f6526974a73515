"""``euchre-sim grade``: a person's hands graded decision by decision (``analysis.grade``).

Thin: reads hand records (JSON lines, or Trickster Cards' PTN records) as ``replay`` does,
grades each with ``analysis.grade.grade_record`` and prints the decisions (text, or one JSON
line a hand) and a per-seat summary.  Every hand is processed; each bad one gets one line on
stderr and makes the exit status 1.
"""

from __future__ import annotations

import json

import click

from analysis.cli.bounds import check_count, yes_option
from analysis.cli.decide import SURE_WORLDS, WORLD_BYTES
from analysis.cli.options import EXAMPLES_NOTE, check_seed, infer_option, progress_bar
from analysis.grade import DEFAULT_WORLDS, FIRST_WORLDS, record_scores
from analysis.hands_in import PTN_SEATS, hand_entries, ptn_json
from analysis.text.decisions import PHASES, describe, graded_json


def _decision_text(d) -> str:
    where = f"trick {d.trick}" if d.trick else PHASES[d.phase]
    if d.value is None:
        return f"  {d.number:>2}  seat {d.seat}  {where:<9} {describe(d.action):<20}forced"
    best = f"  (best: {describe(d.best)}, {d.best_value:+.2f})" if d.loss > 0 else ""
    win = "" if d.win is None else (
        f"  game {100 * d.win:5.1f}%, gave up {100 * d.win_loss:.1f}% "
        f"[{100 * max(0.0, d.win_loss_low):.1f}, {100 * d.win_loss_high:.1f}] {d.win_grade}")
    gave = f"{d.loss:.2f} [{max(0.0, d.loss_low):.2f}, {d.loss_high:.2f}]"
    return (f"  {d.number:>2}  seat {d.seat}  {where:<9} {describe(d.action):<20}"
            f"{d.value:+6.2f}  gave up {gave:<18} {d.grade}{best}{win}")


def _summary_text(rows) -> str:
    from analysis.grade import GRADES

    words = (*GRADES, "unclear")
    head = f"{'seat':<6}{'decisions':>10}{'lost':>8}{'a decision':>11}" + "".join(
        f"{g:>12}" for g in words)
    lines = [head]
    for r in rows:
        lines.append(f"{r['seat']:<6}{r['decisions']:>10}{r['points_lost']:>8.2f}"
                     f"{r['lost_per_decision']:>11.3f}" + "".join(f"{r[g]:>12}" for g in words))
    return "\n".join(lines)


def _worlds_rate(entries, rules, seed, partial):
    """An estimate of grading every hand on ``n`` worlds: the first record graded on a few
    worlds (a warm-up), the same time for each hand."""
    import copy

    from analysis.grade import grade_record
    from sim.records import RecordError
    from sim.run.sizes import warm_rate

    first = next((obj for _n, obj, bad in entries if bad is None and isinstance(obj, dict)), {})

    def play(k):
        try:
            grade_record({x: v for x, v in copy.deepcopy(first).items() if x != "scores"},
                         rules, k, seed, partial=partial)
        except (RecordError, ValueError):
            pass  # the hand is told about in its turn

    def estimate(n):
        rate = warm_rate(play, 4)
        return n * len(entries) / rate, rate

    return estimate


RECORD_WORDS = ("a hand record is one JSON object a line with the dealer, the four hands, the "
                "upcard, the bids and the plays (euchre-sim show --json prints one; see "
                "examples/graded-march.jsonl), or a PTN record of Trickster Cards")


def _refuse_without_records(entries, ptn, name: str) -> None:
    """Before any estimate or warm-up, for a file in which no hand can be graded: one line
    and exit 1 for JSON lines (empty, text, a CSV: the first line's problem and what a record
    is); for PTN, each record's own line (refused, with its rule, or damaged) and exit 1."""
    where = "standard input" if name == "<stdin>" else name
    if not entries:
        raise click.ClickException(f"{where}: no hands (the file is empty or holds only blank "
                                   f"lines); {RECORD_WORDS}")
    if any(bad is None and isinstance(obj, dict) for _n, obj, bad in entries):
        return
    if ptn is not None:
        for n, _obj, bad in entries:
            click.echo(f"hand {n}: {bad}", err=True)
        click.get_current_context().exit(1)
    n, obj, bad = entries[0]
    what = bad or f"a JSON {type(obj).__name__}, not an object"
    raise click.ClickException(f"{where}: no hand record in it (line {n}: {what}); "
                               f"{RECORD_WORDS}")


def _win_source(obj, rules) -> str:
    """Where the game-win probabilities of a scored hand come from, in words."""
    from analysis.win_model import win_source
    from sim import Table
    from sim.referee import record_rules

    return win_source(Table.teams("tuned"), record_rules(obj, rules))


@click.command("grade", epilog=EXAMPLES_NOTE)
@click.argument("file", type=click.File("r", encoding="utf-8", errors="replace"), metavar="FILE")
@click.option("--rules", "rules_spec", metavar="SPEC", default=None,
              help="Rules the hands were played under (as for replay); a record's own "
                   "\"rules\" overrides them.")
@click.option("--worlds", type=click.IntRange(min=2), default=DEFAULT_WORLDS,
              show_default=True, metavar="N",
              help=f"The most worlds consistent with the seat's view a decision is priced on: "
                   f"{FIRST_WORLDS} first, twice as many while its grade's 95% interval "
                   "crosses a threshold.  Fewer: faster, and more grades given as a range.")
@click.option("--seed", type=int, default=0, show_default=True, help="Picks the worlds.")
@click.option("--summary", is_flag=True, help="Only the per-seat summary.")
@click.option("--json", "as_json", is_flag=True,
              help="One JSON line a hand (and the summary as one JSON line).")
@infer_option
@click.option("--silent", is_flag=True, help="No progress bar.")
@yes_option
def grade(file, rules_spec, worlds, seed, infer, summary, as_json, silent, yes):
    """Grade every decision of hands played at a real table: FILE holds hand records, one JSON
    object a line (or - for stdin), with the bids, the discard and the cards of all four seats,
    or PTN records exported from Trickster Cards (FORMATS.md: a hand that used a rule we do
    not play is refused with the rule named; one exported in progress is graded as far as it
    goes; seats 0-3 are S, W, N, E).

    Each decision is priced from what its seat could see: every legal action valued on WORLDS
    deals consistent with the seat's view (every card face up within a world, as the pimc
    player searches), never the record's hidden cards.  The action taken is graded by the
    points a hand it gave up against the best, shown with its 95% interval: best (up to 0.02,
    or forced), good (0.10), inaccuracy (0.25), mistake (0.50), blunder (more).  A grade is
    one word only when the whole interval lies in that word's band; a decision whose interval
    crosses a threshold is priced on more worlds (up to --worlds) and, if it still crosses
    one, graded with the range it allows ("inaccuracy or mistake"; counted as unclear in the
    summary), so that grades do not change with --seed.  A line with "scores": [team 0, team
    1] (the game score before the hand) is graded in game-win probability too: good up to
    2%, inaccuracy 8%, mistake 20%, blunder more (W(d, o) from the shipped match-equity
    table of the rules; for rules with none, simulated games of tuned: the output says
    which).  A per-seat summary follows, with the model of the other seats the grades assume
    (--infer: another model can grade a decision otherwise).  The example takes about half a
    minute.

    \b
    Example:
        euchre-sim grade examples/graded-march.jsonl
        euchre-sim grade examples/graded-march.jsonl --summary --json
        euchre-sim grade my-hands.jsonl --rules stick-the-dealer --worlds 256
        euchre-sim grade examples/graded-march.jsonl --infer bids+play
        euchre-sim grade examples/trickster.ptn --worlds 256
    """
    from analysis.grade import grade_record, model_text, summarise
    from sim import parse_rules
    from sim.records import RecordError

    check_seed(seed)
    try:
        rules = parse_rules(rules_spec)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="'--rules'") from None
    graded, errors, sources = [], 0, {}
    entries, ptn = hand_entries(file)
    hands = len(entries)
    _refuse_without_records(entries, ptn, getattr(file, "name", "<stdin>"))
    check_count("--worlds", worlds, unit=f"worlds for each of {hands:,} hands", least=2,
                memory=WORLD_BYTES, sure=SURE_WORLDS // max(hands, 1), yes=yes,
                estimate=_worlds_rate(entries, rules, seed, ptn is not None))
    if ptn is not None and not (summary or as_json):
        click.echo(PTN_SEATS)

    def one(n, obj, bad):
        nonlocal errors
        try:
            if bad:
                raise RecordError(bad)
            scores, wins = record_scores(obj, rules)
            if scores is not None:
                sources[_win_source(obj, rules)] = None
            ds = grade_record(obj, rules, worlds, seed + 7919 * n, scores=scores, wins=wins,
                              infer=infer, partial=ptn is not None)
        except (RecordError, ValueError) as e:
            errors += 1
            click.echo(f"hand {n}: {e}", err=True)
            if as_json and not summary:
                click.echo(json.dumps({"hand": n, "error": str(e)}))
            return
        graded.append(ds)
        if summary:
            return
        extra = {} if ptn is None else ptn_json(ptn[n])
        if as_json:
            click.echo(json.dumps({"hand": n, **extra,
                                   "decisions": [graded_json(d) for d in ds]}))
        else:
            click.echo(f"hand {n}")
            click.echo("".join(f"  {k}: {w}\n" for k, ws in extra.items()
                               for w in ([ws] if isinstance(ws, str) else ws)), nl=False)
            click.echo("\n".join(_decision_text(d) for d in ds))

    # a bar where the hands are not printed as they go (--summary, --json on a terminal)
    with progress_bar(silent or not (summary or as_json), hands, "grading") as bar:
        for n, obj, bad in entries:
            one(n, obj, bad)
            if bar is not None:
                bar.update(1)
    if not graded:   # every line told about in its turn: no summary of zeros after them
        click.get_current_context().exit(1)
    rows = summarise(graded)
    model = model_text(infer)
    if as_json:
        click.echo(json.dumps({"summary": rows, "hands": len(graded), "errors": errors,
                               "infer": infer, "model": model, "win_tables": list(sources)}))
    else:
        click.echo(("\n" if not summary else "") + _summary_text(rows))
        click.echo("\n".join([model, *(f"game win: {w}" for w in sources)]))
    if errors:
        click.get_current_context().exit(1)


__all__ = ["grade"]
