"""Device types in the netbox-community/devicetype-library format, read as trays.

A DCIM's device type brings its height, weight and power ports: it becomes a tray of EIA units
whose own draw is the sum of its power ports' allocated draw (the maximum where no allocation is
given), holding one part of the same id. That part is taken from the user's catalogue files where
one defines it (an `item` with a price and its source, and no power figure, which the tray holds),
and made unpriced from the device type otherwise. Interface, power-port, power-outlet and
console-port types must be ones the target product (NetBox unless told) knows: another is an error
naming the file, the type and the nearest valid ones. Other component lists are checked for their
names only. A file is validated against the device type the DCIM plan writes
(`dcim_model.DeviceType`), so the two cannot disagree on a field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...components.catalogue import Catalogue, CatalogueFile
from ...components.errors import InputError
from ...components.parts import Item, PartType
from ...components.provenance import Source, SourceKind
from ...components.trays import TrayPart, TrayRole, TrayType
from ...components.yamlio import validate_model
from .dcim_model import DeviceType
from .vocabulary import ChoiceKind, Target, vocabulary

KG_PER_UNIT = {"kg": 1.0, "g": 0.001, "lb": 0.45359237, "oz": 0.028349523125}


def is_device_type(raw: object) -> bool:
    """Whether parsed YAML is a device type (it names a model) rather than a catalogue file."""
    return isinstance(raw, dict) and any(key in raw for key in ("model", "u_height", "slug"))


def check_types(spec: DeviceType, file: str, target: Target = "netbox") -> None:
    """Every component type one the target product knows; else an error naming the nearest."""
    vocab = vocabulary(target)
    sections: tuple[tuple[str, ChoiceKind, Sequence[Any]], ...] = (
        ("interfaces", "interface", spec.interfaces),
        ("power-ports", "power-port", spec.power_ports),
        ("power-outlets", "power-outlet", spec.power_outlets),
        ("console-ports", "console-port", spec.console_ports),
    )
    for section, kind, items in sections:
        for index, item in enumerate(items):
            if not vocab.accepts(kind, item.type):
                near = ", ".join(vocab.nearest(kind, item.type)) or "none close"
                raise InputError(
                    file,
                    f"{section}[{index}].type",
                    f"{kind} type {item.type!r} is not one of {vocab.name}'s; nearest: {near}",
                )


def device_type_entries(
    raw: Any, file: str, parts: Mapping[str, PartType], target: Target = "netbox"
) -> tuple[Source, TrayType, Item | None]:
    """The source, tray and (unless `parts` has it) unpriced part a device type file brings."""
    spec = validate_model(DeviceType, raw, file)
    check_types(spec, file, target)
    if spec.u_height < 1:
        raise InputError(
            file,
            "u_height",
            f"{spec.u_height:g} is not a whole number of units of at least 1; rackbom places "
            "whole units",
        )
    if (spec.weight is None) != (spec.weight_unit is None):
        raise InputError(file, "weight_unit", "weight and weight_unit go together")
    source = Source(
        id=f"dcim-{spec.slug}",
        kind=SourceKind.VENDOR,
        cite=f"Device type {spec.manufacturer} {spec.model} ({file}, devicetype-library format)",
        note="Height, weight and power ports as the DCIM's device type states them.",
    )
    draw = sum(p.allocated_draw or p.maximum_draw or 0 for p in spec.power_ports)
    weight = None
    if spec.weight is not None and spec.weight_unit is not None:
        weight = spec.weight * KG_PER_UNIT[spec.weight_unit]
    tray = TrayType(
        id=spec.slug,
        name=spec.model,
        role=TrayRole.OTHER,
        unit_standard="eia",
        height_units=int(spec.u_height),
        parts=[TrayPart(part=spec.slug, qty=1)],
        overhead_power_w=float(draw),
        weight_kg=weight,
        manufacturer=spec.manufacturer,
        part_number=spec.part_number,
        airflow=spec.airflow,
        source=source.id,
        notes=(
            "From a DCIM device type: its power is the sum of its power ports' allocated draw "
            "(maximum where none is allocated), held as the tray's own draw."
        ),
    )
    if spec.slug in parts:
        return source, tray, None
    part = Item(
        id=spec.slug,
        kind="item",
        category="Device",
        name=spec.model,
        manufacturer=spec.manufacturer,
        part_number=spec.part_number,
        source=source.id,
    )
    return source, tray, part


def device_type_catalogue(raw: Any, file: str, catalogue: Catalogue) -> CatalogueFile:
    """A device-type file's source, tray and (where `catalogue` lacks it) unpriced part."""
    source, tray, part = device_type_entries(raw, file, catalogue.parts)
    return CatalogueFile(sources=[source], trays=[tray], parts=[part] if part else [])
