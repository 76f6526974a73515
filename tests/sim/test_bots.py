"""Outside bots (``sim.agents.bots``): a Python class with ``act(view)`` seated through the
referee on the kernel's deals, in processes, with a clear error for an illegal answer or an
exception."""

from __future__ import annotations

import numpy as np
import pytest

from sim import Rules, RunSpec, Table, load_strategy, simulate, simulate_games
from sim.agents.bots import BotError
from sim.run.refereed import HandsTask

pytestmark = [pytest.mark.compile, pytest.mark.subprocess]

BOT = "examples/bot.py:TrumpCounter"


def table_with(bot: str, other: str = "tuned") -> Table:
    b, o = load_strategy(bot), load_strategy(other)
    return Table((o, b, o, b))


class Raises:
    """A bot whose act fails."""

    def act(self, view):
        raise KeyError("no such card")


def test_a_class_with_act_loads_as_an_outside_bot():
    s = load_strategy(BOT)
    # examples/ is a link to the package's examples: the module is named by its real place
    assert s.player.name == "outside" and s.impl == ("analysis.examples.bot", "TrumpCounter")
    with pytest.raises(ValueError, match="outside bot"):
        table_with(BOT).kernels()


def test_the_referee_loop_plays_kernel_tables_exactly_as_the_kernel():
    """All four seats kernel strategies, played hand by hand through the referee: the same
    record columns and tally as the kernel's run."""
    table = Table.teams("tuned", "basic")
    spec = RunSpec.of(3, Rules(stick_the_dealer=True), table)
    tally, masks, fields = HandsTask(spec, (0, 0), True)(0, 60)
    kernel = simulate(60, 3, spec.rules, table, records=True, threads=1)
    frame = kernel.records
    assert np.array_equal(masks, np.stack([frame[f"hand{s}"].to_numpy() for s in range(4)]))
    names = [c for c in frame.columns if c not in ("hand", "hand0", "hand1", "hand2", "hand3")]
    assert np.array_equal(fields, np.stack([frame[c].to_numpy() for c in names]))
    assert np.array_equal(tally[:-1].reshape(kernel.tally.shape), kernel.tally)


def test_a_bot_plays_the_same_hands_in_one_process_or_two():
    one = simulate(40, 5, table=table_with(BOT), records=True, threads=1).records
    two = simulate(40, 5, table=table_with(BOT), records=True, threads=2).records
    assert one.equals(two)
    assert (one["points0"] + one["points1"] > 0).sum() > 0
    assert set(one["round"]) <= {0, 1, 2}


def test_a_bot_plays_games_to_ten():
    r = simulate_games(4, 2, table=table_with(BOT), records=True, threads=1)
    assert len(r.records) == 4 and set(r.records["winner"]) <= {0, 1}
    assert (r.records[["score0", "score1"]].max(axis=1) >= 10).all()
    assert r.hands_played == r.records["hands"].sum()


def test_an_illegal_answer_names_the_bot_the_hand_and_the_action():
    with pytest.raises(BotError, match=r"bot examples/bot.py:Broken answered .* in hand \d+ "
                                       r"\(seat \d, card to play, trick \d\), which is not legal"):
        simulate(30, 1, table=table_with("examples/bot.py:Broken"), threads=1)


def test_an_exception_inside_a_bot_is_a_bot_error(tmp_path, monkeypatch):
    (tmp_path / "raiser.py").write_text(
        "class Raises:\n    def act(self, view):\n        raise KeyError('no such card')\n")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(BotError, match=r"bot raiser.py:Raises raised KeyError: 'no such card' "
                                       r"in hand 0 \(seat 1, round 1 bid\)"):
        simulate(4, 1, table=table_with("raiser.py:Raises"), threads=1)


def test_a_bot_may_answer_in_json_form(tmp_path, monkeypatch):
    (tmp_path / "passer.py").write_text(
        "from sim.referee.views import action_to_json\n"
        "class Passer:\n"
        "    def act(self, view):\n"
        "        return action_to_json(view.legal[0])\n")
    monkeypatch.chdir(tmp_path)
    r = simulate(8, 1, table=table_with("passer.py:Passer"), records=True, threads=1)
    assert len(r.records) == 8


def test_forced_decisions_are_refused_for_a_bot_table():
    from sim.run.hands import force_array

    with pytest.raises(ValueError, match="forced decisions"):
        simulate(4, 1, table=table_with(BOT), force=force_array("first", 1, 1))


def test_ctrl_c_stops_a_bot_run_at_once_and_writes_nothing(tmp_path):
    """Ctrl-C in a bot's run on two worker processes: one line, exit 130, no folder, no
    worker left behind."""
    import os
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    from tests import processes

    root = Path(__file__).resolve().parents[2]
    marker = tmp_path / "started"
    (tmp_path / "slow.py").write_text(
        "import pathlib, time\n"
        "class Slow:\n"
        "    def act(self, view):\n"
        f"        pathlib.Path({str(marker)!r}).touch()\n"
        "        time.sleep(0.01)\n"
        "        return view.legal[0]\n")
    out = tmp_path / "run"
    proc = subprocess.Popen(
        [sys.executable, "-c", "from analysis.cli import main; main()", "tournament", "tuned",
         str(tmp_path / "slow.py") + ":Slow", "--hands", "5000", "--games", "0", "--threads",
         "2", "--out", str(out)],
        cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "EUCHRE_SIM_TEST_RUN": str(tmp_path)},   # marks its processes
        start_new_session=True)     # as a terminal starts it: SIGINT at its default
    deadline = time.time() + 240
    while not marker.exists() and time.time() < deadline and proc.poll() is None:
        time.sleep(0.2)
    time.sleep(1.0)
    os.killpg(proc.pid, signal.SIGINT)      # a terminal's Ctrl-C: the whole process group
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "interrupted: nothing written" in err and "Traceback" not in err
    assert not out.exists()
    # the command's process group was its own session: nothing of it is left (its workers'
    # parent has exited, so they would be the init process's children, not its)
    assert not processes.left_behind(str(tmp_path)) and os.path.exists(marker)


def test_a_bots_hands_trace_as_they_are_simulated():
    """``trace`` (``show``) plays a bot's hands through the referee: the same hands as the run."""
    from sim import trace
    from sim.referee import replay_record

    frame = simulate(6, 5, table=table_with(BOT), records=True, threads=1).records
    recs = trace(5, range(6), table=table_with(BOT))
    for i, rec in enumerate(recs):
        points = replay_record(rec)["points"]
        assert points == [int(frame["points0"][i]), int(frame["points1"][i])]
