"""The workbook's cross-design sheets: Summary, Comparison and Sources."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..figures import KEY_FIGURES
from .cells import Cell, SheetData, col, formula, number, text
from .sheet_xml import STRING_MAX

if TYPE_CHECKING:
    from ...components.provenance import Source
    from ...racks.analysis import Analysis
    from ...racks.clusters import ClusterAnalysis
    from ...racks.summary import DesignSummary
    from .cluster_sheet import ClusterSheet
    from .design_sheets import DesignSheets

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
# Comparison figures read from the Summary sheet, by summary field -> Summary column.
SUMMARY_LINKS = {
    "gpus": 3,
    "world_size": 4,
    "racks": 5,
    "units_used": 6,
    "power_it_w": 7,
    "power_all_in_w": 8,
    "bom_usd": 9,
    "bom_usd_per_gpu": 10,
    "switch_ports_unused": 11,
}
# Comparison figures read from a design's own sheets, by summary field -> `DesignSheets` field.
DESIGN_LINKS = {
    "compute_trays": "compute_trays",
    "switch_chips": "switch_chips",
    "switch_ports_used": "ports_used",
}
# Comparison figures computed from two others: field -> (numerator field, denominator field).
RATIOS = {"bom_usd_per_hbm_gb": ("bom_usd", "hbm_gb_total")}
# ... and from the share of one in the sum of two, in per cent: field -> (part, other part).
SHARES = {"switch_ports_unused_pct": ("switch_ports_unused", "switch_ports_used")}
SOURCE_KIND_ORDER = ("assumption", "derived", "analyst", "vendor", "seed")


def summary_sheet(analyses: list[Analysis], sheets: list[DesignSheets]) -> SheetData:
    """One row per design; totals are formulas over the design's own sheets."""
    sheet = SheetData("Summary", freeze_column=2)
    sheet.add(text("rackbom BOM workbook", "title"))
    sheet.add(
        text(
            "Totals are formulas over each design's BOM, Ports and Power sheets: edit a "
            "unit price on a BOM sheet and they follow. IT power is the parts' power plus "
            "tray overheads (see the foot of each BOM sheet). Clusters, below the designs, link "
            "to their own sheets. Sources lists what each figure rests on, assumptions first.",
            "note",
        )
    )
    sheet.add()
    sheet.header(SUMMARY_COLUMNS)
    for analysis, design in zip(analyses, sheets, strict=True):
        row = len(sheet.rows) + 1
        s = analysis.summary
        sheet.add(
            text(analysis.id),
            text(analysis.name),
            formula(design.gpus, "int"),
            number(s.world_size, "int"),
            number(s.racks, "int"),
            number(s.units_used, "int"),
            formula(f"{design.power_it_w}/1000", "kw"),
            formula(f"{design.power_all_in_w}/1000", "kw"),
            formula(design.bom_total, "usd"),
            formula(f"IF(C{row}=0,0,I{row}/C{row})", "usd"),
            formula(design.ports_unused, "int"),
            text(design.bom.name),
        )
    _warnings(sheet, analyses)
    return sheet


def _warnings(sheet: SheetData, analyses: list[Analysis]) -> None:
    """Each design's warnings (budgets overrun, figures missing) under the summary rows."""
    sheet.add()
    sheet.add(text("Warnings", "section"))
    sheet.add(text("Design", "header"), text("Warning", "header"))
    found = [(a.id, w) for a in analyses for w in a.summary.warnings]
    for design_id, warning in found:
        sheet.add(text(design_id, "warning"), text(warning, "warning_wrap"))
    if not found:
        sheet.add(text("No warnings: every budget holds and every figure is known.", "note"))


CLUSTER_SUMMARY_COLUMNS = (
    "Cluster",
    "Name",
    "GPUs",
    "Racks",
    "Scale-out switches",
    "Capex (USD)",
    "Capex per GPU (USD)",
    "Input power (kW)",
    "Warnings",
    "Cluster sheet",
)


def add_clusters(sheet: SheetData, clusters: list[tuple[ClusterAnalysis, ClusterSheet]]) -> None:
    """Under the designs: one row per cluster, its totals linked to its sheet, then its
    warnings."""
    if not clusters:
        return
    sheet.add()
    sheet.add(text("Clusters", "section"))
    sheet.header(CLUSTER_SUMMARY_COLUMNS)
    for cluster, built in clusters:
        s = cluster.summary
        capex = f"{built.compute_usd}+{built.scale_up_usd}+{built.scale_out_usd}"
        sheet.add(
            text(cluster.id),
            text(s.name),
            formula(built.gpus, "int"),
            number(s.racks, "int"),
            number(s.switches, "int"),
            formula(capex, "usd"),
            formula(f"IF({built.gpus}=0,0,({capex})/{built.gpus})", "usd"),
            formula(f"{built.power_w}/1000", "kw"),
            number(len(s.warnings), "int"),
            text(built.sheet.name),
        )
    sheet.add()
    sheet.add(text("Cluster warnings", "section"))
    sheet.add(text("Cluster", "header"), text("Warning", "header"))
    found = [(c.id, w) for c, _ in clusters for w in c.summary.warnings]
    for cluster_id, warning in found:
        sheet.add(text(cluster_id, "warning"), text(warning, "warning_wrap"))
    if not found:
        sheet.add(text("No warnings for the clusters.", "note"))


def comparison_sheet(
    summaries: list[DesignSummary], summary: SheetData, sheets: list[DesignSheets]
) -> SheetData:
    """The shared comparison figures, designs as columns; linked to the sheets that hold them."""
    sheet = SheetData("Comparison", freeze_column=2)
    sheet.add(text("Comparison", "title"))
    sheet.add(
        text(
            "Designs as columns. Figures held on the Summary or a design's sheets link to them; "
            "world size, bandwidth, HBM and weight come from rackbom's analysis of the catalogue.",
            "note",
        )
    )
    sheet.add()
    sheet.header(["Figure", *(s.design for s in summaries)])
    first = len(sheet.rows) + 1
    row_of = {f.field: first + i for i, f in enumerate(KEY_FIGURES)}
    summary_first = (summary.header_row or 0) + 1
    for figure in KEY_FIGURES:
        style = f"num:{figure.format.excel}"
        cells: list[Cell] = [text(figure.label)]
        for i, (s, design) in enumerate(zip(summaries, sheets, strict=True)):
            here = col(i + 2)
            if figure.field in SUMMARY_LINKS:
                link = summary.ref(SUMMARY_LINKS[figure.field], summary_first + i)
                cells.append(formula(link, style))
            elif figure.field in DESIGN_LINKS:
                cells.append(formula(getattr(design, DESIGN_LINKS[figure.field]), style))
            elif figure.field in RATIOS:
                top, bottom = (f"{here}{row_of[k]}" for k in RATIOS[figure.field])
                cells.append(formula(f"IF({bottom}=0,0,{top}/{bottom})", style))
            elif figure.field in SHARES:
                part, other = (f"{here}{row_of[k]}" for k in SHARES[figure.field])
                total = f"({part}+{other})"
                cells.append(formula(f"IF({total}=0,0,100*{part}/{total})", style))
            else:
                cells.append(number(figure.value(s), style))
        sheet.add(*cells)
    return sheet


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


def sources_sheet(analyses: list[Analysis], clusters: Sequence[ClusterAnalysis] = ()) -> SheetData:
    """Every source cited by any design or cluster, assumptions first, with the figures resting
    on each (a cluster's own figures: its network parts, profile, size and floor)."""
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
    users = [(a.id, a.design.catalogue, a.figure_sources) for a in analyses]
    users += [(c.id, c.catalogue, c.figure_sources()) for c in clusters]
    for user, catalogue, figure_sources in users:
        for source_id, names in figure_sources.items():
            figures.setdefault(source_id, set()).update(names)
            if user not in designs.setdefault(source_id, []):
                designs[source_id].append(user)
            defined.setdefault(source_id, catalogue.sources[source_id])
    order = {kind: i for i, kind in enumerate(SOURCE_KIND_ORDER)}
    for source_id in sorted(
        defined, key=lambda s: (order.get(defined[s].kind.value, len(order)), s)
    ):
        source = defined[source_id]
        sheet.add(
            text(source.id),
            text(source.kind.value),
            text(source.cite, "wrap"),
            text(source.date),
            text(source.url, "wrap"),
            text(source.note, "wrap"),
            text(fit_cell(", ".join(designs[source_id])), "wrap"),
            text(fit_cell(", ".join(sorted(figures[source_id]))), "wrap"),
        )
    return sheet


def fit_cell(value: str) -> str:
    """Text cut to what one cell holds, saying how much was left out."""
    if len(value) <= STRING_MAX:
        return value
    cut = value[: STRING_MAX - 40].rsplit(", ", 1)[0]
    return f"{cut}, ... ({value.count(', ') - cut.count(', ')} more)"
