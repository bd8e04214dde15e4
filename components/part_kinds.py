"""The registry of part kinds: every kind the catalogue accepts, by its `kind` tag."""

from __future__ import annotations

from typing import Annotated, get_args

from pydantic import Field

from .cabling import Cable, Transceiver
from .copper_parts import ScaleUpCopper
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

AnyPart = Annotated[
    Gpu
    | Cpu
    | Nic
    | SwitchAsic
    | MemoryModule
    | Ssd
    | Connector
    | PowerShelf
    | ManagementSwitch
    | Transceiver
    | Cable
    | SwitchSystem
    | ScaleUpCopper
    | Busway
    | Cdu
    | Coolant
    | PlantUnit
    | Item,
    Field(discriminator="kind"),
]
"""A catalogue entry of any kind, told apart by its `kind` tag."""

PART_KINDS: tuple[type[PartType], ...] = get_args(get_args(AnyPart)[0])
"""Every part kind, in the order listings show them."""


def kind_tag(kind: type[PartType]) -> str:
    """The `kind:` a catalogue entry of this class carries."""
    (tag,) = (f.default for f in kind.model_fields.table if f.name == "kind")
    return str(tag)


def kind_names() -> dict[str, type[PartType]]:
    """Every name a user may type for a kind: tags, aliases and human labels, lower case."""
    names: dict[str, type[PartType]] = {}
    for kind in PART_KINDS:
        for name in (kind_tag(kind), *kind.kind_aliases, kind.kind_label.lower()):
            names.setdefault(name.replace(" ", "_"), kind)
    return names
