"""The plant's key figures: label, unit and format, for text, compare tables and workbooks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...racks.plant.plan import PlantSummary
from . import Format, Unit


@dataclass(frozen=True)
class PlantFigure:
    """One plant figure: a `PlantSummary` field or property, its label and unit."""

    field: str
    label: str
    unit: Unit

    @property
    def format(self) -> Format:
        """The figure's number format."""
        return self.unit.value

    def value(self, plant: PlantSummary) -> Any:
        """The value, scaled to the unit its label names."""
        raw = getattr(plant, self.field)
        return None if raw is None else raw * self.format.scale

    def text(self, plant: PlantSummary) -> str:
        """The value as table text."""
        return self.format.text(getattr(plant, self.field))


PLANT_FIGURES = (
    PlantFigure("power_nominal_w", "Power, nominal (kW)", Unit.KW),
    PlantFigure("power_peak_w", "Power at peak (kW)", Unit.KW),
    PlantFigure("facility_peak_w", "Facility power at peak, x PUE (kW)", Unit.KW),
    PlantFigure("feeds_over", "Feeds over their continuous limit", Unit.COUNT),
    PlantFigure("ups_modules", "UPS modules (N+1 per side)", Unit.COUNT),
    PlantFigure("generators", "Generator sets (N+1)", Unit.COUNT),
    PlantFigure("heat_liquid_w", "Heat to liquid, facility water (kW)", Unit.KW),
    PlantFigure("heat_air_w", "Heat to air (kW)", Unit.KW),
    PlantFigure("coolant_lpm", "Coolant flow (L/min)", Unit.COUNT),
    PlantFigure("cdus", "CDUs (N+1 per row)", Unit.COUNT),
    PlantFigure("floor_load_kg_m2", "Floor load, heaviest rack (kg/m2)", Unit.COUNT),
    PlantFigure("point_load_kg", "Point load per rack foot (kg)", Unit.COUNT),
    PlantFigure("capacity_left_after_rack_pct", "Capacity left, one rack down (%)", Unit.PCT),
)
