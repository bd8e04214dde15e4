"""The plant as readable text: key figures, racks, rows and failure domains, and its warnings."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..figures import Unit
from ..figures.plant_figures import PLANT_FIGURES, row_runs
from .table import counted, render_table

if TYPE_CHECKING:
    from ...racks.plant.feeds import Feed
    from ...racks.plant.plan import PlantSummary


def render_plant(plant: PlantSummary) -> str:
    """Power, cooling, floor and failure domains as text blocks."""
    title = (
        f"Power, cooling and floor (plant profile {plant.profile}, feeds {plant.redundancy} asked; "
        f"as built {plant.as_built.text}; "
        f"breakers loaded to {plant.continuous_load_fraction:.0%} of rating continuous, "
        f"{plant.fluid} at a {plant.delta_t_k:g} K rise)"
    )
    blocks = [
        title
        + "\n"
        + render_table(["figure", "value"], [[f.label, f.text(plant)] for f in PLANT_FIGURES])
    ]
    if plant.warnings:
        lines = "\n".join(f"  ! {w}" for w in plant.warnings)
        blocks.append(f"Plant: {counted(len(plant.warnings), 'warning')}\n{lines}")
    blocks += [_racks(plant), _rows(plant), _failures(plant)]
    return "\n\n".join(blocks)


def _racks(plant: PlantSummary) -> str:
    kw, count = Unit.KW.text, Unit.COUNT.text
    header = [
        "rack",
        "input kW",
        "peak input kW",
        "feeds",
        "breaker A",
        "liquid kW",
        "air kW",
        "L/min",
    ]
    rows = [
        [
            r.rack,
            kw(r.power_nominal_w),
            kw(r.power_peak_w),
            str(len(r.feeds)),
            _breakers(r.feeds),
            kw(r.heat_liquid_w),
            kw(r.heat_air_w),
            count(r.coolant_lpm),
            count(r.floor_load_kg_m2),
            count(r.point_load_kg),
        ]
        for r in plant.racks
    ]
    title = "Racks (a copy of the design, or a floor rack of packed servers; heat at nominal power"
    return f"{title}, feeds at peak)\n" + render_table([*header, "kg/m2", "kg/foot"], rows)


def _rows(plant: PlantSummary) -> str:
    kw, count = Unit.KW.text, Unit.COUNT.text
    rows = [
        [
            run.name + ("" if run.count == 1 else ", each"),
            str(r.racks),
            kw(r.power_peak_w),
            str(sum(1 for b in r.busways if " busway A" in b.name)),
            kw(r.heat_liquid_w),
            count(r.coolant_lpm),
            str(r.cdus),
        ]
        for run in row_runs(plant.rows)
        for r in (run.first,)
    ]
    header = ["row", "racks", "peak input kW", "busways", "liquid kW", "L/min", "CDUs"]
    return "Rows (busways per side; CDUs N+1)\n" + render_table(header, rows)


def _failures(plant: PlantSummary) -> str:
    rows = [
        [
            d.component,
            f"{d.count:,}",
            f"{d.gpus_lost:,}",
            f"{d.domains_degraded:,}",
            Unit.PCT.text(d.capacity_left_pct),
            d.detail or "-",
        ]
        for d in plant.failure_domains
    ]
    header = ["component", "count", "GPUs lost", "domains degraded", "capacity left %", "note"]
    return (
        "Failure domains (the worst single failure of each kind; capacity left = GPUs in "
        "full-size scale-up domains)\n" + render_table(header, rows)
    )


def _breakers(feeds: tuple[Feed, ...]) -> str:
    ratings = sorted({f.breaker_a for f in feeds}, key=lambda r: (r is None, r or 0))
    return "/".join("over" if r is None else f"{r:g}" for r in ratings) or "-"
