"""Every command takes clusters: compare, bom, report, list and validate."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import openpyxl
import pytest

import rackbom as rb
from conftest import CLUSTERS
from rackbom.exports.figures.cluster_figures import CLUSTER_FIGURES
from rackbom.exports.figures.plant_figures import PLANT_FIGURES


def test_compare_puts_clusters_side_by_side(cli) -> None:
    done = cli("compare", "helios-16k", "vr200-16k-ib", "--json")
    assert done.code == 0, done.err
    data = json.loads(done.out)
    assert data["clusters"] == ["helios-16k", "vr200-16k-ib"]
    plant = [f.label for f in PLANT_FIGURES]
    assert [r["figure"] for r in data["rows"]] == [f.label for f in CLUSTER_FIGURES] + plant
    text = cli("compare", "helios-16k", "vr200-16k-ib").out
    assert text.splitlines()[0].split() == ["helios-16k", "vr200-16k-ib"]
    assert "Capex per GPU (USD)" in text


def test_compare_refuses_a_cluster_beside_a_design(cli) -> None:
    done = cli("compare", "helios", "helios-16k")
    assert done.code == 2 and done.out == ""
    (line,) = done.err.strip().splitlines()
    assert "not both" in line and "helios-16k is a cluster" in line and "helios a design" in line


def test_bom_writes_cluster_sheet_csv_and_json(cli, tmp_path: Path) -> None:
    book, table, summary = tmp_path / "b.xlsx", tmp_path / "b.csv", tmp_path / "b.json"
    done = cli("bom", "helios", "helios-16k", "vr200-16k-ib", "-o", str(book))
    assert done.code == 0, done.err
    done = cli("bom", "helios-16k", "--csv", str(table), "--json", str(summary))
    assert done.code == 0, done.err
    names = openpyxl.load_workbook(book, read_only=True).sheetnames
    assert names.count("BOM helios") == 1  # the design named and the cluster's design, once
    assert {"BOM vr200-nvl144", "Cluster helios-16k", "Cluster vr200-16k-ib"} <= set(names)
    assert names[-1] == "Sources"
    s = rb.load_cluster("helios-16k").summary
    rows = [r for r in csv.DictReader(io.StringIO(table.read_text())) if r["design"] == s.cluster]
    assert rows[0]["category"] == "design" and int(rows[0]["qty"]) == s.design_copies
    assert sum(float(r["extended_usd"]) for r in rows) == pytest.approx(s.capex_usd.total_usd)
    assert json.loads(summary.read_text()) == json.loads(cli("show", "helios-16k", "--json").out)


def test_cluster_sheet_formulas_link_the_design_sheets(tmp_path: Path) -> None:
    cluster = rb.load_cluster("gb200-16k")
    from rackbom.exports.workbook import write_workbook

    book = write_workbook([cluster.report()], tmp_path / "c.xlsx")
    ws = openpyxl.load_workbook(book)["Cluster gb200-16k"]
    cells = {r[3].value: r[6].value for r in ws.iter_rows(min_row=5) if r[3].value}
    assert cells[f"Copies of {cluster.design.id}"] == cluster.summary.design_copies
    assert cells["Design BOM per copy (USD)"].startswith("=SUMIF('BOM gb200-nvl72'!")
    assert cells["Scale-up per copy (USD)"].startswith("=SUM('BOM gb200-nvl72'!")
    assert "'Power gb200-nvl72'!" in cells["Racks input power (W)"]


def test_list_clusters_and_profiles(cli) -> None:
    data = json.loads(cli("list", "clusters", "--json").out)
    assert [c["id"] for c in data["clusters"]] == list(CLUSTERS)
    profiles = json.loads(cli("list", "network", "--json").out)["network"]
    xdr = next(p for p in profiles if p["id"] == "nvidia-infiniband-xdr")
    assert xdr["switch"] == "nvidia-q3400"
    assert "nvidia-linkx-osfp-1600g-2xdr4" in xdr["transceivers"]


def test_validate_checks_cluster_files(cli, tmp_path: Path) -> None:
    from importlib import resources

    data = resources.files("rackbom.racks.clusters.data")
    path, vr = tmp_path / "mi355x-8k.yaml", tmp_path / "vr.yaml"
    path.write_text(data.joinpath("mi355x-8k.yaml").read_text())
    vr.write_text(data.joinpath("vr200-16k-ib.yaml").read_text())
    done = cli("validate", str(path))
    assert done.code == 0, done.err
    assert done.out.startswith(f"ok: {path}: cluster mi355x-8k: 8,192 GPUs in 64 racks")
    strict = cli("validate", "--strict", str(vr))
    assert strict.code == 1 and "1 warning" in strict.out


def test_report_of_clusters_only(cli, tmp_path: Path) -> None:
    out = tmp_path / "r"
    done = cli("report", "-o", str(out), "mi355x-8k")
    assert done.code == 0, done.err
    assert {p.name for p in out.iterdir()} == {
        "mi355x-8k-floor.svg",
        "mi355x-8k-fabric.svg",
        "mi355x-8k-plant.svg",
        "mi355x-8k.json",
        "rackbom-bom.xlsx",
        "index.html",
    }
    assert done.out.splitlines()[0].split()[0] == "cluster"
