"""Comparisons with their uncertainty in the report page and the workbook's Uncertainty sheet."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from rackbom.racks.uncertainty.draws import REPRODUCE_DRAWS
from rackbom.report_uncertainty import compared_pairs
from rackbom.resolve import resolve
from rackbom.uncertainty_api import compare_uncertain


@pytest.mark.parametrize(
    ("names", "pairs"),
    [
        (
            ["mi355x-server-8k", "helios-8k", "vr200-8k-ib", "hgx-b200-8k"],
            [("mi355x-server-8k", "helios-8k")],
        ),
        (
            ["helios", "helios-8k", "vr200-nvl144", "gb200-nvl72", "vr200-8k-ib"],
            [("helios", "vr200-nvl144"), ("helios-8k", "vr200-8k-ib")],
        ),
        (["helios", "helios-8k"], []),
    ],
)
def test_the_pairs_are_the_first_two_of_a_kind_by_the_order_named(
    names: list[str], pairs: list[tuple[str, str]]
) -> None:
    found = compared_pairs([resolve(n) for n in names])
    assert [(a.id, b.id) for a, b in found] == pairs


def test_bom_writes_an_uncertainty_sheet_beside_live_tco_formulas(cli, tmp_path: Path) -> None:
    book = tmp_path / "b.xlsx"
    done = cli("bom", "helios", "vr200-nvl144", "-o", str(book))
    assert done.code == 0, done.err
    wb = openpyxl.load_workbook(book)
    assert wb.sheetnames[-2:] == ["Uncertainty", "Sources"]
    rows = [[v for v in r if v is not None] for r in wb["Uncertainty"].iter_rows(values_only=True)]
    inputs = {r[0]: r for r in rows if len(r) == 7}
    power = inputs["rubin.power_w"]
    assert power[1:] == [
        1800,
        1800,
        2300,
        "uniform",
        "analyst-rubin-power",
        "press-rubin-power-high",
    ]
    assert inputs["margin.odm"][2:4] == [0.075, 0.125]
    expected = compare_uncertain([resolve("helios"), resolve("vr200-nvl144")], REPRODUCE_DRAWS, 0)
    figures = {r[2]: r for r in rows if len(r) == 9 and r[0] == "helios"}
    assert len(figures) == len(expected.figures)
    for f in expected.figures:
        row = figures[f.label]
        d = f.difference
        assert row[3:8] == pytest.approx([d.base, d.p5, d.p50, d.p95, f.prob_lower])
    tco = [c for r in wb["TCO"].iter_rows(values_only=True) for c in r if isinstance(c, str)]
    assert sum(c.startswith("=") for c in tco) > 50  # the base case stays live formulas


def test_one_system_gives_no_uncertainty_sheet(cli, tmp_path: Path) -> None:
    book = tmp_path / "b.xlsx"
    assert cli("bom", "helios", "-o", str(book)).code == 0
    assert "Uncertainty" not in openpyxl.load_workbook(book, read_only=True).sheetnames


def test_the_report_page_charts_each_pair_with_its_table(cli, tmp_path: Path) -> None:
    out = tmp_path / "r"
    done = cli("report", "helios", "vr200-nvl144", "-o", str(out))
    assert done.code == 0, done.err
    page = (out / "index.html").read_text()
    section = page[page.index('<section class="uncertainty" id="uncertainty-1">') :]
    section = section[: section.index("</section>")]
    assert "<h2>helios against vr200-nvl144</h2>" in section and "<svg" in section
    assert "TCO per GPU-hour (USD)" in section and f"{REPRODUCE_DRAWS:,} draws" in section
    assert 'href="#uncertainty-1"' in page
    book = openpyxl.load_workbook(out / "rackbom-bom.xlsx", read_only=True)
    assert "Uncertainty" in book.sheetnames
