"""Rows and the hall: busways per row and side, CDUs per row at N+1, UPS and generators.

Racks stand in rows (a design's racks in one row; a cluster's as its floor layout places them).
Each row has busways on side A and on side B; under 2N each side carries the whole row at peak,
racks taken in order onto a busway until the next would pass its continuous limit. CDUs per row:
enough for the row's liquid heat (and flow, where the CDU states one), plus one. The hall's UPS
is N+1 modules per side; its generators N+1 sets for the facility peak (peak input x PUE).
"""

from __future__ import annotations

from ...components.catalogue import Catalogue
from ...components.plant_library import PlantRules
from ...components.records import record
from ...components.rounding import TOLERANCE, ceil_div
from .feeds import Feed, feed_warning
from .rack import RackPlant
from .rack_limits import busway_limit_w


@record
class RowPlant:
    """One row of racks: its power, feeds, heat and CDUs."""

    row: str
    racks: int
    gpus: int
    power_nominal_w: float
    power_peak_w: float
    busways: tuple[Feed, ...]
    heat_liquid_w: float
    heat_air_w: float
    coolant_lpm: float
    cdus: int
    cdus_needed: int
    """CDUs the heat needs (N); `cdus` is N+1."""
    cdu_capacity_w: float


@record
class HallPlant:
    """Every row, the network's power, and the hall's UPS, generators and supply."""

    rows: tuple[RowPlant, ...]
    network_w: float
    """Scale-out switches and optics, fed from the hall and cooled by air."""
    power_nominal_w: float
    power_peak_w: float
    facility_peak_w: float
    ups_modules_per_side: int
    ups_sides: int
    generators: int
    supply: Feed | None
    warnings: tuple[str, ...]


def row_plant(
    name: str, floor_racks: int, racks: list[RackPlant], rules: PlantRules, catalogue: Catalogue
) -> RowPlant:
    """Busways and CDUs of one row of `floor_racks` racks holding the design's `racks` (several
    to a floor rack where servers are packed; each fits one busway: `rack_plant` holds it)."""
    profile = rules.profile
    busway = rules.busway(catalogue)
    limit = busway_limit_w(rules, catalogue)
    loads: list[tuple[float, float]] = []
    nominal = peak = 0.0
    for rack in racks:
        if peak + rack.power_peak_w > limit * (1 + TOLERANCE):
            loads.append((nominal, peak))
            nominal = peak = 0.0
        nominal += rack.power_nominal_w
        peak += rack.power_peak_w
    loads.append((nominal, peak))
    sides = 2 if profile.redundancy == "2N" else 1
    busways = tuple(
        Feed(f"{name} busway {'AB'[side]}{k + 1}", "row", n / sides, p, busway.current_a, limit)
        for side in range(sides)
        for k, (n, p) in enumerate(loads)
    )
    cdu = rules.cdu(catalogue)
    liquid = sum(r.heat_liquid_w for r in racks)
    flow = sum(r.coolant_lpm for r in racks)
    needed = ceil_div(liquid, cdu.capacity_w)
    if cdu.flow_lpm is not None:
        needed = max(needed, ceil_div(flow, cdu.flow_lpm))
    return RowPlant(
        row=name,
        racks=floor_racks,
        gpus=sum(r.gpus for r in racks),
        power_nominal_w=sum(r.power_nominal_w for r in racks),
        power_peak_w=sum(r.power_peak_w for r in racks),
        busways=busways,
        heat_liquid_w=liquid,
        heat_air_w=sum(r.heat_air_w for r in racks),
        coolant_lpm=flow,
        cdus=needed + 1 if needed else 0,
        cdus_needed=needed,
        cdu_capacity_w=cdu.capacity_w,
    )


def hall_plant(
    rows: list[RowPlant], network_w: float, pue: float, rules: PlantRules, catalogue: Catalogue
) -> HallPlant:
    """UPS modules, generators and the hall supply for the rows and the network."""
    profile = rules.profile
    nominal = sum(r.power_nominal_w for r in rows) + network_w
    peak = sum(r.power_peak_w for r in rows) + network_w
    facility = peak * pue
    ups = rules.unit(catalogue, "ups")
    generator = rules.unit(catalogue, "generator")
    sides = 2 if profile.redundancy == "2N" else 1
    supply = None
    warnings = [feed_warning(f) for r in rows for f in r.busways if f.over]
    if profile.hall_supply_w is not None:
        supply = Feed("hall supply", "hall", nominal * pue, facility, None, profile.hall_supply_w)
        if supply.over:
            warnings.append(feed_warning(supply))
    return HallPlant(
        rows=tuple(rows),
        network_w=network_w,
        power_nominal_w=nominal,
        power_peak_w=peak,
        facility_peak_w=facility,
        ups_modules_per_side=ceil_div(peak, ups.capacity_w) + 1,
        ups_sides=sides,
        generators=ceil_div(facility, generator.capacity_w) + 1,
        supply=supply,
        warnings=tuple(warnings),
    )
