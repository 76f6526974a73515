"""The house rules of the code: layers without cycles, a thin command line, short functions.

Layers, each importing only itself and those before it (``LAYERS``, one row a layer): the
foundation (cards, bits, seats, rules and scoring, rng, threads, records, the referee) -> the
solver -> players (each behind the decide interface, ``sim.players.decide``) -> the kernel ->
the table (who sits where, and the kernel or bound copy that plays it) -> the run layer, the
agents and the equilibrium (no two rooms of ``sim`` importing each other) -> the analyses
(compute) -> plots and text -> the studies (each one protocol, written to run folders) and the
report -> the user interfaces (the command line and the web application); analyses reach
the kernel only through the run layer, and the kernel reaches the players only through its
``seat`` module.  Imports are read from the source (function-level imports included), so a
cycle cannot hide in a function body.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("sim", "analysis")
# (module name prefix, layer); the longest matching prefix wins
LAYERS = (
    ("sim.cards", 0), ("sim.rules", 0), ("sim.rng", 0), ("sim.records", 0), ("sim.referee", 0),
    ("sim.ptn", 0),                  # Trickster Cards' PTN records, read and written
    ("sim.links", 0),                # hand codes for links (``euchre-sim link``)
    ("sim.lazy", 0), ("sim.bits", 0), ("sim.seats", 0), ("sim.scoring", 0), ("sim.threads", 0),
    ("sim.atomic", 0), ("sim.interrupts", 0), ("sim.intervals", 0),
    ("sim.jit", 0),                  # how Numba compiles here, and its private names' one door
    ("sim.solver", 1),
    ("sim.players", 2),
    ("sim.kernel", 3),
    ("sim.table", 4),                # who sits where, its arrays and the kernel bound to play it
    ("sim.run", 5),                  # the run layer: specs, loops, run folders
    ("sim.agents", 5),               # the decision API and its doors (bots, OpenSpiel, pricing)
    ("sim.equilibrium", 5),          # the bidding game, on the kernel's phases
    ("sim", 5),                      # the engine's API (sim/__init__.py)
    ("analysis", 6),                 # the analyses (compute) and the notebook API
    ("analysis.plots", 7), ("analysis.text", 7),
    ("analysis.studies", 8), ("analysis.report", 8),   # the studies' registry, the report
    ("analysis.questions", 8),       # the questions both interfaces answer from
    ("analysis.cli", 9), ("analysis.entry", 9),
    ("analysis.web", 9),             # the local web application (``euchre-sim serve``)
)
LAYER_NAMES = ("foundation", "solver", "players", "kernel", "table", "run", "analyses",
               "plots and text", "studies and report", "user interfaces")
KERNEL = 3
MAX_FUNCTION_LINES = 100
MAX_COMMAND_LINES = 250


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))}


def layer(name: str) -> int:
    best = max((p for p, _ in LAYERS if name == p or name.startswith(p + ".")), key=len)
    return dict(LAYERS)[best]


def imports_of(path: Path, known: set[str]) -> set[str]:
    """Project modules that ``path`` imports (``from pkg import mod`` counts as ``pkg.mod``)."""
    me = module_name(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")
                base = ".".join(up[:len(up) - node.level + 1] + ([base] if base else []))
            names = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base
                     for a in node.names]
        else:
            continue
        for n in names:
            while n and n not in known:
                n = n.rpartition(".")[0]
            if n and n != me:
                found.add(n)
    return found


def graph() -> dict[str, set[str]]:
    mods = modules()
    return {m: imports_of(p, set(mods)) for m, p in mods.items()}


def test_every_import_goes_down_the_layers():
    bad = [f"{m} ({LAYER_NAMES[layer(m)]}) imports {d} ({LAYER_NAMES[layer(d)]})"
           for m, deps in graph().items() for d in sorted(deps) if layer(d) > layer(m)]
    assert not bad, "\n".join(bad)


def test_no_import_cycles():
    g = graph()
    state: dict[str, int] = {}
    cycles = []

    def visit(m, stack):
        state[m] = 1
        for d in sorted(g[m]):
            if state.get(d) == 1:
                cycles.append(" -> ".join(stack[stack.index(d):] + [d]))
            elif d not in state:
                visit(d, stack + [d])
        state[m] = 2

    for m in sorted(g):
        if m not in state:
            visit(m, [m])
    assert not cycles, "\n".join(cycles)


def test_no_cycles_between_the_rooms_of_sim():
    """Nor between the rooms of ``sim`` (``sim/run``, ``sim/agents``, ...), a module's imports
    counted for its room (function-level imports too): the run layer plays an outside bot's
    table through the agents, so the agents reach the ``Table`` below both (``sim.table``),
    not through the run layer."""
    rooms: dict[str, set[str]] = {}
    for m, deps in graph().items():
        parts = m.split(".")
        if parts[0] != "sim" or len(parts) < 2:
            continue
        for d in deps:
            q = d.split(".")
            if q[0] == "sim" and len(q) > 1 and q[1] != parts[1]:
                rooms.setdefault(parts[1], set()).add(q[1])
    both = sorted(f"sim.{a} <-> sim.{b}" for a in rooms for b in rooms[a]
                  if a < b and a in rooms.get(b, ()))
    assert not both, "\n".join(both)


def test_the_engine_never_imports_analysis():
    bad = [f"{m} imports {d}" for m, deps in graph().items() if m.split(".")[0] == "sim"
           for d in deps if d.split(".")[0] == "analysis"]
    assert not bad, "\n".join(bad)


def test_analysis_reaches_the_kernel_through_the_runner():
    bad = [f"{m} imports {d}" for m, deps in graph().items() if m.split(".")[0] == "analysis"
           for d in deps if layer(d) == KERNEL]
    assert not bad, "\n".join(bad)


def test_the_kernel_reaches_the_players_only_through_its_seat_module():
    """The kernel names no particular player: every decision goes through ``sim.kernel.seat``
    (which ``sim.table.bindings`` replaces to bind another player)."""
    bad = [f"{m} imports {d}" for m, deps in graph().items()
           if m.startswith("sim.kernel") and m != "sim.kernel.seat" for d in deps
           if d.startswith("sim.players")]
    assert not bad, "\n".join(bad)


def public_names(module: str) -> set[str]:
    """What ``module`` offers: its ``__all__``, its lazy exports, and a package's submodules."""
    m = importlib.import_module(module)
    names = set(getattr(m, "__all__", ())) | set(getattr(m, "_EXPORTS", ()))
    if hasattr(m, "__path__"):
        folder = Path(m.__file__).parent
        names |= {p.stem for p in folder.glob("*.py")}
        names |= {p.name for p in folder.iterdir() if (p / "__init__.py").is_file()}
    return names


def imported_names(path: Path):
    """(module, name) for each ``from sim... / analysis... import name`` in ``path``."""
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 and (
                node.module.split(".")[0] in PACKAGES):
            yield from ((node.module, a.name) for a in node.names)


@pytest.mark.compile
def test_scripts_use_only_the_public_api():
    """A script imports from sim and analysis only what a module lists as public (its
    ``__all__``, its package's exports, its submodules), never tests or the command line."""
    bad = []
    for path in sorted((ROOT / "scripts").glob("*.py")):
        for module, name in imported_names(path):
            if module.startswith("analysis.cli") or name not in public_names(module):
                bad.append(f"{path.name}: from {module} import {name}")
        for node in ast.walk(ast.parse(path.read_text())):
            modules = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                       [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            bad += [f"{path.name}: imports {m}" for m in modules if m.split(".")[0] == "tests"]
    assert not bad, "\n".join(bad)


def test_what_sims_api_offers_is_imported_from_sim():
    """analysis/ and scripts/ take a name that ``sim`` exports from ``sim`` itself
    (``from sim import Rules``), not from the module behind it."""
    import sim

    paths = [p for d in ("analysis", "scripts") for p in sorted((ROOT / d).rglob("*.py"))]
    bad = [f"{p.relative_to(ROOT)}: from {module} import {name}" for p in paths
           for module, name in imported_names(p)
           if module.startswith("sim.") and name in sim._EXPORTS]
    assert not bad, "\n".join(bad)


def long_functions(path: Path):
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            n = node.end_lineno - node.lineno + 1
            if n > MAX_FUNCTION_LINES:
                yield f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({n} lines)"


def test_no_function_over_a_hundred_lines():
    paths = [p for d in (*PACKAGES, "scripts") for p in sorted((ROOT / d).rglob("*.py"))]
    bad = [f for p in paths for f in long_functions(p)]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("path", [p for p in sorted((ROOT / "analysis" / "cli").glob("*.py"))
                                  if p.name != "options.py"],
                         ids=lambda p: p.name)
def test_command_modules_are_thin(path):
    n = len(path.read_text().splitlines())
    assert n <= MAX_COMMAND_LINES, f"{path.name} has {n} lines (at most {MAX_COMMAND_LINES})"


def test_the_repository_refers_to_nothing_outside_it():
    texts = [p for d in (*PACKAGES, "scripts", "tests", "examples") for p in (ROOT / d).rglob("*")
             if p.suffix in (".py", ".md", ".toml")] + list(ROOT.glob("*.md"))
    bad = [f"{p.relative_to(ROOT)}: {word}" for p in texts if p != Path(__file__)
           for word in ("shared/", "DESIGN.md") if word in p.read_text()]
    assert not bad, "\n".join(bad)


# the modules at the top of sim/: the foundation, flat; everything else lives in a room (a
# package whose name says what it holds)
FOUNDATION = {"__init__", "atomic", "bits", "cards", "interrupts", "intervals", "lazy", "links",
              "ptn", "records", "rng", "rules", "scoring", "seats", "threads"}
ROOMS = {"agents", "equilibrium", "jit", "kernel", "players", "referee", "run", "solver",
         "table"}


def test_the_top_of_sim_is_the_foundation_and_its_rooms():
    top = {p.stem for p in (ROOT / "sim").glob("*.py")}
    rooms = {p.name for p in (ROOT / "sim").iterdir() if (p / "__init__.py").is_file()}
    assert top == FOUNDATION, f"new at the top of sim/: {sorted(top - FOUNDATION)} (use a room)"
    assert rooms == ROOMS
    assert not [r for r in ROOMS if f"sim.{r}" not in dict(LAYERS)], "a room without a layer row"


def test_nothing_asks_which_player_a_strategy_is():
    """A player is one record (``sim.players.player_type.PlayerType``): code reads the record's
    fields, and only a player's own modules in ``sim/players/`` know the kernel's kind numbers
    (``sim.players.kinds``)."""
    import re

    asks = re.compile(r"\.kind\s*(==|!=|>=|<=|<|>|\bin\b|\bnot in\b)\s*\(?\s*"
                      r"(RANDOM|BASIC|USER|PIMC|EQUILIBRIUM|OUTSIDE)\b")
    paths = [p for d in (*PACKAGES, "scripts") for p in sorted((ROOT / d).rglob("*.py"))]
    bad = [f"{p.relative_to(ROOT)}: asks a strategy's kind" for p in paths if asks.search(
        p.read_text())]
    bad += [f"{p.relative_to(ROOT)}: imports the kernel's kind numbers" for p in paths
            if "sim.players.kinds" in p.read_text() and "players" not in p.parts]
    assert not bad, "\n".join(bad)


def test_the_engine_reaches_a_player_only_through_its_record():
    """Outside ``sim/players/``, the engine names no player: no module imports one player's own
    modules (``sim.players.pimc``: its search bids, its costs) or one built-in's record
    (``PIMC_PLAYER`` and the rest), nor compares a strategy's name with a player's; what it
    needs of a player (a searching player's bids on worlds, what its decisions cost) is a field
    of the record or a function of the kernel bound to it."""
    import re

    names = "|".join(t.upper() for t in ("random", "basic", "equilibrium", "pimc", "code",
                                          "outside"))
    by_record = re.compile(rf"\b({names})_PLAYER\b")
    by_name = re.compile(rf"""\.name\s*(==|!=|\bin\b)\s*\(?\s*["']({names.lower()})\b""")
    own = [f"{m} imports {d}" for m, deps in graph().items()
           if m.startswith("sim.") and not m.startswith("sim.players") for d in sorted(deps)
           if d.startswith("sim.players.pimc")]
    paths = [p for p in sorted((ROOT / "sim").rglob("*.py")) if "players" not in p.parts]
    own += [f"{p.relative_to(ROOT)}: names a built-in's record" for p in paths
            if by_record.search(p.read_text())]
    own += [f"{p.relative_to(ROOT)}: compares a strategy's name with a player's" for p in paths
            if by_name.search(p.read_text())]
    assert not own, "\n".join(own)
