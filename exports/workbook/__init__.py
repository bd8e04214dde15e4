"""BOM workbooks: designs' analyses as an .xlsx with live formulas, formats and sources.

    write_workbook([system.report(), ...], "racks.xlsx")

Sheets: Summary, Comparison, then per design `BOM`, `Ports`, `Chips` (ports per switch chip),
`Power` (per rack) and `Trays` (power per tray), then per cluster
`Cluster` (its designs' sheets included once), then TCO (a profile's figures as inputs, the cost
of ownership of every design and cluster as formulas, with native charts), Plant (its inputs,
then feeds, racks, rows and failure domains a sheet each), Collectives (each system's
collectives at 1 GiB, then workload steps and the published runs checked a sheet each), Goodput
(and its causes), Uncertainty where comparisons with their uncertainty are given (`rackbom
bom` and `report`: inputs with ranges and sources, each figure's p5/p50/p95 and sign share),
and Sources last. A table that can run over a page is a sheet of its own, so
its printed pages repeat its header.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from openpyxl import Workbook
from openpyxl.chart import BarChart as OpenpyxlBarChart
from openpyxl.chart import Reference
from openpyxl.styles import Alignment, Border, Font, NamedStyle, PatternFill, Side
from openpyxl.worksheet.cell_range import CellRange
from openpyxl.worksheet.page import PageMargins
from openpyxl.worksheet.worksheet import Worksheet

from ...components.atomic import Writer, atomic_write
from ...components.errors import InputError
from ...components.formats import COUNT, ONE_DECIMAL, SHARE, USD
from ..figures.system_tables import split
from .cells import SHEET_NAME_MAX, BarChart, SheetData, col, design_labels
from .cluster_sheet import CLUSTER_PREFIX, cluster_sheet
from .collectives_sheet import collectives_sheet
from .design_sheets import design_sheets
from .goodput_sheet import goodput_sheet
from .overview_sheets import add_clusters, comparison_sheet, sources_sheet, summary_sheet
from .plant_sheet import plant_part
from .sheet_xml import CREATOR, cols_xml, fill_sheets, sheet_data
from .tco_sheet import cluster_column, design_column, tco_sheet, term_refs
from .uncertainty_sheet import uncertainty_sheet

if TYPE_CHECKING:
    from ...racks.analysis import Analysis
    from ...racks.clusters import ClusterAnalysis
    from ...racks.report.system_report import SystemReport
    from ...racks.uncertainty.compare import Uncertainty

_USD = USD.excel  # shown to the dollar; the values keep their cents
_HEADER_FILL = PatternFill("solid", fgColor="1F3864")
_TOTAL_FILL = PatternFill("solid", fgColor="E7ECF5")
_GRAND_FILL = PatternFill("solid", fgColor="C9D4EA")
_THIN = Side(style="thin", color="8EA0C8")
_WARNING_INK = "9A3412"
# style name -> (number format, font, fill, border, alignment)
_BASE_STYLES: dict[str, tuple[str, Font | None, PatternFill | None, Border | None]] = {
    "title": ("General", Font(bold=True, size=14), None, None),
    "note": ("General", Font(italic=True, color="595959"), None, None),
    "section": ("General", Font(bold=True, size=12), None, None),
    "header": ("General", Font(bold=True, color="FFFFFF"), _HEADER_FILL, Border(bottom=_THIN)),
    "int": (COUNT.excel, None, None, None),
    "decimal": (ONE_DECIMAL.excel, None, None, None),
    "kw": (ONE_DECIMAL.excel, None, None, None),
    "watts": (COUNT.excel, None, None, None),
    "percent": (SHARE.excel, None, None, None),
    "usd": (_USD, None, None, None),
    "wrap": ("General", None, None, None),
    "warning": ("General", Font(bold=True, color=_WARNING_INK), None, None),
    "warning_wrap": ("General", Font(color=_WARNING_INK), None, None),
}
_WRAPPED = {"wrap", "warning_wrap"}
_TOTAL_STYLES = {"text": "General", "usd": _USD, "watts": COUNT.excel, "int": COUNT.excel}
# widths (characters) of formula cells, whose text is not known before recalculation
_FORMULA_WIDTH = {"usd": 19, "watts": 12, "int": 10, "kw": 10}  # usd: up to $999 billion, bold
_WIDTH_MIN, _WIDTH_MAX = 6, 60
WRAP_WIDTH = 36  # long text in a `wrap` cell breaks into lines at this column width
_NOT_SIZED = {"title", "note", "section"}
# Printing: sheets wider than this many characters of column width print landscape.
PORTRAIT_WIDTH_MAX = 100
FOOTER_LEFT, FOOTER_RIGHT = "&A", "Page &P of &N"
_MARGIN_IN = 0.5
Orientation = Literal["portrait", "landscape"]
PAGE_WIDTH_PT: dict[Orientation, float] = {"portrait": 8.5 * 72, "landscape": 11 * 72}
"""US Letter, the narrower of Letter and A4 either way round."""
PAGE_HEIGHT_PT: dict[Orientation, float] = {"portrait": 11 * 72, "landscape": 8.5 * 72}
"""US Letter again, the shorter of Letter and A4 either way round."""
PAGE_MARGINS_PT = (0.5 + 0.75 + 0.3) * 72
"""The top and bottom margins and the footer's room (`_page_setup`), at 100 %."""
PRINT_SCALE_MIN = 0.66
"""The smallest print scale: 11 pt body text prints at 7 pt or more."""
LINE_PT = 15.0
"""The height of one line of 11 pt text in a row."""
PT_PER_CHARACTER = 7.0
"""Printed width of one character of column width (LibreOffice's default font, at 100 %)."""
PAGE_FILL = 0.9
"""The share of a page's width that whole columns fill, on average."""


def build_sheets(
    reports: Sequence[SystemReport], uncertain: Sequence[Uncertainty] = ()
) -> list[SheetData]:
    """Every sheet of the workbook for these designs' and clusters' reports, in order; the TCO,
    Plant, Collectives and Goodput sheets under the reports' profiles, an Uncertainty sheet
    where comparisons with their uncertainty are given."""
    if not reports:
        raise InputError(None, "designs", "a workbook needs at least one design")
    systems = [r.system for r in reports]
    designs, clusters = split(systems)
    analyses = with_cluster_designs(designs, clusters)
    labels = design_labels([a.id for a in analyses])
    per_design = [design_sheets(a, label) for a, label in zip(analyses, labels, strict=True)]
    summary = summary_sheet(list(analyses), per_design)
    summaries = [a.summary for a in analyses]
    sheets = [summary, comparison_sheet(summaries, summary, per_design)]
    for design in per_design:
        sheets += design.sheets
    columns = [design_column(a, d) for a, d in zip(analyses, per_design, strict=True)]
    cluster_labels = design_labels([c.id for c in clusters], SHEET_NAME_MAX - len(CLUSTER_PREFIX))
    built_clusters = []
    for cluster, label in zip(clusters, cluster_labels, strict=True):
        design = per_design[analyses.index(_design_of(cluster, analyses) or cluster.rack)]
        built = cluster_sheet(cluster, design, label)
        sheets.append(built.sheet)
        columns.append(cluster_column(cluster, built))
        built_clusters.append((cluster, built))
    add_clusters(summary, built_clusters)
    tco = tco_sheet(reports[0].tco_profile, columns)
    sheets.append(tco)
    sheets += plant_part(reports)
    sheets += collectives_sheet(reports)
    prices = term_refs(tco, columns, ("tco_usd_per_gpu_hour", "tco_usd_per_bf16_pflops_hour"))
    sheets += goodput_sheet(reports, prices)
    if uncertain:
        sheets.append(uncertainty_sheet(uncertain))
    sheets.append(sources_sheet(list(analyses), list(clusters)))
    return sheets


def with_cluster_designs(
    analyses: Sequence[Analysis], clusters: Sequence[ClusterAnalysis]
) -> list[Analysis]:
    """The designs, then each cluster's design that is not among them already."""
    out = list(analyses)
    for cluster in clusters:
        if _design_of(cluster, out) is None:
            out.append(cluster.rack)
    return out


def _design_of(cluster: ClusterAnalysis, analyses: Sequence[Analysis]) -> Analysis | None:
    """The analysis among `analyses` that is the cluster's design (same id, same figures)."""
    rack = cluster.rack
    return next(
        (a for a in analyses if a is rack or (a.id == rack.id and a.summary == rack.summary)),
        None,
    )


def workbook_title(reports: Sequence[SystemReport]) -> str:
    """The document title: the design and cluster ids, cut to a readable length."""
    ids = ", ".join(r.id for r in reports)
    return f"BOM: {ids if len(ids) <= 200 else ids[:197] + '...'}"


def workbook_writer(
    reports: Sequence[SystemReport], uncertain: Sequence[Uncertainty] = ()
) -> Writer:
    """The workbook's content, built now, and a function that saves it to a path."""
    sheets = build_sheets(reports, uncertain)
    title = workbook_title(reports)
    return lambda path: save_sheets(sheets, path, title)


def write_workbook(reports: Sequence[SystemReport], path: str | Path) -> Path:
    """Write the workbook of these reports atomically (an existing file is replaced only by a
    complete one)."""
    return atomic_write(path, workbook_writer(reports))


def save_sheets(sheets: Sequence[SheetData], path: str | Path, title: str) -> None:
    """Write sheets to an .xlsx file (streamed: each row goes out as it is made)."""
    wb = Workbook(write_only=True)
    wb.properties.title = title
    wb.properties.creator = CREATOR
    wb.properties.lastModifiedBy = CREATOR
    styles = _Styles(wb)
    rows = []
    for data in sheets:
        ws = wb.create_sheet(data.name)
        rows.append((ws, _write_sheet(ws, data, styles)))
    saved = io.BytesIO()
    wb.save(saved)  # a file object serves as well as a path
    # a sheet's part name is known once saved
    fill_sheets(saved, Path(path), {ws.path.lstrip("/"): xml for ws, xml in rows})


def _write_sheet(ws: Worksheet, data: SheetData, styles: _Styles) -> str:
    """Set up a write-only sheet and return its columns and rows as `<cols>` and `<sheetData>`
    text (typed `Worksheet`: it takes that class's settings at run time, which the stubs of its
    own class leave out)."""
    if data.header_row is not None:
        ws.freeze_panes = f"{col(data.freeze_column)}{data.header_row + 1}"
    widths = column_widths(data)
    span = note_span(widths)
    heights = {  # a row's height as openpyxl writes it
        number: f' ht="{lines * LINE_PT:.16g}" customHeight="1"'
        for number, lines in row_lines(data, widths).items()
    }
    if span > 1:  # a note spans the columns of the first page and wraps within them
        for number in note_rows(data):
            ws.merged_cells.add(CellRange(f"A{number}:{col(span)}{number}"))
    ws.print_area = print_ranges(data, widths)
    _page_setup(ws, data, widths)
    if data.autofilter_rows is not None:
        first, last = data.autofilter_rows
        ws.auto_filter.ref = f"A{first}:{col(data.width)}{last}"
    for chart in data.charts:
        ws.add_chart(_bar_chart(ws, chart), chart.anchor)
    return cols_xml(widths) + sheet_data(data.rows, styles.id, heights, ws.title)


CHART_CM_PER_CATEGORY = 1.2
CHART_CM_MIN, CHART_CM_HIGH = 16.0, 8.5


def _bar_chart(ws: Worksheet, data: BarChart) -> OpenpyxlBarChart:
    """A native column chart over the sheet's cells: it follows their formulas."""
    chart = OpenpyxlBarChart()
    chart.type = "col"
    chart.title = data.title
    chart.y_axis.title = data.y_title
    if data.stacked:
        chart.grouping, chart.overlap = "stacked", 100
    for row in data.series_rows:
        values = Reference(ws, min_col=1, max_col=data.last_column, min_row=row, max_row=row)
        chart.add_data(values, from_rows=True, titles_from_data=True)
    names = Reference(
        ws,
        min_col=data.first_column,
        max_col=data.last_column,
        min_row=data.category_row,
        max_row=data.category_row,
    )
    chart.set_categories(names)
    count = data.last_column - data.first_column + 1
    # centimetres, a float in openpyxl (its stubs say int)
    chart.width = max(CHART_CM_MIN, CHART_CM_PER_CATEGORY * count)  # type: ignore[assignment]
    chart.height = CHART_CM_HIGH
    return chart


def _page_setup(ws: Worksheet, data: SheetData, widths: list[float]) -> None:
    """Print as few pages wide as keep the text readable (as many long as it takes), the header
    row on every page of a sheet of one table, and the frozen columns on every page across."""
    orientation = orientation_of(widths)
    across = pages_across(widths, orientation, data.freeze_column - 1)
    ws.page_setup.orientation = orientation
    ws.page_setup.fitToWidth = across
    if across > 1 and data.freeze_column > 1:
        ws.print_title_cols = f"A:{col(data.freeze_column - 1)}"
    ws.page_setup.fitToHeight = 0
    fit = ws.sheet_properties.pageSetUpPr
    if fit is not None:  # a new sheet has one
        fit.fitToPage = True
    ws.page_margins = PageMargins(
        left=_MARGIN_IN, right=_MARGIN_IN, top=_MARGIN_IN, bottom=0.75, footer=0.3, header=0.3
    )
    ws.print_options.horizontalCentered = True
    if data.header_row is not None and not ranged(data, widths):
        ws.print_title_rows = f"{data.header_row}:{data.header_row}"
    footer = ws.oddFooter
    if footer is not None:  # a new sheet has one
        footer.left.text = FOOTER_LEFT
        footer.right.text = FOOTER_RIGHT


def print_ranges(data: SheetData, widths: list[float]) -> str:
    """The sheet's print area: the whole sheet, or one range per table where it has several
    and prints taller than a page (`ranged`)."""
    last = col(max(1, data.width))
    tables = data.tables() if ranged(data, widths) else [(1, max(1, len(data.rows)))]
    return ",".join(f"A{first}:{last}{end}" for first, end in tables)


def ranged(data: SheetData, widths: list[float]) -> bool:
    """Whether the sheet prints each table as a range of its own, each starting a page under
    its own header: where it has several tables and is taller than a page. A sheet repeats one
    header row on every page, so a sheet printed in ranges repeats none; one page holds every
    table's header."""
    if len(data.header_rows) < 2:
        return False
    lines = row_lines(data, widths)
    height = sum(lines.get(n, 1) for n in range(1, len(data.rows) + 1)) * LINE_PT
    return height > PAGE_HEIGHT_PT[orientation_of(widths)] - PAGE_MARGINS_PT


def width_pt(widths: list[float]) -> float:
    """The printed width of columns at 100 %, as LibreOffice prints them (the widest reader)."""
    return PT_PER_CHARACTER * sum(widths)


def orientation_of(widths: list[float]) -> Orientation:
    """Landscape for a sheet wider than `PORTRAIT_WIDTH_MAX` characters."""
    return "landscape" if sum(widths) > PORTRAIT_WIDTH_MAX else "portrait"


def pages_across(widths: list[float], orientation: Orientation, titles: int = 0) -> int:
    """Pages side by side the sheet needs to print at `PRINT_SCALE_MIN` or larger, with its
    first `titles` columns repeated on each (a page breaks between columns, so it holds a
    little less than its width)."""
    usable = (PAGE_WIDTH_PT[orientation] - 2 * _MARGIN_IN * 72) * PAGE_FILL / PRINT_SCALE_MIN
    total, repeated = width_pt(widths), width_pt(widths[:titles])
    if total <= usable:
        return 1
    return math.ceil((total - repeated) / max(usable - repeated, usable / 2))


def note_span(widths: list[float]) -> int:
    """The columns a note spans: as many as surely print on the first page."""
    room = (PAGE_WIDTH_PT[orientation_of(widths)] - 2 * _MARGIN_IN * 72) * PAGE_FILL
    span, used = 0, 0.0
    for width in widths:
        used += width_pt([width])
        if used > room:
            break
        span += 1
    return max(1, span)


def note_rows(data: SheetData) -> list[int]:
    """Numbers of the rows that hold a note alone."""
    return [n for n, row in enumerate(data.rows, start=1) if [c.style for c in row] == ["note"]]


def row_lines(data: SheetData, widths: list[float]) -> dict[int, int]:
    """Rows holding wrapped text (headers, notes, long text) by number, with the lines they
    need: a note wraps across the sheet's width, other text within its column."""
    out: dict[int, int] = {}
    notes = set(note_rows(data))
    note_width = sum(widths[: note_span(widths)])
    for number, row in enumerate(data.rows, start=1):
        wrapped = [
            (str(c.value), note_width if number in notes else widths[i], c.style == "header")
            for i, c in enumerate(row)
            if c.value is not None
            and (c.style == "header" or c.style in _WRAPPED or number in notes)
        ]
        lines = max((len(wrap_lines(t, w, bold)) for t, w, bold in wrapped), default=1)
        if lines > 1:
            out[number] = lines
    return out


def wrap_lines(text: str, width: float, bold: bool = False) -> list[str]:
    """The text broken at spaces as a cell `width` characters wide shows it (bold text is
    about a tenth wider, so a line holds a little less)."""
    room = max(1.0, (width - 1) / (1.1 if bold else 1.0))
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= room:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def column_widths(data: SheetData) -> list[float]:
    """Per column, a width that fits its longest header or value (within bounds)."""
    widths = [float(_WIDTH_MIN)] * data.width
    for row in data.rows:
        for index, cell in enumerate(row):
            value, style = cell.value, cell.style
            if value is None or style in _NOT_SIZED:
                continue
            size: float
            if cell.formula:
                size = _FORMULA_WIDTH.get(_base_style(style), 12)
            elif style == "header":  # headers wrap: the longest word, or half the label
                label = str(value)
                size = max([len(label) / 2, *(len(w) for w in label.split())]) + 2
            elif style in _WRAPPED:
                size = min(len(str(value)), WRAP_WIDTH) + 2
            elif isinstance(value, str):
                size = len(value) + 2
            else:
                size = len(f"{value:,.2f}") + (3 if _base_style(style) == "usd" else 1)
            if size > widths[index]:
                widths[index] = min(size, _WIDTH_MAX)
    return widths


def _base_style(style: str) -> str:
    """A cell style less its `total_` or `grand_` emphasis."""
    return style.removeprefix("total_").removeprefix("grand_")


class _Styles:
    """Named styles registered once per workbook, created on first use, each with its index in
    the workbook's cell styles (looking a named style up by name per cell is a linear search)."""

    def __init__(self, wb: Workbook) -> None:
        self._wb = wb
        self._ids: dict[str, int] = {}

    def id(self, style: str) -> int | None:
        """The index in the workbook's cell styles of a cell style name (`usd`, `total_usd`,
        `num:#,##0`; None for `plain`): the named style is registered on first use, and its
        index, once given, stays (the list of cell styles only grows)."""
        if style == "plain":
            return None
        found = self._ids.get(style)
        if found is None:
            named = _named_style(style)
            self._wb.add_named_style(named)
            cell_styles = self._wb._cell_styles  # type: ignore[attr-defined]
            found = self._ids[style] = cell_styles.add(named.as_tuple())
        return found


def _named_style(style: str) -> NamedStyle:
    if style.startswith("num:"):
        return NamedStyle(style, number_format=style.removeprefix("num:"))
    if style.startswith("total_num:"):
        named = NamedStyle(style, number_format=style.removeprefix("total_num:"))
        named.font, named.fill = Font(bold=True), _TOTAL_FILL
        return named
    if style in _BASE_STYLES:
        number_format, font, fill, border = _BASE_STYLES[style]
        named = NamedStyle(style, number_format=number_format)
        if font is not None:
            named.font = font
        if fill is not None:
            named.fill = fill
        if border is not None:
            named.border = border
        if style == "header":
            named.alignment = Alignment(vertical="center", wrap_text=True)
        elif style == "note" or style in _WRAPPED:
            named.alignment = Alignment(vertical="top", wrap_text=True)
        return named
    weight, _, base = style.partition("_")
    named = NamedStyle(style, number_format=_TOTAL_STYLES[base], font=Font(bold=True))
    named.fill = _GRAND_FILL if weight == "grand" else _TOTAL_FILL
    if weight == "grand":
        named.border = Border(top=_THIN, bottom=Side(style="double", color="1F3864"))
    return named
