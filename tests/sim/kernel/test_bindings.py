"""Which kernel plays a table (``sim.table.bindings.kernels_for``): the built-in one, a copy bound
to the one player with a decide module of its own, or a refusal that says why.  A bound decide
module that changes one decision changes that decision and nothing else:
``tests/sim/players/test_new_player.py`` binds one."""

from __future__ import annotations

from pathlib import Path

import pytest

from sim import kernel as K
from sim.players import load_strategy
from sim.players.player_type import MAIN_DECIDE
from sim.rules import Rules
from sim.table.bindings import bound_kernels, decide_source, kernels_for

pytestmark = pytest.mark.compile


def test_the_table_decides_which_kernel_plays_it():
    basic, pimc = load_strategy("basic"), load_strategy("pimc")
    assert kernels_for((basic,) * 4)[0] is K
    assert kernels_for((pimc, basic, basic, basic))[0].__name__.startswith("euchre_kernel_copy_")
    code = load_strategy("examples.code_strategy:BowerHunter")
    for seats, rules, words in (((code, pimc, code, pimc), None, "pimc"),
                                ((pimc,) * 4, Rules(farmers_hand=True), "farmer")):
        with pytest.raises(ValueError, match=words):
            kernels_for(seats, rules)


def _signature(obj):
    import inspect

    f = getattr(obj, "py_func", obj)
    return str(inspect.signature(f)) if callable(f) else type(obj).__name__


def test_every_decide_module_defines_the_whole_interface_alike():
    """The decide interface is ``sim.players.decide.__all__``: every decide module a player's
    record names (and the kernel's ``seat``) defines each name, the functions with the same
    parameters and the constants of the same type."""
    import importlib

    import sim.players.decide as main
    from sim.players import player_types

    modules = {p.decide for p in player_types().values() if p.decide} | {"sim.kernel.seat"}
    assert len(main.__all__) >= 29
    for name in sorted(modules):
        m = importlib.import_module(name)
        for part in main.__all__:
            assert hasattr(m, part), f"{name} lacks {part}"
            assert _signature(getattr(m, part)) == _signature(getattr(main, part)), (
                f"{name}.{part}{_signature(getattr(m, part))} differs from the interface's "
                f"{_signature(getattr(main, part))}")


def test_a_copy_without_inlined_phases_says_so_in_its_compile_options():
    """The copy's ``compile_options.py`` is replaced, not the kernel's source edited."""
    kernel, _ = bound_kernels(decide_source(MAIN_DECIDE), tag="test: phases apart",
                              inline_phases=False)
    assert kernel.compile_options.INLINE_PHASES is False and K.compile_options.INLINE_PHASES
    assert kernel.hand.five_tricks.targetoptions["forceinline"] is False
    assert K.hand.five_tricks.targetoptions["forceinline"] is True
    assert Path(kernel.hand.__file__).read_text() == Path(K.hand.__file__).read_text()
