"""The seat decisions this kernel asks for: the built-in players' (``sim.players.decide``, whose
header describes the interface).

A copy of the kernel package bound to another decide module (``sim.table.bindings``) has that
module's source in place of this file; nothing else in the copy changes.
"""

from sim.players.decide import *  # noqa: F403  (the decide interface, as it is)
from sim.players.decide import __all__  # noqa: F401
