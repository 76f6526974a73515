"""One decision from one seat's view (``analysis.decide.decide_view``): the strategy's action
and, for a strategy that searches or when asked, every legal action priced on worlds consistent
with the view, weighed by how the other seats' bids and cards are read."""

from __future__ import annotations

from analysis.questions.record import Input, Question

INFER = ("rest", "bids", "bids+play", "off")   # the pricing's models of the other seats

INPUTS = (
    Input("view", "body", required=True, metavar="VIEW.json", label="View",
          help="What the seat has seen, as JSON: \"seat\", \"dealer\", \"hand\", \"upcard\", "
               "and the \"bids\", \"discard\" (the dealer's own), \"plays\", \"scores\" and "
               "\"rules\" so far; nothing of the other seats' cards."),
    Input("strategy", "strategy", default="tuned", short="-s", metavar="S", label="Player",
          help="The player deciding: a built-in (basic, tuned, pimc, ...) or pimc:worlds=200; "
               "at the command line also a TOML file, a code strategy FILE.py:Name or an "
               "outside bot FILE.py:Name."),
    Input("seed", "int", default=0, low=0, high=2**63 - 1, metavar="N", label="Seed",
          help="Keys the draws of a strategy that draws (pimc's worlds, random)."),
    Input("hand", "int", default=0, low=0, high=2**63 - 1, metavar="N", label="Hand",
          help="Decide as in hand N of a run with the seed (pimc's keys for that hand)."),
    Input("price", "bool", default=False, label="Price every option",
          help="Price every legal action (automatic for pimc)."),
    Input("worlds", "int", low=2, metavar="N", label="Worlds",
          help="Worlds the prices are worked out on (default: pimc's worlds, else 64)."),
    Input("infer", "choice", default="rest", choices=INFER, label="Read the others by",
          help="How the worlds read what the other seats did: rest (kept where tuned would "
               "have bid as they bid), bids (weighed by the equilibrium's odds of their bids), "
               "bids+play (also by their cards played), off (uniform)."),
)


def answer(values: dict, progress=None, cancel=None):
    """The seat's decision (``analysis.decide.Decision``)."""
    import sim
    from analysis.decide import decide_view
    from analysis.inputs import InputError

    v = values
    try:
        view = sim.view_from_json(v["view"])
    except ValueError as e:         # its words say what is wrong with the view
        raise InputError("view", str(e), named=False) from None
    return decide_view(view, v["strategy"], v["seed"], v["hand"], v["price"], v["worlds"],
                       v["infer"])


def text(d) -> str:
    from analysis.text.decisions import describe, format_options

    view = d.view
    phase = {"round1": "round 1", "round2": "round 2"}.get(view.phase, view.phase)
    line = f"{d.strategy}, seat {view.seat} ({view.position}), {phase}: {describe(d.action)}"
    return line if d.pricing is None else line + "\n" + format_options(
        d.pricing, d.action, d.strategy)


def as_json(d) -> dict:
    from analysis.text.decisions import decision_json, describe

    return {**decision_json(d.strategy, d.view, d.action, d.pricing),
            "text": describe(d.action)}


QUESTION = Question(
    "decide", "One seat's decision from what it has seen.",
    "Prints the strategy's action and, for pimc or when asked to price, the value of every "
    "legal action in points a hand for the seat's team with its 95% interval and what it gives "
    "up against the best.  Those values are the pricing tool's, the same whatever the strategy:"
    " every option played out face up and perfectly on worlds consistent with the view (after a"
    " pass, the rest of the auction bid by tuned); the strategy's own choice is marked *.  A "
    "view no seat could have (a card in two places, a void contradicted, not the seat's turn) "
    "is refused with the reason.",
    INPUTS,
    examples=("euchre-sim decide examples/view.json",
              "euchre-sim decide examples/view.json --strategy pimc:worlds=100",
              "euchre-sim decide examples/view.json --strategy basic --price --json",
              "euchre-sim decide examples/view.json --price --infer bids+play"),
    answers=answer, texts=text, jsons=as_json)

__all__ = ["QUESTION", "INPUTS", "INFER", "answer"]
