"""The workbook's TCO sheet: the profile's figures as input cells, and per design and cluster the
cost of ownership as live formulas over them and over the BOM, Power and Cluster sheets.

A finance user edits the electricity price, a life or the cost of capital and every annuity,
opex line and TCO per GPU-hour follows; the rule is `racks/costs/tco.py`'s, cell for cell.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..components.tco import TcoProfile
from ..racks.analysis import Analysis
from ..racks.clusters import ClusterAnalysis
from ..racks.costs.basis import PRECISIONS, CostBasis, cluster_basis, design_basis
from ..racks.costs.tco import HOURS_PER_MONTH, HOURS_PER_YEAR
from .tco_figures import CAPEX, OPEX, PER_OUTPUT, PROFILE_LABELS
from .workbook_cells import BarChart, Cell, SheetData, col, formula, number, text
from .workbook_cluster import ClusterSheet, scale_up_formula
from .workbook_design import DesignSheets

TCO_SHEET = "TCO"
PER_HOUR = 'num:"$"#,##0.0000'
_INPUT_STYLES = {
    "cost_of_capital": "percent",
    "utilisation": "percent",
    "maintenance_share_per_year": "percent",
    "electricity_usd_per_kwh": 'num:"$"#,##0.0000',
    "pue": "num:0.00",
    "staff_per_mw": "num:0.00",
    "facility_capex_usd_per_mw": "usd",
    "colocation_usd_per_kw_month": "usd",
    "staff_usd_per_year": "usd",
    "software_usd_per_gpu_year": "usd",
}
INPUTS = tuple(
    (field, label, _INPUT_STYLES.get(field, "num:0.0")) for field, label in PROFILE_LABELS.items()
)
"""The profile's figures: field, label, cell style."""
INPUT_COLUMNS = ("Profile input", "Value", "Source")
HOURS_LABEL = "GPU-hours used per GPU-year"
ANNUITY_LABEL = "Annuity factor: {}"
ANNUITIES = (
    ("servers", "life_years_gpu_servers", "GPU servers"),
    ("network", "life_years_network", "network"),
    ("facility", "life_years_facility", "facility"),
)
CHART_ROWS = 18
"""Rows of sheet each chart takes, with a gap below it."""


@dataclass(frozen=True)
class TcoColumn:
    """One design or cluster: formulas for its totals (over other sheets) and its output."""

    target: str
    kind: str
    gpus: str
    compute_usd: str
    scale_up_usd: str
    scale_out_usd: str
    power_w: str
    basis: CostBasis


At = Callable[[str], str]
"""A row key -> the reference to that row's cell in the current column."""
Make = Callable[[TcoColumn, At], "str | Cell"]
"""A row's content for one column: a formula expression, or a ready cell."""


def design_column(analysis: Analysis, sheets: DesignSheets) -> TcoColumn:
    """A bare design: its BOM less scale-up as compute, its racks' input power."""
    scale_up = scale_up_formula(analysis, sheets)
    return TcoColumn(
        analysis.id,
        "design",
        sheets.gpus,
        f"{sheets.bom_total}-{scale_up}",
        scale_up,
        "0",
        sheets.power_input_w,
        design_basis(analysis),
    )


def cluster_column(cluster: ClusterAnalysis, sheet: ClusterSheet) -> TcoColumn:
    """A cluster: the capex split and total power of its Cluster sheet."""
    return TcoColumn(
        cluster.id,
        "cluster",
        sheet.gpus,
        sheet.compute_usd,
        sheet.scale_up_usd,
        sheet.scale_out_usd,
        sheet.power_w,
        cluster_basis(cluster.summary),
    )


def tco_sheet(profile: TcoProfile, columns: Sequence[TcoColumn]) -> SheetData:
    """The profile as inputs, the TCO of every column as formulas, and three bar charts."""
    sheet = SheetData(TCO_SHEET, freeze_column=2)
    sheet.add(text(f"Cost of ownership: {profile.name} (profile {profile.id})", "title"))
    sheet.add(
        text(
            "Edit a value in the Value column and every figure below follows. Capital is an "
            "annuity at the cost of capital over each life; power = IT kW x PUE x price in the "
            "hours used; every other yearly cost is spread over the GPU-hours used. Totals link "
            "to the BOM, Power and Cluster sheets. A bare design buys no scale-out network.",
            "note",
        )
    )
    sheet.add()
    sheet.header(INPUT_COLUMNS)
    cell: dict[str, str] = {}
    for field, label, style in INPUTS:
        given = field in profile.model_fields_set
        source = profile.source_of(field) if given else "not in the profile: 0"
        row = sheet.add(text(label), number(getattr(profile, field), style), text(source))
        cell[field] = f"$B${row}"
    hours = sheet.add(
        text(HOURS_LABEL),
        formula(f"{HOURS_PER_YEAR!r}*{cell['utilisation']}", "num:#,##0.0"),
    )
    cell["hours"] = f"$B${hours}"
    rate = cell["cost_of_capital"]
    for key, life_field, label in ANNUITIES:
        life = cell[life_field]
        row = sheet.add(
            text(ANNUITY_LABEL.format(label)),
            formula(f"IF({rate}=0,1/{life},{rate}/(1-(1+{rate})^(-{life})))", "num:0.000000"),
        )
        cell[key] = f"$B${row}"
    sheet.add()
    _per_system(sheet, cell, columns)
    return sheet


def _per_system(sheet: SheetData, cell: dict[str, str], columns: Sequence[TcoColumn]) -> None:
    """Systems as columns: totals linked, then per GPU, capital, opex and TCO as formulas."""
    head = sheet.add(*(text(label, "header") for label in ["Figure", *(c.target for c in columns)]))
    rows: dict[str, int] = {}

    def put(key: str, label: str, style: str, make: Make) -> None:
        cells: list[Cell] = [text(label)]
        for i, column in enumerate(columns):
            letter = col(i + 2)
            value = make(column, lambda name, letter=letter: f"{letter}{rows[name]}")
            cells.append(value if isinstance(value, Cell) else formula(value, style))
        rows[key] = sheet.add(*cells)

    def per_gpu(total: str) -> Make:
        return lambda c, at: f"IF({at('gpus')}=0,0,{at(total)}/{at('gpus')})"

    def per_hour(expression: str) -> str:
        return f"{expression}/{cell['hours']}"

    put("kind", "Design or cluster", "plain", lambda c, at: text(c.kind))
    put("gpus", "GPUs", "int", lambda c, at: c.gpus)
    put("compute", "Compute capital (USD)", "usd", lambda c, at: c.compute_usd)
    put("scale_up", "Scale-up capital (USD)", "usd", lambda c, at: c.scale_up_usd)
    put("scale_out", "Scale-out capital (USD)", "usd", lambda c, at: c.scale_out_usd)
    put("power", "Input power (W)", "watts", lambda c, at: c.power_w)
    for p in PRECISIONS:
        put(
            p,
            f"Dense {p.upper()} PFLOPS per GPU",
            "num:0.000",
            _per_gpu(lambda b, p=p: b.dense_pflops[p]),
        )
    put(
        "hbm_tbps",
        "HBM bandwidth per GPU (TB/s)",
        "num:0.000",
        _per_gpu(lambda b: b.hbm_tbytes_per_s),
    )
    put("hbm_gb", "HBM per GPU (GB)", "num:#,##0.0", _per_gpu(lambda b: b.hbm_gb))
    put(
        "it_kw_per_gpu",
        "Input power per GPU (kW)",
        "num:0.000",
        lambda c, at: f"IF({at('gpus')}=0,0,{at('power')}/1000/{at('gpus')})",
    )
    put(
        "facility_kw_per_gpu",
        "Facility power per GPU, x PUE (kW)",
        "num:0.000",
        lambda c, at: f"{at('it_kw_per_gpu')}*{cell['pue']}",
    )
    for figure, total in zip(CAPEX[:3], ("compute", "scale_up", "scale_out"), strict=True):
        put(figure.field, figure.label, "usd", per_gpu(total))
    facility = CAPEX[3]
    put(
        facility.field,
        facility.label,
        "usd",
        lambda c, at: f"{at('it_kw_per_gpu')}/1000*{cell['facility_capex_usd_per_mw']}",
    )
    parts = [f.field for f in CAPEX]
    put(
        "capex_usd_per_gpu",
        "Capex per GPU (USD)",
        "total_usd",
        lambda c, at: "+".join(at(p) for p in parts),
    )
    put(
        "capital_usd_per_gpu_year",
        "Capital per GPU-year, annuities (USD)",
        "usd",
        lambda c, at: (
            f"({at(parts[0])}+{at(parts[1])})*{cell['servers']}"
            f"+{at(parts[2])}*{cell['network']}+{at(parts[3])}*{cell['facility']}"
        ),
    )
    put(
        "capital_usd_per_gpu_hour",
        "Capital per GPU-hour (USD)",
        PER_HOUR,
        lambda c, at: per_hour(at("capital_usd_per_gpu_year")),
    )
    kw_at = "it_kw_per_gpu"
    opex: dict[str, Make] = {
        "opex_power_usd_per_gpu_hour": lambda c, at: (
            f"{at(kw_at)}*{cell['pue']}*{cell['electricity_usd_per_kwh']}"
        ),
        "opex_colocation_usd_per_gpu_hour": lambda c, at: per_hour(
            f"{at(kw_at)}*{cell['colocation_usd_per_kw_month']}*12"
        ),
        "opex_maintenance_usd_per_gpu_hour": lambda c, at: per_hour(
            f"{at('capex_usd_per_gpu')}*{cell['maintenance_share_per_year']}"
        ),
        "opex_staff_usd_per_gpu_hour": lambda c, at: per_hour(
            f"{at(kw_at)}/1000*{cell['staff_per_mw']}*{cell['staff_usd_per_year']}"
        ),
        "opex_software_usd_per_gpu_hour": lambda c, at: per_hour(cell["software_usd_per_gpu_year"]),
    }
    for figure in OPEX:
        put(figure.field, figure.label, PER_HOUR, opex[figure.field])
    put(
        "opex_usd_per_gpu_hour",
        "Opex per GPU-hour (USD)",
        PER_HOUR,
        lambda c, at: "+".join(at(f.field) for f in OPEX),
    )
    put(
        "tco_usd_per_gpu_hour",
        "TCO per GPU-hour (USD)",
        "total_usd",
        lambda c, at: f"{at('capital_usd_per_gpu_hour')}+{at('opex_usd_per_gpu_hour')}",
    )
    tco = "tco_usd_per_gpu_hour"
    outputs: dict[str, tuple[str, str]] = {
        **{f"tco_usd_per_{p}_pflops_hour": (f"{{{tco}}}/{{{p}}}", p) for p in PRECISIONS},
        "tco_usd_per_hbm_tbps_hour": (f"{{{tco}}}/{{hbm_tbps}}", "hbm_tbps"),
        "tco_usd_per_hbm_gb_month": (f"{{{tco}}}*{HOURS_PER_MONTH!r}/{{hbm_gb}}", "hbm_gb"),
        "fp4_dense_tflops_per_w": ("{fp4}/{it_kw_per_gpu}", "it_kw_per_gpu"),
        "fp8_dense_tflops_per_w": ("{fp8}/{it_kw_per_gpu}", "it_kw_per_gpu"),
    }
    for figure in PER_OUTPUT:
        expression, amount = outputs[figure.field]
        style = "num:0.00" if figure.field.endswith("_per_w") else PER_HOUR
        put(figure.field, figure.label, style, _ratio(expression, amount))
    _charts(sheet, head, rows, len(columns))


def _per_gpu(amount: Callable[[CostBasis], float]) -> Make:
    """A catalogue figure per GPU (PFLOPS, HBM): an input, not a cost."""

    def make(column: TcoColumn, at: At) -> Cell:
        gpus = column.basis.gpus
        return number(amount(column.basis) / gpus if gpus else 0.0, "num:0.000")

    return make


def _ratio(expression: str, amount: str) -> Make:
    """`expression` over the rows it names, blank where the system has none of `amount`."""

    def make(column: TcoColumn, at: At) -> str:
        names = re.findall(r"\{(\w+)\}", expression)
        value = expression.format(**{name: at(name) for name in names})
        return f'IF({at(amount)}=0,"",{value})'

    return make


def _charts(sheet: SheetData, head: int, rows: dict[str, int], count: int) -> None:
    """Capex per GPU stacked, TCO per GPU-hour as capital + opex, TCO per FP4 PFLOPS-hour."""
    top = len(sheet.rows) + 2
    specs = (
        ("Capex per GPU", "USD per GPU", tuple(rows[f.field] for f in CAPEX), True),
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
