"""A seat's decisions for people and programs: an action in a player's words (``describe``),
the priced options of ``decide --price`` as a table and as JSON (``format_options``,
``decision_json``) and a graded decision as JSON (``graded_json``); the command line and the
web application both answer with these.
"""

from __future__ import annotations

import textwrap

PHASES = {"round1": "round 1", "round2": "round 2", "discard": "discard", "defend": "defend",
          "farmer": "farmer"}  # the decisions' phases in words (grade and review)


def describe(action) -> str:
    """An action in a player's words: ``order up``, ``call hearts alone``, ``play JH``."""
    from sim.cards import SUIT_NAMES, card_name
    from sim.referee import Call, DefendAlone, Discard, OrderUp, Pass, Play

    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, OrderUp):
        return "order up" + (" alone" if action.alone else "")
    if isinstance(action, Call):
        return f"call {SUIT_NAMES[action.suit]}" + (" alone" if action.alone else "")
    if isinstance(action, DefendAlone):
        return "defend alone"
    if isinstance(action, Discard):
        return f"discard {card_name(action.card)}"
    if isinstance(action, Play):
        return f"play {card_name(action.card)}"
    return str(action)


def option_rows(pricing) -> list[dict]:
    """The priced options as JSON rows (the shape ``--json`` prints)."""
    from sim.referee.views import action_to_json

    return [{**action_to_json(o.action), "value": round(o.value, 4),
             "low": round(o.low, 4), "high": round(o.high, 4), "loss": round(o.loss, 4),
             "loss_low": round(o.loss_low, 4), "loss_high": round(o.loss_high, 4)}
            for o in pricing.options]


def priced_by(pricing) -> str:
    """Whose values a pricing holds, in words: the pricing tool's, whatever the strategy."""
    from sim.agents.pricing import DEFAULT_REST

    fit = (f", {pricing.fitted} of them explaining the other seats' bids"
           if pricing.fitted else "")
    if pricing.effective is not None:
        fit = (f", weighed by how likely the other seats' bids (and cards played) are in each "
               f"(worth {pricing.effective:.0f} worlds)")
    return (f"the pricing tool's, the same for every strategy: each option played out "
            f"face up and perfectly on {pricing.worlds} worlds consistent with the view{fit}; "
            f"after a pass {DEFAULT_REST} bids the rest of the auction")


def format_options(pricing, chosen=None, strategy: str = "the strategy") -> str:
    """The priced options as a table, best first, ``*`` at ``chosen`` (``strategy``'s
    choice), and whose values they are."""
    lines = [f"  {'option':<22}{'points':>8}  {'95% interval':<17}{'gives up':>9}"]
    for o in pricing.options:
        mark = "*" if o.action == chosen else " "
        lines.append(f"{mark} {describe(o.action):<22}{o.value:>+8.3f}  "
                     f"[{o.low:+.3f}, {o.high:+.3f}]{o.loss:>9.3f}")
    note = (f"(points a hand for the seat's team; * is {strategy}'s choice.  The values are "
            f"not {strategy}'s but {priced_by(pricing)})")
    lines += textwrap.wrap(note, 92, initial_indent="  ", subsequent_indent="   ")
    return "\n".join(lines)


def graded_json(d) -> dict:
    """A graded decision (``analysis.grade.Decision``) as the JSON ``grade --json`` prints."""
    from sim.referee.views import action_to_json

    return {"number": d.number, "seat": d.seat, "phase": d.phase, "trick": d.trick,
            "action": action_to_json(d.action), "best": action_to_json(d.best),
            "value": None if d.value is None else round(d.value, 4),
            "best_value": None if d.best_value is None else round(d.best_value, 4),
            "loss": round(d.loss, 4), "loss_low": round(d.loss_low, 4),
            "loss_high": round(d.loss_high, 4), "options": d.options, "worlds": d.worlds,
            "grade": d.grade,
            **({} if d.win is None else {
                "win": round(d.win, 4), "best_win": round(d.best_win, 4),
                "win_loss": round(d.win_loss, 4), "win_loss_low": round(d.win_loss_low, 4),
                "win_loss_high": round(d.win_loss_high, 4), "win_grade": d.win_grade})}


def decision_json(strategy: str, view, action, pricing=None) -> dict:
    """The answer ``decide --json`` prints: the strategy, the seat, the phase, the action and,
    with a ``pricing``, every legal action priced."""
    from sim.referee.views import action_to_json

    out = {"strategy": strategy, "seat": view.seat, "phase": view.phase,
           "action": action_to_json(action)}
    if pricing is not None:
        out["worlds"] = pricing.worlds
        out["fitted"] = pricing.fitted
        if pricing.effective is not None:
            out["effective_worlds"] = round(pricing.effective, 1)
        out["priced_by"] = priced_by(pricing)
        out["options"] = option_rows(pricing)
    return out


__all__ = ["PHASES", "describe", "option_rows", "priced_by", "format_options", "decision_json",
           "graded_json"]
