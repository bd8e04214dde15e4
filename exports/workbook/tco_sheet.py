"""The workbook's TCO sheet: the profile's figures as input cells, and per design and cluster the
cost of ownership as live formulas over them and over the BOM, Power and Cluster sheets.

A finance user edits the electricity price, a life or the cost of capital and every annuity,
opex line and TCO per GPU-hour follows; the rule is `racks/costs/terms.py`'s, cell for cell.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...components.catalogue import builtin_catalogue
from ...components.cost_inputs import TcoProfile
from ...components.formats import COUNT, DECIMAL_3, ONE_DECIMAL
from ...components.parameters import owned_by
from ...components.precision import PRECISIONS
from ...components.records import record
from ...racks.costs.terms import CAPEX_KEYS, PROFILE_TERMS, SYSTEM_TERMS, Term
from .cells import BarChart, Cell, SheetData, col, formula, number, text
from .cluster_sheet import ClusterSheet, scale_up_formula

if TYPE_CHECKING:
    from ...racks.analysis import Analysis
    from ...racks.clusters import ClusterAnalysis
    from ...racks.cost_basis import CostBasis
    from ...racks.costs.formula import Key
    from .design_sheets import DesignSheets

TCO_SHEET = "TCO"
INPUT_COLUMNS = ("Profile input", "Value", "Source")
"""The profile's input rows: label (which carries the unit) and number format from
`components/parameters.py`, the value and its source from the profile."""
CHART_ROWS = 18
"""Rows of sheet each chart takes, with a gap below it."""


TOTALS = (
    ("gpus", "GPUs", "int"),
    ("compute_usd", "Compute capital (USD)", "usd"),
    ("scale_up_usd", "Scale-up capital (USD)", "usd"),
    ("scale_out_usd", "Scale-out capital (USD)", "usd"),
    ("power_input_w", "Input power (W)", "watts"),
    *(
        (f"{p}_dense_pflops", f"Dense {p.upper()} PFLOPS in total", f"num:{ONE_DECIMAL.excel}")
        for p in PRECISIONS
    ),
    ("hbm_tbytes_per_s", "HBM bandwidth in total (TB/s)", f"num:{ONE_DECIMAL.excel}"),
    ("hbm_gb", "HBM in total (GB)", f"num:{COUNT.excel}"),
    ("integration_base_usd", "Compute parts under an integration margin (USD)", "usd"),
    ("integration_scale_up_base_usd", "Scale-up parts under an integration margin (USD)", "usd"),
    ("integration_markup", "Integration markup they are priced at", "num:0.000"),
)
"""A system's totals the terms read (`CostBasis.values`): name, label, cell style."""


@record
class TcoColumn:
    """One design or cluster: its totals as links to other sheets where they are, else numbers."""

    target: str
    kind: str
    links: dict[str, str]
    """Basis name -> a formula over the BOM, Power or Cluster sheet."""
    basis: CostBasis

    def total(self, key: str, style: str) -> Cell:
        """The total `key`: linked where a sheet holds it, else the catalogue's number."""
        if key in self.links:
            return formula(self.links[key], style)
        return number(self.basis.values()[key], style)


def design_column(analysis: Analysis, sheets: DesignSheets) -> TcoColumn:
    """A bare design: its BOM less scale-up as compute, its racks' input power."""
    scale_up = scale_up_formula(analysis, sheets)
    links = {
        "gpus": sheets.gpus,
        "compute_usd": f"{sheets.bom_total}-{scale_up}",
        "scale_up_usd": scale_up,
        "scale_out_usd": "0",
        "power_input_w": sheets.power_input_w,
    }
    return TcoColumn(analysis.id, "design", links, analysis.cost_basis())


def cluster_column(cluster: ClusterAnalysis, sheet: ClusterSheet) -> TcoColumn:
    """A cluster: the capex split and total power of its Cluster sheet."""
    links = {
        "gpus": sheet.gpus,
        "compute_usd": sheet.compute_usd,
        "scale_up_usd": sheet.scale_up_usd,
        "scale_out_usd": sheet.scale_out_usd,
        "power_input_w": sheet.power_w,
    }
    return TcoColumn(cluster.id, "cluster", links, cluster.cost_basis())


def tco_sheet(profile: TcoProfile, columns: Sequence[TcoColumn]) -> SheetData:
    """The profile as inputs, the TCO of every column as formulas, and three bar charts."""
    sheet = SheetData(TCO_SHEET, freeze_column=2)
    sheet.add(text(f"Cost of ownership: {profile.name} (profile {profile.id})", "title"))
    sheet.add(
        text(
            "Edit a value in the Value column and every figure below follows. Capital is an "
            "annuity at the cost of capital over each life; power = input kW x PUE x price in the "
            "hours used; every other yearly cost is spread over the GPU-hours used. Totals link "
            "to the BOM, Power and Cluster sheets. A bare design buys no scale-out network.",
            "note",
        )
    )
    sheet.add()
    sheet.header(INPUT_COLUMNS)
    cell: dict[Key, str] = {}
    for field, param in owned_by("TcoProfile").items():
        given = field in profile.model_fields_set
        source = profile.source_of(field) if given else "not in the profile: 0"
        value = number(getattr(profile, field), _style(param.format.excel))
        row = sheet.add(text(param.label), value, text(source))
        cell[("input", field)] = f"$B${row}"
    margin = builtin_catalogue().margins[profile.buyer]
    row = sheet.add(
        text(f"Integration markup of the buyer ({profile.buyer})"),
        number(margin.markup, _style(DECIMAL_3.excel)),
        text(margin.source),
    )
    cell[("input", "integration_markup")] = f"$B${row}"
    for t in PROFILE_TERMS:
        row = sheet.add(text(t.label), formula(t.rule.formula(cell.__getitem__), _style_of(t)))
        cell[("term", t.key)] = f"$B${row}"
    sheet.add()
    _per_system(sheet, cell, columns)
    return sheet


def term_refs(
    sheet: SheetData, columns: Sequence[TcoColumn], keys: Sequence[str]
) -> dict[str, dict[str, str]]:
    """Per column's target, the cells of the system terms `keys` as other sheets refer to them
    (the first column of a target where two share one)."""
    labels = {t.label: t.key for t in SYSTEM_TERMS if t.key in keys}
    rows = {
        labels[r[0].value]: n for n, r in enumerate(sheet.rows, 1) if r and r[0].value in labels
    }
    refs: dict[str, dict[str, str]] = {}
    for i, column in enumerate(columns):
        refs.setdefault(column.target, {k: sheet.ref(i + 2, n) for k, n in rows.items()})
    return refs


def _style(excel_format: str, bold: bool = False) -> str:
    return f"{'total_num' if bold else 'num'}:{excel_format}"


def _style_of(t: Term) -> str:
    return _style(t.format.excel, t.total)


def _per_system(sheet: SheetData, cell: dict[Key, str], columns: Sequence[TcoColumn]) -> None:
    """Systems as columns: their totals linked, then every system term as a formula.

    Each term is blank for a system without GPUs, as `racks/costs/ownership.py` gives None.
    """
    head = sheet.add(*(text(label, "header") for label in ["Figure", *(c.target for c in columns)]))
    rows: dict[Key, int] = {}
    sheet.add(text("Design or cluster"), *(text(c.kind) for c in columns))
    for key, label, style in TOTALS:
        cells: list[Cell] = [text(label), *(c.total(key, style) for c in columns)]
        rows[("basis", key)] = sheet.add(*cells)
    gpus_row = rows.get(("basis", "gpus"))
    for t in SYSTEM_TERMS:
        cells = [text(t.label)]
        for i in range(len(columns)):
            letter = col(i + 2)

            def refer(key: Key, letter: str = letter) -> str:
                return cell[key] if key in cell else f"{letter}{rows[key]}"

            rule = t.rule.formula(refer)
            cells.append(formula(f'IF({letter}{gpus_row}=0,"",{rule})', _style_of(t)))
        rows[("term", t.key)] = sheet.add(*cells)
    _charts(sheet, head, {k: r for (_, k), r in rows.items()}, len(columns))


def _charts(sheet: SheetData, head: int, rows: dict[str, int], count: int) -> None:
    """Capex per GPU stacked, TCO per GPU-hour as capital + opex, TCO per FP4 PFLOPS-hour."""
    top = len(sheet.rows) + 2
    specs = (
        ("Capex per GPU", "USD per GPU", tuple(rows[k] for k in CAPEX_KEYS), True),
        (
            "TCO per GPU-hour",
            "USD per GPU-hour",
            (rows["capital_usd_per_gpu_hour"], rows["opex_usd_per_gpu_hour"]),
            True,
        ),
        (
            "TCO per dense FP4 PFLOPS-hour",
            "USD per PFLOPS-hour",
            (rows["tco_usd_per_fp4_pflops_hour"],),
            False,
        ),
    )
    for i, (title, y_title, series, stacked) in enumerate(specs):
        anchor = f"A{top + i * CHART_ROWS}"
        sheet.charts.append(BarChart(title, y_title, head, series, 2, count + 1, anchor, stacked))
