"""A plant profile: the building rules a hall is planned by (feeds, derating, cooling, floor)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from .limits import AMOUNT_MAX, LIST_MAX, Kg, Mm, Name, PeakFactor, PositiveCount, Text
from .plant_parts import PositiveAmount, PowerFactor
from .provenance import Id, Source, Sourced, Strict
from .trays import Cooling

Fraction = Annotated[float, Field(strict=True, ge=0, le=1, allow_inf_nan=False)]
Kelvin = Annotated[float, Field(strict=True, gt=0, le=100, allow_inf_nan=False)]
KgPerM2 = Annotated[float, Field(strict=True, gt=0, le=AMOUNT_MAX, allow_inf_nan=False)]


class HeatToLiquid(Strict):
    """The share of a tray's heat that liquid takes, by how the tray is cooled; the rest goes
    to air. A tray that declares no cooling is taken as air-cooled."""

    cold_plate: Fraction = Field(alias="cold-plate", description="Cold plates, residual fans.")
    liquid: Fraction = Field(description="Fully liquid-cooled, fanless.")
    air: Fraction = Field(description="Air-cooled (fans only).")

    def of(self, cooling: Cooling | None) -> float:
        """The share for one kind of cooling (none declared: air)."""
        if cooling == "cold-plate":
            return self.cold_plate
        return self.liquid if cooling == "liquid" else self.air


class PlantProfile(Sourced):
    """How a hall feeds, cools and carries racks. `source` covers every figure not in `sources`.

    Power: each rack power shelf (or, without shelves, each rack PDU) has its own feed, the feeds
    alternate between sides A and B; under `2N` one side carries the whole rack, under `N+1` all
    feeds but one do. A feed's breaker is the smallest standard rating whose continuous limit
    (`continuous_load_fraction` of the rating) carries that load at peak.
    """

    id: Id
    name: Name
    notes: Text | None = None
    redundancy: Literal["2N", "N+1"] = "2N"
    continuous_load_fraction: Annotated[float, Field(strict=True, gt=0, le=1)] = Field(
        description="Continuous load a breaker may carry, as a fraction of its rating."
    )
    breaker_ratings_a: list[PositiveAmount] = Field(
        min_length=1, max_length=200, description="Standard breaker ratings, A, ascending."
    )
    feed_voltage_v: PositiveAmount = Field(description="Rack feeds: line-to-line voltage, V.")
    feed_phases: Literal[1, 3] = 3
    power_factor: PowerFactor
    max_rack_breaker_a: PositiveAmount = Field(
        description="Largest breaker one rack feed may have."
    )
    row_busway: Id = Field(description="Busway part feeding a row (one per side, or more).")
    rack_pdu: Id = Field(
        default="apc-ap8886",
        description="Rack PDU part a rack without power shelves hangs on, one per feed.",
    )
    ups: Id = Field(description="UPS module part (N+1 modules per side).")
    generator: Id = Field(description="Generator part (N+1 sets for the hall).")
    hall_supply_w: PositiveAmount | None = Field(
        default=None, description="The hall's utility supply, W; peak facility load is held to it."
    )
    transient_factor: PeakFactor = Field(
        description="Peak over nominal GPU power, where the GPU part states none."
    )
    fluid: Id = Field(description="The IT loop's coolant part.")
    delta_t_k: Kelvin = Field(description="Supply to return temperature rise of the IT loop, K.")
    cdu: Id = Field(description="CDU part; N+1 per row.")
    heat_to_liquid: HeatToLiquid = Field(description="Heat to liquid by the trays' cooling.")
    floor_rating_kg_m2: KgPerM2 = Field(description="The hall floor's uniform load rating.")
    point_load_rating_kg: Kg = Field(description="Load one rack foot or caster may put down, kg.")
    feet_per_rack: PositiveCount = 4
    rack_depth_mm: Mm = Field(description="Depth of a frame that states none, mm.")


class PlantFile(Strict):
    """A plant file: sources and profiles."""

    sources: list[Source] = Field(default_factory=list, max_length=LIST_MAX)
    plant_profiles: list[PlantProfile] = Field(default_factory=list, max_length=LIST_MAX)
