"""The workbook's Plant sheets: the plant profile's inputs, then per system its feeds, cooling,
floor load and failure domains, a sheet each, the derived cells as live formulas over the
inputs. A system of many feeds or rows lists each group of alike ones once, with its count.

Edit ΔT, c_p, a breaker rating or the hall rating and the flows, CDU counts, feed limits and
floor-load checks follow.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, TypeVar

from ...components.parameters import parameter
from ..figures.system_tables import split
from .cells import BLANK, SheetData, formula, number, text

if TYPE_CHECKING:
    from ...components.catalogue import Catalogue
    from ...components.plant_library import PlantRules
    from ...racks.plant.plan import PlantSummary
    from ...racks.report.system_report import SystemReport

SHEET_NAME = "Plant"
FEED_COLUMNS = (
    "System",
    "Feed",
    "Level",
    "Load, nominal (kW)",
    "Design load at peak (kW)",
    "Breaker (A)",
    "Continuous limit (kW)",
    "Over?",
    "Count",
)
RACK_COLUMNS = (
    "System",
    "Rack",
    "Rack input, nominal (kW)",
    "Rack input at peak (kW)",
    "Heat to liquid (kW)",
    "Heat to air (kW)",
    "Coolant (L/min)",
    "Weight (kg)",
    "Footprint (m2)",
    "Floor load (kg/m2)",
    "Over hall rating?",
)
ROW_COLUMNS = (
    "System",
    "Row",
    "Racks",
    "Rack input at peak (kW)",
    "Heat to liquid (kW)",
    "CDU (kW)",
    "CDUs",
    "Count",
)
FAILURE_COLUMNS = (
    "System",
    "Component",
    "Count",
    "GPUs lost",
    "Domains degraded",
    "Capacity left (%)",
    "Note",
)


LINES_MAX = 32
"""A system with more feeds or rows than this lists each alike group once, with its count."""
T = TypeVar("T")


def alike(items: Sequence[T], key: Callable[[T], Hashable]) -> list[tuple[T, int]]:
    """Each item with a count of 1, or where there are more than `LINES_MAX`, the first of each
    group of items with the same figures (`key`), in order, with the group's size."""
    if len(items) <= LINES_MAX:
        return [(item, 1) for item in items]
    groups: dict[Hashable, list[T]] = {}
    for item in items:
        groups.setdefault(key(item), []).append(item)
    return [(group[0], len(group)) for group in groups.values()]


def _named(name: str, count: int) -> str:
    return name if count == 1 else f"{name} and {count - 1:,} alike"


def plant_sheets(
    plants: Sequence[tuple[str, PlantSummary]], inputs: dict[str, float]
) -> list[SheetData]:
    """Every system's plant, a sheet per table (each prints under its own header); `inputs`
    are the profile's figures by label, on the first sheet, which the others' formulas read."""
    sheet = SheetData(SHEET_NAME)
    sheet.add(text("Power, cooling, floor and failure domains", "title"))
    sheet.add(
        text(
            "The inputs below drive the formulas of the Plant sheets: a breaker's continuous "
            "limit = V x I x sqrt(3) x pf x the continuous fraction; flow = Q / (c_p x dT) / "
            "density; CDUs = ceiling(liquid heat / CDU capacity) + 1; floor load = weight / "
            "footprint.",
            "note",
        )
    )
    sheet.add()
    sheet.header(("Input", "Value"))
    refs: dict[str, str] = {}
    for label, value in inputs.items():
        row = sheet.add(text(label), number(value, "decimal"))
        refs[label] = sheet.ref(2, row)
    sheet.add()
    sheet.header(("System", "Redundancy as built"))  # a line a system: the sheets below are long
    for name, plant in plants:
        sheet.add(text(name), text(plant.as_built.text, "wrap"))
    sheets = [sheet]
    for part, name, title in PARTS:
        table = SheetData(f"{SHEET_NAME} {name}", freeze_column=3)
        table.add(text(title, "title"))
        table.add(text(f"Formulas read the inputs on the {SHEET_NAME} sheet.", "note"))
        table.add()
        part(table, plants, refs)
        sheets.append(table)
    return sheets


Refs = dict[str, str]


def _feeds(sheet: SheetData, plants: Sequence[tuple[str, PlantSummary]], refs: Refs) -> None:
    v, pf = _at(refs, "feed_voltage_v"), _at(refs, "power_factor")
    fraction = _at(refs, "continuous_load_fraction")
    sheet.header(FEED_COLUMNS)
    for name, plant in plants:
        figures = alike(plant.feeds, lambda f: (f.level, f.nominal_w, f.design_w, f.breaker_a))
        for feed, count in figures:
            row = len(sheet.rows) + 1
            if feed.level == "rack" and feed.breaker_a is not None:
                limit = formula(f"{v}*F{row}*SQRT(3)*{pf}*{fraction}/1000", "kw")
            else:
                limit = number(feed.limit_w / 1000, "kw")
            sheet.add(
                text(name),
                text(_named(feed.name, count)),
                text(feed.level),
                number(feed.nominal_w / 1000, "kw"),
                number(feed.design_w / 1000, "kw"),
                number(feed.breaker_a, "int"),
                limit,
                formula(f'IF(E{row}>G{row}*(1+1E-9),"over","ok")', "plain"),
                number(count, "int"),
            )


def _racks(sheet: SheetData, plants: Sequence[tuple[str, PlantSummary]], refs: Refs) -> None:
    c_p, rho, dt = refs["c_p (J/(kg K))"], refs["Density (kg/L)"], _at(refs, "delta_t_k")
    rating = _at(refs, "floor_rating_kg_m2")
    sheet.header(RACK_COLUMNS)
    for name, plant in plants:
        for rack in plant.racks:
            row = len(sheet.rows) + 1
            sheet.add(
                text(name),
                text(rack.rack),
                number(rack.power_nominal_w / 1000, "kw"),
                number(rack.power_peak_w / 1000, "kw"),
                number(rack.heat_liquid_w / 1000, "kw"),
                formula(f"C{row}-E{row}", "kw"),
                formula(f"E{row}*1000/({c_p}*{dt})/{rho}*60", "decimal"),
                number(rack.weight_kg, "int"),
                number(rack.footprint_m2, "decimal"),
                formula(f"H{row}/I{row}", "int"),
                formula(f'IF(J{row}>{rating},"over","ok")', "plain"),
            )


def _rows(sheet: SheetData, plants: Sequence[tuple[str, PlantSummary]], refs: Refs) -> None:
    sheet.header(ROW_COLUMNS)
    for name, plant in plants:
        figures = alike(
            plant.rows,
            lambda r: (r.racks, r.power_peak_w, r.heat_liquid_w, r.cdu_capacity_w),
        )
        for plant_row, count in figures:
            row = len(sheet.rows) + 1
            cdus = f"IF(E{row}>0,ROUNDUP(E{row}/F{row}-1E-9,0)+1,0)"
            sheet.add(
                text(name),
                text(_named(plant_row.row, count)),
                number(plant_row.racks, "int"),
                number(plant_row.power_peak_w / 1000, "kw"),
                number(plant_row.heat_liquid_w / 1000, "kw"),
                number(plant_row.cdu_capacity_w / 1000, "kw"),
                formula(cdus, "int"),
                number(count, "int"),
            )


def _failures(sheet: SheetData, plants: Sequence[tuple[str, PlantSummary]], refs: Refs) -> None:
    sheet.header(FAILURE_COLUMNS)
    for name, plant in plants:
        for domain in plant.failure_domains:
            sheet.add(
                text(name),
                text(domain.component),
                number(domain.count, "int"),
                number(domain.gpus_lost, "int"),
                number(domain.domains_degraded, "int"),
                number(domain.capacity_left_pct, "decimal"),
                text(domain.detail, "wrap") if domain.detail else BLANK,
            )


Part = Callable[[SheetData, Sequence[tuple[str, "PlantSummary"]], Refs], None]
PARTS: tuple[tuple[Part, str, str], ...] = (
    (_feeds, "feeds", "Feeds: rack feeds, row busways and hall feeds"),
    (_racks, "racks", "Racks: input, heat, coolant and floor load"),
    (_rows, "rows", "Rows: heat to liquid and CDUs"),
    (_failures, "failures", "Failure domains: the worst single failure of each kind"),
)
"""The Plant sheets after the inputs: how each is filled, its name's suffix and its title."""


def plant_inputs(rules: PlantRules, catalogue: Catalogue) -> dict[str, float]:
    """The profile figures the sheet's formulas read, by label (the profile's from
    `components/parameters.py`), with the coolant's c_p and density."""
    profile = rules.profile

    def of(name: str) -> tuple[str, float]:
        return parameter(name).label, getattr(profile, name)

    _, c_p, density = rules.fluid(catalogue)
    return dict(
        [
            *map(of, ("feed_voltage_v", "power_factor", "continuous_load_fraction")),
            ("c_p (J/(kg K))", c_p),
            ("Density (kg/L)", density),
            *map(of, ("delta_t_k", "floor_rating_kg_m2")),
        ]
    )


def _at(refs: Refs, name: str) -> str:
    """The input cell of the plant profile's figure `name`."""
    return refs[parameter(name).label]


def plant_part(reports: Sequence[SystemReport]) -> list[SheetData]:
    """The Plant sheets for these designs' and clusters' reports, in order, under their plant
    profile at their TCO profile's PUE."""
    plants = [(r.id, r.plant) for r in reports]
    designs, clusters = split([r.system for r in reports])
    catalogue = (designs[0] if designs else clusters[0].rack).design.catalogue
    return plant_sheets(plants, plant_inputs(reports[0].rules, catalogue))
