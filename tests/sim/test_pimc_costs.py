"""What a pimc hand costs (``sim.run.costs``, ``sim.players.pimc.costs``): with inference, the
card decisions say what their weighed worlds are worth in uniform ones."""

from __future__ import annotations

import pytest

from sim.run.costs import decision_costs

pytestmark = pytest.mark.compile


def test_inference_reports_the_effective_number_of_weighed_worlds():
    plain = decision_costs(3, seed=2, strategy="pimc:worlds=8,bid_worlds=4")
    assert "effective_worlds" not in plain["card"] and plain["card"]["decisions"] > 0
    r = decision_costs(3, seed=2, strategy="pimc:worlds=8,bid_worlds=4,inference=bids+play")
    card = r["card"]
    assert card["weighed"] == 32 and 1 <= card["effective_worlds"] <= 32
    assert card["solves"] <= 8
