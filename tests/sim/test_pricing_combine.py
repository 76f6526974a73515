"""``sim.agents.pricing.combine``: pricings of one view on different worlds put together are the
pricing of all their worlds."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from sim import view_from_json
from sim.agents.pricing import combine, price

VIEW = view_from_json((Path(__file__).resolve().parents[2] / "examples" / "view.json")
                      .read_text())


@pytest.mark.compile
def test_combined_pricings_are_the_pricing_of_all_their_worlds():
    a, b = price(VIEW, 8, 1), price(VIEW, 12, 2)
    both = combine([a, b])
    assert both.worlds == 20 and both.fitted == a.fitted + b.fitted
    for o in both.options:
        values = np.concatenate([p.table[:, [x.action for x in p.options].index(o.action)]
                                 for p in (a, b)])
        assert o.value == pytest.approx(values.mean())
    assert [o.value for o in both.options] == sorted((o.value for o in both.options),
                                                     reverse=True)
    assert combine([a]) is a
