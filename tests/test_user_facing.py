"""What a new user reads: designs told apart, tables that add up, warnings where figures are."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import pytest
import yaml

import rackbom as rb
from rackbom.exports.text.table import size_text


def helios_copy(tmp_path: Path, name: str = "my-helios.yaml", **tray_edits: object) -> Path:
    """Helios with its switch chip swapped for the 115.2T part, as the README suggests."""
    text = resources.files("rackbom.racks.data").joinpath("helios.yaml").read_text()
    data = yaml.safe_load(text)
    tray = next(t for t in data["catalogue"]["trays"] if t["id"] == "helios-switch-tray")
    tray["parts"][0]["part"] = "switch-115t-200g"
    compute = next(t for t in data["catalogue"]["trays"] if t["role"] == "compute")
    compute.update(tray_edits)
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


# --- designs with the same id ------------------------------------------------------------------
def test_compare_tells_same_id_designs_apart(tmp_path: Path, cli) -> None:
    done = cli("compare", "helios", str(helios_copy(tmp_path)))
    header = done.out.splitlines()[0].split()
    assert header == ["helios", "helios@my-helios"]
    assert "shown as helios@my-helios" in done.err
    unused = next(line for line in done.out.splitlines() if line.startswith("Switch ports unused "))
    assert unused.split()[-2:] == ["960", "1,728"]


def test_report_writes_both_and_shows_both(tmp_path: Path, cli) -> None:
    out = tmp_path / "rep"
    assert cli("report", "-o", str(out), "helios", str(helios_copy(tmp_path))).code == 0
    original = json.loads((out / "helios.json").read_text())
    copy = json.loads((out / "helios_my-helios.json").read_text())
    assert (original["switch_ports_unused"], copy["switch_ports_unused"]) == (960, 1728)
    page = (out / "index.html").read_text()
    head = re.search(r'<table class="comparison"><thead><tr>(.*?)</tr>', page).group(1)
    assert re.findall(r"<th[^>]*>([^<]*)</th>", head) == ["Figure", "helios", "helios@my-helios"]
    assert "my-helios.yaml" in page  # the copy's name says which file it is


def test_python_compare_tells_them_apart_too(tmp_path: Path) -> None:
    table = rb.compare(["helios", helios_copy(tmp_path), helios_copy(tmp_path / "..", "b.yaml")])
    assert table.columns == ["helios", "helios@my-helios", "helios@b"]


# --- tables that add up -------------------------------------------------------------------
@pytest.mark.parametrize("design", ["helios", "gb200-nvl72", "mi500-ual256"])
def test_show_bom_by_tray_type_adds_up_to_the_total(design: str, cli) -> None:
    from rackbom.exports.text.design_text import bom_by_tray_type

    loaded = rb.load(design)
    _, rows = bom_by_tray_type(loaded.analysis)
    *parts, total = rows
    assert total[0] == "total" and parts[-1][0].startswith("rack-level items")
    amounts = [float(row[3].replace(",", "")) for row in parts]
    assert sum(amounts) == pytest.approx(loaded.summary.bom_usd, abs=len(amounts))
    assert float(total[3].replace(",", "")) == pytest.approx(loaded.summary.bom_usd, abs=1)
    assert "rack-level items" in cli("show", design).out


# --- ports compared like for like ---------------------------------------------------------
def test_ports_come_with_their_speed_and_lanes() -> None:
    helios, nvl72 = rb.load("helios").summary, rb.load("gb200-nvl72").summary
    assert (helios.switch_port_gbps, nvl72.switch_port_gbps) == (200, 400)
    assert helios.switch_ports_used == 4 * nvl72.switch_ports_used
    assert helios.switch_lanes_used == 2 * nvl72.switch_lanes_used  # 5,184 vs 2,592 lanes
    assert helios.switch_lanes_unused == 960
    table = rb.compare([rb.load("helios"), rb.load("gb200-nvl72")]).to_text()
    assert "Switch lanes used" in table and "Switch port speed (Gbit/s)" in table


# --- warnings where the figures are ------------------------------------------------------
def without_fabrics(tmp_path: Path) -> Path:
    text = resources.files("rackbom.racks.data").joinpath("helios.yaml").read_text()
    data = yaml.safe_load(text)
    del data["fabrics"]
    path = tmp_path / "no-fabric.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def test_a_design_without_fabrics_warns(tmp_path: Path, cli) -> None:
    done = cli("show", str(without_fabrics(tmp_path)))
    assert done.code == 0
    head = done.out.split("Key figures")[0]  # warnings come before the figures they qualify
    assert "6 warnings" in head and "on no fabric" in head


def test_validate_reports_warnings_and_strict_fails_on_them(tmp_path: Path, cli) -> None:
    design = str(without_fabrics(tmp_path))
    done = cli("validate", design)
    assert done.code == 0 and done.out.startswith("6 warnings: ") and "  ! switch tray" in done.out
    assert cli("validate", "--strict", design).code == 1
    assert cli("validate", "--strict", "racks/data/helios.yaml").code == 0


# --- the command line -----------------------------------------------------------------------
@pytest.mark.parametrize("section", ["designs", "parts", "trays", "frames", "sources"])
def test_listings_fit_a_100_column_terminal(section: str, cli, monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    out = cli("list", section).out
    assert max(len(line) for line in out.splitlines()) <= 100


def test_list_trays_shows_the_trays_inside_built_in_designs(cli) -> None:
    out = cli("list", "trays").out
    assert any(
        line.startswith("helios-switch-tray ") and "design helios" in line
        for line in out.splitlines()
    )


def test_notebook_outputs_are_ignored() -> None:
    import subprocess

    root = Path(__file__).resolve().parents[1]
    for name in ("examples/rack-comparison.xlsx", "examples/compare_racks.html"):
        done = subprocess.run(["git", "-C", str(root), "check-ignore", "-q", name], check=False)
        assert done.returncode == 0, f"{name} is not ignored"


def test_bom_says_what_it_wrote(cli, tmp_path: Path) -> None:
    book, table = tmp_path / "b.xlsx", tmp_path / "b.csv"
    done = cli("bom", "helios", "-o", str(book), "--csv", str(table))
    assert done.code == 0
    assert done.out.splitlines() == [
        f"wrote {book} ({size_text(book.stat().st_size)})",
        f"wrote {table} ({size_text(table.stat().st_size)})",
    ]


def test_notebook_display_draws_a_pod_one_rack_per_row() -> None:
    pod = rb.load("mi500-ual256")
    side_by_side = pod.elevation().to_string()
    stacked = pod._repr_html_()
    width = lambda svg: float(re.search(r'viewBox="0 0 ([\d.]+)', svg).group(1))  # noqa: E731
    assert width(stacked) < width(side_by_side) / 2


def test_sizes_read_as_people_write_them() -> None:
    assert [size_text(n) for n in (0, 999, 1_000, 23_456, 7_300_000)] == [
        "0 bytes",
        "999 bytes",
        "1.0 KB",
        "23.5 KB",
        "7.3 MB",
    ]


def test_notebook_display_lists_the_warnings() -> None:
    shown = rb.load("mi500-ual256")._repr_html_()
    assert 'class="warning"' in shown and "power shelves N," in shown
    assert 'class="warning"' not in rb.load("helios")._repr_html_()
