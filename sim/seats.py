"""Seat order: the positions relative to the dealer, and who plays after whom.

Seats are 0-3 and play passes clockwise to the left (seat s + 1); team 0 is seats 0 and 2,
team 1 seats 1 and 3.  A position names a seat by where it sits from the dealer: ``first``
(the dealer's left, who leads first), ``second`` (the dealer's partner), ``third`` (the
dealer's right) and ``dealer`` (position ``k`` is seat ``(dealer + 1 + k) % 4``).  The partner
of a lone player (a lone maker, or a lone defender) sits out, and play skips him.
"""

from __future__ import annotations

from numba import njit

import sim.jit.compiling  # noqa: F401  (compiles run from a roomy frame: see it)

POSITIONS = ("first", "second", "third", "dealer")


@njit(cache=True, inline="always", _nrt=False)
def next_seats(maker, alone, def_alone):
    """The next active seat after each seat, two bits a seat (skipping the partners of lone
    players, who sit out), and the number of active players."""
    out0 = ((maker + 2) & 3) if alone else -1
    out1 = ((def_alone + 2) & 3) if def_alone >= 0 else -1
    n_active = 4 - (out0 >= 0) - (out1 >= 0)
    nxt = 0b00111001                   # seat s -> s + 1 when all four play
    if n_active < 4:
        nxt = 0
        for s in range(4):
            q = (s + 1) & 3
            while q == out0 or q == out1:
                q = (q + 1) & 3
            nxt |= q << (2 * s)
    return nxt, n_active
