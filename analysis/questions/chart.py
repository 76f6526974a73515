"""The strategy chart: what the equilibrium bids (``analysis.equilibrium.strategy_chart``) by
round, position, upcard rank and hand class (trumps, bowers, off-suit aces), for the rules and,
at a score, the table it bids by there.  The terminal gets one grid a round and position (the
share that makes trump, alone marked); the API one cell a row, as the Strategy chart page draws
them.  Each chart is kept once computed (the same deals answer the same question)."""

from __future__ import annotations

import threading

from analysis.questions.record import RULES, Input, Question

INPUTS = (
    RULES,
    Input("score", "score", metavar="D-O", label="Score (dealers-others)",
          help="The score before the hand, the dealing team's first (e.g. 9-6): the chart of "
               "the table the equilibrium bids by there."),
)

_kept: dict = {}
_lock = threading.Lock()


def answer(values: dict, progress=None, cancel=None) -> dict:
    """The chart as plain data: the rules, the score and the table bid by there (``table``,
    ``score_table_state``; ``solved``: the scores a table was solved for), the deals it was
    measured on, ``mixed`` (the share below which a bid counts as never), and ``cells``."""
    from analysis.equilibrium import CHART_DEALS, MIXED, strategy_chart
    from analysis.inputs import InputError
    from analysis.questions.review import json_safe
    from analysis.win_model import parse_deal_score
    from sim import parse_rules
    from sim.players.equilibrium_table import score_table_state, solved_scores

    rules = values["rules"]
    rules = parse_rules(rules or None) if rules is None or isinstance(rules, str) else rules
    try:
        sc = parse_deal_score(values["score"], rules.game_to) if values["score"] else None
    except ValueError as e:         # its words name the score
        raise InputError("score", str(e), named=False) from None
    key = (rules, sc)
    with _lock:
        if key not in _kept:
            df = strategy_chart(rules, sc)
            _kept[key] = {"rules": rules.describe(), "score": None if sc is None else list(sc),
                          "table": None if sc is None else score_table_state(rules, sc),
                          "solved": [list(x) for x in solved_scores(rules)],
                          "deals": CHART_DEALS, "mixed": MIXED,
                          "cells": json_safe(df.to_dict(orient="records"))}
        return _kept[key]


RANKS = ("9", "T", "J", "Q", "K", "A")


def _class(cell: dict) -> str:
    return f"{cell['trumps']} trump{'s' if cell['trumps'] != 1 else ''}, " \
           f"{cell['bowers']} bower{'s' if cell['bowers'] != 1 else ''}, " \
           f"{cell['off_aces']} off-suit ace{'s' if cell['off_aces'] != 1 else ''}"


def text(chart: dict) -> str:
    """One grid a round and position: a row a hand class, a column an upcard rank, each cell the
    share of the class's hands that make trump (``A`` after it where most of those go alone,
    ``~`` where the equilibrium mixes on a tenth of the class or more)."""
    at = "" if chart["score"] is None else (
        f" at {chart['score'][0]}-{chart['score'][1]} (dealers-others; the table of "
        f"{chart['table']['table'] if chart['table'] else '0-0'})")
    lines = [f"The equilibrium's bids, {chart['rules']}{at}: the share of each hand class "
             f"that makes trump when asked",
             f"(A: most of those alone; ~: mixed on a tenth of the class or more; "
             f"{chart['deals']:,} deals)"]
    cells = chart["cells"]
    for rnd in (1, 2):
        for pos in ("first", "second", "third", "dealer"):
            mine = [c for c in cells if c["round"] == rnd and c["position"] == pos]
            if not mine:
                continue
            upcard = "upcard" if rnd == 1 else "turned down"
            lines += ["", f"round {rnd}, {pos}: by {upcard} rank",
                      f"{'hand class':<36}" + "".join(f"{r:>7}" for r in RANKS)]
            classes = sorted({(c["trumps"], c["bowers"], c["off_aces"]) for c in mine},
                             reverse=True)
            for k in classes:
                row = {c["upcard_rank"]: c for c in mine
                       if (c["trumps"], c["bowers"], c["off_aces"]) == k}
                words = []
                for r in RANKS:
                    c = row.get(r)
                    if c is None:
                        words.append(f"{'':>7}")
                        continue
                    share = c["make"] + c["alone"]
                    mark = ("A" if share and c["alone"] > share / 2 else "") + (
                        "~" if c["bid_mixed"] >= 0.1 else "")
                    words.append(f"{100 * share:>5.0f}%{mark:<1}"[:7].rjust(7))
                cls = _class({"trumps": k[0], "bowers": k[1], "off_aces": k[2]})
                lines.append(f"{cls:<36}" + "".join(words))
    return "\n".join(lines)


QUESTION = Question(
    "chart", "The strategy chart: what the equilibrium bids, by position, upcard and hand "
    "class.",
    "Round 1 (order up, alone) and round 2 (call, alone) for each position, by the upcard's "
    "rank and the hand's trumps, bowers and off-suit aces, measured on the equilibrium's own "
    "bids over random deals; at a score, from the table it bids by there.  The printable card "
    "of the same bids is 'euchre-sim card'.",
    INPUTS,
    examples=("euchre-sim chart", "euchre-sim chart --score 9-6",
              "euchre-sim chart --stick-the-dealer --json"),
    answers=answer, texts=text, jsons=lambda chart: chart)

__all__ = ["QUESTION", "INPUTS", "answer"]
