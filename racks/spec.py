"""Design specifications as written in YAML: racks of placed trays and the fabric wiring."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from ..components.catalogue import CatalogueFile
from ..components.copper_parts import CopperSpan
from ..components.limits import (
    LIST_MAX,
    RACKS_MAX,
    UNITS_MAX,
    Name,
    PositiveCount,
    PositiveGbps,
    Text,
    Units,
)
from ..components.margins import Buyer
from ..components.provenance import Id, Sourced, Strict, stated_sources
from ..components.trays import TrayPart


class Placement(Strict):
    """One or more trays of one type stacked upward from a unit position (1 = bottom)."""

    tray: Id
    position: Units = Field(description="Lowest unit the first tray occupies.")
    count: PositiveCount = Field(default=1, description="Trays stacked upward, up to 1,000,000.")


class RackSpec(Strict):
    """A rack: a frame, trays at positions, and rack-level items (backplanes, cooling)."""

    name: Id
    frame: Id
    trays: list[Placement] = Field(min_length=1, max_length=UNITS_MAX)
    items: list[TrayPart] = Field(default_factory=list, max_length=LIST_MAX)


class FabricSpec(Strict):
    """How GPUs reach each other at scale-up speed.

    `switched`: every GPU's scale-up lanes are spread evenly over every switch chip of the fabric.
    `mesh`: the GPUs of each tray are wired all-to-all with their mesh links.
    """

    id: Id
    kind: Literal["switched", "mesh"]
    lane_gbps: PositiveGbps | None = Field(default=None, description="Lane speed, switched only.")
    lanes_per_port: PositiveCount = Field(default=1, description="Lanes bonded into one port.")
    gpu_racks: list[Id] | None = Field(
        default=None, max_length=LIST_MAX, description="Racks whose GPUs join; all."
    )
    switch_racks: list[Id] | None = Field(
        default=None, max_length=LIST_MAX, description="Racks whose switches join."
    )
    copper_in_rack: Id | None = Field(
        default=None, description="Scale-up copper part for lanes between trays of one rack."
    )
    copper_between_racks: Id | None = Field(
        default=None, description="Scale-up copper part for lanes between racks."
    )

    @model_validator(mode="after")
    def _lane_speed_for_switched(self) -> FabricSpec:
        if self.kind == "switched" and self.lane_gbps is None:
            raise ValueError("a switched fabric needs lane_gbps")
        if self.kind == "mesh" and self.lane_gbps is not None:
            raise ValueError("a mesh fabric takes its link speed from the GPU; drop lane_gbps")
        return self

    def copper(self, span: CopperSpan) -> Id | None:
        """The scale-up copper part for lanes of one span (None where the design names none)."""
        return self.copper_in_rack if span == "in_rack" else self.copper_between_racks

    @property
    def port_gbps(self) -> float:
        """Gbit/s of one switch port (switched fabrics)."""
        return (self.lane_gbps or 0) * self.lanes_per_port


DESIGN_FIGURES = ("placements", "fabrics")


class DesignSpec(Sourced):
    """A rack or pod design: what a user writes in a design YAML file.

    `sources` may give separate sources for the `placements` (unit positions) and the `fabrics`.
    """

    id: Id
    name: Name
    description: Text | None = None
    power_model: Id
    racks: list[RackSpec] = Field(min_length=1, max_length=RACKS_MAX)
    fabrics: list[FabricSpec] = Field(default_factory=list, max_length=RACKS_MAX)
    catalogue: CatalogueFile | None = Field(
        default=None, description="Extra parts, trays, frames or sources for this design only."
    )
    buyer: Buyer = Field(
        default="odm",
        description="Who the racks are built for, which decides the integration margin: odm "
        "(a hyperscaler or AI lab ordering from an ODM) or oem (an enterprise buying from an OEM).",
    )
    notes: Text | None = None

    _stated_sources = model_validator(mode="before")(stated_sources)

    @model_validator(mode="after")
    def _design_sources(self) -> DesignSpec:
        unknown = sorted(set(self.sources) - set(DESIGN_FIGURES))
        if unknown:
            raise ValueError(f"sources may name {', '.join(DESIGN_FIGURES)}; not {unknown}")
        return self

    @model_validator(mode="after")
    def _unique_names(self) -> DesignSpec:
        for what, names in (
            ("rack", [r.name for r in self.racks]),
            ("fabric", [f.id for f in self.fabrics]),
        ):
            dupes = sorted({n for n in names if names.count(n) > 1})
            if dupes:
                raise ValueError(f"duplicate {what} names: {dupes}")
        return self
