"""The transposition table's rank-compressed key: the bit extract in both its forms against a
plain Python one, and keys that are equal exactly when two positions have the same holders,
card by card in rank order within each suit, and the same leader."""

from __future__ import annotations

import numpy as np
import pytest

from sim.cards import SUIT_MASK_POW
from sim.solver import compress

pytestmark = pytest.mark.compile


def _extract(x, mask):
    out, k = 0, 0
    for b in range(64):
        if mask >> b & 1:
            out |= (x >> b & 1) << k
            k += 1
    return out


@pytest.mark.parametrize("form", ["loop", "hw"])
def test_extract_bits_matches_plain_python(form):
    if form == "hw" and not compress.FAST_PEXT:
        pytest.skip("this CPU takes the loop")
    fn = compress.extract_bits_loop if form == "loop" else compress.extract_bits_hw
    rng = np.random.default_rng(7)
    for _ in range(3000):
        x, m = (int(v) for v in rng.integers(0, 1 << 24, 2))
        assert fn(x, m) == _extract(x, m)
    assert fn(0xFFFFFF, 0) == 0


def _suit_cards(suits):
    return [[c for c in range(24) if suits[e] >> c & 1] for e in range(4)]


def _random_position(rng, suits, per_seat):
    """``per_seat`` cards to each seat from the whole pack, and a leader."""
    chosen = rng.choice(24, 4 * per_seat, replace=False)
    hands = np.zeros(4, np.int64)
    for i, c in enumerate(chosen):
        hands[i % 4] |= 1 << int(c)
    return hands, int(rng.integers(0, 4))


def _relabelled(rng, hands, suits):
    """The same holders in the same rank order within each suit, on other cards of the suit."""
    out = np.zeros(4, np.int64)
    for cards in _suit_cards(suits):
        held = [(c, s) for c in cards for s in range(4) if hands[s] >> c & 1]
        new = sorted(rng.choice(cards, len(held), replace=False))
        for (_c, s), c2 in zip(held, new, strict=True):
            out[s] |= 1 << int(c2)
    return out


def _key(hands, suits, seat):
    return compress.position_key(hands, int(hands[0] | hands[1] | hands[2] | hands[3]), suits,
                                 seat)


def test_keys_ignore_which_cards_have_gone_and_see_every_holder():
    rng = np.random.default_rng(18)
    for trump in range(4):
        suits = SUIT_MASK_POW[trump]
        for per_seat in (1, 2, 3, 4, 5):
            for _ in range(100):
                hands, seat = _random_position(rng, suits, per_seat)
                key = _key(hands, suits, seat)
                other = _relabelled(rng, hands, suits)
                assert _key(other, suits, seat) == key
                assert _key(hands, suits, (seat + 1) & 3) != key
                # two cards of one suit held by different seats change hands
                for cards in _suit_cards(suits):
                    held = [(c, s) for c in cards for s in range(4) if hands[s] >> c & 1]
                    pairs = [(a, b) for a in held for b in held if a[1] < b[1]]
                    if pairs:
                        (c1, s1), (c2, s2) = pairs[int(rng.integers(0, len(pairs)))]
                        swapped = hands.copy()
                        swapped[s1] ^= (1 << c1) | (1 << c2)
                        swapped[s2] ^= (1 << c1) | (1 << c2)
                        assert _key(swapped, suits, seat) != key
                        break


def test_key_ignores_which_cards_have_gone():
    """The nine and queen of a suit with the ten gone key the same as the nine and ten with the
    queen gone, and as the ten and queen with the nine gone, but not when the holders swap."""
    suits = SUIT_MASK_POW[0]
    spades = _suit_cards(suits)[1]                    # a plain suit, lowest card first

    def key(a, b, holders=(0, 1)):
        hands = np.zeros(4, np.int64)
        hands[holders[0]] |= 1 << spades[a]
        hands[holders[1]] |= 1 << spades[b]
        return _key(hands, suits, 2)

    assert key(0, 2) == key(0, 1) == key(1, 2) == key(3, 5)
    assert key(0, 2) != key(0, 2, holders=(1, 0))
