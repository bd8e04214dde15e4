"""The BOM workbook, flat CSV and JSON exports, read back with openpyxl and csv."""

from __future__ import annotations

import csv
import io
import json
import re
import zipfile
from importlib import resources
from pathlib import Path

import openpyxl
import pytest
from openpyxl.utils import get_column_letter

import rackbom as rb
from conftest import DESIGNS
from rackbom.components.cost_inputs import TcoProfile
from rackbom.components.parameters import owned_by
from rackbom.components.tco_library import builtin_costs
from rackbom.exports.figures import KEY_FIGURES
from rackbom.exports.figures.tco_figures import CAPEX, TCO_FIGURES
from rackbom.exports.json.flat_bom import BOM_CSV_FIELDS, bom_csv
from rackbom.exports.workbook import build_sheets, write_workbook
from rackbom.exports.workbook.cells import design_labels
from rackbom.exports.workbook.design_sheets import BOM_COLUMNS, IT_POWER, TRAY_OVERHEADS

HOSTILE = (
    '=HYPERLINK("http://x","click")',
    "+cmd|' /C calc'!A0",
    "-2+3",
    "@SUM(A1)",
)
USD = '"$"#,##0'  # to the dollar; the values keep their cents

HOSTILE_DESIGN = f"""
id: hostile
name: {json.dumps(HOSTILE[3])}
description: {json.dumps(HOSTILE[0])}
source: hostile-source
power_model: liquid-2026
racks:
  - name: lab
    frame: orv3-44ou
    trays:
      - {{tray: hostile-node, position: 1, count: 2}}
      - {{tray: hostile-fixed, position: 3}}
catalogue:
  sources:
    - id: hostile-source
      kind: assumption
      cite: {json.dumps(HOSTILE[1])}
      note: {json.dumps(HOSTILE[2])}
  parts:
    - id: hostile-gpu
      kind: gpu
      name: {json.dumps(HOSTILE[0])}
      manufacturer: {json.dumps(HOSTILE[1])}
      part_number: {json.dumps(HOSTILE[2])}
      source: hostile-source
      hbm_gb: 100
      power_w: 500
      price_usd: 1000.25
    - id: hostile-board
      kind: item
      category: {json.dumps(HOSTILE[3])}
      name: "Board with no price"
      manufacturer: {json.dumps(HOSTILE[3])}
      source: hostile-source
  trays:
    - id: hostile-node
      name: {json.dumps(HOSTILE[0])}
      role: compute
      unit_standard: ocp
      height_units: 1
      source: hostile-source
      overhead_power_w: 50
      parts:
        - {{part: hostile-gpu, qty: 3}}
        - {{part: hostile-board, qty: 1}}
    - id: hostile-fixed
      name: {json.dumps(HOSTILE[1])}
      role: other
      unit_standard: ocp
      height_units: 1
      source: hostile-source
      price_usd: 7777.77
      parts:
        - {{part: hostile-gpu, qty: 2}}
"""


def write_hostile_design(directory: Path) -> Path:
    """A design file whose names, makers and sources look like spreadsheet formulas."""
    path = directory / "hostile.yaml"
    path.write_text(HOSTILE_DESIGN, encoding="utf-8")
    return path


def write_overloaded_helios(directory: Path) -> Path:
    """Helios with compute-tray overheads so high that its IT load exceeds its power shelves."""
    text = resources.files("rackbom.racks.data").joinpath("helios.yaml").read_text("utf-8")
    path = directory / "overloaded.yaml"
    path.write_text(text.replace("overhead_power_w: 400", "overhead_power_w: 4000", 1))
    return path


@pytest.fixture(scope="module")
def designs() -> list[rb.Design]:
    return [rb.load(d) for d in DESIGNS]


@pytest.fixture(scope="module")
def book(designs, tmp_path_factory) -> openpyxl.Workbook:
    path = tmp_path_factory.mktemp("wb") / "reference.xlsx"
    rb.export_workbook(designs, path)
    return openpyxl.load_workbook(path)


@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> tuple[rb.Design, openpyxl.Workbook]:
    directory = tmp_path_factory.mktemp("hostile")
    design = rb.load(write_hostile_design(directory))
    path = design.to_xlsx(directory / "hostile.xlsx")
    return design, openpyxl.load_workbook(path)


def line_rows(ws) -> list[tuple]:
    """BOM rows with a line number (not subtotals), as cells."""
    return [row for row in ws.iter_rows(min_row=5) if isinstance(row[0].value, int)]


def grand_total_row(ws) -> int:
    return next(r[0].row for r in ws.iter_rows(min_row=5) if r[5].value == "grand total")


# --- structure ------------------------------------------------------------------------------
def test_sheets_in_order(book):
    expected = ["Summary", "Comparison"]
    for d in DESIGNS:
        expected += [f"BOM {d}", f"Ports {d}", f"Chips {d}", f"Power {d}", f"Trays {d}"]
    plant = ["Plant", "Plant feeds", "Plant racks", "Plant rows", "Plant failures"]
    collectives = ["Collectives", "Collective workloads", "Collective checks"]
    goodput = ["Goodput", "Goodput causes"]
    assert book.sheetnames == [*expected, "TCO", *plant, *collectives, *goodput, "Sources"]


def test_properties(book):
    assert book.properties.creator == "rackbom"
    assert all(d in book.properties.title for d in DESIGNS)


def test_bom_header_freeze_filter_and_formats(book, designs):
    for design in designs:
        ws = book[f"BOM {design.id}"]
        assert [c.value for c in ws[4]] == list(BOM_COLUMNS)
        assert ws.freeze_panes == "C5"  # the line number and part id stay in view
        last_line = line_rows(ws)[-1][0].row
        start, end = ws.auto_filter.ref.split(":")
        assert start == "A4" and end.startswith("P") and int(end[1:]) > last_line
        for row in line_rows(ws)[:20]:
            assert row[10].number_format == USD and row[11].number_format == USD
            assert row[12].number_format == row[13].number_format == "#,##0"
        assert ws.column_dimensions["G"].width > 30  # descriptions are long
        assert ws.column_dimensions["A"].width < ws.column_dimensions["G"].width


def test_bom_lines_match_python(book, designs):
    for design in designs:
        rows = line_rows(book[f"BOM {design.id}"])
        assert len(rows) == len(design.bom.lines)
        for row, line in zip(rows, design.bom.lines, strict=True):
            r = row[0].row
            assert (row[2].value, row[3].value, row[1].value) == (
                line.rack,
                line.tray,
                line.part_id,
            )
            assert row[9].value == line.qty
            assert row[10].value == line.unit_price_usd
            assert row[11].value == f"=J{r}*K{r}"
            assert row[12].value == line.power_each_w
            assert row[13].value == f"=J{r}*M{r}"
        total = sum(row[9].value * (row[10].value or 0) for row in rows)
        assert round(total, 2) == round(design.bom.total_usd, 2)


def test_bom_subtotals_per_tray_rack_and_grand_total(book, designs):
    design = designs[2]  # three racks
    ws = book[f"BOM {design.id}"]
    kinds = [r[5].value for r in ws.iter_rows(min_row=5)]
    trays = {(line.rack, line.tray) for line in design.bom.lines}
    assert kinds.count("subtotal") == len(trays)
    assert kinds.count("rack total") == len(design.built.racks)
    grand = grand_total_row(ws)
    assert ws[f"L{grand}"].value == f"=SUBTOTAL(9,L5:L{grand - 1})"
    assert ws[f"N{grand}"].value == f"=SUBTOTAL(9,N5:N{grand - 1})"
    assert ws[f"L{grand}"].number_format == USD
    for row in ws.iter_rows(min_row=5, max_row=grand - 1):
        if row[4].value in ("subtotal", "rack total"):
            assert re.fullmatch(r"=SUBTOTAL\(9,L\d+:L\d+\)", row[11].value)


def test_summary_links_to_design_sheets(book, designs):
    ws = book["Summary"]
    assert ws.freeze_panes == "B5"
    for i, design in enumerate(designs):
        row = 5 + i
        assert ws[f"A{row}"].value == design.id
        last = grand_total_row(book[f"BOM {design.id}"]) - 1
        sheet = f"'BOM {design.id}'"
        assert ws[f"C{row}"].value == (
            f'=SUMIF({sheet}!$F$5:$F${last},"GPU",{sheet}!$J$5:$J${last})'
        )
        assert ws[f"I{row}"].value == (  # numbered lines only: no filter on the BOM changes it
            f'=SUMIF({sheet}!$A$5:$A${last},">0",{sheet}!$L$5:$L${last})'
        )
        assert ws[f"I{row}"].number_format == USD
        assert ws[f"J{row}"].value == f"=IF(C{row}=0,0,I{row}/C{row})"
        assert ws[f"H{row}"].value.startswith(f"='Power {design.id}'!$I$")
        assert ws[f"K{row}"].value.startswith(f"='Ports {design.id}'!$G$")


def test_ports_sheet(book, designs):
    helios = designs[0]
    ws = book["Ports helios"]
    chips = [r for r in book["Chips helios"].iter_rows(min_row=5) if "/" in str(r[2].value)]
    assert len(chips) == sum(len(t.chips) for t in helios.analysis.ports) == 12
    assert {r[6].value for r in chips} == {512} and {r[7].value for r in chips} == {432}
    assert all(r[8].value == f"=G{r[0].row}-H{r[0].row}" for r in chips)
    assert ws["E5"].value.startswith("=SUM('Chips helios'!G5:") and ws["G5"].value == "=E5-F5"
    assert book["Ports mi355x-128"]["A5"].value == "No switch chips in this design"


def test_power_sheet(book, designs):
    for design in designs:
        ws = book[f"Power {design.id}"]
        for i, rack in enumerate(design.analysis.power):
            row = 5 + i
            assert ws[f"A{row}"].value == rack.rack
            assert ws[f"C{row}"].value == rack.items_w
            assert ws[f"E{row}"].value == rack.conversion_efficiency
            assert ws[f"E{row}"].number_format == "0.0%"
            assert ws[f"I{row}"].value == f"=D{row}+F{row}+H{row}"
            assert ws[f"J{row}"].value == rack.shelf_capacity_w
        assert ws["B5"].value.startswith(f"=SUM('Trays {design.id}'!G5:")
        trays = [
            r
            for r in book[f"Trays {design.id}"].iter_rows(min_row=5)
            if r[3].value in {"compute", "switch", "power", "management", "other"}
        ]
        expected = [t for r in design.analysis.power for t in r.trays]
        assert [(r[4].value, r[5].value) for r in trays] == [
            (t.parts_w, t.overhead_w) for t in expected
        ]


def test_sources_assumptions_first_with_figures(book, designs):
    ws = book["Sources"]
    rows = [[c.value for c in r] for r in ws.iter_rows(min_row=5)]
    kinds = [r[1] for r in rows]
    order = ["assumption", "derived", "analyst", "vendor", "seed"]
    assert kinds == sorted(kinds, key=order.index) and kinds[0] == "assumption"
    cited = {s.id for d in designs for s in d.summary.sources}
    assert {r[0] for r in rows} == cited
    by_id = {r[0]: r for r in rows}
    assert "mi450x.price_usd" in by_id["assume-mi450x-price"][7].split(", ")
    assert by_id["assume-mi450x-price"][6] == "helios"


def test_comparison_rows_and_links(book, designs):
    ws = book["Comparison"]
    assert [c.value for c in ws[4]] == ["Figure", *DESIGNS]
    labels = [ws.cell(row=5 + i, column=1).value for i in range(len(KEY_FIGURES))]
    assert labels == [f.label for f in KEY_FIGURES]
    keys = {f.field: 5 + i for i, f in enumerate(KEY_FIGURES)}
    assert ws[f"B{keys['bom_usd']}"].value == "='Summary'!$I$5"
    assert ws[f"B{keys['bom_usd']}"].number_format == '"$"#,##0'
    assert ws[f"E{keys['hbm_gb_total']}"].value == designs[3].to_dict()["hbm_gb_total"]
    assert ws[f"B{keys['in_domain_to_cross_domain']}"].number_format == '#,##0.00"x"'


def test_content_is_deterministic(designs, tmp_path):
    reports = [d.report() for d in designs[:2]]
    first, second = tmp_path / "a.xlsx", tmp_path / "b.xlsx"
    write_workbook(reports, first)
    write_workbook(reports, second)
    with zipfile.ZipFile(first) as a, zipfile.ZipFile(second) as b:
        names = a.namelist()
        assert names == b.namelist()
        for name in names:
            if name != "docProps/core.xml":  # holds the time of writing
                assert a.read(name) == b.read(name), name


# --- what a reader sees --------------------------------------------------------------------
def test_every_sheet_prints_few_readable_pages_wide_with_titles_and_footer(book):
    from rackbom.exports.workbook import pages_across

    for ws in book.worksheets:
        setup = ws.page_setup
        assert ws.sheet_properties.pageSetUpPr.fitToPage, ws.title
        widths = [
            ws.column_dimensions[get_column_letter(c)].width for c in range(1, ws.max_column + 1)
        ]
        titles = 0 if ws.print_title_cols is None else 1
        assert setup.fitToWidth == pages_across(widths, setup.orientation, titles), ws.title
        assert setup.fitToHeight == 0, ws.title
        # one header row repeats on every page; a sheet of several tables taller than a page
        # prints each table as a range of its own, starting a page under its own header
        ranges = ws.print_area.count(",") + 1
        assert ws.print_title_rows == ("$4:$4" if ranges == 1 else None), ws.title
        assert ws.oddFooter.left.text == "&A" and ws.oddFooter.right.text == "Page &P of &N"
        columns = range(1, ws.max_column + 1)
        wide = sum(ws.column_dimensions[get_column_letter(c)].width for c in columns) > 100
        assert setup.orientation == ("landscape" if wide else "portrait"), ws.title
    assert book["BOM helios"].page_setup.orientation == "landscape"


def test_bom_shows_categories_in_words_and_tray_names_beside_their_units(book, designs):
    helios = designs[0]
    rows = [[c.value for c in r] for r in line_rows(book["BOM helios"])]
    categories = {r[5] for r in rows}
    assert {"Switch ASIC", "Management switch", "GPU", "Integration margin", "Rack frame"} <= (
        categories
    )
    assert all(c[0].isupper() for c in categories), categories
    trays = {t.tray.id: t.tray.name for t in helios.built.placed}
    for row, line in zip(rows, helios.bom.lines, strict=True):
        assert row[3] == line.tray
        assert row[4] == (trays[line.tray_id] if line.tray_id else "Rack-level items")
    assert "Helios compute tray (4 x MI450X, 1 x Venice)" in {r[4] for r in rows}


def test_bom_power_is_labelled_parts_only_and_reconciled_with_it_power(book, designs):
    helios = designs[0]
    ws = book["BOM helios"]
    assert BOM_COLUMNS[13] == "Parts power (W)"
    assert "IT power (kW)" in [c.value for c in book["Summary"][4]]
    labels = {r[6].value: r for r in ws.iter_rows(min_row=5) if r[0].value is None}
    overheads, it_power = labels[TRAY_OVERHEADS], labels[IT_POWER]
    assert overheads[13].value.startswith("='Trays helios'!$F$")
    grand = grand_total_row(ws)
    assert it_power[13].value == f"=N{grand}+N{overheads[0].row}"
    parts = sum(line.power_total_w for line in helios.bom.lines)
    tray_overheads = sum(t.overhead_w for r in helios.analysis.power for t in r.trays)
    assert (parts, tray_overheads) == (203_610, 9_000)
    assert parts + tray_overheads == helios.summary.power_it_w


def test_summary_sheet_lists_warnings(tmp_path):
    overloaded = rb.load(write_overloaded_helios(tmp_path))
    assert overloaded.summary.warnings
    wb = openpyxl.load_workbook(overloaded.to_xlsx(tmp_path / "over.xlsx"))
    cells = [[c.value for c in r] for r in wb["Summary"].iter_rows(min_row=6)]
    assert ["Warnings"] in [[v for v in r if v is not None] for r in cells]
    listed = [r[1] for r in cells if r[0] == overloaded.id and r[1] in overloaded.summary.warnings]
    assert listed == list(overloaded.summary.warnings)
    assert "exceeds its power shelves" in listed[0]


def test_comparison_links_figures_held_on_the_design_sheets(book):
    ws = book["Comparison"]
    keys = {f.field: 5 + i for i, f in enumerate(KEY_FIGURES)}
    for index, design in enumerate(DESIGNS):
        column = get_column_letter(index + 2)
        assert ws[f"{column}{keys['switch_chips']}"].value.startswith(f"='Ports {design}'!")
        assert ws[f"{column}{keys['switch_ports_used']}"].value.startswith(f"='Ports {design}'!")
        assert ws[f"{column}{keys['compute_trays']}"].value.startswith(
            f"=COUNTIF('Trays {design}'!"
        )
        unused, used = keys["switch_ports_unused"], keys["switch_ports_used"]
        assert ws[f"{column}{keys['switch_ports_unused_pct']}"].value == (
            f"=IF(({column}{unused}+{column}{used})=0,0,"
            f"100*{column}{unused}/({column}{unused}+{column}{used}))"
        )


# --- sheet names ----------------------------------------------------------------------------
def test_sheet_names_valid_and_unique_for_long_variant_ids(tmp_path):
    helios = rb.load("helios")
    variants = [
        helios.with_(switch="switch-86t-200g"),
        helios.with_(switch="switch-86t-200g", gpus_per_tray=2),
        helios.with_(switch="switch-115t-200g", gpus_per_tray=2),
        helios,
    ]
    path = rb.export_workbook(variants, tmp_path / "variants.xlsx")
    wb = openpyxl.load_workbook(path)
    names = wb.sheetnames
    assert len({n.lower() for n in names}) == len(names)
    for name in names:
        assert len(name) <= 31 and not re.search(r"[\[\]:*?/\\]", name)
    for row in wb["Summary"].iter_rows(min_row=5, max_row=4 + len(variants), min_col=9, max_col=9):
        sheet = re.match(r"=SUMIF\('(.+?)'!", row[0].value).group(1)
        assert sheet in names


def test_design_labels_cut_and_disambiguate():
    labels = design_labels(["a" * 40, "a" * 40 + "b", "x:y", "X:Y"])
    assert all(len(f"Power {label}") <= 31 for label in labels)
    assert len({label.lower() for label in labels}) == 4
    assert labels[2] == "x_y" and labels[3] == "X_Y~4"


# --- safety, unpriced lines -----------------------------------------------------------------
def test_formula_like_text_is_written_as_text(hostile):
    _, wb = hostile
    found = set()
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if cell.value in HOSTILE or (
                    isinstance(cell.value, str) and cell.value.startswith(HOSTILE[3])
                ):
                    assert cell.data_type == "s", (ws.title, cell.coordinate)
                    found.add(cell.value)
    assert set(HOSTILE) <= found
    bom = wb["BOM hostile"]
    gpu = next(r for r in line_rows(bom) if r[1].value == "hostile-gpu")
    assert (gpu[6].value, gpu[7].value, gpu[8].value) == HOSTILE[:3]
    assert wb["Summary"]["B5"].value == HOSTILE[3]


def test_unpriced_and_tray_priced_lines_leave_the_price_blank(hostile):
    design, wb = hostile
    rows = line_rows(wb["BOM hostile"])
    bases = {line.price_basis for line in design.bom.lines}
    assert bases == {"priced", "unpriced", "in tray price"}
    for row, line in zip(rows, design.bom.lines, strict=True):
        if line.unit_price_usd is None:
            assert row[10].value is None and row[14].value == f"({line.price_basis})"
        assert row[11].value == f"=J{row[0].row}*K{row[0].row}"
    total = sum(r[9].value * (r[10].value or 0) for r in rows)
    assert round(total, 2) == round(design.bom.total_usd, 2) == 2 * 3 * 1000.25 + 7777.77 + 6000


def test_csv_neutralises_formula_like_text(hostile):
    design, _ = hostile
    rows = list(csv.DictReader(io.StringIO(bom_csv([design.analysis]))))
    gpu = next(r for r in rows if r["part_id"] == "hostile-gpu")
    assert gpu["description"] == "'" + HOSTILE[0]
    assert gpu["manufacturer"] == "'" + HOSTILE[1]
    assert gpu["part_number"] == "'" + HOSTILE[2]


def test_no_designs_is_an_input_error():
    with pytest.raises(rb.InputError):
        build_sheets([])


# --- command line ---------------------------------------------------------------------------
def test_cli_writes_workbook_csv_and_json(cli, tmp_path):
    out, flat, summary = tmp_path / "racks.xlsx", tmp_path / "bom.csv", tmp_path / "s.json"
    result = cli(
        "bom", "helios", "gb200-nvl72", "-o", str(out), "--csv", str(flat), "--json", str(summary)
    )
    assert result.code == 0, result.err
    assert openpyxl.load_workbook(out).sheetnames[2] == "BOM helios"
    rows = list(csv.DictReader(flat.open(encoding="utf-8")))
    assert tuple(rows[0]) == BOM_CSV_FIELDS
    helios, nvl72 = rb.load("helios"), rb.load("gb200-nvl72")
    assert len(rows) == len(helios.bom.lines) + len(nvl72.bom.lines)
    assert round(sum(float(r["extended_usd"]) for r in rows), 2) == round(
        helios.bom.total_usd + nvl72.bom.total_usd, 2
    )
    assert json.loads(summary.read_text()) == [helios.to_dict(), nvl72.to_dict()]
    single = tmp_path / "one.json"
    assert cli("bom", "helios", "--json", str(single)).code == 0
    assert single.read_text() == cli("show", "helios", "--json").out


@pytest.mark.parametrize(
    "args",
    [
        ("no-such-design", "-o", "{out}"),
        ("helios", "-o", "{dir}/book.txt"),
        ("helios",),
        ("helios", "-o", "{dir}/missing/book.xlsx"),
    ],
)
def test_cli_bad_input_exits_2_and_leaves_files_alone(cli, tmp_path, args):
    out = tmp_path / "book.xlsx"
    out.write_bytes(b"previous workbook")
    result = cli("bom", *(a.format(out=out, dir=tmp_path) for a in args))
    assert result.code == 2
    assert result.out == "" and len(result.err.strip().splitlines()) == 1
    assert result.err.startswith("rackbom: error:")
    assert out.read_bytes() == b"previous workbook"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.xlsx"]


def test_cli_bad_design_file_leaves_no_output(cli, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(HOSTILE_DESIGN.replace("power_model: liquid-2026", "power_model: nope"))
    out = tmp_path / "new.xlsx"
    result = cli("bom", str(bad), "-o", str(out), "--csv", str(tmp_path / "new.csv"))
    assert result.code == 2 and "power_model" in result.err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.yaml"]


# --- cost of ownership ----------------------------------------------------------------------
def tco_inputs(ws) -> dict[str, openpyxl.cell.Cell]:
    """The TCO sheet's input cells by profile field."""
    labels = {param.label: field for field, param in owned_by("TcoProfile").items()}
    return {labels[r[0].value]: r[1] for r in ws.iter_rows(min_row=5) if r[0].value in labels}


def tco_columns(ws) -> dict[str, dict[str, object]]:
    """The TCO sheet's figures per design or cluster, by `TcoResult` field."""
    fields = {f.label: f.field for f in TCO_FIGURES}
    rows = list(ws.iter_rows())
    head = next(r for r in rows if r[0].value == "Figure")
    targets = [c.value for c in head[1:]]
    out: dict[str, dict[str, object]] = {t: {} for t in targets}
    for row in rows[head[0].row :]:
        if row[0].value in fields:
            for target, cell in zip(targets, row[1:], strict=False):
                out[target][fields[row[0].value]] = cell.value
    return out


GOODPUT_JOB_FIELDS = {
    "Hot spares": "spares",
    "Interruptions/day": "interruptions_per_day",
    "MTBI (h)": "mtbi_h",
    "Checkpoint (s)": "checkpoint_write_s",
    "Young interval (min)": "young_interval_min",
    "Interval (min)": "checkpoint_interval_min",
    "Recovery (min)": "recovery_min",
    "Lost per interruption (min)": "lost_per_interruption_min",
    "ETTR": "ettr",
    "Training share": "effective_share",
    "TCO $/GPU-h": "tco_usd_per_gpu_hour",
    "TCO $/effective GPU-h": "tco_usd_per_effective_gpu_hour",
    "TCO $/BF16 PFLOPS-h": "tco_usd_per_bf16_pflops_hour",
    "TCO $/effective BF16 PFLOPS-h": "tco_usd_per_effective_bf16_pflops_hour",
}
"""The Goodput sheet's job columns by `GoodputResult` field."""
GOODPUT_CAUSE_FIELDS = {
    "Per day": "rate_per_day",
    "Share": "share",
    "GPUs out": "gpus_lost",
    "Spare cover": "spare_cover",
    "Recovery (min)": "recovery_min",
}
"""The Goodput sheet's cause columns by `CauseRate` field."""


def goodput_tables(ws) -> tuple[dict[str, dict[str, object]], dict[tuple[str, str], dict]]:
    """The Goodput sheet's job rows by system and its causes sheet's rows by (system, cause
    name), each a mapping of column header to cell value."""
    (jobs,) = _tables(ws)
    (causes,) = _tables(ws.parent["Goodput causes"])
    return {r["System"]: r for r in jobs}, {(r["System"], r["Cause"]): r for r in causes}


def _tables(ws) -> list[list[dict[str, object]]]:
    """Each table under a header row that starts with "System", to its first blank row."""
    rows = list(ws.iter_rows(values_only=True))
    tables = []
    for head in (i for i, r in enumerate(rows) if r[0] == "System"):
        body = []
        for r in rows[head + 1 :]:
            if not r[0]:
                break
            body.append(dict(zip(rows[head], r, strict=False)))
        tables.append(body)
    return tables


def goodput_inputs(ws) -> dict[str, openpyxl.cell.Cell]:
    """The Goodput sheet's input cells by label."""
    return {r[0].value: r[1] for r in ws.iter_rows(min_row=5, max_row=12) if r[0].value}


def test_goodput_sheet_writes_its_figures_as_formulas(book):
    jobs, causes = goodput_tables(book["Goodput"])
    assert set(jobs) == set(DESIGNS)
    for row in jobs.values():
        for header in GOODPUT_JOB_FIELDS:
            assert str(row[header]).startswith("="), header
        assert str(row["TCO $/GPU-h"]).startswith("='TCO'!")
    for row in causes.values():
        assert isinstance(row["Rate per part-year"], float)
        for header in GOODPUT_CAUSE_FIELDS:
            assert str(row[header]).startswith("="), header


def test_tco_sheet_holds_the_profile_as_inputs_and_every_design(book):
    ws = book["TCO"]
    default = builtin_costs().profiles["default"]
    inputs = tco_inputs(ws)
    assert set(inputs) == set(TcoProfile.model_fields) - {
        "id",
        "name",
        "description",
        "source",
        "sources",
        "ranges",
        "buyer",  # a choice, written as its markup below
    }
    markup = next(r for r in ws.iter_rows() if str(r[0].value).startswith("Integration markup"))
    assert markup[0].value == "Integration markup of the buyer (odm)"
    assert (markup[1].value, markup[2].value) == (0.087, "analyst-odm-margins")
    assert {f: c.value for f, c in inputs.items()} == {f: getattr(default, f) for f in inputs}
    assert all(c.data_type == "n" for c in inputs.values())
    table = owned_by("TcoProfile")
    assert {f: c.number_format for f, c in inputs.items()} == {
        f: table[f].format.excel for f in inputs
    }
    columns = tco_columns(ws)
    assert list(columns) == list(DESIGNS)
    assert columns["helios"]["tco_usd_per_gpu_hour"].startswith("=")
    compute = next(r for r in ws.iter_rows() if r[0].value == "Compute capital (USD)")
    assert compute[1].value.startswith("=SUMIF('BOM helios'!")


@pytest.mark.parametrize("precision", ["fp4", "fp6", "fp8", "bf16"])
def test_tco_sheet_leaves_a_precision_the_chip_lacks_blank(book, designs, precision):
    """H200 has no FP4 or FP6: its totals are empty cells (as JSON's null), never 0."""
    label = f"Dense {precision.upper()} PFLOPS in total"
    row = next(r for r in book["TCO"].iter_rows() if r[0].value == label)
    expected = [d.summary.compute[precision].total for d in designs]
    assert [c.value for c in row[1 : len(designs) + 1]] == pytest.approx(expected)
    if precision in ("fp4", "fp6"):
        assert expected[DESIGNS.index("hgx-h200")] is None


def test_tco_charts_are_native_and_read_the_tco_rows(book):
    ws = book["TCO"]
    rows = {r[0].value: r[0].row for r in ws.iter_rows() if isinstance(r[0].value, str)}
    last = get_column_letter(len(DESIGNS) + 1)
    categories = f"'TCO'!$B${rows['Figure']}:${last}${rows['Figure']}"
    expected = {
        "Capex per GPU": [f.label for f in CAPEX],
        "TCO per GPU-hour": ["Capital per GPU-hour (USD)", "Opex per GPU-hour (USD)"],
        "TCO per dense FP4 PFLOPS-hour": ["TCO per dense FP4 PFLOPS-hour (USD)"],
    }
    charts = {c.title.tx.rich.p[0].r[0].t: c for c in ws._charts}
    assert set(charts) == set(expected)
    for title, labels in expected.items():
        chart = charts[title]
        assert chart.grouping == ("clustered" if len(labels) == 1 else "stacked")
        refs = [
            (s.tx.strRef.f, s.val.numRef.f, (s.cat.numRef or s.cat.strRef).f) for s in chart.series
        ]
        assert refs == [
            (f"'TCO'!A{rows[label]}", f"'TCO'!$B${rows[label]}:${last}${rows[label]}", categories)
            for label in labels
        ]


def test_cli_bom_takes_a_tco_profile(cli, tmp_path):
    out = tmp_path / "colo.xlsx"
    assert cli("bom", "helios", "helios-16k", "--tco", "neocloud-colo", "-o", str(out)).code == 0
    ws = openpyxl.load_workbook(out)["TCO"]
    inputs = {f: c.value for f, c in tco_inputs(ws).items()}
    assert inputs["colocation_usd_per_kw_month"] == 150 and inputs["utilisation"] == 0.8
    assert inputs["facility_capex_usd_per_mw"] == 0
    assert list(tco_columns(ws)) == ["helios", "helios-16k"]
    bad = cli("bom", "helios", "--tco", "no-such-profile", "-o", str(tmp_path / "x.xlsx"))
    assert bad.code == 2 and "no-such-profile" in bad.err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["colo.xlsx"]
