"""Shared by the solver tests: hand-worked positions and a stand-in for the fast search.

``twin_solve_many`` has ``sim.solver.search.solve_many``'s signature and answers from the slow
twin, unpacking each row of the arrays back into a state.  It checks the API's packing
(``states_to_arrays``) against the contract.
"""

from __future__ import annotations

import numpy as np

from sim.solver import api
from sim.solver.position import Position, State, active_seats, next_active
from sim.solver.twin import solve_state_slow


def twin_solve_many(hands, trump, maker, alone, defender, leader, table, won, lost,
                    lone_points, with_cards):
    n = len(trump)
    values = np.zeros(n, np.int64)
    cards = np.full((n, 24), api.NOT_LEGAL, np.int64)
    for i in range(n):
        row_hands = tuple(int(h) for h in hands[i])
        on_table = tuple(int(c) for c in table[i] if c >= 0)
        pos = Position(row_hands, int(trump[i]), int(maker[i]), bool(alone[i]),
                       int(defender[i]), int(leader[i]))
        active = active_seats(pos.maker, pos.alone, pos.defender_alone)
        seat = pos.leader
        for _ in on_table:
            seat = next_active(seat, active)
        state = State(pos, row_hands, on_table, pos.leader, int(won[i]), int(lost[i]), seat)
        values[i], by_card = solve_state_slow(state, lone_points)
        if with_cards:
            for c, v in by_card.items():
                cards[i, c] = v
    return values, cards


def use_twin_search(monkeypatch) -> None:
    """Make ``sim.solver.api`` call the twin instead of the fast search."""
    monkeypatch.setattr(api, "_solve_many", lambda arrays, points, with_cards:
                        twin_solve_many(*arrays, points, with_cards))


# ---------------------------------------------------------------------------------------------
# Hand-worked positions (JSON form).  Hearts are trump in all of them, so JD is the left bower.

# (a) The makers hold the top five trumps (all in seat 0's hand): whatever is led, seat 0
# trumps it or follows trump higher, then draws the rest.  A march: +2.
TOP_FIVE = {
    "hands": [["JH", "JD", "AH", "KH", "QH"], ["9C", "TC", "AC", "9S", "TS"],
              ["KC", "QC", "AS", "KS", "QS"], ["9D", "TD", "QD", "AD", "9H"]],
    "trump": "H", "maker": 0, "alone": False, "leader": 1,
}
# (b) The same hand alone (seat 2, the partner, sits out and shows no cards): a lone march, +4.
TOP_FIVE_ALONE = dict(TOP_FIVE, alone=True,
                      hands=[TOP_FIVE["hands"][0], TOP_FIVE["hands"][1], [],
                             TOP_FIVE["hands"][3]])

# (c) The dealer (seat 3, the maker; seat 0 led the first trick) must keep the ace of trump.
#   seat 0 QD 9S TS KS 9D   seat 1 AD KC AC AS QC   seat 2 KD TD KH TH JC   seat 3 QH JH TC AH 9C
# Trick 1: 0 QD, 1 AD, 2 KD, 3 QH (trumps; void in diamonds: JD is a heart) - seat 3.
# Trick 2: 3 JH, 0 9S, 1 KC, 2 TH (must follow trump) - seat 3.
# Trick 3: 3 TC, 0 TS, 1 AC, 2 JC - seat 1.  The makers have 3 tricks; a march is on.
# Trick 4: 1 leads AS, 2 (void in spades) keeps KH and throws TD.  Seat 3 holds AH 9C:
#   - 9C: partner's AS holds the trick (seat 0 follows KS); at trick 5 seat 1 leads QC, seat 2
#     trumps with KH and seat 3 overtrumps with AH: a march, +2.
#   - AH: seat 3 wins trick 4 but must lead 9C to trick 5; seat 1's QC beats it, and seat 2
#     trumps with KH: 4 tricks, +1.
# (Had seat 2 trumped AS with KH, AH would overtrump and seat 1's QC take the last: +2 too.)
KEEP_THE_ACE_DEAL = {
    "hands": [["QD", "9S", "TS", "KS", "9D"], ["AD", "KC", "AC", "AS", "QC"],
              ["KD", "TD", "KH", "TH", "JC"], ["QH", "JH", "TC", "AH", "9C"]],
    "trump": "H", "maker": 3, "alone": False, "leader": 0,
}
KEEP_THE_ACE_PLAYS = [[0, "QD"], [1, "AD"], [2, "KD"], [3, "QH"],
                      [3, "JH"], [0, "9S"], [1, "KC"], [2, "TH"],
                      [3, "TC"], [0, "TS"], [1, "AC"], [2, "JC"],
                      [1, "AS"], [2, "TD"]]
KEEP_THE_ACE = dict(KEEP_THE_ACE_DEAL, played=KEEP_THE_ACE_PLAYS)
# The rest of the hand after the right play, and the hand played to the end (+2, no cards).
KEEP_THE_ACE_LAST = dict(KEEP_THE_ACE_DEAL, played=KEEP_THE_ACE_PLAYS + [[3, "9C"]])
KEEP_THE_ACE_DONE = dict(KEEP_THE_ACE_DEAL, played=KEEP_THE_ACE_PLAYS + [
    [3, "9C"], [0, "KS"], [1, "QC"], [2, "KH"], [3, "AH"], [0, "9D"]])

# (d) Seat 1, a defender, holds the top five trumps: the makers (seats 0 and 2) take nothing.
# Euchred: -2; against a lone defender (seat 1; seat 3 sits out) -4, or -2 when a lone
# defender's euchre scores 2.
EUCHRE = {
    "hands": [["9C", "TC", "AC", "9S", "TS"], ["JH", "JD", "AH", "KH", "QH"],
              ["KC", "QC", "AS", "KS", "QS"], ["9D", "TD", "QD", "AD", "9H"]],
    "trump": "H", "maker": 0, "alone": False, "leader": 0,
}
EUCHRE_LONE_DEFENDER = dict(EUCHRE, defender_alone=1)
