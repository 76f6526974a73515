"""One decision from one seat's view, as the command line (``euchre-sim decide``) and the web
application (``/api/decide``) both ask it: the strategy's action and, for a strategy that
searches (pimc) or when asked, every legal action priced on worlds consistent with the view,
weighed by ``infer`` (``sim.agents.pricing.price``); with ``rollouts`` a card play's cards are
priced by rollouts of tuned's card play (the blueprint finishing the hand from each seat's
information) instead of face-up solves.  Each interface checks its own limits
(the web's cap on worlds, the command line's estimate and ``--yes``) and words the errors its
own way.
"""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_WORLDS = 64        # worlds a decision is priced on where neither pimc nor the user says


@dataclass
class Decision:
    """The strategy's name, the view, its action and the pricing (None: not priced)."""

    strategy: str
    view: object
    action: object
    pricing: object | None


def pricing_worlds(who, worlds: int | None) -> int:
    """The worlds a decision of ``who`` (an agent) is priced on: ``worlds``, else its own (a
    search player's ``worlds``), else ``DEFAULT_WORLDS``."""
    if worlds:
        return worlds
    searches = who.strategy.player.searches
    return int(who.strategy.params.get("worlds", DEFAULT_WORLDS)) if searches else DEFAULT_WORLDS


def decide_view(view, strategy="tuned", seed: int = 0, hand: int = 0, price: bool = False,
                worlds: int | None = None, infer: str = "rest",
                rollouts: int | None = None) -> Decision:
    """``view`` (a ``sim`` view, or its JSON text or object) decided by ``strategy`` (a spec,
    or an agent already made: ``sim.agent``), priced where it searches or with ``price``;
    with ``rollouts`` (a card play only) each legal card is priced on that many worlds by a
    rollout of tuned's card play at every seat, not face up (``sim.agents.pricing.price``'s
    ``rollouts``).  A ``ValueError`` says what is wrong (the view, the strategy, no
    equilibrium table for an inference that needs one, rollouts at a bid)."""
    import sim
    from sim.agents.pricing import price as price_view

    if not hasattr(view, "legal"):
        view = sim.view_from_json(view)
    who = strategy if hasattr(strategy, "act") else sim.agent(strategy, seed)
    action = who.act(view, hand=hand)
    pricing = None
    if rollouts:
        if worlds:
            raise ValueError("give --rollouts N (the worlds rolled out) or --worlds, not both")
        pricing = price_view(view, rollouts, seed, infer=infer, rollouts=True)
    elif price or who.strategy.player.searches:
        pricing = price_view(view, pricing_worlds(who, worlds), seed, infer=infer)
    return Decision(who.strategy.name, view, action, pricing)


__all__ = ["DEFAULT_WORLDS", "Decision", "decide_view", "pricing_worlds"]
