"""Network vendor profiles: which switch boxes, optics and cables a vendor's fabric is built of."""

from __future__ import annotations

from typing import Self

from pydantic import Field, model_validator

from .limits import Name, Text
from .provenance import Id, Sourced


class NetworkProfile(Sourced):
    """A vendor's scale-out kit: the switch box of every tier, and the optics and cables.

    `source` is where the pairing comes from (a vendor reference architecture, an analyst's
    comparison); the figures themselves live on the parts.
    """

    id: Id
    name: Name
    vendor: Name
    switch: Id = Field(description="The switch system of every tier.")
    transceivers: list[Id] = Field(default_factory=list, description="Optics the profile uses.")
    cables: list[Id] = Field(min_length=1, description="Copper, AOC and fibre the profile uses.")
    interconnect: Id | None = Field(
        default=None, description="Its interconnect as a collective sees it (collectives.yaml)."
    )
    notes: Text | None = None

    @model_validator(mode="after")
    def _no_figures(self) -> Self:
        if self.sources:
            raise ValueError("a profile states no figures; give `source` only")
        return self
