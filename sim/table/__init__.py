"""Who sits where: the ``Table`` of four strategies (``seats``), the arrays the kernel reads
for it, and which kernel plays it (``bindings``: the built-in one, or a copy of the kernel
package bound to the one other decide module a player's record names).  Below the run layer
and the agents, which both use it.
"""

from sim.table.seats import Table

__all__ = ["Table"]
