"""LibreOffice recalculates the workbooks: its totals equal rackbom's, and follow a user's edit;
and it prints them: every sheet one page wide, the Summary on one page.

One headless conversion handles every workbook of this module, with recalculation on load forced
in a fresh profile (otherwise LibreOffice may keep the cached values, and openpyxl writes none).
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import openpyxl
import pytest
from test_workbook import (
    GOODPUT_CAUSE_FIELDS,
    GOODPUT_JOB_FIELDS,
    HOSTILE,
    goodput_inputs,
    goodput_tables,
    grand_total_row,
    line_rows,
    tco_columns,
    tco_inputs,
    write_hostile_design,
)

import rackbom as rb
from conftest import DESIGNS, require_client
from rackbom.components.catalogue import builtin_catalogue
from rackbom.components.cost_inputs import TcoProfile
from rackbom.components.tco_library import builtin_costs
from rackbom.exports.figures import KEY_FIGURES
from rackbom.exports.figures.tco_figures import TCO_FIGURES
from rackbom.exports.workbook.design_sheets import IT_POWER, TRAY_OVERHEADS

pytestmark = pytest.mark.client

RECALC_ALWAYS = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry"
  xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load">
  <prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
"""
NEW_GPU_PRICE = 41_234.56
NEW_USD_PER_KWH = 0.1234
NEW_CHECKPOINT_GB = 9.5


def convert(soffice: str, books: list[Path], work: Path, to: str) -> Path:
    """Open each workbook in LibreOffice (recalculating) and save it as `to`; the output folder."""
    profile = work / "profile"
    if not profile.exists():
        (profile / "user").mkdir(parents=True)
        (profile / "user" / "registrymodifications.xcu").write_text(RECALC_ALWAYS)
    out = work / to
    subprocess.run(
        [
            soffice,
            f"-env:UserInstallation={profile.as_uri()}",
            "--headless",
            "--norestore",
            "--convert-to",
            to,
            "--outdir",
            str(out),
            *map(str, books),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    return out


def recalculate(soffice: str, books: list[Path], work: Path) -> dict[str, openpyxl.Workbook]:
    """Open and save each workbook in LibreOffice; the results with their computed values."""
    out = convert(soffice, books, work, "xlsx")
    return {p.stem: openpyxl.load_workbook(out / p.name, data_only=True) for p in books}


def pages_per_sheet(pdf: bytes) -> dict[str, int]:
    """Pages each sheet prints to, from a LibreOffice PDF: its outline has one entry per sheet,
    pointing at the sheet's first page."""
    kids = re.search(rb"/Type\s*/Pages.*?/Kids\s*\[(.*?)\]", pdf, re.S)
    assert kids is not None
    pages = [int(n) for n in re.findall(rb"(\d+)\s+0\s+R", kids.group(1))]
    starts = [
        (bytes.fromhex(title.decode()).decode("utf-16-be"), pages.index(int(page)))
        for title, page in re.findall(
            rb"/Title\s*<FEFF([0-9A-Fa-f]*)>\s*/Dest\s*\[\s*(\d+)\s+0\s+R", pdf
        )
    ]
    ends = [start for _, start in starts[1:]] + [len(pages)]
    return {name: end - start for (name, start), end in zip(starts, ends, strict=True)}


@pytest.fixture(scope="module")
def designs() -> list[rb.Design]:
    return [rb.load(d) for d in DESIGNS]


@pytest.fixture(scope="module")
def printed_pdfs(designs, tmp_path_factory) -> dict[str, Path]:
    """The PDFs LibreOffice prints of the designs' workbook and of the clusters' workbook."""
    from rackbom.exports.workbook import write_workbook
    from rackbom.racks.clusters import builtin_cluster_ids

    soffice = require_client("soffice")
    work = tmp_path_factory.mktemp("printed")
    book = rb.export_workbook(designs, work / "book.xlsx")
    clusters = [rb.load_cluster(c).report() for c in builtin_cluster_ids()]
    cluster_book = write_workbook(clusters, work / "clusters.xlsx")
    out = convert(soffice, [book, cluster_book], work, "pdf")
    return {"book": out / "book.pdf", "clusters": out / "clusters.pdf"}


@pytest.fixture(scope="module")
def printed(printed_pdfs) -> dict[str, int]:
    return pages_per_sheet(printed_pdfs["book"].read_bytes())


WORD_HEIGHT_PER_PT = 14.3 / 11
"""A word's box in `pdftotext -bbox` is this many times the font size (DejaVu Sans)."""


def word_heights(pdf: Path) -> list[float]:
    """The height of every word's box on every page of a PDF."""
    pdftotext = require_client("pdftotext")
    boxes = subprocess.run(
        [pdftotext, "-bbox", str(pdf), "-"], check=True, capture_output=True, text=True
    ).stdout
    return [
        float(b) - float(a)
        for a, b in re.findall(r'yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)"', boxes)
    ]


@pytest.mark.parametrize("book", ["book", "clusters"])
def test_printed_workbooks_show_every_number_at_a_readable_size(printed_pdfs, book):
    pdf = printed_pdfs[book]
    text = subprocess.run(
        [require_client("pdftotext"), "-layout", str(pdf), "-"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert "###" not in text  # no number wider than its column
    assert min(word_heights(pdf)) / WORD_HEIGHT_PER_PT >= 7.0


def header_words(book: Path) -> dict[str, tuple[list[list[str]], bool]]:
    """Per sheet, the first word of each header cell of each of its tables, and whether it
    repeats its first columns on pages across."""
    out = {}
    for ws in openpyxl.load_workbook(book):
        heads = [
            [str(c.value).split()[0] for c in row if c.value is not None]
            for row in ws.iter_rows()
            if row[0].style == "header"
        ]
        out[ws.title] = (heads, ws.print_title_cols is not None)
    return out


@pytest.mark.parametrize("book", ["book", "clusters"])
def test_every_printed_page_names_its_columns_and_rows(printed_pdfs, book):
    """Under each page's footer's sheet, the page's top lines hold a header of that sheet's
    tables (two of its labels at least), and where the sheet repeats its first columns on pages
    across, every page's rows start with that column."""
    pdf = printed_pdfs[book]
    sheets = header_words(pdf.parent.parent / f"{book}.xlsx")
    text = subprocess.run(
        [require_client("pdftotext"), "-layout", str(pdf), "-"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    pages = [[line for line in page.splitlines() if line.strip()] for page in text.split("\f")]
    checked = 0
    for number, lines in enumerate(pages, start=1):
        footer = re.match(r"(.*?)\s+Page \d+ of \d+$", lines[-1].strip()) if lines else None
        if footer is None or not sheets.get(footer.group(1), ([], False))[0]:
            continue
        heads, repeats = sheets[footer.group(1)]
        top = [line.split() for line in lines[:12]]
        words = {word for line in top for word in line}
        assert any(sum(w in words for w in head) >= min(2, len(head)) for head in heads), (
            number,
            lines[0],
        )
        if repeats:
            assert any(line[0] == head[0] for line in top for head in heads), (number, lines[0])
        checked += 1
    assert checked >= len(pages) - 2


@pytest.fixture(scope="module")
def recalculated(designs, tmp_path_factory) -> dict[str, openpyxl.Workbook]:
    soffice = require_client("soffice")
    work = tmp_path_factory.mktemp("libreoffice")
    reference = rb.export_workbook(designs, work / "reference.xlsx")
    edited = openpyxl.load_workbook(reference)
    ws = edited["BOM helios"]
    gpu = next(r for r in line_rows(ws) if r[1].value == "mi450x")
    gpu[10].value = NEW_GPU_PRICE
    edited.save(work / "edited.xlsx")
    hostile = rb.load(write_hostile_design(work)).to_xlsx(work / "hostile.xlsx")
    return recalculate(soffice, [reference, work / "edited.xlsx", hostile], work)


def test_grand_totals_equal_python_to_the_cent(recalculated, designs):
    wb = recalculated["reference"]
    for i, design in enumerate(designs):
        ws = wb[f"BOM {design.id}"]
        grand = ws[f"L{grand_total_row(ws)}"].value
        assert round(grand, 2) == round(design.bom.total_usd, 2), design.id
        assert round(wb["Summary"][f"I{5 + i}"].value, 2) == round(design.bom.total_usd, 2)
        racks = {
            r[2].value: r[11].value for r in ws.iter_rows(min_row=5) if r[5].value == "rack total"
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
    assert round(ws[f"L{grand_total_row(ws)}"].value, 2) == round(expected, 2)
    assert round(wb["Summary"]["I5"].value, 2) == round(expected, 2)
    assert wb["Summary"]["J5"].value == pytest.approx(expected / helios.analysis.gpus)
    others = wb["Summary"]["I6"].value
    assert round(others, 2) == round(designs[1].bom.total_usd, 2)


def test_formula_like_text_stays_text_in_libreoffice(recalculated):
    wb = recalculated["hostile"]
    gpu = next(r for r in line_rows(wb["BOM hostile"]) if r[1].value == "hostile-gpu")
    assert [c.value for c in gpu[6:9]] == list(HOSTILE[:3])
    assert all(c.data_type == "s" for c in gpu[6:9])
    assert wb["Summary"]["B5"].value == HOSTILE[3]


def test_comparison_figures_equal_python(recalculated, designs):
    ws = recalculated["reference"]["Comparison"]
    for i, figure in enumerate(KEY_FIGURES):
        for column, design in enumerate(designs, start=2):
            value = ws.cell(row=5 + i, column=column).value
            assert value == pytest.approx(figure.value(design.summary)), (figure.field, design.id)


def test_bom_power_reconciles_parts_and_tray_overheads_with_it_power(recalculated, designs):
    wb = recalculated["reference"]
    for i, design in enumerate(designs):
        ws = wb[f"BOM {design.id}"]
        notes = {r[6].value: r[13].value for r in ws.iter_rows(min_row=5) if r[0].value is None}
        parts = ws[f"N{grand_total_row(ws)}"].value
        assert parts == pytest.approx(sum(line.power_total_w for line in design.bom.lines))
        assert notes[IT_POWER] == pytest.approx(design.summary.power_it_w)
        assert parts + notes[TRAY_OVERHEADS] == pytest.approx(notes[IT_POWER])
        assert wb["Summary"][f"G{5 + i}"].value == pytest.approx(notes[IT_POWER] / 1000)
    helios = wb["BOM helios"]
    assert helios[f"N{grand_total_row(helios)}"].value == 203_610


def test_workbook_prints_few_readable_pages(printed):
    assert list(printed)[:2] == ["Summary", "Comparison"]
    assert printed["Summary"] <= 4 and printed["Comparison"] <= 4
    assert all(printed[f"BOM {d}"] <= 6 for d in DESIGNS), printed
    # 91 pages for four designs without a page setup; now a few readable pages a design, the
    # Sources appendix (every source's citation, note and the figures resting on it) apart
    per_design = sum(pages for sheet, pages in printed.items() if sheet != "Sources")
    assert per_design <= 20 + 15 * len(DESIGNS), printed
    assert printed["Sources"] <= len(builtin_catalogue().sources), printed


# --- cluster sheets -------------------------------------------------------------------------
CLUSTER_ROLLUP = {
    "GPUs": "gpus",
    "Compute (USD)": "capex_usd.compute_usd",
    "Scale-up (USD)": "capex_usd.scale_up_usd",
    "Scale-out (USD)": "capex_usd.scale_out_usd",
    "Capex (USD)": "capex_usd.total_usd",
    "Capex per GPU (USD)": "capex_usd_per_gpu.total_usd",
    "  compute per GPU (USD)": "capex_usd_per_gpu.compute_usd",
    "  scale-up per GPU (USD)": "capex_usd_per_gpu.scale_up_usd",
    "  scale-out per GPU (USD)": "capex_usd_per_gpu.scale_out_usd",
    "Racks input power (W)": "power_racks_input_w",
    "Scale-out network power (W)": "power_network_w",
    "Input power (W)": "power_total_w",
}


@pytest.fixture(scope="module")
def clusters() -> list[rb.Cluster]:
    from rackbom.racks.clusters import builtin_cluster_ids

    return [rb.load_cluster(c) for c in builtin_cluster_ids()]


@pytest.fixture(scope="module")
def recalculated_cluster_books(clusters, tmp_path_factory) -> dict[str, openpyxl.Workbook]:
    """The clusters' workbook, and a copy with the electricity price edited as a user would."""
    from rackbom.exports.workbook import write_workbook

    soffice = require_client("soffice")
    work = tmp_path_factory.mktemp("clusters")
    book = write_workbook([c.report() for c in clusters], work / "clusters.xlsx")
    edited = openpyxl.load_workbook(book)
    tco_inputs(edited["TCO"])["electricity_usd_per_kwh"].value = NEW_USD_PER_KWH
    goodput_inputs(edited["Goodput"])["Checkpoint per GPU (GB)"].value = NEW_CHECKPOINT_GB
    edited.save(work / "dearer-power.xlsx")
    return recalculate(soffice, [book, work / "dearer-power.xlsx"], work)


@pytest.fixture(scope="module")
def recalculated_clusters(recalculated_cluster_books) -> openpyxl.Workbook:
    return recalculated_cluster_books["clusters"]


def test_cluster_sheets_equal_python_to_the_cent(recalculated_clusters, clusters):
    from functools import reduce

    for cluster in clusters:
        ws = recalculated_clusters[f"Cluster {cluster.id}"]
        values = {r[3].value: r[6].value for r in ws.iter_rows(min_row=5) if r[3].value}
        for label, field in CLUSTER_ROLLUP.items():
            expected = reduce(getattr, field.split("."), cluster.summary)
            assert round(values[label], 2) == round(expected, 2), (cluster.id, label)


# --- the TCO sheet --------------------------------------------------------------------------
def assert_tco_equals_python(ws, profile: TcoProfile | None = None) -> int:
    """Every TCO figure on the sheet equals `rb.tco` under `profile` (to well under a cent);
    returns how many figures were checked."""
    checked = 0
    for target, figures in tco_columns(ws).items():
        result = rb.tco(target, profile)
        for field, value in figures.items():
            expected = getattr(result, field)
            if expected is None:
                assert value in (None, ""), (target, field)
            else:
                assert value == pytest.approx(expected, rel=1e-9, abs=1e-9), (target, field)
            checked += 1
    return checked


def test_tco_sheet_equals_python_for_every_design(recalculated, designs):
    ws = recalculated["reference"]["TCO"]
    assert list(tco_columns(ws)) == [d.id for d in designs]
    assert assert_tco_equals_python(ws) == len(designs) * len(TCO_FIGURES)


def test_tco_sheet_equals_python_for_every_cluster_and_its_design(recalculated_clusters, clusters):
    columns = tco_columns(recalculated_clusters["TCO"])
    assert {c.id for c in clusters} <= set(columns)
    assert assert_tco_equals_python(recalculated_clusters["TCO"]) == len(columns) * len(TCO_FIGURES)


def test_tco_follows_an_edited_electricity_price(recalculated_cluster_books):
    default = builtin_costs().profiles["default"]
    dearer = default.model_copy(update={"electricity_usd_per_kwh": NEW_USD_PER_KWH})
    before = tco_columns(recalculated_cluster_books["clusters"]["TCO"])
    ws = recalculated_cluster_books["dearer-power"]["TCO"]
    assert tco_inputs(ws)["electricity_usd_per_kwh"].value == NEW_USD_PER_KWH
    assert assert_tco_equals_python(ws, dearer) == len(before) * len(TCO_FIGURES)
    after = tco_columns(ws)
    for target, figures in after.items():  # power moved every TCO per GPU-hour, capital none
        rise = figures["tco_usd_per_gpu_hour"] - before[target]["tco_usd_per_gpu_hour"]
        power = rb.tco(target).facility_kw_per_gpu * (
            NEW_USD_PER_KWH - default.electricity_usd_per_kwh
        )
        assert rise == pytest.approx(power, rel=1e-9), target
        assert figures["capex_usd_per_gpu"] == pytest.approx(before[target]["capex_usd_per_gpu"])


# --- the Goodput sheet ----------------------------------------------------------------------
def assert_goodput_equals_python(ws, **options) -> int:
    """Every job and cause figure on the Goodput sheet equals `rb.goodput(system, **options)`;
    returns how many figures were checked."""
    jobs, causes = goodput_tables(ws)
    checked = 0
    for system, row in jobs.items():
        result = rb.goodput(system, **options)
        for header, field in GOODPUT_JOB_FIELDS.items():
            expected = getattr(result, field)
            assert row[header] == pytest.approx(expected, rel=1e-9, abs=1e-12), (system, header)
            checked += 1
        for cause in result.by_cause:
            cells = causes[(system, cause.name)]
            for header, field in GOODPUT_CAUSE_FIELDS.items():
                expected = getattr(cause, field)
                assert cells[header] == pytest.approx(expected, rel=1e-9, abs=1e-12), (
                    system,
                    cause.name,
                    header,
                )
                checked += 1
    return checked


def test_goodput_sheet_equals_python_for_every_design(recalculated, designs):
    ws = recalculated["reference"]["Goodput"]
    assert list(goodput_tables(ws)[0]) == [d.id for d in designs]
    assert assert_goodput_equals_python(ws) > len(designs) * len(GOODPUT_JOB_FIELDS)


def test_goodput_sheet_follows_an_edited_checkpoint_and_electricity_price(
    recalculated_cluster_books, clusters
):
    """A cluster's whole job, its spares waiting on repairs included, recalculated as is and
    after a user edits the checkpoint size and the TCO sheet's electricity price."""
    default = builtin_costs().profiles["default"]
    dearer = default.model_copy(update={"electricity_usd_per_kwh": NEW_USD_PER_KWH})
    before = recalculated_cluster_books["clusters"]["Goodput"]
    assert set(goodput_tables(before)[0]) == {c.id for c in clusters}
    assert assert_goodput_equals_python(before) > 0
    after = recalculated_cluster_books["dearer-power"]["Goodput"]
    assert assert_goodput_equals_python(
        after, checkpoint_gb=NEW_CHECKPOINT_GB, tco_profile=dearer
    ) == assert_goodput_equals_python(before)
