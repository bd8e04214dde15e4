"""A plant profile: the building rules a hall is planned by (feeds, derating, cooling, floor)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from .limits import LIST_MAX, Name, Text
from .parameters import param
from .plant_parts import PositiveAmount
from .provenance import Id, Source, Sourced, Strict
from .trays import Cooling


class HeatToLiquid(Strict):
    """The share of a tray's heat that liquid takes, by how the tray is cooled; the rest goes
    to air. A tray that declares no cooling is taken as air-cooled."""

    cold_plate: Annotated[float, Field(alias="cold-plate")] = param("cold_plate")
    liquid: float = param("liquid")
    air: float = param("air")

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
    continuous_load_fraction: float = param("continuous_load_fraction")
    breaker_ratings_a: list[PositiveAmount] = Field(
        min_length=1, max_length=200, description="Standard breaker ratings, A, ascending."
    )
    feed_voltage_v: float = param("feed_voltage_v")
    feed_phases: Literal[1, 3] = 3
    power_factor: float = param("power_factor")
    max_rack_breaker_a: float = param("max_rack_breaker_a")
    row_busway: Id = Field(description="Busway part feeding a row (one per side, or more).")
    rack_pdu: Id = Field(
        default="apc-ap8886",
        description="Rack PDU part a rack without power shelves hangs on, one per feed.",
    )
    ups: Id = Field(description="UPS module part (N+1 modules per side).")
    generator: Id = Field(description="Generator part (N+1 sets for the hall).")
    hall_supply_w: float | None = param("hall_supply_w")
    transient_factor: float = param("transient_factor")
    fluid: Id = Field(description="The IT loop's coolant part.")
    delta_t_k: float = param("delta_t_k")
    cdu: Id = Field(description="CDU part; N+1 per row.")
    heat_to_liquid: HeatToLiquid = Field(description="Heat to liquid by the trays' cooling.")
    floor_rating_kg_m2: float = param("floor_rating_kg_m2")
    point_load_rating_kg: float = param("point_load_rating_kg")
    feet_per_rack: int = param("feet_per_rack")
    rack_depth_mm: float = param("rack_depth_mm")


class PlantFile(Strict):
    """A plant file: sources and profiles."""

    sources: list[Source] = Field(default_factory=list, max_length=LIST_MAX)
    plant_profiles: list[PlantProfile] = Field(default_factory=list, max_length=LIST_MAX)
