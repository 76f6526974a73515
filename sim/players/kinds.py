"""The kinds of player the decide modules dispatch on, and the hook bits of a code strategy.

A seat's kind is a small integer: ``RANDOM``, ``BASIC`` (every parameterised built-in and TOML
strategy), or ``USER`` plus the bit mask (``H_*``) of the hooks a code strategy defines (the
decisions it leaves out are basic's); ``PIMC``, the search player; ``EQUILIBRIUM``, the table
bidder.  A kind is decided by its decide module (``sim.players.decide``, ``code``,
``pimc.seat``); new players get the next kinds here.
"""

RANDOM = 0
BASIC = 1
USER = 2
PIMC = 64        # above every USER kind (``sim.players.pimc.seat``)
EQUILIBRIUM = 96  # bids by an equilibrium table (``sim.players.equilibrium``), plays as basic
                  # does with its parameters (tuned's)
OUTSIDE = 128    # an outside Python bot (``act(view)``): played through the referee, never the
                 # kernel (``sim.agents.bots``)
H_ORDER, H_CALL, H_DISCARD, H_LEAD, H_FOLLOW = 1, 2, 4, 8, 16

# The hooks a code strategy may define, with their arguments (``sim.players.files`` checks a
# strategy against them; ``sim.players.hook_calls`` calls them in this order).
HOOK_BITS = {"order_up": H_ORDER, "call": H_CALL, "discard": H_DISCARD, "lead": H_LEAD,
             "follow": H_FOLLOW}
HOOK_ARGS = {
    "order_up": ("hand", "upcard", "position", "my_score", "their_score", "game_to"),
    "call": ("hand", "turned_down", "stuck", "my_score", "their_score", "game_to"),
    "discard": ("hand6", "trump", "upcard", "may_discard_upcard"),
    "lead": ("hand", "trump", "seat", "maker", "alone"),
    "follow": ("hand", "legal", "trump", "led_suit", "winning_card", "winner_seat", "seat"),
}
