"""The plant's key figures: label, unit and format, for text, compare tables and workbooks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...components.records import record
from . import Figure, Unit

if TYPE_CHECKING:
    from ...racks.plant.hall import RowPlant
    from ...racks.plant.plan import PlantSummary

PLANT_FIGURES: tuple[Figure[PlantSummary], ...] = (
    Figure("power_nominal_w", "Input power, nominal (kW)", Unit.KW),
    Figure("power_peak_w", "Input power at peak (kW)", Unit.KW),
    Figure("facility_peak_w", "Facility power at peak, input x PUE (kW)", Unit.KW),
    Figure("feeds_over", "Feeds over their continuous limit", Unit.COUNT),
    Figure("ups_modules", "UPS modules (N+1 per side)", Unit.COUNT),
    Figure("generators", "Generator sets (N+1)", Unit.COUNT),
    Figure("heat_liquid_w", "Heat to liquid, facility water (kW)", Unit.KW),
    Figure("heat_air_w", "Heat to air (kW)", Unit.KW),
    Figure("coolant_lpm", "Coolant flow (L/min)", Unit.COUNT),
    Figure("cdus", "CDUs (N+1 per row)", Unit.COUNT),
    Figure("floor_load_kg_m2", "Floor load, heaviest rack (kg/m2)", Unit.COUNT),
    Figure("point_load_kg", "Point load per rack foot (kg)", Unit.COUNT),
    Figure("capacity_left_after_rack_pct", "Capacity left, one rack down (%)", Unit.PCT),
)


@record
class RowRun:
    """Consecutive rows alike in racks, power, heat, busways and CDUs: `rows 1-14`."""

    first: RowPlant
    last: RowPlant
    count: int

    @property
    def name(self) -> str:
        """`row 3`, or `rows 1-14` for a run."""
        if self.count == 1:
            return self.first.row
        return f"rows {self.first.row.split()[-1]}-{self.last.row.split()[-1]}"


def row_runs(rows: tuple[RowPlant, ...]) -> list[RowRun]:
    """The rows as the outputs list them: runs of consecutive rows alike."""
    runs: list[RowRun] = []
    for row in rows:
        if runs and _alike(runs[-1].first, row):
            runs[-1] = RowRun(runs[-1].first, row, runs[-1].count + 1)
        else:
            runs.append(RowRun(row, row, 1))
    return runs


def _alike(a: RowPlant, b: RowPlant) -> bool:
    def key(r: RowPlant) -> tuple[object, ...]:
        return (r.racks, r.power_peak_w, r.heat_liquid_w, r.cdus, [f.design_w for f in r.busways])

    return key(a) == key(b)
