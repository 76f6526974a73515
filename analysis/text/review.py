"""A reviewed hand at the terminal (``euchre-sim review``): the result, one line a decision (the
action, the best option, the side to act's game-win chance, the grade, the solver's value of a
card), each seat's accuracy under them, and the show-me-how and duplicate answers beside what
happened."""

from __future__ import annotations

from analysis.text.decisions import PHASES


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


__all__ = ["review_text", "learning_text", "show_how_text", "duplicate_text"]
