"""Reading the hands people bring: hand records as JSON lines (``json_lines``: every line
answered, a bad one with why), or Trickster Cards' PTN records told by their content
(``hand_entries``; ``sim.ptn`` reads them).  ``replay``, ``grade``, ``review``, ``solve`` and
the web's Review page read their input here.
"""

from __future__ import annotations

import json


def json_lines(lines):
    """Yield ``(line number, object, None)`` for each non-blank line of a JSON-lines input, or
    ``(line number, None, "not valid JSON: ...")`` for a line that does not parse (``replay``
    and ``solve`` answer every line, bad ones included)."""
    for n, line in enumerate(lines, 1):
        if n == 1:
            line = line.lstrip("\ufeff")  # a byte-order mark from some editors
        if not line.strip():
            continue
        try:
            yield n, json.loads(line), None
        except (ValueError, RecursionError) as e:
            yield n, None, f"not valid JSON: {e}"


def hand_entries(lines):
    """The hands of a ``replay`` or ``grade`` input, JSON lines or PTN records (Trickster
    Cards' text, told by its content): ``(entries, ptn)``.  For JSON lines, ``json_lines``'s
    triples and None; for PTN, one ``(record number, hand record as JSON (with "scores" where
    known), None)`` or ``(record number, None, "line L: why not")`` a record, and the
    ``sim.ptn.PtnHand`` of each by number (its notes, and where an unfinished hand stops)."""
    from sim import is_ptn, read_ptn
    from sim.records import record_to_json

    lines = list(lines)
    if not is_ptn("".join(lines)):
        return list(json_lines(lines)), None
    hands = read_ptn("".join(lines))
    entries = [(h.number, None if h.record is None else record_to_json(h.record), h.problem)
               for h in hands]
    return entries, {h.number: h for h in hands}


def ptn_json(hand) -> dict:
    """What a PTN hand adds to a command's JSON answer: its notes and where it stops."""
    out = {}
    if hand.notes:
        out["notes"] = list(hand.notes)
    if hand.unfinished:
        out["unfinished"] = hand.unfinished
    return out


PTN_SEATS = "PTN seats: 0 = S, 1 = W, 2 = N, 3 = E (team 0 is South and North)"


__all__ = ["PTN_SEATS", "hand_entries", "json_lines", "ptn_json"]
