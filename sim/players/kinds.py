"""The kernel's kind numbers of the built-in players, which their decide modules compare a seat's
kind with, and the hook bits of a code strategy.

Each player's record (``sim.players.registry``) names its kind number(s); a decide module
(``sim.players.decide``, ``code``, ``pimc.seat``) decides the seats of the kinds it knows and
hands the rest to the built-ins'.  A code strategy's seats have the kind ``USER`` plus the bit
mask (``H_*``) of the hooks it defines (the decisions it leaves out are basic's).  A new player
takes a number no record has (``sim.players.player_type.register`` checks).
"""

RANDOM = 0
BASIC = 1
USER = 2
PIMC = 64        # above every USER kind (``sim.players.pimc.seat``)
ROLLOUT = 72     # the rollout card player, decided by pimc's decide module too
                 # (``sim.players.rollout``)
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
