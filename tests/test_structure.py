"""The package's shape, read from its source: no import cycles, no long functions."""

from __future__ import annotations

import ast
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "rackbom"

LINES_MAX = 60
LONG_ALLOWED = {
    ("racks/costs/ownership.py", "_system_terms"),
    ("rackbom/report_folder.py", "write_report"),
}
"""The functions still over `LINES_MAX` lines (at most 3); a test fails on one that is not."""


def modules() -> dict[str, Path]:
    """Every module of the package by its dotted name, the layers linked into it included."""
    found = {}
    for folder, subfolders, files in os.walk(ROOT / PACKAGE, followlinks=True):
        subfolders[:] = sorted(s for s in subfolders if s != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py"):
                path = Path(folder) / name
                parts = path.relative_to(ROOT).with_suffix("").parts
                found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imported(name: str, path: Path, known: set[str], typing: bool = True) -> set[str]:
    """The package's modules that `name` imports anywhere: at module level, in functions and
    (unless `typing` is false) under `TYPE_CHECKING` alike. `from a import b` imports `a.b` where
    that is a module."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = set() if typing else {id(n) for block in _type_only(tree) for n in ast.walk(block)}
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:  # relative: from the package, or one up per extra dot
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*parts, module] if module else parts)
            for alias in node.names:
                submodule = f"{module}.{alias.name}"
                targets.add(submodule if submodule in known else module)
    return {t for t in targets if t in known and t != name}


def _type_only(tree: ast.AST) -> list[ast.stmt]:
    """The statements under `if TYPE_CHECKING:` (imports for type hints only)."""
    return [
        statement
        for node in ast.walk(tree)
        if isinstance(node, ast.If)
        and isinstance(node.test, ast.Name)
        and node.test.id == "TYPE_CHECKING"
        for statement in node.body
    ]


def cycles(graph: dict[str, set[str]]) -> set[frozenset[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: set[frozenset[str]] = set()

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                found.add(frozenset(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def import_graph(typing: bool = True) -> dict[str, set[str]]:
    found = modules()
    return {name: imported(name, path, set(found), typing) for name, path in found.items()}


def long_functions() -> dict[tuple[str, str], int]:
    """Functions and methods over `LINES_MAX` lines, `def` to last line, by file and name."""
    long = {}
    for path in sorted(set(modules().values())):
        source = path.resolve().relative_to(ROOT).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > LINES_MAX:
                    long[(source, node.name)] = lines
    return long


def test_the_graph_sees_every_kind_of_import() -> None:
    graph = import_graph()
    assert "rackbom.racks.build" in graph["rackbom.racks.analysis"]  # relative, module level
    assert (
        "rackbom.exports.html.cluster_sections" in graph["rackbom.exports.html.page"]
    )  # in a function
    assert "rackbom.racks.costs.ownership" in graph["rackbom.cost_api"]  # absolute
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == {frozenset("abc")}


def test_no_import_cycles() -> None:
    found = cycles(import_graph())
    assert not found, f"import cycles: {sorted(sorted(c) for c in found)}"


RACKS_LAYERS = (
    "",
    "clusters",
    "cabling",
    "plant",
    "dcim",
    "costs",
    "collectives",
    "goodput",
    "uncertainty",
    "report",
)
"""The model's own layers, lowest first: the design model (modules directly in `racks/`), then
each subpackage; a module imports only its own layer and those before it (type hints aside)."""


def racks_layer(module: str) -> int | None:
    """A module's place in `RACKS_LAYERS`, or None outside `racks/`."""
    prefix = f"{PACKAGE}.racks."
    if not module.startswith(prefix):
        return None
    rest = module.removeprefix(prefix).split(".")
    return RACKS_LAYERS.index(rest[0] if len(rest) > 1 else "")


def test_the_model_imports_no_layer_above_its_own() -> None:
    assert racks_layer("rackbom.racks.management") == 0 and racks_layer("rackbom.exports") is None
    upward = [
        (module, target)
        for module, targets in import_graph(typing=False).items()
        for target in targets
        if (mine := racks_layer(module)) is not None
        and (theirs := racks_layer(target)) is not None
        and theirs > mine
    ]
    assert not upward, f"imports up the model's layers: {sorted(upward)}"


def test_functions_are_short() -> None:
    assert len(LONG_ALLOWED) <= 3
    long = long_functions()
    assert set(long) <= LONG_ALLOWED, {k: v for k, v in long.items() if k not in LONG_ALLOWED}
