"""Cluster files as written in YAML: a design, a size, a scale-out fabric, a profile, a floor."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BeforeValidator, Field, model_validator

from ...components.catalogue import CatalogueFile
from ...components.limits import Name, Text
from ...components.provenance import (
    Id,
    NonNegative,
    Positive,
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


Ratio = Annotated[float, BeforeValidator(_ratio), Field(ge=1, le=1000, allow_inf_nan=False)]


class SizeSpec(Strict):
    """How big: exactly one of racks, pods (copies of the design) or a GPU target."""

    racks: PositiveCount | None = None
    pods: PositiveCount | None = None
    gpus: PositiveCount | None = Field(
        default=None, description="Target GPUs, rounded up to whole copies of the design."
    )

    @model_validator(mode="after")
    def _exactly_one(self) -> SizeSpec:
        given = [n for n in ("racks", "pods", "gpus") if getattr(self, n) is not None]
        if len(given) != 1:
            raise ValueError("give exactly one of racks, pods or gpus")
        return self


class FabricPlan(Strict):
    """The scale-out fabric: a fat tree (Clos) of 2 or 3 tiers, optionally rail-optimised.

    `oversubscription` gives, for each tier below the top, downlinks per uplink (`1:1` = none).
    """

    topology: Literal["rail_optimised", "clos"]
    tiers: Literal[2, 3]
    oversubscription: list[Ratio] | None = Field(
        default=None, description="Per tier below the top, leaves first; default 1:1 everywhere."
    )

    @model_validator(mode="after")
    def _one_ratio_per_lower_tier(self) -> FabricPlan:
        if self.oversubscription is not None and len(self.oversubscription) != self.tiers - 1:
            raise ValueError(
                f"oversubscription needs {self.tiers - 1} "
                f"{'ratio' if self.tiers == 2 else 'ratios'}, one per tier below the top "
                f"(such as [{', '.join(['3:1'] * (self.tiers - 1))}])"
            )
        return self

    def ratio(self, tier: int) -> float:
        """Downlinks per uplink of a switch in `tier` (1 = leaves)."""
        return 1.0 if self.oversubscription is None else self.oversubscription[tier - 1]


class FloorSpec(Strict):
    """The hall: rows of racks, each with network racks at its end or middle, cable trays above.

    Leaves sit in their row's network racks; the upper tiers in a core block past the row ends.
    The defaults are the source `assume-floor-layout`.
    """

    racks_per_row: PositiveCount = 16
    network_racks: Literal["end", "middle"] = "middle"
    network_frame: Id = Field(default="eia-42u", description="The frame of a network rack.")
    row_pitch_m: Positive = Field(default=3.0, description="Row to row, with the aisles.")
    rack_pitch_m: Positive | None = Field(
        default=None, description="Along a row; the design's frame width when not given."
    )
    rise_m: NonNegative = Field(default=2.0, description="Port up to the cable tray, each end.")
    slack_m: NonNegative = Field(default=1.0, description="Added to every link for service loops.")


class ClusterSpec(Sourced):
    """A cluster file. `source` covers the sizing; `sources` may name one for `floor`."""

    id: Id
    name: Name
    description: Text | None = None
    design: Name = Field(description="Built-in design id or a path to a design file.")
    size: SizeSpec
    fabric: FabricPlan
    profile: Id = Field(description="Network vendor profile from the catalogue.")
    floor: FloorSpec = Field(default_factory=FloorSpec)
    catalogue: CatalogueFile | None = Field(
        default=None, description="Extra sources, parts or network profiles for this cluster."
    )
    notes: Text | None = None

    _stated_sources = model_validator(mode="before")(stated_sources)

    @model_validator(mode="after")
    def _cluster_sources(self) -> ClusterSpec:
        unknown = sorted(set(self.sources) - {"floor", "size"})
        if unknown:
            raise ValueError(f"sources may name floor and size; not {unknown}")
        return self
