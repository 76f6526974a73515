"""euchre-sim engine: cards, rules, the pure-Python referee and the Numba kernel.

Nothing here imports ``analysis``.
"""

__version__ = "0.1.0"
