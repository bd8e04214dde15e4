"""What a new user reads: designs told apart, tables that add up, warnings where figures are."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import yaml

import rackbom as rb


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
    assert re.findall(r"<th>([^<]*)</th>", head) == ["Figure", "helios", "helios@my-helios"]
    assert "my-helios.yaml" in page  # the copy's name says which file it is


def test_python_compare_tells_them_apart_too(tmp_path: Path) -> None:
    table = rb.compare(["helios", helios_copy(tmp_path), helios_copy(tmp_path / "..", "b.yaml")])
    assert table.columns == ["helios", "helios@my-helios", "helios@b"]
