"""LibreOffice recalculates the workbooks: its totals equal rackbom's, and follow a user's edit.

One headless conversion handles every workbook of this module, with recalculation on load forced
in a fresh profile (otherwise LibreOffice may keep the cached values, and openpyxl writes none).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import openpyxl
import pytest
from test_workbook import HOSTILE, grand_total_row, line_rows, write_hostile_design

import rackbom as rb
from conftest import DESIGNS, require_client

pytestmark = pytest.mark.client

RECALC_ALWAYS = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry"
  xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load">
  <prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
"""
NEW_GPU_PRICE = 41_234.56


def recalculate(soffice: str, books: list[Path], work: Path) -> dict[str, openpyxl.Workbook]:
    """Open and save each workbook in LibreOffice; the results with their computed values."""
    profile = work / "profile"
    (profile / "user").mkdir(parents=True)
    (profile / "user" / "registrymodifications.xcu").write_text(RECALC_ALWAYS)
    out = work / "recalculated"
    subprocess.run(
        [
            soffice,
            f"-env:UserInstallation={profile.as_uri()}",
            "--headless",
            "--norestore",
            "--convert-to",
            "xlsx",
            "--outdir",
            str(out),
            *map(str, books),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    return {p.stem: openpyxl.load_workbook(out / p.name, data_only=True) for p in books}


@pytest.fixture(scope="module")
def designs() -> list[rb.Design]:
    return [rb.load(d) for d in DESIGNS]


@pytest.fixture(scope="module")
def recalculated(designs, tmp_path_factory) -> dict[str, openpyxl.Workbook]:
    soffice = require_client("soffice")
    work = tmp_path_factory.mktemp("libreoffice")
    reference = rb.export_workbook(designs, work / "reference.xlsx")
    edited = openpyxl.load_workbook(reference)
    ws = edited["BOM helios"]
    gpu = next(r for r in line_rows(ws) if r[4].value == "mi450x")
    gpu[9].value = NEW_GPU_PRICE
    edited.save(work / "edited.xlsx")
    hostile = rb.load(write_hostile_design(work)).to_xlsx(work / "hostile.xlsx")
    return recalculate(soffice, [reference, work / "edited.xlsx", hostile], work)


def test_grand_totals_equal_python_to_the_cent(recalculated, designs):
    wb = recalculated["reference"]
    for i, design in enumerate(designs):
        ws = wb[f"BOM {design.id}"]
        grand = ws[f"K{grand_total_row(ws)}"].value
        assert round(grand, 2) == round(design.bom.total_usd, 2), design.id
        assert round(wb["Summary"][f"I{5 + i}"].value, 2) == round(design.bom.total_usd, 2)
        racks = {
            r[1].value: r[10].value for r in ws.iter_rows(min_row=5) if r[3].value == "rack total"
        }
        assert racks == pytest.approx(design.bom.by_rack(), abs=0.005)


def test_power_and_ports_totals_equal_python(recalculated, designs):
    summary = recalculated["reference"]["Summary"]
    for i, design in enumerate(designs):
        row = 5 + i
        assert summary[f"G{row}"].value == pytest.approx(design.analysis.power_it_w / 1000)
        assert summary[f"H{row}"].value == pytest.approx(design.analysis.power_all_in_w / 1000)
        assert summary[f"K{row}"].value == design.analysis.switch_ports_unused
        gpus = design.analysis.gpus
        assert summary[f"J{row}"].value == pytest.approx(design.bom.total_usd / gpus)


def test_totals_follow_an_edited_unit_price(recalculated, designs):
    helios = designs[0]
    gpu_line = next(line for line in helios.bom.lines if line.part_id == "mi450x")
    # one tray's GPU line was edited: its qty times the price change
    expected = helios.bom.total_usd + gpu_line.qty * (NEW_GPU_PRICE - gpu_line.unit_price_usd)
    wb = recalculated["edited"]
    ws = wb["BOM helios"]
    assert round(ws[f"K{grand_total_row(ws)}"].value, 2) == round(expected, 2)
    assert round(wb["Summary"]["I5"].value, 2) == round(expected, 2)
    assert wb["Summary"]["J5"].value == pytest.approx(expected / helios.analysis.gpus)
    others = wb["Summary"]["I6"].value
    assert round(others, 2) == round(designs[1].bom.total_usd, 2)


def test_formula_like_text_stays_text_in_libreoffice(recalculated):
    wb = recalculated["hostile"]
    gpu = next(r for r in line_rows(wb["BOM hostile"]) if r[4].value == "hostile-gpu")
    assert [c.value for c in gpu[5:8]] == list(HOSTILE[:3])
    assert all(c.data_type == "s" for c in gpu[5:8])
    assert wb["Summary"]["B5"].value == HOSTILE[3]
