"""A cluster's workbook sheet: the scale-out BOM and the capex and power roll-up, live formulas.

Network lines are counts x unit prices; the roll-up links to the design's sheets for what one
copy of the design costs and draws (its BOM total, its scale-up lines, its input power), so an
edited unit price on either sheet carries through to capex per GPU.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import TYPE_CHECKING

from ...components.records import record
from .cells import BLANK, Cell, SheetData, col, formula, number, text
from .design_sheets import EXTENDED, DesignSheets, category_words

if TYPE_CHECKING:
    from ...racks.analysis import Analysis
    from ...racks.clusters import ClusterAnalysis
    from ...racks.clusters.cluster_summary import NetworkLine

NETWORK_COLUMNS = (
    "Tier",
    "Kind",
    "Part id",
    "Description",
    "Qty",
    "Unit price (USD)",
    "Extended price (USD)",
    "Power each (W)",
    "Power total (W)",
    "Source",
)
PART_ID, QTY, PRICE, TOTAL_USD, POWER_EACH, TOTAL_W = 3, 5, 6, 7, 8, 9
"""`PART_ID`: the last of the columns that say which line a row is (tier, kind, part id),
repeated on every page the sheet prints across."""
LABEL, VALUE = 4, 7
"""The roll-up: labels in the description column, values in the extended-price column."""
CLUSTER_PREFIX = "Cluster "


@record
class ClusterSheet:
    """A cluster's sheet and references to its roll-up cells, for other sheets' formulas."""

    sheet: SheetData
    gpus: str
    compute_usd: str
    scale_up_usd: str
    scale_out_usd: str
    power_w: str


def cluster_sheet(cluster: ClusterAnalysis, design: DesignSheets, label: str) -> ClusterSheet:
    """The cluster's scale-out BOM, then capex (split per GPU) and power as formulas."""
    s = cluster.summary
    sheet = SheetData(f"{CLUSTER_PREFIX}{label}", freeze_column=PART_ID + 1)
    sheet.add(text(f"Cluster: {s.name}", "title"))
    sheet.add(
        text(
            f"{s.design_copies:,} x design {s.design} on profile {s.profile}, "
            f"{s.fabric_tiers}-tier {s.topology.replace('_', '-')}. Extended = Qty x Unit price; "
            f"compute and scale-up per copy link to the sheets of {s.design}, scale-out to "
            "the lines above; edit a unit price on either and capex per GPU follows.",
            "note",
        )
    )
    sheet.add()
    total_row = _network_bom(sheet, s.network_bom)
    sheet.add()
    sheet.add(text("Capex and power", "section"))
    rows: dict[str, int] = {}

    def put(key: str, label_text: str, cell: Cell) -> None:
        cells: list[Cell] = [BLANK] * VALUE
        cells[LABEL - 1] = text(label_text)
        cells[VALUE - 1] = cell
        rows[key] = sheet.add(*cells)

    def at(key: str) -> str:
        return f"{col(VALUE)}{rows[key]}"

    put("copies", f"Copies of {s.design}", number(s.design_copies, "int"))
    put("gpus_each", "GPUs per copy", formula(design.gpus, "int"))
    put("gpus", "GPUs", formula(f"{at('copies')}*{at('gpus_each')}", "int"))
    put("bom_each", "Design BOM per copy (USD)", formula(design.bom_total, "usd"))
    scale_up = scale_up_formula(cluster.rack, design)
    put("up_each", "Scale-up per copy (USD)", formula(scale_up, "usd"))
    put(
        "compute_each",
        "Compute per copy (USD)",
        formula(f"{at('bom_each')}-{at('up_each')}", "usd"),
    )
    put("compute", "Compute (USD)", formula(f"{at('copies')}*{at('compute_each')}", "usd"))
    put("up", "Scale-up (USD)", formula(f"{at('copies')}*{at('up_each')}", "usd"))
    put("out", "Scale-out (USD)", formula(f"{col(TOTAL_USD)}{total_row}", "usd"))
    put("capex", "Capex (USD)", formula(f"{at('compute')}+{at('up')}+{at('out')}", "total_usd"))
    per_gpu = f"IF({at('gpus')}=0,0,{{}}/{at('gpus')})"
    put("per_gpu", "Capex per GPU (USD)", formula(per_gpu.format(at("capex")), "total_usd"))
    put("compute_gpu", "  compute per GPU (USD)", formula(per_gpu.format(at("compute")), "usd"))
    put("up_gpu", "  scale-up per GPU (USD)", formula(per_gpu.format(at("up")), "usd"))
    put("out_gpu", "  scale-out per GPU (USD)", formula(per_gpu.format(at("out")), "usd"))
    put(
        "racks_w",
        "Racks input power (W)",
        formula(f"{at('copies')}*{design.power_input_w}", "watts"),
    )
    put("network_w", "Scale-out network power (W)", formula(f"{col(TOTAL_W)}{total_row}", "watts"))
    put("power_w", "Input power (W)", formula(f"{at('racks_w')}+{at('network_w')}", "total_watts"))
    return ClusterSheet(
        sheet,
        *(sheet.ref(VALUE, rows[key]) for key in ("gpus", "compute", "up", "out", "power_w")),
    )


def _network_bom(sheet: SheetData, lines: Sequence[NetworkLine]) -> int:
    """The scale-out parts, one line each, and their total row (returned)."""
    sheet.header(NETWORK_COLUMNS)
    first = len(sheet.rows) + 1
    for line in lines:
        row = len(sheet.rows) + 1
        sheet.add(
            text(line.tier),
            text(category_words(line.category)),
            text(line.part),
            text(line.name),
            number(line.qty, "int"),
            number(line.unit_price_usd, "usd"),
            formula(f"{col(QTY)}{row}*{col(PRICE)}{row}", "usd"),
            number(line.power_each_w, "watts"),
            formula(f"{col(QTY)}{row}*{col(POWER_EACH)}{row}", "watts"),
            text(line.source),
        )
    last = len(sheet.rows)
    total: list[Cell] = [BLANK] * len(NETWORK_COLUMNS)
    total[0] = text("Scale-out total", "total_text")
    total[TOTAL_USD - 1] = formula(
        f"SUM({col(TOTAL_USD)}{first}:{col(TOTAL_USD)}{last})", "total_usd"
    )
    total[TOTAL_W - 1] = formula(f"SUM({col(TOTAL_W)}{first}:{col(TOTAL_W)}{last})", "total_watts")
    return sheet.add(*total)


def scale_up_formula(rack: Analysis, design: DesignSheets) -> str:
    """The design's scale-up lines on its BOM sheet, as SUM over runs of adjacent rows."""
    bom = design.bom
    line_rows = [
        number_row
        for number_row, row in enumerate(bom.rows, start=1)
        if row and isinstance(row[0].value, int) and not row[0].formula
    ]
    rows = [
        r
        for r, up in zip(line_rows, rack.bom.scale_up_lines(rack.design.catalogue), strict=True)
        if up
    ]
    if not rows:
        return "0"
    runs = []
    for _, run in groupby(enumerate(rows), key=lambda pair: pair[1] - pair[0]):
        members = [r for _, r in run]
        start = bom.ref(EXTENDED, members[0])
        runs.append(start if len(members) == 1 else f"{start}:${col(EXTENDED)}${members[-1]}")
    return f"SUM({','.join(runs)})"
