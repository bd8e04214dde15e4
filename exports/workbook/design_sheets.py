"""The sheets of one design: BOM with live totals, switch ports per tray and per chip, and power
per rack and per tray (a table a sheet, so each prints under its own header)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import TYPE_CHECKING

from ...components.parts import Gpu
from ...components.records import record
from ...components.trays import TrayRole
from .cells import BLANK, Cell, SheetData, col, formula, number, quote_sheet, text

if TYPE_CHECKING:
    from ...racks.analysis import Analysis
    from ...racks.bom_lines import BomLine
    from ...racks.port_types import TrayPorts
    from ...racks.power import RackPower

BOM_COLUMNS = (
    "Line",
    "Part id",
    "Rack",
    "Units",
    "Tray",
    "Category",
    "Description",
    "Manufacturer",
    "Part number",
    "Qty",
    "Unit price (USD)",
    "Extended price (USD)",
    "Part power each (W)",
    "Parts power (W)",
    "Source",
    "Kind",
)
RACK, UNITS, CATEGORY, DESCRIPTION = 3, 4, 6, 7
BOM_IDS = 2
"""The columns that say which line a row is (line number and part id), repeated on every page
a wide BOM prints across."""
QTY, PRICE, EXTENDED, POWER_EACH, POWER_TOTAL = 10, 11, 12, 13, 14
FIRST_DATA_ROW = 5
RACK_LEVEL_TRAY = "Rack-level items"
TRAY_OVERHEADS = "Tray overheads (W): fans, boards and losses inside trays, on no part"
IT_POWER = "IT power (W) = parts power + tray overheads"


@record
class DesignSheets:
    """A design's sheets and the formulas (over them) that other sheets use."""

    bom: SheetData
    ports: SheetData
    chips: SheetData
    power: SheetData
    trays: SheetData
    bom_total: str
    gpus: str
    switch_chips: str
    ports_used: str
    ports_unused: str
    compute_trays: str
    power_it_w: str
    power_all_in_w: str
    power_input_w: str

    @property
    def sheets(self) -> list[SheetData]:
        """The sheets in the workbook's order."""
        return [self.bom, self.ports, self.chips, self.power, self.trays]


def design_sheets(analysis: Analysis, label: str) -> DesignSheets:
    """Build the BOM, Ports, Chips, Power and Trays sheets of one design."""
    power = power_sheet(analysis, f"Power {label}", f"Trays {label}")
    bom, bom_total, gpus = bom_sheet(analysis, f"BOM {label}", power.overhead_w)
    ports = ports_sheet(analysis, f"Ports {label}", f"Chips {label}")
    return DesignSheets(
        bom,
        ports.sheet,
        ports.chip_sheet,
        power.sheet,
        power.tray_sheet,
        bom_total,
        gpus,
        ports.chips,
        ports.used,
        ports.unused,
        power.compute_trays,
        power.it_w,
        power.all_in_w,
        power.input_w,
    )


def _title(sheet: SheetData, title: str, note: str) -> None:
    sheet.add(text(title, "title"))
    sheet.add(text(note, "note"))
    sheet.add()


def _sum(column: int, first: int, last: int, function: str = "SUM") -> str:
    letter = col(column)
    return f"{function}({letter}{first}:{letter}{last})"


def _subtotal(column: int, first: int, last: int) -> str:
    letter = col(column)
    return f"SUBTOTAL(9,{letter}{first}:{letter}{last})"


# --- BOM ------------------------------------------------------------------------------------
def bom_sheet(analysis: Analysis, name: str, overhead_w: str) -> tuple[SheetData, str, str]:
    """Every BOM line with formulas for extended price and power; tray, rack and grand totals.

    Totals use SUBTOTAL(9, ...), which skips other SUBTOTAL cells, so rack and grand totals over
    whole blocks count each line once (and follow the autofilter, as a user filtering expects).
    Below them, the tray overheads (`overhead_w`, a Power sheet cell) reconcile parts power with
    IT power. Returns the sheet and formulas that other sheets use, over the numbered lines
    (which no filter on this sheet changes): the BOM total and the GPU count.
    """
    spec = analysis.design.spec
    sheet = SheetData(name, freeze_column=BOM_IDS + 1)
    _title(
        sheet,
        f"Bill of materials: {spec.name}",
        f"Design {spec.id}. Extended price = Qty x Unit price; edit a unit price and every "
        "total follows. Blank unit price: covered by a fixed tray price, or no price known. "
        "Parts power counts parts only; IT power adds the tray overheads (below the total).",
    )
    sheet.header(BOM_COLUMNS)
    sources = analysis.design.catalogue.sources
    tray_names = {t.tray.id: t.tray.name for t in analysis.design.placed}
    number_ = 0
    for rack, rack_lines in groupby(analysis.bom.lines, key=lambda line: line.rack):
        rack_first = len(sheet.rows) + 1
        for tray, tray_lines in groupby(rack_lines, key=lambda line: line.tray):
            lines = list(tray_lines)
            first = len(sheet.rows) + 1
            for line in lines:
                number_ += 1
                kind = sources[line.source].kind.value if line.source in sources else None
                tray_name = tray_names.get(line.tray_id or "", RACK_LEVEL_TRAY)
                sheet.add(*_bom_line(line, number_, len(sheet.rows) + 1, tray_name, kind))
            what = "rack-level items" if lines[0].tray_id is None else f"{tray} {lines[0].tray_id}"
            _bom_total_row(sheet, rack, tray, "subtotal", f"Subtotal {what}", first)
        _bom_total_row(sheet, rack, None, "rack total", f"Total rack {rack}", rack_first)
    last = len(sheet.rows)
    sheet.autofilter_rows = (sheet.header_row or FIRST_DATA_ROW - 1, last)
    grand = _bom_total_row(
        sheet, None, None, "grand total", f"Grand total {spec.id}", FIRST_DATA_ROW, style="grand"
    )
    sheet.add()
    overheads = _power_note_row(sheet, TRAY_OVERHEADS, overhead_w)
    parts = f"{col(POWER_TOTAL)}{grand}"
    _power_note_row(sheet, IT_POWER, f"{parts}+{col(POWER_TOTAL)}{overheads}")
    numbers = f"{sheet.ref(1, FIRST_DATA_ROW)}:${col(1)}${last}"
    prices = f"{sheet.ref(EXTENDED, FIRST_DATA_ROW)}:${col(EXTENDED)}${last}"
    categories = f"{sheet.ref(CATEGORY, FIRST_DATA_ROW)}:${col(CATEGORY)}${last}"
    qtys = f"{sheet.ref(QTY, FIRST_DATA_ROW)}:${col(QTY)}${last}"
    gpu = category_words(Gpu.kind_label)
    return sheet, f'SUMIF({numbers},">0",{prices})', f'SUMIF({categories},"{gpu}",{qtys})'


def category_words(category: str) -> str:
    """A BOM category as a reader writes it: `integration margin` -> `Integration margin`."""
    return category[:1].upper() + category[1:]


def _power_note_row(sheet: SheetData, label: str, expression: str) -> int:
    row: list[Cell] = [BLANK] * len(BOM_COLUMNS)
    row[DESCRIPTION - 1] = text(label, "total_text")
    row[POWER_TOTAL - 1] = formula(expression, "total_watts")
    return sheet.add(*row)


def _bom_line(
    line: BomLine, line_no: int, row: int, tray_name: str, kind: str | None
) -> list[Cell]:
    source = line.source if line.source is not None else f"({line.price_basis})"
    return [
        number(line_no, "plain"),
        text(line.part_id),
        text(line.rack),
        text(line.tray),
        text(tray_name),
        text(category_words(line.category)),
        text(line.description),
        text(line.manufacturer),
        text(line.part_number),
        number(line.qty, "plain"),
        number(line.unit_price_usd, "usd"),
        formula(f"{col(QTY)}{row}*{col(PRICE)}{row}", "usd"),
        number(line.power_each_w, "watts"),
        formula(f"{col(QTY)}{row}*{col(POWER_EACH)}{row}", "watts"),
        text(source),
        text(kind),
    ]


def _bom_total_row(
    sheet: SheetData,
    rack: str | None,
    tray: str | None,
    kind: str,
    label: str,
    first: int,
    style: str = "total",
) -> int:
    last = len(sheet.rows)
    filler = Cell(None, "grand_text") if style == "grand" else BLANK  # few rows get a full band
    row = [filler] * len(BOM_COLUMNS)
    row[RACK - 1], row[UNITS - 1] = text(rack, f"{style}_text"), text(tray, f"{style}_text")
    row[CATEGORY - 1] = text(kind, f"{style}_text")
    row[DESCRIPTION - 1] = text(label, f"{style}_text")
    row[EXTENDED - 1] = formula(_subtotal(EXTENDED, first, last), f"{style}_usd")
    row[POWER_TOTAL - 1] = formula(_subtotal(POWER_TOTAL, first, last), f"{style}_watts")
    return sheet.add(*row)


# --- Ports ----------------------------------------------------------------------------------
PORT_TRAY_COLUMNS = (
    "Rack",
    "Tray",
    "Tray type",
    "Switch chips",
    "Ports total",
    "Ports used",
    "Ports unused",
    "Lanes in",
    "Connector lanes",
)
PORT_CHIP_COLUMNS = (
    "Rack",
    "Tray",
    "Chip",
    "Part",
    "Fabric",
    "Port speed (Gbit/s)",
    "Ports total",
    "Ports used",
    "Ports unused",
)


@record
class PortsSheet:
    """The Ports and Chips sheets and the Ports total cells: switch chips, ports used and
    unused."""

    sheet: SheetData
    chip_sheet: SheetData
    chips: str
    used: str
    unused: str


def ports_sheet(analysis: Analysis, name: str, chips_name: str) -> PortsSheet:
    """Per switch tray (totals over its chips), and per chip on a sheet of its own."""
    sheet = SheetData(name, freeze_column=3)
    _title(
        sheet,
        f"Switch ports: {analysis.name}",
        "Ports at the fabric's port speed; used = ports with a GPU lane landed on them.",
    )
    sheet.header(PORT_TRAY_COLUMNS)
    chips = SheetData(chips_name, freeze_column=4)
    _title(chips, f"Switch ports per chip: {analysis.name}", f"Summed per tray on {name}.")
    chips.header(PORT_CHIP_COLUMNS)
    trays = analysis.ports
    first_tray = len(sheet.rows) + 1
    chip_row = len(chips.rows) + 1
    for tray in trays:
        cells = _port_tray_row(tray, len(sheet.rows) + 1, quote_sheet(chips_name), chip_row)
        sheet.add(*cells)
        chip_row += len(tray.chips)
    last_tray = len(sheet.rows)
    if trays:
        total = sheet.add(
            text("All switch trays", "total_text"),
            Cell(None, "total_text"),
            Cell(None, "total_text"),
            *(formula(_sum(c, first_tray, last_tray), "total_int") for c in range(4, 8)),
        )
    else:
        total = sheet.add(
            text("No switch chips in this design", "total_text"),
            Cell(None, "total_text"),
            Cell(None, "total_text"),
            *(number(0, "total_int") for _ in range(4, 8)),
        )
    for tray in trays:
        slot = tray.tray.split("/", 1)[-1]
        for chip in tray.chips:
            row = len(chips.rows) + 1
            chips.add(
                text(chip.rack),
                text(slot),
                text(chip.chip),
                text(chip.part),
                text(chip.fabric),
                number(chip.port_gbps, "decimal"),
                number(chip.ports_total, "int"),
                number(chip.ports_used, "int"),
                formula(f"G{row}-H{row}", "int"),
            )
    refs = (sheet.ref(4, total), sheet.ref(6, total), sheet.ref(7, total))
    return PortsSheet(sheet, chips, *refs)


def _port_tray_row(tray: TrayPorts, row: int, chips: str, chip_first: int) -> list[Cell]:
    chip_last = chip_first + len(tray.chips) - 1
    return [
        text(tray.rack),
        text(tray.tray.split("/", 1)[-1]),
        text(tray.tray_id),
        number(len(tray.chips), "int"),
        formula(f"SUM({chips}!G{chip_first}:G{chip_last})", "int"),
        formula(f"SUM({chips}!H{chip_first}:H{chip_last})", "int"),
        formula(f"E{row}-F{row}", "int"),
        number(tray.lanes_in, "int"),
        number(tray.connector_lanes, "int"),
    ]


# --- Power ----------------------------------------------------------------------------------
POWER_RACK_COLUMNS = (
    "Rack",
    "Trays IT (W)",
    "Rack items (W)",
    "IT power (W)",
    "Conversion efficiency",
    "Conversion loss (W)",
    "Scale-out (Gbit/s)",
    "Network share (W)",
    "All-in (W)",
    "Shelf capacity (W)",
    "Shelf headroom (W)",
    "Frame budget (W)",
    "Frame headroom (W)",
    "Facility (W)",
    "Shelf redundancy",
)
POWER_TRAY_COLUMNS = (
    "Rack",
    "Tray",
    "Tray type",
    "Role",
    "Parts (W)",
    "Overhead (W)",
    "IT (W)",
    "Parts without a power figure",
)


@record
class PowerSheet:
    """The Power and Trays sheets and formulas over them: IT and all-in totals, tray
    overheads, compute trays."""

    sheet: SheetData
    tray_sheet: SheetData
    it_w: str
    all_in_w: str
    overhead_w: str
    compute_trays: str
    input_w: str


def power_sheet(analysis: Analysis, name: str, trays_name: str) -> PowerSheet:
    """Per rack (IT, losses, network, all-in, budgets, facility), over per-tray rows on a sheet
    of their own; totals."""
    sheet = SheetData(name, freeze_column=2)
    _title(
        sheet,
        f"Power: {analysis.name}",
        "IT power = trays + rack items; rack input = IT + conversion loss (the TCO sheet's input "
        "power); all-in = rack input + the rack's share of the scale-out network (switch ports "
        "and optics per Gbit/s); facility = all-in x PUE. Headroom = budget - IT power.",
    )
    sheet.header(POWER_RACK_COLUMNS)
    trays = SheetData(trays_name, freeze_column=3)
    _title(trays, f"Power per tray: {analysis.name}", f"Summed per rack on {name}.")
    trays.header(POWER_TRAY_COLUMNS)
    racks = analysis.power
    first_rack = len(sheet.rows) + 1
    tray_row = len(trays.rows) + 1
    for rack in racks:
        cells = _power_rack_row(rack, len(sheet.rows) + 1, quote_sheet(trays_name), tray_row)
        sheet.add(*cells)
        tray_row += len(rack.trays)
    last_rack = len(sheet.rows)
    total = sheet.add(
        text("All racks", "total_text"),
        *(
            formula(_sum(c, first_rack, last_rack), "total_watts")
            if c not in (5, 7)
            else Cell(None, "total_text")
            for c in range(2, 15)
        ),
        Cell(None, "total_text"),
    )
    first_tray, last_tray, all_trays = _tray_rows(trays, racks)
    roles = f"{trays.ref(4, first_tray)}:$D${last_tray}"
    return PowerSheet(
        sheet,
        trays,
        sheet.ref(4, total),
        sheet.ref(9, total),
        trays.ref(6, all_trays),
        f'COUNTIF({roles},"{TrayRole.COMPUTE.value}")',
        f"({sheet.ref(4, total)}+{sheet.ref(6, total)})",
    )


def _tray_rows(trays: SheetData, racks: Sequence[RackPower]) -> tuple[int, int, int]:
    """Every rack's trays' power, then their total; the first and last tray row and the
    total's."""
    first = len(trays.rows) + 1
    for rack in racks:
        for tray in rack.trays:
            row = len(trays.rows) + 1
            trays.add(
                text(tray.rack),
                text(tray.tray.split("/", 1)[-1]),
                text(tray.tray_id),
                text(tray.role),
                number(tray.parts_w, "watts"),
                number(tray.overhead_w, "watts"),
                formula(f"E{row}+F{row}", "watts"),
                text(", ".join(tray.unknown_parts) or None),
            )
    last = len(trays.rows)
    total = trays.add(
        text("All trays", "total_text"),
        *(Cell(None, "total_text") for _ in range(3)),
        *(formula(_sum(c, first, last), "total_watts") for c in range(5, 8)),
    )
    return first, last, total


def _power_rack_row(rack: RackPower, row: int, trays: str, tray_first: int) -> list[Cell]:
    tray_last = tray_first + len(rack.trays) - 1
    cells = [
        text(rack.rack),
        formula(f"SUM({trays}!G{tray_first}:G{tray_last})", "watts"),
        number(rack.items_w, "watts"),
        formula(f"B{row}+C{row}", "watts"),
        number(rack.conversion_efficiency, "percent"),
        formula(f"D{row}/E{row}-D{row}", "watts"),
        number(rack.scale_out_gbps, "watts"),
        formula(f"G{row}*{rack.network_w_per_gbps!r}", "watts"),
        formula(f"D{row}+F{row}+H{row}", "watts"),
    ]
    for budget in (rack.shelf_capacity_w, rack.frame_budget_w):
        if budget is None:
            cells += [BLANK, BLANK]
        else:
            budget_col = col(len(cells) + 1)
            cells += [number(budget, "watts"), formula(f"{budget_col}{row}-D{row}", "watts")]
    cells += [formula(f"I{row}*{rack.pue!r}", "watts"), text(rack.redundancy)]
    return cells
