"""The import rules: ``sim`` never imports ``analysis``; analyses reach the kernel only through
the runner layer; scripts use no command module and no test; no module-level import cycle."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KERNEL_MODULES = ("sim.kernel", "sim.game", "sim.code_kernel")


def imports(path: Path, module_level_only: bool = False) -> set[str]:
    """The modules ``path`` imports (``from sim import kernel`` counts as ``sim.kernel``)."""
    tree = ast.parse(path.read_text())
    nodes = tree.body if module_level_only else ast.walk(tree)
    out = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
            out |= {f"{node.module}.{a.name}" for a in node.names}
    return out


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


def test_sim_never_imports_analysis():
    for path in (ROOT / "sim").glob("*.py"):
        bad = {m for m in imports(path) if m == "analysis" or m.startswith("analysis.")}
        assert not bad, (path.name, bad)


def test_analysis_reaches_the_kernel_through_the_runner():
    for path in (ROOT / "analysis").glob("*.py"):
        bad = {m for m in imports(path) if m in KERNEL_MODULES}
        assert not bad, (path.name, bad)


def test_scripts_use_no_command_module_and_no_test():
    for path in (ROOT / "scripts").glob("*.py"):
        bad = {m for m in imports(path) if m.endswith("_cmd") or m == "analysis.cli"
               or m == "tests" or m.startswith("tests.")}
        assert not bad, (path.name, bad)


def test_no_module_level_import_cycle():
    paths = [*(ROOT / "sim").glob("*.py"), *(ROOT / "analysis").glob("*.py")]
    names = {module_name(p) for p in paths}
    graph = {module_name(p): {m for m in imports(p, module_level_only=True) if m in names}
             for p in paths}  # fmt: skip
    for start in graph:
        seen, stack = set(), [(start, (start,))]
        while stack:
            node, path = stack.pop()
            for nxt in graph[node]:
                assert nxt != start, " -> ".join((*path, nxt))
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, (*path, nxt)))
