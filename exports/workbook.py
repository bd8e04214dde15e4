"""BOM workbooks: designs' analyses as an .xlsx with live formulas, formats and sources.

    write_workbook([analysis, ...], "racks.xlsx")

Sheets: Summary, Comparison, then per design `BOM`, `Ports` and `Power`, then per cluster
`Cluster` (its designs' sheets included once), then TCO (a profile's figures as inputs, the cost
of ownership of every design and cluster as formulas, with native charts), and Sources last.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.chart import BarChart as OpenpyxlBarChart
from openpyxl.chart import Reference
from openpyxl.styles import Alignment, Border, Font, NamedStyle, PatternFill, Side
from openpyxl.worksheet.page import PageMargins
from openpyxl.worksheet.worksheet import Worksheet

from ..components.atomic import Writer, atomic_write
from ..components.errors import InputError
from ..components.outputs import finite
from ..components.tco import TcoProfile
from ..components.tco_library import profile
from ..racks.analysis import Analysis
from ..racks.clusters import ClusterAnalysis
from ..racks.systems import Analysed, split
from .workbook_cells import SHEET_NAME_MAX, BarChart, Cell, SheetData, col, design_labels
from .workbook_cluster import CLUSTER_PREFIX, cluster_sheet
from .workbook_design import design_sheets
from .workbook_overview import comparison_sheet, sources_sheet, summary_sheet
from .workbook_tco import cluster_column, design_column, tco_sheet

ProfileLike = TcoProfile | str | Path | None

CREATOR = "rackbom"
_USD = '"$"#,##0.00'
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
    "int": ("#,##0", None, None, None),
    "decimal": ("#,##0.0", None, None, None),
    "kw": ("#,##0.0", None, None, None),
    "watts": ("#,##0", None, None, None),
    "percent": ("0.0%", None, None, None),
    "usd": (_USD, None, None, None),
    "wrap": ("General", None, None, None),
    "warning": ("General", Font(bold=True, color=_WARNING_INK), None, None),
    "warning_wrap": ("General", Font(color=_WARNING_INK), None, None),
}
_WRAPPED = {"wrap", "warning_wrap"}
_TOTAL_STYLES = {"text": "General", "usd": _USD, "watts": "#,##0", "int": "#,##0"}
# widths (characters) of formula cells, whose text is not known before recalculation
_FORMULA_WIDTH = {"usd": 16, "watts": 12, "int": 10, "kw": 10}
_WIDTH_MIN, _WIDTH_MAX = 6, 60
WRAP_WIDTH = 36  # long text in a `wrap` cell breaks into lines at this column width
_NOT_SIZED = {"title", "note", "section"}
# Printing: sheets wider than this many characters of column width print landscape.
PORTRAIT_WIDTH_MAX = 100
FOOTER_LEFT, FOOTER_RIGHT = "&A", "Page &P of &N"
_MARGIN_IN = 0.5


def build_sheets(systems: Sequence[Analysed], tco_profile: ProfileLike = None) -> list[SheetData]:
    """Every sheet of the workbook for these designs and clusters, in order; the TCO sheet under
    `tco_profile` (a profile, a built-in id or a file; the default profile unless named)."""
    designs, clusters = split(systems)
    analyses = with_cluster_designs(designs, clusters)
    if not analyses:
        raise InputError(None, "designs", "a workbook needs at least one design")
    labels = design_labels([a.id for a in analyses])
    per_design = [design_sheets(a, label) for a, label in zip(analyses, labels, strict=True)]
    summary = summary_sheet(list(analyses), per_design)
    summaries = [a.summary for a in analyses]
    sheets = [summary, comparison_sheet(summaries, summary, per_design)]
    for design in per_design:
        sheets += [design.bom, design.ports, design.power]
    columns = [design_column(a, d) for a, d in zip(analyses, per_design, strict=True)]
    cluster_labels = design_labels([c.id for c in clusters], SHEET_NAME_MAX - len(CLUSTER_PREFIX))
    for cluster, label in zip(clusters, cluster_labels, strict=True):
        design = per_design[analyses.index(_design_of(cluster, analyses) or cluster.rack)]
        built = cluster_sheet(cluster, design, label)
        sheets.append(built.sheet)
        columns.append(cluster_column(cluster, built))
    sheets.append(tco_sheet(profile(tco_profile), columns))
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


def workbook_title(systems: Sequence[Analysed]) -> str:
    """The document title: the design and cluster ids, cut to a readable length."""
    ids = ", ".join(s.id for s in systems)
    return f"BOM: {ids if len(ids) <= 200 else ids[:197] + '...'}"


def workbook_writer(systems: Sequence[Analysed], tco_profile: ProfileLike = None) -> Writer:
    """The workbook's content, built now, and a function that saves it to a path."""
    sheets = build_sheets(systems, tco_profile)
    title = workbook_title(systems)
    return lambda path: save_sheets(sheets, path, title)


def write_workbook(
    systems: Sequence[Analysed], path: str | Path, tco_profile: ProfileLike = None
) -> Path:
    """Write the workbook atomically: an existing file is replaced only by a complete one."""
    return atomic_write(path, workbook_writer(systems, tco_profile))


def save_sheets(sheets: Sequence[SheetData], path: str | Path, title: str) -> None:
    """Write sheets to an .xlsx file (streamed: each row goes out as it is made)."""
    wb = Workbook(write_only=True)
    wb.properties.title = title
    wb.properties.creator = CREATOR
    wb.properties.lastModifiedBy = CREATOR
    styles = _Styles(wb)
    for data in sheets:
        _write_sheet(wb.create_sheet(data.name), data, styles)
    wb.save(str(path))


def _write_sheet(ws: Worksheet, data: SheetData, styles: _Styles) -> None:
    """Fill a write-only sheet (typed `Worksheet`: it takes that class's settings at run time,
    which the stubs of its own class leave out)."""
    if data.header_row is not None:
        ws.freeze_panes = f"{col(data.freeze_column)}{data.header_row + 1}"
    widths = column_widths(data)
    for index, width in enumerate(widths, start=1):
        ws.column_dimensions[col(index)].width = width
    _page_setup(ws, data, sum(widths))
    if data.autofilter_rows is not None:
        first, last = data.autofilter_rows
        ws.auto_filter.ref = f"A{first}:{col(data.width)}{last}"
    for row in data.rows:
        ws.append([_cell(ws, cell, styles) for cell in row])
    for chart in data.charts:
        ws.add_chart(_bar_chart(ws, chart), chart.anchor)


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


def _page_setup(ws: Worksheet, data: SheetData, width: float) -> None:
    """Print one page wide (as many long as it takes), the header row on every page."""
    wide = width > PORTRAIT_WIDTH_MAX
    ws.page_setup.orientation = "landscape" if wide else "portrait"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    fit = ws.sheet_properties.pageSetUpPr
    if fit is not None:  # a new sheet has one
        fit.fitToPage = True
    ws.page_margins = PageMargins(
        left=_MARGIN_IN, right=_MARGIN_IN, top=_MARGIN_IN, bottom=0.75, footer=0.3, header=0.3
    )
    ws.print_options.horizontalCentered = True
    if data.header_row is not None:
        ws.print_title_rows = f"{data.header_row}:{data.header_row}"
    footer = ws.oddFooter
    if footer is not None:  # a new sheet has one
        footer.left.text = FOOTER_LEFT
        footer.right.text = FOOTER_RIGHT


def _cell(ws: Worksheet, cell: Cell, styles: _Styles) -> object:
    """A plain value where that is safe (fast), else a cell with its style and data type."""
    value = cell.value
    if isinstance(value, float):
        finite(value, ws.title)
    literal = isinstance(value, str) and not cell.formula
    if cell.style == "plain" and not (literal and str(value).startswith("=")):
        return value
    written = WriteOnlyCell(ws, value)
    if literal:
        written.data_type = "s"  # text from input files is never a formula
    if cell.style != "plain":
        written.style = styles.name(cell.style)
    return written


def column_widths(data: SheetData) -> list[float]:
    """Per column, a width that fits its longest header or value (within bounds)."""
    widths = [float(_WIDTH_MIN)] * data.width
    for row in data.rows:
        for index, cell in enumerate(row):
            if cell.style in _NOT_SIZED or cell.value is None:
                continue
            base = cell.style.removeprefix("total_").removeprefix("grand_")
            size: float
            if cell.formula:
                size = _FORMULA_WIDTH.get(base, 12)
            elif cell.style == "header":  # headers wrap: the longest word, or half the label
                label = str(cell.value)
                size = max(len(label) / 2, *(len(w) for w in label.split())) + 2
            elif cell.style in _WRAPPED:
                size = min(len(str(cell.value)), WRAP_WIDTH) + 2
            elif isinstance(cell.value, str):
                size = len(cell.value) + 2
            else:
                size = len(f"{cell.value:,.2f}") + (3 if base == "usd" else 1)
            widths[index] = max(widths[index], min(size, _WIDTH_MAX))
    return widths


class _Styles:
    """Named styles registered once per workbook, created on first use."""

    def __init__(self, wb: Workbook) -> None:
        self._wb = wb
        self._known: set[str] = set()

    def name(self, style: str) -> str:
        """The registered style for a cell style name (`usd`, `total_usd`, `num:#,##0.0`)."""
        if style not in self._known:
            self._wb.add_named_style(_named_style(style))
            self._known.add(style)
        return style


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
        elif style in _WRAPPED:
            named.alignment = Alignment(vertical="top", wrap_text=True)
        return named
    weight, _, base = style.partition("_")
    named = NamedStyle(style, number_format=_TOTAL_STYLES[base], font=Font(bold=True))
    named.fill = _GRAND_FILL if weight == "grand" else _TOTAL_FILL
    if weight == "grand":
        named.border = Border(top=_THIN, bottom=Side(style="double", color="1F3864"))
    return named
