"""How IT power becomes all-in power: conversion losses and cooling."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from .limits import Name
from .provenance import Id, Sourced


class PowerModel(Sourced):
    """All-in power = IT power / conversion efficiency x (1 + cooling overhead)."""

    id: Id
    name: Name
    conversion_efficiency: Annotated[float, Field(strict=True, gt=0, le=1)] = Field(
        description="AC to busbar, used where a rack has no power shelves of its own."
    )
    cooling_overhead_fraction: Annotated[float, Field(strict=True, ge=0, le=2)] = Field(
        description="Cooling power (CDU, pumps, fans, chillers) per watt delivered."
    )
