"""The published point counts: their sources' worked examples (a hand, a seat, its count, the
bid), and each count's table agreeing with the count hand by hand."""

from __future__ import annotations

import numpy as np
import pytest

from sim.cards import mask_of, parse_card, parse_cards
from sim.players.counts import (
    ALL_COUNTS,
    FITTED,
    bid_of,
    bps_points,
    count_rows,
    dealer_hand,
    holding,
    suit_masks,
)
from sim.players.equilibrium import (
    N_CLASSES,
    N_RANKS,
    call_action,
    class_ids,
    class_masks,
    info_index,
)
from sim.players.equilibrium_table import count_table
from sim.rules import Rules

pytestmark = pytest.mark.compile

FIRST, SECOND, THIRD, DEALER = range(4)


def bid(count, hand, upcard, k, rnd):
    return bid_of(count, mask_of(parse_cards(hand, 5)), parse_card(upcard), k, rnd)


# Euchre Universe's own examples ("the point system in action", "seats aren't all the same")
def test_euchre_universe_blog_hand():
    # KC QC TC KS QS: 14 as clubs, 10 as spades, 2 as hearts or diamonds
    assert bid("euchre-universe", "KC QC TC KS QS", "9H", FIRST, 2) == (14.0, None, False)
    assert bid("euchre-universe", "KC QC TC KS QS", "9C", FIRST, 1) == (14.0, None, False)
    assert bid("euchre-universe", "KC QC TC KS QS", "9C", THIRD, 2)[0] == 10.0   # spades
    assert bid("euchre-universe", "KC QC TC KS QS", "9S", FIRST, 1)[0] == 10.0
    assert bid("euchre-universe", "KC QC TC KS QS", "9H", FIRST, 1)[0] == 2.0


def test_euchre_universe_never_with_one_trump():
    # the right and three off aces (5, 5, 4) count 24, but one trump never orders
    assert bid("euchre-universe", "JH AS AC AD 9S", "9H", FIRST, 1) == (24.0, None, False)


def test_euchre_universe_seats():
    # a hand of 12 orders from the dealer's partner's seat (12 + 10 = 22), not from first
    assert bid("euchre-universe", "AH KH KS 9C TC", "9H", SECOND, 1) == (22.0, "H", False)
    assert bid("euchre-universe", "AH KH KS 9C TC", "9H", FIRST, 1) == (12.0, None, False)
    # four trumps go alone
    assert bid("euchre-universe", "JH JD AH 9H AS", "TH", FIRST, 1) == (31.0, "H", True)


def test_ohio_bps():
    # right .75 left .5 ace, .25 both bowers, .5 three trumps, .75 singleton green ace, .25 one
    # void; first seat +.5: 4.5, alone (3.75)
    assert bid("ohio-bps", "JH JD AH AS 9C", "QH", FIRST, 1) == (4.5, "H", True)
    # third seat -.25: ace and king of trump (1.0), a singleton green ace .75, a doubleton
    # same-colour ace .5 - .25, a void (clubs) .25: 2.25 - .25 = 2.0 < 2.5
    assert bid("ohio-bps", "AH KH AS AD 9D", "QH", THIRD, 1) == (2.0, None, False)
    # round 2, dealer's partner +1.25: clubs JC AC 9C (.. 1.0 + .5 + .25 + .5 three trumps)
    # and the singleton red ace AD .75 plus a void .25 (hearts): 3.25 + 1.25 = 4.5
    assert bid("ohio-bps", "JC AC 9C AD 9S", "QH", SECOND, 2) == (4.25 + 0.25, "C", True)


def test_ohio_bps_alone_with_and_without_the_seat_value():
    # JD QH TH KC 9C, 9H turned: the left .75, Q .5, T .25, three trumps .5, two voids (spades,
    # and diamonds, the JD being trump) .75: the hand's own 2.75; the dealer's partner +1.00
    # makes 3.75: alone when the seat value counts, only ordered when the hand's own points must
    # reach 3.75
    hand = "JD QH TH KC 9C"
    assert bid("ohio-bps", hand, "9H", SECOND, 1) == (3.75, "H", True)
    assert bid("ohio-bps-hand", hand, "9H", SECOND, 1) == (3.75, "H", False)
    # first seat +.50: 3.25, ordered, not alone under either reading
    assert bid("ohio-bps", hand, "9H", FIRST, 1) == (3.25, "H", False)
    assert bid("ohio-bps-hand", hand, "9H", FIRST, 1) == (3.25, "H", False)
    # the source's first-seat loner (4.5, of which .5 the seat) is alone under both readings
    assert bid("ohio-bps-hand", "JH JD AH AS 9C", "QH", FIRST, 1) == (4.5, "H", True)


def test_ohio_bps_hand_is_never_alone_below_3_75_of_its_own():
    """Every information set: ohio-bps-hand goes alone only where the hand's own BPS points (the
    dealer's after the pick-up in round 1) reach 3.75; ohio-bps goes alone below that."""
    shape = (4, N_RANKS, N_CLASSES)
    new = [r.reshape(*shape, -1).argmax(axis=-1) for r in count_rows("ohio-bps-hand")]
    old = count_rows("ohio-bps")[0].reshape(*shape, -1).argmax(axis=-1)
    below = 0
    for rank in range(N_RANKS):
        suits = suit_masks(class_masks(rank))
        five = dealer_hand(suits, rank)[0]
        for k in range(4):
            own = bps_points(holding(five if k == 3 else suits, 0))
            assert np.all(own[new[0][k, rank] == 2] >= 3.75)
            below += int(np.sum(own[old[k, rank] == 2] < 3.75))
            a2 = new[1][k, rank]
            for t in (1, 2, 3):                 # round 2: action 2t names suit t alone
                assert np.all(bps_points(holding(suits, t))[a2 == 2 * t] >= 3.75)
        assert np.any(new[0][:, rank] == 2)
    assert below > 0


def test_trickster_estimated_tricks():
    # JH AH KH AS 9C, hearts: K covers the A above it but one (.75), A and right 1 each, .1,
    # a singleton ace with three trumps .5: 3.35, bids (2.25), not alone (4.0)
    count, suit, alone = bid("trickster", "JH AH KH AS 9C", "QH", FIRST, 1)
    assert count == pytest.approx(3.35) and suit == "H" and not alone
    # five trumps but no side card: no shape bonus, 5.1, alone with the right
    count, suit, alone = bid("trickster", "JH JD AH KH QH", "9H", FIRST, 1)
    assert count == pytest.approx(5.1) and suit == "H" and alone
    # a jack turned for the other side: no loner from first seat
    count, suit, alone = bid("trickster", "JD AH KH QH TH", "JH", FIRST, 1)
    assert suit == "H" and not alone


def test_trump_rule_sides():
    assert bid("trump-rule", "JH 9H AS AC KD", "QH", SECOND, 1)[1] == "H"
    assert bid("trump-rule", "JH 9H AS AC KD", "QH", FIRST, 1)[1] is None
    assert bid("trump-rule", "JH 9H TH AC KD", "QH", THIRD, 1)[1] == "H"


def test_dealer_counts_after_the_pick_up():
    # the dealer with one trump picks up a second (the upcard) and throws the singleton 9S
    assert bid("trump-rule", "JH AS AC KD TD", "QH", DEALER, 1)[1] == "H"
    assert bid("trump-rule", "AS AC KD TD 9S", "QH", DEALER, 1)[1] is None


def test_fitted_values_are_whole_points():
    assert all(float(v).is_integer() for v in (*FITTED.trump, FITTED.off_ace, FITTED.void,
                                               *FITTED.order, *FITTED.call))


@pytest.mark.parametrize("name", list(ALL_COUNTS))
def test_tables_agree_with_the_count_hand_by_hand(name):
    rng = np.random.default_rng(5)
    r1, r2 = count_rows(name)
    assert np.all(r1.sum(axis=1) == 1) and np.all(r2.sum(axis=1) == 1)
    ids = class_ids()
    for _ in range(60):
        cards = rng.choice(24, 6, replace=False)
        hand, upcard = mask_of(cards[:5]), int(cards[5])
        for k in range(4):
            i, swapped = info_index(ids, np.int64(hand), np.int64(upcard), k)
            _, made, alone = bid_of(name, hand, upcard, k, 1)
            assert r1[i].argmax() == (0 if made is None else 2 if alone else 1)
            _, made, alone = bid_of(name, hand, upcard, k, 2)
            want = 0 if made is None else int(call_action("CDHS".index(made), alone, upcard,
                                                          swapped))
            assert r2[i].argmax() == want


def test_stuck_dealer_always_names_a_suit():
    t = count_table("euchre-universe", Rules(stick_the_dealer=True))
    dealer = t.round2.reshape(4, -1, 7)[3]
    assert dealer[:, 0].max() == 0.0


def test_the_kernel_bids_as_the_count():
    """Hands traced with a count at every seat: each bid the kernel made is the count's."""
    import sim
    from sim.cards import SUITS

    strategy = sim.load_strategy("euchre-universe")
    records = sim.trace(3, range(60), table=sim.Table((strategy,) * 4))
    checked = 0
    for rec in records:
        dealer = rec["dealer"]
        upcard = parse_card(rec["upcard"])
        for j, b in enumerate(rec["bids"]):
            k = (b["seat"] - dealer - 1) % 4
            hand = mask_of(parse_cards(rec["hands"][b["seat"]], 5))
            rnd = 2 if j >= 4 else 1            # every bid is reached by passes: four a round
            _, made, alone = bid_of("euchre-universe", hand, upcard, k, rnd)
            if b["action"] == "pass":
                assert made is None
            elif b["action"] == "order_up":
                assert made == SUITS[upcard // 6] and alone == bool(b.get("alone"))
            else:
                assert made == b["suit"] and alone == bool(b.get("alone"))
            checked += 1
    assert checked > 150

