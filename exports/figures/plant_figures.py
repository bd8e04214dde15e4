"""The plant's key figures: label, unit and format, for text, compare tables and workbooks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import Figure, Unit

if TYPE_CHECKING:
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
