"""Rack frames: the EIA 19-inch rack, Open Rack V3 and Open Rack Wide."""

from __future__ import annotations

from pydantic import Field

from .limits import Kg, Mm, Name, Units, Usd, Watts
from .provenance import Id, Sourced
from .trays import UnitStandard


class RackFrame(Sourced):
    """An empty rack: its units, outer size and budgets."""

    id: Id
    name: Name
    manufacturer: Name = "generic"
    unit_standard: UnitStandard
    unit_mm: Mm = Field(description="Height of one unit: 44.45 (U) or 48 (OU); mm up to 1e5.")
    height_units: Units = Field(description="Units the frame holds, up to 200.")
    height_mm: Mm | None = Field(default=None, description="Outside height of the frame.")
    width_mm: Mm = Field(description="Outside width.")
    depth_mm: Mm | None = None
    mounting_width_mm: Mm = Field(description="Width of the equipment opening.")
    max_power_w: Watts | None = Field(default=None, description="Busbar or PDU budget, W.")
    max_weight_kg: Kg | None = Field(default=None, description="Static load rating.")
    price_usd: Usd | None = None
    weight_kg: Kg | None = None

    @property
    def unit_name(self) -> str:
        """U or OU."""
        return "U" if self.unit_standard == "eia" else "OU"
