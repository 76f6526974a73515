"""The equilibrium table file: a compact table (the score tables) keeps every probability to
1/510 and no visits, a full one to 1/131,070 with its visits, and a file whose rows are stored in
another width than its scale says is refused."""

from __future__ import annotations

import json

import numpy as np
import pytest

from sim import parse_rules
from sim.players.equilibrium import INFO_PER_ROUND, R1_ACTIONS, R2_ACTIONS
from sim.players.equilibrium_table import (
    COMPACT_SCALE,
    FORMAT,
    FORMAT_VERSION,
    EquilibriumTable,
    TableError,
    read_table,
)


def random_table(scale=None):
    rng = np.random.default_rng(5)
    rows = [rng.dirichlet(np.full(n, 0.3), INFO_PER_ROUND) for n in (R1_ACTIONS, R2_ACTIONS)]
    visits = [rng.integers(0, 1000, INFO_PER_ROUND) for _ in range(2)]
    meta = {"format": FORMAT, "format_version": FORMAT_VERSION,
            "rules": parse_rules("published").as_dict()}
    if scale is not None:
        meta["scale"] = scale
    return EquilibriumTable(*rows, *visits, meta)


@pytest.mark.parametrize("scale, step, visits", [(None, 65535, True), (COMPACT_SCALE, 255, False)])
def test_a_table_reads_back_to_its_precision(tmp_path, scale, step, visits):
    t = random_table(scale)
    t.save(tmp_path / "t.npz")
    back = read_table(tmp_path / "t.npz", parse_rules("published"))
    for a, b in ((t.round1, back.round1), (t.round2, back.round2)):
        assert np.allclose(b.sum(axis=1), 1.0)
        # the largest entry takes the rounding of the others
        assert np.abs(a - b).max() <= (a.shape[1] - 1) / (2 * step) + 1e-12
    assert back.compact == (scale == COMPACT_SCALE)
    assert (back.visits1 is not None) == visits
    if visits:
        assert np.array_equal(back.visits1, t.visits1)


def test_rows_in_another_width_than_the_scale_are_refused(tmp_path):
    t = random_table(COMPACT_SCALE)
    t.save(tmp_path / "t.npz")
    with np.load(tmp_path / "t.npz") as z:
        arrays = {k: z[k] for k in z.files}
    meta = json.loads(bytes(arrays["meta"]).decode())
    del meta["scale"]                       # uint8 rows read as fractions of 65,535: wrong
    arrays["meta"] = np.frombuffer(json.dumps(meta).encode(), np.uint8)
    np.savez_compressed(tmp_path / "bad.npz", **arrays)
    with pytest.raises(TableError, match="compute it again"):
        read_table(tmp_path / "bad.npz")
