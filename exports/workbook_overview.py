"""The workbook's cross-design sheets: Summary, Comparison and Sources."""

from __future__ import annotations

import re
from typing import Any

from ..components.provenance import Source
from ..racks.analysis import Analysis
from ..racks.comparison import COMPARISON_ROWS
from .workbook_cells import Cell, SheetData, col, formula, number, text
from .workbook_design import DesignSheets

SUMMARY_COLUMNS = (
    "Design",
    "Name",
    "GPUs",
    "World size",
    "Racks",
    "Units used",
    "IT power (kW)",
    "All-in power (kW)",
    "BOM total (USD)",
    "Cost per GPU (USD)",
    "Switch ports unused",
    "BOM sheet",
)
# Comparison figures read from the Summary sheet, by summary key -> Summary column.
SUMMARY_LINKS = {
    "gpus": 3,
    "world_size": 4,
    "racks": 5,
    "units_used": 6,
    "power_it_kw": 7,
    "power_kw": 8,
    "bom_usd": 9,
    "bom_usd_per_gpu": 10,
    "switch_ports_unused": 11,
}
# Comparison figures computed from two others: key -> (numerator key, denominator key).
RATIOS = {"bom_usd_per_hbm_gb": ("bom_usd", "hbm_gb_total")}
SOURCE_KIND_ORDER = ("assumption", "derived", "analyst", "vendor", "seed")
CELL_TEXT_MAX = 32_767  # the most characters a spreadsheet cell holds


def summary_sheet(
    analyses: list[Analysis], sheets: list[DesignSheets], summaries: list[dict[str, Any]]
) -> SheetData:
    """One row per design; totals are formulas over the design's own sheets."""
    sheet = SheetData("Summary", freeze_column=2)
    sheet.add(text("rackbom BOM workbook", "title"))
    sheet.add(
        text(
            "Totals are formulas over each design's BOM, Ports and Power sheets: edit a "
            "unit price on a BOM sheet and they follow. Sources lists what each figure "
            "rests on, assumptions first.",
            "note",
        )
    )
    sheet.add()
    sheet.header(SUMMARY_COLUMNS)
    for analysis, design, s in zip(analyses, sheets, summaries, strict=True):
        row = len(sheet.rows) + 1
        sheet.add(
            text(analysis.design.spec.id),
            text(analysis.design.spec.name),
            number(s["gpus"], "int"),
            number(s["world_size"], "int"),
            number(s["racks"], "int"),
            number(s["units_used"], "int"),
            formula(f"{design.power_it_w}/1000", "kw"),
            formula(f"{design.power_all_in_w}/1000", "kw"),
            formula(design.bom_total, "usd"),
            formula(f"IF(C{row}=0,0,I{row}/C{row})", "usd"),
            formula(design.ports_unused, "int"),
            text(design.bom.name),
        )
    return sheet


def comparison_sheet(summaries: list[dict[str, Any]], summary: SheetData) -> SheetData:
    """The shared comparison figures, designs as columns; totals link to the Summary sheet."""
    sheet = SheetData("Comparison", freeze_column=2)
    sheet.add(text("Comparison", "title"))
    sheet.add(
        text("Designs as columns; BOM, power and port totals link to the Summary sheet.", "note")
    )
    sheet.add()
    sheet.header(["Figure", *(s["design"] for s in summaries)])
    first = len(sheet.rows) + 1
    row_of = {r.key: first + i for i, r in enumerate(COMPARISON_ROWS)}
    summary_first = (summary.header_row or 0) + 1
    for r in COMPARISON_ROWS:
        style = number_style(r.fmt)
        cells: list[Cell] = [text(r.label)]
        for i, s in enumerate(summaries):
            here = col(i + 2)
            if r.key in SUMMARY_LINKS:
                cells.append(formula(summary.ref(SUMMARY_LINKS[r.key], summary_first + i), style))
            elif r.key in RATIOS:
                top, bottom = (f"{here}{row_of[k]}" for k in RATIOS[r.key])
                cells.append(formula(f"IF({bottom}=0,0,{top}/{bottom})", style))
            else:
                cells.append(number(s.get(r.key), style))
        sheet.add(*cells)
    return sheet


def number_style(fmt: str) -> str:
    """The style of a comparison row's Python format (`${:,.0f}` -> `num:"$"#,##0`)."""
    match = re.fullmatch(r"(.*)\{:,\.(\d)f\}(.*)", fmt)
    if match is None:
        return "num:General"
    prefix = f'"{match.group(1)}"' if match.group(1) else ""
    suffix = f'"{match.group(3)}"' if match.group(3) else ""
    decimals = int(match.group(2))
    return f"num:{prefix}#,##0{'.' + '0' * decimals if decimals else ''}{suffix}"


SOURCE_COLUMNS = (
    "Source",
    "Kind",
    "Cite",
    "Date",
    "URL",
    "Note",
    "Designs",
    "Figures relying on it",
)


def sources_sheet(analyses: list[Analysis]) -> SheetData:
    """Every source cited by any design, assumptions first, with the figures resting on each."""
    sheet = SheetData("Sources", freeze_column=2)
    sheet.add(text("Sources", "title"))
    sheet.add(
        text(
            "Assumptions first: these are the figures to challenge. Figures are "
            "entry.figure (a part, tray, frame or power model and one of its numbers).",
            "note",
        )
    )
    sheet.add()
    sheet.header(SOURCE_COLUMNS)
    figures: dict[str, set[str]] = {}
    designs: dict[str, list[str]] = {}
    defined: dict[str, Source] = {}
    for analysis in analyses:
        catalogue = analysis.design.catalogue
        for source_id, names in analysis.figure_sources.items():
            figures.setdefault(source_id, set()).update(names)
            designs.setdefault(source_id, []).append(analysis.design.spec.id)
            defined.setdefault(source_id, catalogue.sources[source_id])
    order = {kind: i for i, kind in enumerate(SOURCE_KIND_ORDER)}
    for source_id in sorted(
        defined, key=lambda s: (order.get(defined[s].kind.value, len(order)), s)
    ):
        source = defined[source_id]
        sheet.add(
            text(source.id),
            text(source.kind.value),
            text(source.cite),
            text(source.date),
            text(source.url),
            text(source.note),
            text(fit_cell(", ".join(designs[source_id]))),
            text(fit_cell(", ".join(sorted(figures[source_id])))),
        )
    return sheet


def fit_cell(value: str) -> str:
    """Text cut to what one cell holds, saying how much was left out."""
    if len(value) <= CELL_TEXT_MAX:
        return value
    cut = value[: CELL_TEXT_MAX - 40].rsplit(", ", 1)[0]
    return f"{cut}, ... ({value.count(', ') - cut.count(', ')} more)"
