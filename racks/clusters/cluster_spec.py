"""Cluster files as written in YAML: a design, a size, a scale-out fabric, a profile, a floor."""

from __future__ import annotations

from typing import Annotated, Literal, Self

from pydantic import BeforeValidator, Field, model_validator

from ...components.catalogue import CatalogueFile
from ...components.limits import Name, Text
from ...components.parameters import OVERSUBSCRIPTION, param
from ...components.provenance import (
    Id,
    PositiveCount,
    Sourced,
    Strict,
    stated_sources,
)


def _ratio(value: object) -> object:
    """`3:1` or `3` -> 3.0 (downlinks per uplink)."""
    if isinstance(value, bool):
        raise ValueError("a ratio like 3:1 or a number, not true or false")
    if isinstance(value, str):
        down, colon, up = value.partition(":")
        try:
            return float(down) / float(up) if colon else float(value)
        except (ValueError, ZeroDivisionError):
            raise ValueError(f"not a ratio: {value!r}; write it as 3:1 or 3") from None
    return value


Ratio = Annotated[float, BeforeValidator(_ratio), OVERSUBSCRIPTION.field(strict=None)]
"""Downlinks per uplink, within the bounds the campus tier's oversubscription takes too."""


class SizeSpec(Strict):
    """How big: exactly one of racks, pods (copies of the design) or a GPU target."""

    racks: PositiveCount | None = None
    pods: PositiveCount | None = None
    gpus: PositiveCount | None = Field(
        default=None, description="Target GPUs, rounded up to whole copies of the design."
    )

    @model_validator(mode="after")
    def _exactly_one(self) -> Self:
        given = [n for n in ("racks", "pods", "gpus") if getattr(self, n) is not None]
        if len(given) != 1:
            raise ValueError("give exactly one of racks, pods or gpus")
        return self


class FabricPlan(Strict):
    """The scale-out fabric: planes of fat trees (Clos) of 1 to 3 tiers, optionally rail-optimised.

    Each NIC port splits into `planes` links of `plane_gbps`, one per plane; each plane is an
    independent fat tree at that speed. What the file leaves out (`planes`, `plane_gbps`,
    `tiers`) rackbom chooses: the cheapest feasible fabric per GPU, then the lowest power.
    `oversubscription` gives, for each tier below the top, downlinks per uplink (`1:1` = none);
    it needs `tiers`.
    """

    topology: Literal["rail_optimised", "clos"] = "rail_optimised"
    tiers: Literal[1, 2, 3] | None = Field(default=None, description="Chosen when not given.")
    planes: int | None = param("planes")
    plane_gbps: float | None = param("plane_gbps")
    oversubscription: list[Ratio] | None = Field(
        default=None, description="Per tier below the top, leaves first; default 1:1 everywhere."
    )

    @model_validator(mode="after")
    def _one_ratio_per_lower_tier(self) -> Self:
        if self.oversubscription is None:
            return self
        if self.tiers is None:
            raise ValueError("oversubscription needs tiers, one ratio per tier below the top")
        if len(self.oversubscription) != self.tiers - 1:
            raise ValueError(
                f"oversubscription needs {self.tiers - 1} "
                f"{'ratio' if self.tiers == 2 else 'ratios'}, one per tier below the top "
                f"(such as [{', '.join(['3:1'] * (self.tiers - 1))}])"
            )
        return self

    def ratio(self, tier: int) -> float:
        """Downlinks per uplink of a switch in `tier` (1 = leaves)."""
        return 1.0 if self.oversubscription is None else self.oversubscription[tier - 1]


def _auto_fabric(value: object) -> object:
    """`fabric: auto` is the default fabric: everything chosen."""
    return {} if value == "auto" else value


class FloorSpec(Strict):
    """The hall: rows of racks, each with network racks at its end or middle, cable trays above.

    Leaves sit in their row's network racks; the upper tiers in a core block past the row ends.
    Each figure's bounds, default and source are its row of `components/parameters.py`.
    """

    racks_per_row: int = param("racks_per_row")
    network_racks: Literal["end", "middle"] = "middle"
    network_frame: Id = Field(default="eia-42u", description="The frame of a network rack.")
    row_pitch_m: float = param("row_pitch_m")
    rack_pitch_m: float | None = param("rack_pitch_m")
    rise_m: float = param("rise_m")
    slack_m: float = param("slack_m")
    hall_racks: int | None = param("hall_racks")
    hall_mw: float = param("hall_mw")
    campus_gap_m: float = param("campus_gap_m")
    building_mw: float = param("building_mw")
    building_m2_per_mw: float = param("building_m2_per_mw")
    building_gap_m: float = param("building_gap_m")
    campus_oversubscription: Annotated[float, BeforeValidator(_ratio)] = param(
        "campus_oversubscription"
    )
    rack_power_kw: float = param("rack_power_kw")

    @property
    def ends_m(self) -> float:
        """What a link adds to its run along the floor: a rise at each end and the slack."""
        return 2 * self.rise_m + self.slack_m


class ClusterSpec(Sourced):
    """A cluster file. `source` covers the sizing; `sources` may name one for `floor`."""

    id: Id
    name: Name
    description: Text | None = None
    design: Name = Field(description="Built-in design id or a path to a design file.")
    size: SizeSpec
    fabric: Annotated[FabricPlan, BeforeValidator(_auto_fabric)] = Field(
        default_factory=FabricPlan, description="`auto` (the default) or a fabric plan."
    )
    profile: Id = Field(description="Network vendor profile from the catalogue.")
    floor: FloorSpec = Field(default_factory=FloorSpec)
    catalogue: CatalogueFile | None = Field(
        default=None, description="Extra sources, parts or network profiles for this cluster."
    )
    notes: Text | None = None

    _stated_sources = model_validator(mode="before")(stated_sources)

    @model_validator(mode="after")
    def _cluster_sources(self) -> Self:
        unknown = sorted(set(self.sources) - {"floor", "size"})
        if unknown:
            raise ValueError(f"sources may name floor and size; not {unknown}")
        return self
