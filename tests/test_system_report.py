"""A system's report: built once per system by each command, each part worked out once and only
when an output reads it."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from test_resolve import analyses

import rackbom as rb
from rackbom.racks.report import system_report as module


@pytest.fixture
def built(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """The reports built, by system id."""
    counts: Counter[str] = Counter()
    build = module.system_report

    def counted(*args: Any) -> module.SystemReport:
        report = build(*args)
        counts[report.id] += 1
        return report

    monkeypatch.setattr(module, "system_report", counted)
    return counts


def test_show_json_of_a_system_builds_its_report_once(cli, built: Counter[str]) -> None:
    assert cli("show", "helios-8k", "--json").code == 0
    assert built == {"helios-8k": 1}


def test_bom_builds_each_report_once_for_the_workbook_and_the_json(
    cli, built: Counter[str], tmp_path: Path
) -> None:
    book, summary = tmp_path / "b.xlsx", tmp_path / "s.json"
    found = cli("bom", "helios", "hgx-h200-8k", "-o", str(book), "--json", str(summary))
    assert found.code == 0, found.err
    assert built == {"helios": 1, "hgx-h200-8k": 1}


def test_each_part_is_worked_out_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from rackbom.racks.costs import ownership
    from rackbom.racks.plant import plan

    calls: Counter[str] = Counter()
    for owner, name in ((ownership, "tco"), (plan, "system_plant")):
        original = getattr(owner, name)

        def counted(*args: Any, _f: Any = original, _n: str = name) -> Any:
            calls[_n] += 1
            return _f(*args)

        monkeypatch.setattr(owner, name, counted)
    report = rb.load("hgx-h200").report()
    assert report.goodput is not None and report.workloads and report.tco.gpus == 8
    assert report.plant is report.plant
    assert calls == {"tco": 1, "system_plant": 1}


def test_show_json_analyses_no_system_but_its_own(monkeypatch: pytest.MonkeyPatch, cli) -> None:
    """The published runs' systems are analysed only where an output prints the checks."""
    from rackbom.racks.clusters.builtin_systems import builtin_cluster
    from rackbom.racks.collectives import held
    from rackbom.racks.library import builtin_design

    for cached in (
        builtin_design,
        builtin_cluster,
        held._levels_of_run_systems,
        held._measured_domains,
    ):
        cached.cache_clear()
    analysed = analyses(monkeypatch)
    assert cli("show", "mi355x-server", "--json").code == 0
    assert analysed == ["mi355x-server"]


def test_the_report_is_what_show_json_prints(cli) -> None:
    import json

    from rackbom.exports.json.tco_json import report_data

    report = rb.load("gb200-nvl72").report()
    printed = json.loads(cli("show", "gb200-nvl72", "--json").out)
    assert json.loads(json.dumps(report_data(report))) == printed
    assert report.collectives_by_group[0].bytes == 2**30


def test_the_run_systems_levels_are_kept_with_the_data_as_worked_out(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The levels of the systems published runs were taken on are worked out once and kept in
    the data cache: read back, they equal what the analyses give, for every run's system."""
    from rackbom.components.collective_data import collective_data
    from rackbom.racks.collectives import held

    def levels() -> dict[str, Any]:
        held._levels_of_run_systems.cache_clear()
        return held._levels_of_run_systems()

    monkeypatch.setenv("RACKBOM_CACHE_DIR", "off")
    worked_out = levels()
    assert set(worked_out) == {m.system for m in collective_data().measurements}
    monkeypatch.setenv("RACKBOM_CACHE_DIR", str(tmp_path))
    assert levels() == worked_out  # kept
    assert [p.name.startswith("run-levels-") for p in tmp_path.iterdir()] == [True]
    analysed = analyses(monkeypatch)
    assert levels() == worked_out and analysed == []  # read back, nothing analysed
    held._levels_of_run_systems.cache_clear()


def test_the_built_in_data_holds_every_file_a_built_in_result_reads() -> None:
    from rackbom.racks.locate import builtin_data

    data = builtin_data()
    for name in ("compute.yaml", "helios.yaml", "helios-8k.yaml", "collectives.yaml"):
        assert name.encode() + b"\0" in data
