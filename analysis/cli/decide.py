"""``euchre-sim decide``: one seat's decision from its view (a JSON file), by any strategy.

Thin: reads the view with ``sim.view_from_json``, checks the size of the pricing (its estimate,
``--yes``) and asks ``analysis.decide.decide_view`` (the web's ``/api/decide`` asks the same):
the strategy's action and, for a strategy that prices its options (pimc) or with ``--price``,
every legal action priced on worlds consistent with the view.
"""

from __future__ import annotations

import json

import click

from analysis.cli.bounds import check_count, rate_of, yes_option
from analysis.cli.options import EXAMPLES_NOTE, check_seed, infer_option
from analysis.text.decisions import decision_json, describe, format_options

SEATS = ("seat 0", "seat 1", "seat 2", "seat 3")
WORLD_BYTES = 8_000  # memory a priced world takes (its deal and positions, as Python objects)
SURE_WORLDS = 10_000  # worlds that surely price in a minute


@click.command("decide", epilog=EXAMPLES_NOTE)
@click.argument("view_file", metavar="VIEW.json", type=click.File("r", encoding="utf-8",
                                                                  errors="replace"))
@click.option("--strategy", "-s", default="tuned", show_default=True, metavar="S",
              help="A built-in (basic, tuned, pimc, ...), pimc:worlds=200, a TOML file, a code "
                   "strategy FILE.py:Name or an outside bot FILE.py:Name.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Keys the draws of a strategy that draws (pimc's worlds, random).")
@click.option("--hand", "hand_index", type=click.IntRange(min=0), default=0, show_default=True,
              help="Decide as in hand N of a run with --seed (pimc's keys for that hand).")
@click.option("--price", is_flag=True, help="Price every legal action (automatic for pimc).")
@click.option("--worlds", type=click.IntRange(min=2), default=None, metavar="N",
              help="Worlds the prices are worked out on (default: pimc's worlds, else 64).")
@click.option("--rollouts", type=click.IntRange(min=2), default=None, metavar="N",
              help="At a card play: price each legal card on N worlds by a rollout (the "
                   "card, then tuned's card play at every seat to the end, from each seat's "
                   "own cards), not face up.")
@infer_option
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")
@yes_option
def decide(view_file, strategy, seed, hand_index, price, worlds, rollouts, infer, as_json,
           yes):
    """One seat's decision from what it has seen: VIEW.json (or - for stdin) holds "seat",
    "dealer", "hand", "upcard", and the "bids", "discard" (the dealer's own), "plays",
    "scores" and "rules" so far; nothing of the other seats' cards.

    Prints the strategy's action and, for pimc or with --price, the value of every legal
    action in points a hand for the seat's team with its 95% interval and what it gives up
    against the best.  Those values are the pricing tool's, the same whatever the strategy:
    every option played out face up and perfectly on worlds consistent with the view (after
    a pass, the rest of the auction bid by tuned); the strategy's own choice is marked *.
    A view no seat could have (a card in two places, a void contradicted, not the seat's
    turn) is refused with the reason.

    \b
    Example:
        euchre-sim decide examples/view.json
        euchre-sim decide examples/view.json --strategy pimc:worlds=100
        euchre-sim decide examples/view.json --strategy basic --price --json
        euchre-sim decide examples/view.json --price --infer bids+play
        euchre-sim decide examples/view.json --rollouts 2000 --infer bids+play

    With --rollouts N (a card play only) each card is instead worth what the seat's team
    scores when it plays that card and then every seat, itself included, plays tuned's card
    play from its own cards: the value without seeing the other hands.
    """
    from analysis.decide import decide_view
    from sim import agent, view_from_json
    from sim.agents.pricing import price as price_view

    check_seed(seed)
    try:
        view = view_from_json(view_file.read())
        who = agent(strategy, seed)
        if rollouts:
            check_count("--rollouts", rollouts, unit="worlds", least=2, memory=WORLD_BYTES,
                        yes=yes, sure=SURE_WORLDS, estimate=rate_of(
                            lambda k: price_view(view, k, seed, rollouts=True), 16))
        else:
            check_count("--worlds", worlds, unit="worlds", least=2, memory=WORLD_BYTES, yes=yes,
                        sure=SURE_WORLDS,
                        estimate=rate_of(lambda k: price_view(view, k, seed), 16)
                        if price or who.strategy.player.searches else None)
        d = decide_view(view, who, seed, hand_index, price, worlds, infer, rollouts)
    except ValueError as e:         # the view, the strategy, no equilibrium table for the rules
        raise click.ClickException(str(e)) from None
    action, pricing = d.action, d.pricing
    if as_json:
        out = decision_json(who.strategy.name, view, action, pricing)
        click.echo(json.dumps(out))
        return
    phase = {"round1": "round 1", "round2": "round 2"}.get(view.phase, view.phase)
    click.echo(f"{who.strategy.name}, seat {view.seat} ({view.position}), {phase}: "
               f"{describe(action)}")
    if pricing is not None:
        click.echo(format_options(pricing, action, who.strategy.name))


__all__ = ["decide", "describe", "format_options"]
