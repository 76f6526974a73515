"""A hand record as text for a player: the deal, the bidding, the discard, each trick, the points.

``format_hand`` is what ``euchre-sim show`` prints; the referee replays the record to find
the trick winners and points, so the text always agrees with the rules.
"""

from __future__ import annotations

from sim import POSITIONS, Rules, replay_record
from sim.cards import SUIT_NAMES, card_name, parse_card, rank_of, suit_of


def seat_label(seat: int, dealer: int) -> str:
    return f"seat {seat} ({POSITIONS[(seat - dealer - 1) % 4]})"


def sort_hand(cards: list[str]) -> str:
    """A hand grouped by printed suit (C D H S), high cards first, two spaces between suits."""
    ints = sorted((parse_card(c) for c in cards), key=lambda c: (suit_of(c), -rank_of(c)))
    groups: dict[int, list[str]] = {}
    for c in ints:
        groups.setdefault(suit_of(c), []).append(card_name(c))
    return "  ".join(" ".join(g) for g in groups.values())


def _deal_lines(record: dict, dealer: int) -> list[str]:
    lines = [f"dealer: seat {dealer} (team {dealer % 2})"]
    for k in range(4):
        seat = (dealer + 1 + k) % 4
        lines.append(
            f"  {seat_label(seat, dealer):<17} team {seat % 2}   {sort_hand(record['hands'][seat])}"
        )
    lines.append(f"upcard: {record['upcard']}   (kitty: {' '.join(record['kitty'])})")
    farmer = record.get("farmer")
    if farmer:
        lines.append(
            f"farmer's hand: {seat_label(farmer['seat'], dealer)} gave "
            f"{' '.join(farmer['gave'])}, took {' '.join(farmer['took'])}"
        )
    return lines


def _bidding(record: dict, dealer: int, lines: list[str]) -> dict:
    """Append the bidding to ``lines``; returns who made trump, how and who defends alone."""
    made = {"maker": None, "trump": None, "alone": False, "lone_defender": None, "round": 0}
    n_bids = 0
    for bid in record["bids"]:
        who = seat_label(bid["seat"], dealer)
        if bid["action"] == "defend_alone":
            made["lone_defender"] = bid["seat"]
            lines.append(f"  {who}: defend ALONE")
            continue
        n_bids += 1
        if n_bids in (1, 5):
            lines.append(f"bidding, round {1 if n_bids == 1 else 2}:")
        action = bid["action"]
        if action == "pass":
            text = "pass"
        elif action == "order_up":
            text = "order up"
            made["trump"], made["round"] = suit_of(parse_card(record["upcard"])), 1
        else:
            text = f"call {SUIT_NAMES['CDHS'.index(bid['suit'])]}"
            made["trump"], made["round"] = "CDHS".index(bid["suit"]), 2
        if bid.get("alone"):
            text += " ALONE"
            made["alone"] = True
        if action != "pass":
            made["maker"] = bid["seat"]
        lines.append(f"  {who}: {text}")
    return made


def _play_lines(record: dict, rules: Rules, made: dict, sitting_out: int) -> list[str]:
    """The tricks and points, as the referee scores them."""
    n_active = 4 - sitting_out
    plays = [(s, parse_card(c)) for s, c in record["plays"]]
    tricks = [plays[i : i + n_active] for i in range(0, len(plays), n_active)]
    ref = replay_record(record, rules)
    if ref.get("error"):
        return [f"referee: {ref['error']}"]
    winners = ref["trick_winners"]
    points = ref["points"]
    lines = ["play (the first card led, * wins the trick):"]
    for i, (trick, w) in enumerate(zip(tricks, winners, strict=False), 1):
        cards = ", ".join(f"seat {s} {card_name(c)}{'*' if s == w else ''}" for s, c in trick)
        lines.append(f"  trick {i}: {cards}   -> seat {w} (team {w % 2})")
    team_tricks = [sum(1 for w in winners if w % 2 == t) for t in (0, 1)]
    lines.append(f"tricks: team 0 {team_tricks[0]}, team 1 {team_tricks[1]}")
    mt = team_tricks[made["maker"] % 2]
    if mt == 5:
        why = "march" + (" alone" if made["alone"] else "")
    elif mt >= 3:
        why = f"makers took {mt}"
    else:
        lone = made["lone_defender"] is not None
        why = "makers euchred" + (" by a lone defender" if lone else "")
    lines.append(f"points: team 0 {points[0]}, team 1 {points[1]} ({why})")
    return lines


def format_hand(record: dict, rules: Rules | None = None, title: str | None = None) -> str:
    """A hand record laid out for a player: deal, bidding, discard, tricks, points."""
    rules = Rules() if rules is None else rules
    if record.get("rules"):
        rules = rules.replace(**record["rules"])
    dealer = record["dealer"]
    lines = ([title] if title else []) + _deal_lines(record, dealer)
    made = _bidding(record, dealer, lines)
    maker = made["maker"]
    if maker is None:
        lines.append("passed out: no trump, no points (the next dealer deals)")
        return "\n".join(lines)
    if "discard" in record:
        lines.append(
            f"{seat_label(dealer, dealer)} picks up {record['upcard']}, "
            f"discards {record['discard']}"
        )
    how = " alone" if made["alone"] else ""
    lines.append(
        f"trump: {SUIT_NAMES[made['trump']]}, made{how} by seat {maker} "
        f"({POSITIONS[(maker - dealer - 1) % 4]}, team {maker % 2}) in round {made['round']}"
    )
    out = []
    if made["alone"]:
        out.append((maker + 2) % 4)
    if made["lone_defender"] is not None:
        out.append((made["lone_defender"] + 2) % 4)
    for s in out:
        lines.append(f"{seat_label(s, dealer)} sits out")
    lines += _play_lines(record, rules, made, len(out))
    return "\n".join(lines)


def _signed(v: int) -> str:
    return f"{v:+d}"


def _points_text(n: int) -> str:
    return f"{n} point{'s' * (n != 1)}"


def _cards_text(n: int) -> str:
    return f"{n} card{'s' * (n != 1)}"


def format_review(record: dict, rows: list[dict], totals: dict) -> str:
    """The perfect-play review of a hand (``sim.solver.review_hand`` rows and
    ``hand_totals``): each card's value before and after, a ``!`` and the points lost beside
    every card that lost value, and the totals."""
    if not rows:
        return "review: passed out, no cards played"
    maker = next(b["seat"] for b in record["bids"] if b["action"] in ("order_up", "call"))
    lines = ["review with every card seen (the double-dummy solver): values are points to the "
             f"makers (team {maker % 2})", "when all four play perfectly from there; ! a card "
             "that cost its side (points lost, best cards):",
             f"  {'trick':<6} {'seat':<5} {'role':<9} {'in trick':<9} {'card':<5} "
             f"{'before':>6} {'after':>6}"]
    for r in rows:
        trick = str(r["trick"]) if r["position"] == "leader" else ""
        line = (f"  {trick:<6} {r['seat']:<5} {r['role']:<9} {r['position']:<9} {r['card']:<5} "
                f"{_signed(r['before']):>6} {_signed(r['after']):>6}")
        if r["loss"]:
            line += f"   ! -{r['loss']} (best {' '.join(r['best_cards'])})"
        lines.append(line)
    m, d = totals["makers_lost"], totals["defenders_lost"]
    n_m = sum(1 for r in rows if r["loss"] and r["side"] == "makers")
    n_d = sum(1 for r in rows if r["loss"] and r["side"] == "defenders")
    lines.append(f"total: the makers' cards lost {_points_text(m)} ({_cards_text(n_m)}), the "
                 f"defenders' cards {_points_text(d)} ({_cards_text(n_d)}):")
    lines.append(f"  value when play began {_signed(totals['start'])} - {m} + {d} = "
                 f"{_signed(totals['end'])}, the makers' points")
    return "\n".join(lines)


__all__ = ["format_hand", "format_review", "sort_hand", "seat_label"]
