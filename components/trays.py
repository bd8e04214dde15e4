"""Tray types: assemblies of parts that occupy units in a rack."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import Field

from .limits import LIST_MAX, Fraction, Kg, Name, PositiveCount, Text, Units, Usd, Watts
from .provenance import Id, Sourced, Strict

UnitStandard = Literal["eia", "ocp"]
MarginKind = Literal["integration", "vendor"]
"""`integration`: an integrator's margin on the parts it assembles; `vendor`: a system vendor's
gross margin on its own switch trays (NVIDIA's on NVLink trays), which the tornado varies."""
Airflow = Literal[
    "front-to-rear",
    "rear-to-front",
    "left-to-right",
    "right-to-left",
    "side-to-rear",
    "rear-to-side",
    "bottom-to-top",
    "top-to-bottom",
    "passive",
    "mixed",
]
"""Airflow directions as NetBox names them."""
Cooling = Literal["cold-plate", "liquid", "air"]
"""How a tray sheds its heat: cold plates with residual fans, fully liquid (fanless), or fans.
The share of each kind's heat that liquid takes is the plant profile's (`heat_to_liquid`)."""


class TrayRole(StrEnum):
    """What a tray does in the rack; drives colours, counts and checks."""

    COMPUTE = "compute"
    SWITCH = "switch"
    POWER = "power"
    MANAGEMENT = "management"
    COOLING = "cooling"
    OTHER = "other"


class PartUse(StrEnum):
    """What a NIC or port group in a tray is for."""

    SCALE_OUT = "scale_out"
    FRONT_END = "front_end"
    HOST = "host"


class TrayPart(Strict):
    """A quantity of one catalogue part inside a tray or a rack."""

    part: Id
    qty: PositiveCount = Field(description="How many, up to 1,000,000.")
    use: PartUse | None = Field(default=None, description="For NICs: scale-out or front-end.")
    face: Literal["front", "rear"] = Field(
        default="front", description="Which face of the rack the part is reached from."
    )
    margin: bool = Field(
        default=True,
        description="Whether the tray's margin is charged on this part: not on the tray "
        "maker's own chips, whose catalogue price already carries the maker's margin.",
    )


class TrayType(Sourced):
    """A tray template; its price is its parts plus overhead, unless a fixed price is sourced."""

    id: Id
    name: Name
    label: Name | None = Field(default=None, description="Short label for drawings.")
    role: TrayRole
    unit_standard: UnitStandard = Field(description="eia (U = 44.45 mm) or ocp (OU = 48 mm).")
    height_units: Units = Field(description="Units the tray occupies, up to 200.")
    parts: list[TrayPart] = Field(default_factory=list, max_length=LIST_MAX)
    overhead_power_w: Watts = Field(default=0, description="Fans, VRM and board losses, W.")
    margin_kind: MarginKind | None = Field(
        default=None,
        description="The margin the tray's maker adds to its parts: an integrator's (the "
        "design's buyer's: ODM or OEM) or a system vendor's, at the margins table's figure.",
    )
    integration_margin: Fraction | None = Field(
        default=None,
        description="The tray's own markup on its parts, fraction, in place of its kind's.",
    )
    price_usd: Usd | None = Field(
        default=None, description="Fixed price for the whole tray, where only the whole is known."
    )
    weight_kg: Kg | None = None
    manufacturer: Name | None = Field(default=None, description="Who makes the whole tray.")
    part_number: Name | None = None
    airflow: Airflow | None = None
    cooling: Cooling | None = Field(
        default=None, description="cold-plate, liquid (fanless) or air; none: taken as air."
    )
    notes: Text | None = None

    def figure_names(self) -> list[str]:
        """The numeric figures stated, and the cooling where declared (it splits the heat)."""
        names = super().figure_names()
        return [*names, "cooling"] if self.cooling is not None else names

    @property
    def short_label(self) -> str:
        """The label drawn on the tray."""
        return self.label or self.name
