"""Rack frames: the EIA 19-inch rack, Open Rack V3 and Open Rack Wide."""

from pydantic import Field

from .provenance import Id, NonNegative, Positive, PositiveCount, Sourced
from .trays import UnitStandard


class RackFrame(Sourced):
    """An empty rack: its units, outer size and budgets."""

    id: Id
    name: str = Field(min_length=1)
    manufacturer: str = "generic"
    unit_standard: UnitStandard
    unit_mm: Positive = Field(description="Height of one unit: 44.45 (U) or 48 (OU).")
    height_units: PositiveCount
    width_mm: Positive = Field(description="Outside width.")
    depth_mm: Positive | None = None
    mounting_width_mm: Positive = Field(description="Width of the equipment opening.")
    max_power_w: NonNegative | None = Field(default=None, description="Busbar or PDU budget, W.")
    max_weight_kg: NonNegative | None = Field(default=None, description="Static load rating.")
    price_usd: NonNegative | None = None
    weight_kg: NonNegative | None = None

    @property
    def unit_name(self) -> str:
        """U or OU."""
        return "U" if self.unit_standard == "eia" else "OU"
