"""The exporters only format: no module of `exports/` or `layouts/` loads a module of `racks/`
that computes. What they may import at run time are the model's types modules, which hold
result dataclasses and constants and no function (type hints under `TYPE_CHECKING` load
nothing and are free); every figure is worked out before, by a system's report
(`racks/report/system_report.py`) or the command."""

from __future__ import annotations

import ast
from functools import cache

from test_structure import PACKAGE, import_graph, modules

TYPES_MODULES = {
    "racks.built",
    "racks.spec",
    "racks.summary",
    "racks.clusters.cluster_summary",
    "racks.cabling.row",
    "racks.port_types",
    "racks.collectives.results",
    "racks.costs.claim_rules",
    "racks.costs.formula",
    "racks.costs.results",
    "racks.costs.terms",
    "racks.goodput.results",
    "racks.dcim.dcim_model",
}
"""The modules of `racks/` an exporter may import: result types and constants only."""


@cache
def _graph() -> dict[str, set[str]]:
    """The package's run-time imports, read once for every test here."""
    return import_graph(typing=False)


def _short(module: str) -> str:
    return module.removeprefix(f"{PACKAGE}.")


def computing_imports() -> dict[str, set[str]]:
    """Each exporter's or drawing's run-time imports of `racks/` modules not in `TYPES_MODULES`."""
    graph = _graph()
    found = {}
    for module, targets in graph.items():
        name = _short(module)
        if not name.startswith(("exports", "layouts")):
            continue
        racks = {_short(t) for t in targets if _short(t).startswith("racks")}
        if computing := racks - TYPES_MODULES:
            found[name] = computing
    return found


def test_exporters_import_only_the_models_types() -> None:
    found = computing_imports()
    assert not found, {m: sorted(v) for m, v in found.items()}


def test_no_exporter_is_excepted() -> None:
    """The rule holds for every exporter: this module keeps no list of exceptions to it."""
    assert not [name for name in globals() if name.startswith("NOT_YET")]


def test_types_modules_define_no_function_and_import_no_computing_module() -> None:
    graph = _graph()
    paths = modules()
    for name in sorted(TYPES_MODULES):
        tree = ast.parse(paths[f"{PACKAGE}.{name}"].read_text(encoding="utf-8"))
        functions = [n.name for n in tree.body if isinstance(n, ast.FunctionDef)]
        assert not functions, (name, functions)
        racks = {_short(t) for t in graph[f"{PACKAGE}.{name}"] if _short(t).startswith("racks")}
        assert racks <= TYPES_MODULES, (name, sorted(racks - TYPES_MODULES))
