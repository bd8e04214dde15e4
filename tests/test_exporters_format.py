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
}
"""The modules of `racks/` an exporter may import: result types and constants only."""

NOT_YET = {
    "exports.dcim.cable_import": {
        "racks.cabling.cable_list",
        "racks.cabling.management_rows",
        "racks.cabling.names",
    },
    "exports.dcim.dcim_export": {
        "racks.analysis",
        "racks.build",
        "racks.cabling.names",
        "racks.cabling.runlist",
        "racks.cabling.scope",
        "racks.clusters.cluster_analysis",
    },
    "exports.dcim.device_types": {
        "racks.build",
        "racks.cabling.names",
        "racks.management",
        "racks.plant.rack",
        "racks.power",
    },
    "exports.dcim.lanes": {"racks.cabling.names", "racks.cabling.runlist"},
    "exports.dcim.pdus": {"racks.plant.rack"},
    "exports.dcim.power_feeds": {"racks.analysis", "racks.plant.feeds", "racks.plant.rack"},
    "exports.dcim.racks": {
        "racks.build",
        "racks.cabling.names",
        "racks.cabling.network_racks",
        "racks.cabling.runlist",
        "racks.clusters.cluster_analysis",
        "racks.management",
    },
    "exports.dcim.scoped_links": {
        "racks.cabling.counts",
        "racks.cabling.runlist",
        "racks.cabling.scope",
    },
}
"""Exporters that still import a module that computes, each with those modules: a list that
only shrinks (an entry no longer needed fails the test until it is removed)."""
NOT_YET_MAX = 8


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
    new = {m: found[m] - NOT_YET.get(m, set()) for m in found}
    assert not any(new.values()), {m: sorted(v) for m, v in new.items() if v}


def test_the_list_of_exporters_not_yet_formatting_only_shrinks() -> None:
    assert len(NOT_YET) <= NOT_YET_MAX
    found = computing_imports()
    stale = {m: sorted(need - found.get(m, set())) for m, need in NOT_YET.items()}
    stale = {m: left for m, left in stale.items() if left}
    assert not stale, f"no longer needed, remove from NOT_YET: {stale}"


def test_types_modules_define_no_function_and_import_no_computing_module() -> None:
    graph = _graph()
    paths = modules()
    for name in sorted(TYPES_MODULES):
        tree = ast.parse(paths[f"{PACKAGE}.{name}"].read_text(encoding="utf-8"))
        functions = [n.name for n in tree.body if isinstance(n, ast.FunctionDef)]
        assert not functions, (name, functions)
        racks = {_short(t) for t in graph[f"{PACKAGE}.{name}"] if _short(t).startswith("racks")}
        assert racks <= TYPES_MODULES, (name, sorted(racks - TYPES_MODULES))
