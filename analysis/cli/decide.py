"""``euchre-sim decide``: one seat's decision from its view (a JSON file), by any strategy.

Made from the decision's question record (``analysis.questions.decide``: its inputs, answer and
text; the web's ``/api/decide`` is made from it too); this module adds the command line's own
check, the pricing's estimate and ``--yes``.
"""

from __future__ import annotations

from analysis.cli.bounds import check_count, rate_of, yes_option
from analysis.cli.options import EXAMPLES_NOTE
from analysis.cli.questions import command
from analysis.questions.decide import QUESTION

WORLD_BYTES = 8_000  # memory a priced world takes (its deal and positions, as Python objects)
SURE_WORLDS = 10_000  # worlds that surely price in a minute


def _check_worlds(values: dict, yes: bool) -> None:
    """The pricing's size (``--worlds``: its estimate, ``--yes`` past an hour)."""
    from sim import agent, view_from_json
    from sim.agents.pricing import price as price_view

    view = view_from_json(values["view"])
    seed = values["seed"]
    prices = values["price"] or agent(values["strategy"], seed).strategy.player.searches
    check_count("--worlds", values["worlds"], unit="worlds", least=2, memory=WORLD_BYTES,
                yes=yes, sure=SURE_WORLDS,
                estimate=rate_of(lambda k: price_view(view, k, seed), 16) if prices else None)


decide = command(QUESTION, before=_check_worlds, decorators=(yes_option,), home=__name__,
                 epilog=EXAMPLES_NOTE)

__all__ = ["decide", "SURE_WORLDS", "WORLD_BYTES"]
