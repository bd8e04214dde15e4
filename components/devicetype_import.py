"""Device types in the netbox-community/devicetype-library format, read as trays.

A DCIM's device type brings its height, weight and power ports: it becomes a tray of EIA units
whose own draw is the sum of its power ports' allocated draw (the maximum where no allocation is
given), holding one part of the same id. That part is taken from the user's catalogue files where
one defines it (an `item` with a price and its source, and no power figure, which the tray holds),
and made unpriced from the device type otherwise. Interface, power-port and console-port types
must be ones NetBox and Nautobot know; other component lists are checked for their names only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from pydantic_core import PydanticCustomError

from .dcim_types import CONSOLE_PORT_TYPES, INTERFACE_TYPES, POWER_PORT_TYPES
from .errors import InputError
from .limits import KG_MAX, LIST_MAX, UNITS_MAX, WATTS_MAX, Name, Text
from .parts import Item, PartType
from .provenance import Source, SourceKind
from .trays import Airflow, TrayPart, TrayRole, TrayType
from .yamlio import validate_model

KG_PER_UNIT = {"kg": 1.0, "g": 0.001, "lb": 0.45359237, "oz": 0.028349523125}


def _one_of(choices: frozenset[str], what: str) -> AfterValidator:
    def check(value: str) -> str:
        if value not in choices:
            raise PydanticCustomError(
                "unknown_type",
                "unknown {what} type {value} (NetBox and Nautobot would store it as 'other')",
                {"what": what, "value": repr(value)},
            )
        return value

    return AfterValidator(check)


def _whole_units(value: float) -> float:
    if value != int(value) or value < 1:
        raise PydanticCustomError(
            "whole_units",
            "{value} is not a whole number of units of at least 1; rackbom places whole units",
            {"value": f"{value:g}"},
        )
    return value


class _Entry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


ComponentName = Annotated[str, Field(strict=True, min_length=1, max_length=64)]
Weight = Annotated[float, Field(strict=True, ge=0, le=KG_MAX * 1000, allow_inf_nan=False)]
Draw = Annotated[int, Field(strict=True, ge=1, le=int(WATTS_MAX))]


class _Component(_Entry):
    name: ComponentName
    label: Name | None = None
    description: Text | None = None


class Interface(_Component):
    """An interface template."""

    type: Annotated[str, Field(strict=True), _one_of(INTERFACE_TYPES, "interface")]
    enabled: bool | None = None
    mgmt_only: bool | None = None
    bridge: Name | None = None
    poe_mode: Name | None = None
    poe_type: Name | None = None
    rf_role: Name | None = None


class PowerPort(_Component):
    """A power-port template."""

    type: Annotated[str, Field(strict=True), _one_of(POWER_PORT_TYPES, "power-port")]
    maximum_draw: Draw | None = None
    allocated_draw: Draw | None = None


class ConsolePort(_Component):
    """A console-port template."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    type: Annotated[str, Field(strict=True), _one_of(CONSOLE_PORT_TYPES, "console-port")]
    is_power_source: bool | None = Field(default=None, alias="_is_power_source")


class ModuleBay(_Component):
    """A module-bay template."""

    position: Annotated[str, Field(strict=True, max_length=30)]


class _Other(BaseModel):
    """A component of a kind rackbom does not read: only its name is checked."""

    model_config = ConfigDict(extra="allow", frozen=True)
    name: ComponentName


class DeviceTypeFile(_Entry):
    """One device type file."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    manufacturer: Annotated[str, Field(strict=True, min_length=1, max_length=100)]
    model: Annotated[str, Field(strict=True, min_length=1, max_length=100)]
    slug: Annotated[str, Field(strict=True, pattern=r"^[-a-z0-9_]+$", max_length=100)]
    part_number: Annotated[str, Field(strict=True, max_length=50)] | None = None
    u_height: Annotated[
        float, Field(strict=True, le=UNITS_MAX, allow_inf_nan=False), AfterValidator(_whole_units)
    ]
    is_full_depth: bool
    airflow: Airflow | None = None
    weight: Weight | None = None
    weight_unit: Literal["kg", "g", "lb", "oz"] | None = None
    front_image: bool | None = None
    rear_image: bool | None = None
    subdevice_role: Literal["parent", "child"] | None = None
    is_powered: bool | None = None
    description: Text | None = None
    comments: Text | None = None
    console_ports: list[ConsolePort] = Field(
        default_factory=list, max_length=LIST_MAX, alias="console-ports"
    )
    console_server_ports: list[_Other] = Field(
        default_factory=list, max_length=LIST_MAX, alias="console-server-ports"
    )
    power_ports: list[PowerPort] = Field(
        default_factory=list, max_length=LIST_MAX, alias="power-ports"
    )
    power_outlets: list[_Other] = Field(
        default_factory=list, max_length=LIST_MAX, alias="power-outlets"
    )
    interfaces: list[Interface] = Field(default_factory=list, max_length=LIST_MAX)
    front_ports: list[_Other] = Field(
        default_factory=list, max_length=LIST_MAX, alias="front-ports"
    )
    rear_ports: list[_Other] = Field(default_factory=list, max_length=LIST_MAX, alias="rear-ports")
    module_bays: list[ModuleBay] = Field(
        default_factory=list, max_length=LIST_MAX, alias="module-bays"
    )
    device_bays: list[_Other] = Field(
        default_factory=list, max_length=LIST_MAX, alias="device-bays"
    )
    inventory_items: list[_Other] = Field(
        default_factory=list, max_length=LIST_MAX, alias="inventory-items"
    )


def is_device_type(raw: object) -> bool:
    """Whether parsed YAML is a device type (it names a model) rather than a catalogue file."""
    return isinstance(raw, dict) and any(key in raw for key in ("model", "u_height", "slug"))


def device_type_entries(
    raw: Any, file: str, parts: Mapping[str, PartType]
) -> tuple[Source, TrayType, Item | None]:
    """The source, tray and (unless `parts` has it) unpriced part a device type file brings."""
    spec = validate_model(DeviceTypeFile, raw, file)
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
