"""A design resolved against the catalogue: its racks with frames, its trays placed."""

from __future__ import annotations

from dataclasses import field
from functools import cached_property
from typing import TypeVar, overload

from ..components.catalogue import Catalogue
from ..components.frames import RackFrame
from ..components.margins import Buyer
from ..components.parts import PartType
from ..components.power_models import PowerModel
from ..components.records import record
from ..components.trays import TrayPart, TrayType
from .spec import DesignSpec, RackSpec

P = TypeVar("P", bound=PartType)


@record
class PlacedTray:
    """One tray instance at a unit position in a rack."""

    rack: str
    position: int
    tray: TrayType
    unit_name: str

    @property
    def top(self) -> int:
        """The highest unit the tray occupies."""
        return self.position + self.tray.height_units - 1

    @property
    def label(self) -> str:
        """Slot name: the unit it starts at, such as `OU14` or `U5`."""
        return f"{self.unit_name}{self.position}"

    @cached_property
    def key(self) -> str:
        """Unique name in a design: `rack/slot`."""
        return f"{self.rack}/{self.label}"


@record
class BuiltRack:
    """A rack with its frame resolved and its trays placed, bottom to top."""

    spec: RackSpec
    frame: RackFrame
    trays: list[PlacedTray]
    items: list[TrayPart]

    @property
    def name(self) -> str:
        """The rack's name in the design."""
        return self.spec.name


@record
class BuiltDesign:
    """A design whose every reference has been resolved and checked."""

    spec: DesignSpec
    catalogue: Catalogue  # the shared catalogue with the design's own entries merged in
    file: str | None
    racks: list[BuiltRack]
    power_model: PowerModel
    base_catalogue: Catalogue
    placed: list[PlacedTray] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "placed", [t for r in self.racks for t in r.trays])

    @overload
    def part(self, part_id: str) -> PartType: ...

    @overload
    def part(self, part_id: str, kind: type[P]) -> P: ...

    def part(self, part_id: str, kind: type[PartType] = PartType) -> PartType:
        """A catalogue part by id, checked to be of `kind`."""
        return self.catalogue.part(part_id, kind)

    @property
    def buyer(self) -> Buyer:
        """Who the racks are built for: decides the integration margin (`components/margins.py`)."""
        return self.spec.buyer

    def rack(self, name: str) -> BuiltRack:
        """A rack by name."""
        return next(r for r in self.racks if r.name == name)
