"""How IT power becomes all-in power: conversion losses and cooling."""

from typing import Annotated

from pydantic import Field

from .provenance import Id, Sourced


class PowerModel(Sourced):
    """All-in power = IT power / conversion efficiency x (1 + cooling overhead)."""

    id: Id
    name: str = Field(min_length=1)
    conversion_efficiency: Annotated[float, Field(gt=0, le=1)] = Field(
        description="AC to busbar, used where a rack has no power shelves of its own."
    )
    cooling_overhead_fraction: Annotated[float, Field(ge=0, le=2)] = Field(
        description="Cooling power (CDU, pumps, fans, chillers) per watt delivered."
    )
