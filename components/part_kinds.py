"""The registry of part kinds: every kind the catalogue accepts, by its `kind` tag."""

from __future__ import annotations

from typing import Annotated, Union

from pydantic import Field

from .cabling import Cable, Transceiver
from .copper import ScaleUpCopper
from .parts import (
    Connector,
    Cpu,
    Gpu,
    Item,
    ManagementSwitch,
    MemoryModule,
    Nic,
    PartType,
    PowerShelf,
    Ssd,
    SwitchAsic,
)
from .plant_parts import Busway, Cdu, Coolant, PlantUnit
from .switch_systems import SwitchSystem

PART_KINDS: tuple[type[PartType], ...] = (
    Gpu,
    Cpu,
    Nic,
    SwitchAsic,
    MemoryModule,
    Ssd,
    Connector,
    PowerShelf,
    ManagementSwitch,
    Transceiver,
    Cable,
    SwitchSystem,
    ScaleUpCopper,
    Busway,
    Cdu,
    Coolant,
    PlantUnit,
    Item,
)
"""Every part kind, in the order listings show them."""

AnyPart = Annotated[Union[PART_KINDS], Field(discriminator="kind")]  # noqa: UP007


def kind_tag(kind: type[PartType]) -> str:
    """The `kind:` a catalogue entry of this class carries."""
    return kind.model_fields["kind"].default


def kind_names() -> dict[str, type[PartType]]:
    """Every name a user may type for a kind: tags, aliases and human labels, lower case."""
    names: dict[str, type[PartType]] = {}
    for kind in PART_KINDS:
        for name in (kind_tag(kind), *kind.kind_aliases, kind.kind_label.lower()):
            names.setdefault(name.replace(" ", "_"), kind)
    return names
