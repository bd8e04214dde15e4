"""`rackbom report`: every output for the designs, in one folder, written only on good input."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import rackbom as rb
from conftest import CLUSTERS, DESIGNS

pytestmark = pytest.mark.slow

TCO_CHARTS = ("Capital cost per GPU", "TCO per GPU-hour", "TCO per dense FP4 PFLOPS-hour")
"""The cost charts the page shows for the designs, and again for the clusters."""
COLLECTIVE_CHARTS = ("All-reduce: bus bandwidth", "All-to-all: bus bandwidth")
"""The delivered-performance charts, for the designs and again for the clusters."""
EXPECTED = (
    {f"{d}{end}" for d in DESIGNS for end in (".svg", "-plant.svg", ".json")}
    | {
        f"{c}{end}"
        for c in CLUSTERS
        for end in ("-floor.svg", "-fabric.svg", "-plant.svg", ".json")
    }
    | {"rackbom-bom.xlsx", "index.html"}
)


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from rackbom.cli import main

    out = tmp_path_factory.mktemp("report") / "out"
    assert main(["report", "-o", str(out)]) == 0
    return out


def test_writes_every_output(report: Path) -> None:
    assert {p.name for p in report.iterdir()} == EXPECTED


def test_json_files_are_the_show_summaries(report: Path, cli) -> None:
    for design in (*DESIGNS, *CLUSTERS):
        shown = json.loads(cli("show", design, "--json").out)
        assert json.loads((report / f"{design}.json").read_text()) == shown


def test_page_is_self_contained(report: Path) -> None:
    page = (report / "index.html").read_text()
    assert "<script" not in page.lower()
    refs = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert all(not r.startswith(("http:", "https:", "//")) for r in refs), refs
    plant_drawings = len(DESIGNS) + len(CLUSTERS)
    charts = 2 * len(TCO_CHARTS) + 2 * len(COLLECTIVE_CHARTS) + 2  # goodput: designs, clusters
    charts += 2  # uncertainty: the first two designs, the first two clusters
    assert page.count("<svg") == len(DESIGNS) + 2 * len(CLUSTERS) + charts + plant_drawings
    header = re.search(r'<table class="comparison"><thead><tr>(.*?)</tr>', page).group(1)
    assert re.findall(r"<th[^>]*>([^<]*)</th>", header) == ["Figure", *DESIGNS]
    header = re.search(r'<table class="comparison clusters"><thead><tr>(.*?)</tr>', page)
    assert re.findall(r"<th[^>]*>([^<]*)</th>", header.group(1)) == ["Figure", *CLUSTERS]
    ids = re.findall(r'\bid="([^"]+)"', page)
    assert len(ids) == len(set(ids))  # the inline SVGs' ids do not collide


def test_page_shows_the_cost_charts_for_designs_and_clusters(report: Path) -> None:
    page = (report / "index.html").read_text()
    assert '<h1 id="costs">Cost of ownership</h1>' in page and "profile default" in page
    for group in ("designs", "clusters"):
        section = re.search(rf'<section class="tco" id="tco-{group}">(.*?)</section>', page, re.S)
        charts = re.findall(r'<div class="chart"[^>]*>\s*<svg[^>]*>', section.group(1))
        assert len(charts) == len(TCO_CHARTS), group
        assert all('stroke-linejoin="round"' in svg for svg in charts)  # the chart's own style
        titles = re.findall(r"<text[^>]*>([^<]*)</text>", section.group(1))
        assert set(TCO_CHARTS) <= set(titles), group
        names = DESIGNS if group == "designs" else CLUSTERS
        assert set(names) <= set(titles), group  # one bar per design or cluster
    assert page.count("<style") == 1  # no chart's rule styles the rest of the page
    assert "<metadata>" not in page


def test_page_shows_collectives_and_the_published_runs(report: Path) -> None:
    page = (report / "index.html").read_text()
    assert '<h1 id="collectives">Delivered performance</h1>' in page
    for group in ("designs", "clusters"):
        found = re.search(rf'id="collectives-{group}">(.*?)</section>', page, re.S).group(1)
        assert all(title in found for title in COLLECTIVE_CHARTS)
    checks = re.search(r'<table class="checks">(.*?)</table>', page, re.S).group(1)
    assert checks.count("<tr>") == 1 + len(rb.collective_checks()) and "GB200 NVL72" in checks


def test_report_takes_a_tco_profile(cli, tmp_path: Path) -> None:
    out = tmp_path / "colo"
    assert cli("report", "-o", str(out), "--tco", "neocloud-colo", "helios").code == 0
    assert "profile neocloud-colo" in (out / "index.html").read_text()
    bad = cli("report", "-o", str(tmp_path / "bad"), "--tco", "nope", "helios")
    assert bad.code == 2 and "nope" in bad.err and not (tmp_path / "bad").exists()


def test_prints_a_summary_with_the_paths(cli, tmp_path: Path) -> None:
    out = tmp_path / "r"
    result = cli("report", "-o", str(out), "helios", "gb200-nvl72")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[0].split() == [
        "design",
        "GPUs",
        "world",
        "size",
        "unused",
        "ports",
        "all-in",
        "kW",
        "BOM",
        "warnings",
    ]
    assert any(line.startswith("helios ") and line.endswith(" 0") for line in lines)
    assert f"wrote 8 files into {out} (" in result.out
    assert f"  {out / 'index.html'} (" in result.out
    table = lines[: lines.index("")]
    assert all(len(line) <= 100 for line in table)  # fits a terminal
    assert result.err == ""  # progress goes to a terminal only


def test_same_designs_same_bytes(cli, tmp_path: Path) -> None:
    for name in ("a", "b"):
        assert cli("report", "-o", str(tmp_path / name), "mi355x-128").code == 0
    for name in ("index.html", "mi355x-128.svg", "mi355x-128.json"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_bad_input_writes_nothing(cli, tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: bad\nname: Bad\nracks: []\n")
    out = tmp_path / "out"
    result = cli("report", "-o", str(out), "helios", str(bad))
    assert result.code == 2
    assert len(result.err.splitlines()) == 1 and str(bad) in result.err
    assert not out.exists()
