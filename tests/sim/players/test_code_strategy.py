"""Code strategies: the user's own Numba hooks run in the kernel without editing sim/; loaded by
dotted name or path/to/file.py:Name; a hook that cannot run or answers illegally is one line."""

import shutil
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from numba import njit

from analysis.cli import main
from sim.players import load_strategy
from sim.referee import replay_record
from sim.run.hands import Table, simulate, trace
from tests.commands import ROOT, assert_one_line_error, run

pytestmark = pytest.mark.compile

SPEC = "examples.code_strategy:BowerHunter"


class Cheater:
    """Follows with a card it may not play (to test the kernel's checks)."""

    @staticmethod
    @njit
    def follow(hand, legal, trump, led_suit, winning_card, winner_seat, seat):
        illegal = hand & ~legal
        c = 0
        if illegal:
            while not (illegal >> c) & 1:
                c += 1
            return c
        return 99


class NotNumba:
    @staticmethod
    def order_up(hand, upcard, position, my_score, their_score, game_to):
        return 0


class OrdersAll:
    @staticmethod
    @njit
    def order_up(hand, upcard, position, my_score, their_score, game_to):
        return 1


class PassesAll:
    @staticmethod
    @njit
    def order_up(hand, upcard, position, my_score, their_score, game_to):
        return 0


class RaisesOnJacks:
    @staticmethod
    @njit
    def order_up(hand, upcard, position, my_score, their_score, game_to):
        if upcard % 6 == 2:
            raise ValueError("no jacks for me")
        return 0


def test_every_code_strategy_plays_in_one_kernel_with_its_own_hooks():
    here = "tests.sim.players.test_code_strategy"
    orders, passes = (Table((load_strategy(f"{here}:{name}"),) * 4)
                      for name in ("OrdersAll", "PassesAll"))
    assert orders.kernels()[0] is passes.kernels()[0]     # one compiled copy for both
    made = simulate(2_000, seed=3, table=orders, records=True).records
    assert (made["round"] == 1).all() and (made["maker"] == (made["dealer"] + 1) % 4).all()
    passed = simulate(2_000, seed=3, table=passes, records=True).records
    assert (passed["round"] != 1).all()
    # a hook's exception reaches the caller, as from any Numba function
    with pytest.raises(ValueError, match="no jacks for me"):
        simulate(2_000, seed=3, table=Table.teams(f"{here}:RaisesOnJacks", "basic"), threads=1)


def _kernel_run(table, n=3000):
    """(masks, fields, tally) of ``n`` hands of ``table``, played by its kernel's ``run_hands``
    (no check of the code strategy's answers)."""
    from sim import kernel as K
    from sim.rules import Rules
    from sim.run.hands import NO_FORCE

    kernel, _ = table.kernels()
    kinds, rows = table.arrays()
    masks = np.empty((4, n), np.uint32)
    fields = np.empty((K.NREC - 4, n), np.int8)
    tally = np.zeros(((n + 255) // 256, K.NTALLY_ROW), np.int64)
    kernel.run_hands(11, 0, n, 256, Rules().pack(), kinds, rows, NO_FORCE, masks, fields, tally,
                     np.zeros(2, np.int64))
    return masks, fields, tally


def test_equilibrium_sits_with_a_code_strategy_and_bids_as_at_a_built_in_table():
    from sim import kernel as K

    # every follow of Cheater's is illegal, so it plays basic's card each time
    eq, cheater = load_strategy("equilibrium"), load_strategy(f"{__name__}:Cheater")
    mixed = _kernel_run(Table((eq, cheater, eq, cheater)))
    built_in = _kernel_run(Table((eq, load_strategy("basic"), eq, load_strategy("basic"))))
    assert Table((eq, cheater, eq, cheater)).kernels()[0] is not K
    assert mixed[2][:, K.BAD_USER_CELL].sum() > 1000                  # the hook was asked
    assert np.array_equal(mixed[0], built_in[0]) and np.array_equal(mixed[1], built_in[1])


def test_example_runs_and_every_traced_action_is_legal():
    table = Table.teams(SPEC, "random")
    recs = trace(5, range(1500), table=table)
    assert all("error" not in replay_record(r) for r in recs)
    res = simulate(20_000, seed=5, table=table, records=True).records
    assert len(res) == 20_000 and (res["round"] > 0).mean() > 0.8


def test_example_decisions_follow_its_rules():
    table = Table.teams(SPEC, "basic")
    recs = trace(6, range(2000), table=table)
    from sim.cards import JACK, parse_card, parse_cards

    checked = 0
    for rec in recs:
        up = parse_card(rec["upcard"])
        trump = up // 6
        for bid in rec["bids"]:
            seat = bid["seat"]
            if seat % 2 or bid["action"] not in ("pass", "order_up"):
                continue
            hand = parse_cards(rec["hands"][seat])
            if seat == rec["dealer"]:
                hand = hand + [up]
            trumps = sum(1 for c in hand if c // 6 == trump or c == (3 - trump) * 6 + JACK)
            bowers = sum(1 for c in hand if c in (trump * 6 + JACK, (3 - trump) * 6 + JACK))
            wants = trumps >= 3 and bowers >= 1
            assert (bid["action"] == "order_up") == wants, rec
            checked += 1
    assert checked > 1000


def test_cli_runs_a_code_strategy():
    r = CliRunner().invoke(main, ["simulate", "--hands", "20000", "--silent", "--team0", SPEC,
                                  "--team1", "basic"])
    assert r.exit_code == 0, r.output
    assert "made in round 1" in r.output


@pytest.mark.slow
def test_illegal_answers_stop_the_run_with_a_clear_error():
    strategy = load_strategy("tests.sim.players.test_code_strategy:Cheater")
    with pytest.raises(ValueError, match="returned an illegal action"):
        simulate(2_000, seed=1, table=Table.teams(strategy, "basic"))


@pytest.mark.parametrize("spec,message", [
    ("tests.sim.players.test_code_strategy:NotNumba", "must be a @numba.njit function"),
    ("tests.sim.players.test_code_strategy:Missing", "has no 'Missing'"),
    ("no_such_module_xyz:Name", "cannot import module"),
    ("tests.sim.players.test_code_strategy:SPEC", "defines none of"),
])
def test_bad_code_strategies(spec, message):
    with pytest.raises(ValueError, match=message):
        load_strategy(spec)


def test_kinds_record_which_hooks_are_user_code():
    from sim.players.kinds import H_FOLLOW, H_ORDER, USER

    s = load_strategy(SPEC)
    assert s.kind == USER + H_ORDER + 2 + H_FOLLOW
    assert s.impl == ("examples.code_strategy", "BowerHunter", ("order_up", "call", "follow"))
    assert np.allclose(s.vector()[0], 3.2)


@pytest.mark.slow
def test_illegal_answers_in_games_are_told_with_an_example():
    from sim import simulate_games

    strategy = load_strategy("tests.sim.players.test_code_strategy:Cheater")
    with pytest.raises(ValueError, match=r"illegal action in \d+ hand\(s\); the first, game 0, "
                                         r"hand \d+: follow"):
        simulate_games(50, seed=1, table=Table.teams(strategy, "basic"))


# ---------------------------------------------------------------------------------------------
# Loading: docs/players.md's dotted form from the repository root, path/to/file.py:Name, the
# module under either name; hooks that cannot run and illegal answers, told in one line


def test_dotted_code_strategy_loads_from_the_repository_root(monkeypatch):
    # as the installed euchre-sim script runs: the current folder is not on Python's path
    here = {"", ".", str(ROOT)}
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in here])
    for name in [m for m in sys.modules if m == "examples" or m.startswith("examples.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.chdir(ROOT)
    s = load_strategy(SPEC)
    assert s.impl == ("examples.code_strategy", "BowerHunter", ("order_up", "call", "follow"))


def test_code_strategy_from_a_file_path(tmp_path, monkeypatch):
    from sim.players.hook_calls import hook_addresses
    from sim.players.kinds import HOOK_ARGS
    from sim.players.user_code import import_code_module

    (tmp_path / "sub").mkdir()
    (tmp_path / "elsewhere").mkdir()
    mine = tmp_path / "sub" / "mine.py"
    shutil.copy(ROOT / "examples" / "code_strategy.py", mine)
    # a file outside the current folder: loaded from its path
    monkeypatch.chdir(tmp_path / "elsewhere")
    s = load_strategy(f"{mine}:BowerHunter")
    assert s.name == f"{mine}:BowerHunter" and s.impl[0] == str(mine)
    addresses = dict(zip(HOOK_ARGS, hook_addresses(s.impl), strict=True))   # what the kernel calls
    assert addresses["discard"] == 0 and addresses["follow"] != 0    # discard is not defined
    follow = import_code_module(s.impl[0]).BowerHunter.follow
    assert follow.py_func.__code__.co_filename == str(mine)
    # under the current folder: the same module as its dotted name (one Numba cache entry)
    monkeypatch.chdir(tmp_path)
    s = load_strategy("sub/mine.py:BowerHunter")
    assert s.name == "sub/mine.py:BowerHunter" and s.impl[0] == "sub.mine"
    for spec, words in (("sub/none.py:BowerHunter", ["no such file sub/none.py"]),
                        ("sub/mine.py:Nobody", ["has no 'Nobody'"]),
                        ("nowhere.code:X", ["cannot import", "path/to/file.py:Name"])):
        assert_one_line_error(run("simulate", "--hands", 1000, "--team0", spec), *words)


def test_a_code_module_answers_to_its_file_name_too():
    # Numba's cache beside the file may name the module either way (see import_code_module)
    from sim.players.user_code import file_module_name

    load_strategy(SPEC)
    path = (ROOT / "examples" / "code_strategy.py").resolve()
    assert Path(sys.modules[file_module_name(path)].__file__).resolve() == path


HOOKS = '''
from numba import njit


class Raises:
    @staticmethod
    @njit
    def follow(hand, legal, trump, led_suit, winning_card, winner_seat, seat):
        raise ValueError("no card for you")


class Misspelt:
    @staticmethod
    @njit
    def follow(hand, legal, trump, led_suit, winning_card, winner_seat, seat):
        return lowest_card(legal)
'''


@pytest.mark.parametrize("name, words", [
    ("Raises", ["follow", "never returns", "it always raises"]),
    ("Misspelt", ["follow", "does not compile", "lowest_card"]),
])  # fmt: skip
def test_a_code_strategy_whose_hook_cannot_run_is_one_line(tmp_path, name, words):
    f = tmp_path / "bad_hooks.py"
    f.write_text(HOOKS)
    t0 = time.perf_counter()
    r = run("simulate", "--hands", 2000, "--silent", "--team0", f"{f}:{name}")
    assert_one_line_error(r, str(f), *words)
    assert time.perf_counter() - t0 < 60  # found before the kernel copy is compiled


def test_an_illegal_answer_is_told_with_an_example():
    r = run("simulate", "--hands", 2000, "--silent", "--team0",
            "tests.sim.players.test_code_strategy:Cheater", "--team1", "basic")
    assert_one_line_error(r, "returned an illegal action in", "the first, hand ", "follow, seat",
                          "answered", "he must follow")

