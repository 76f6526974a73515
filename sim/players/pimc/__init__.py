"""The ``pimc`` search player: its parameters (``params``), its bids and discard (``bid``), its
decide module (``seat``: the kernel's phases drive it, ``sim.table.bindings``) and its card play on
hand records (``play``).  Its card choice on a position is the solver's (``sim.solver.pimc``).
"""
