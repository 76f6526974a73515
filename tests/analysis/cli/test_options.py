"""The options the commands share (``analysis/cli/options.py``): an empty ``--out`` is its own
error, on every command that writes."""

from __future__ import annotations

import pytest

from tests.commands import assert_one_line_error, run


@pytest.mark.parametrize("command", [
    ["simulate", "--hands", 10], ["tune", "--generations", 1], ["order-up"], ["alone"],
    ["ladder", "basic", "random"], ["report", "x"],
])  # fmt: skip
def test_an_empty_path_is_its_own_error(command, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = run(*command, "--out", "")
    assert_one_line_error(r, "--out", "empty path", code=2)
    assert "--force" not in r.output
    assert list(tmp_path.iterdir()) == []

