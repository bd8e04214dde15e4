"""The DCIM objects an export is made of, typed; each gives the mapping its YAML file holds.

Field names are the devicetype-library's for device types and the NetBox/Nautobot REST API's for
the rest, so a script with pynetbox or pynautobot creates each object after looking up the ids of
the names it refers to.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Data = dict[str, Any]


def _given(data: Data) -> Data:
    """The mapping without keys whose value is None."""
    return {key: value for key, value in data.items() if value is not None}


@dataclass(frozen=True)
class Interface:
    """An interface template."""

    name: str
    type: str
    label: str | None = None
    description: str | None = None
    mgmt_only: bool | None = None

    def data(self) -> Data:
        """As in a device-type file."""
        return _given(
            {
                "name": self.name,
                "label": self.label,
                "type": self.type,
                "mgmt_only": self.mgmt_only,
                "description": self.description,
            }
        )


@dataclass(frozen=True)
class PowerPort:
    """A power-port template: an inlet or a busbar input."""

    name: str
    type: str
    maximum_draw: int | None = None
    allocated_draw: int | None = None

    def data(self) -> Data:
        """As in a device-type file."""
        return _given(
            {
                "name": self.name,
                "type": self.type,
                "maximum_draw": self.maximum_draw,
                "allocated_draw": self.allocated_draw,
            }
        )


@dataclass(frozen=True)
class PowerOutlet:
    """A power-outlet template, fed from one of the device's power ports."""

    name: str
    type: str
    power_port: str | None = None
    feed_leg: str | None = None
    """The phase (A, B or C) of a three-phase input it is on."""

    def data(self) -> Data:
        """As in a device-type file."""
        return _given(
            {
                "name": self.name,
                "type": self.type,
                "power_port": self.power_port,
                "feed_leg": self.feed_leg,
            }
        )


@dataclass(frozen=True)
class NamedPort:
    """A console-port template."""

    name: str
    type: str

    def data(self) -> Data:
        """As in a device-type file."""
        return {"name": self.name, "type": self.type}


@dataclass(frozen=True)
class ModuleBay:
    """A module-bay template (a power supply slot)."""

    name: str
    position: str

    def data(self) -> Data:
        """As in a device-type file."""
        return {"name": self.name, "position": self.position}


@dataclass(frozen=True)
class DeviceType:
    """One device type, as the devicetype-library holds it."""

    manufacturer: str
    model: str
    slug: str
    u_height: int
    part_number: str | None = None
    airflow: str | None = None
    weight_kg: float | None = None
    description: str | None = None
    comments: str = ""
    console_ports: tuple[NamedPort, ...] = ()
    power_ports: tuple[PowerPort, ...] = ()
    power_outlets: tuple[PowerOutlet, ...] = ()
    interfaces: tuple[Interface, ...] = ()
    module_bays: tuple[ModuleBay, ...] = ()
    management: str | None = None
    """The name of the interface cabled to the management switch, if any."""
    library: bool = False
    """Whether the devicetype-library holds this type (its names are the library's)."""

    @property
    def file_name(self) -> str:
        """Its file name: the library's (its model) for a type the library holds, else the part
        number (rackbom's own, safe in a path), else the model."""
        name = self.model if self.library else self.part_number or self.model
        return f"{name}.yaml"

    @property
    def path(self) -> str:
        """Where its file goes: `device-types/<manufacturer name>/<file name>`."""
        return f"device-types/{self.manufacturer}/{self.file_name}"

    def data(self) -> Data:
        """The file's mapping, in the library's key order."""
        data = _given(
            {
                "manufacturer": self.manufacturer,
                "model": self.model,
                "slug": self.slug,
                "part_number": self.part_number,
                "u_height": self.u_height,
                "is_full_depth": True,
                "airflow": self.airflow,
                "weight": None if self.weight_kg is None else round(self.weight_kg, 2),
                "weight_unit": None if self.weight_kg is None else "kg",
                "description": self.description,
                "comments": self.comments or None,
            }
        )
        sections = (
            ("console-ports", self.console_ports),
            ("power-ports", self.power_ports),
            ("power-outlets", self.power_outlets),
            ("interfaces", self.interfaces),
            ("module-bays", self.module_bays),
        )
        for key, items in sections:
            if items:
                data[key] = [item.data() for item in items]
        return data


@dataclass(frozen=True)
class RackType:
    """A rack type: the frame's form factor, width, true outer size and load rating."""

    manufacturer: str
    model: str
    slug: str
    form_factor: str
    width: int
    u_height: int
    outer_width: int
    outer_height: int
    outer_depth: int | None
    max_weight: int | None
    weight: float | None
    comments: str

    def data(self) -> Data:
        """As NetBox's REST API takes it (manufacturer by name)."""
        return _given(
            {
                "manufacturer": self.manufacturer,
                "model": self.model,
                "slug": self.slug,
                "form_factor": self.form_factor,
                "width": self.width,
                "u_height": self.u_height,
                "starting_unit": 1,
                "outer_width": self.outer_width,
                "outer_height": self.outer_height,
                "outer_depth": self.outer_depth,
                "outer_unit": "mm",
                "weight": self.weight,
                "max_weight": self.max_weight,
                "weight_unit": "kg" if self.weight or self.max_weight else None,
                "comments": self.comments,
            }
        )


@dataclass(frozen=True)
class Role:
    """A device or rack role with its colour (six hex digits, as NetBox stores it)."""

    name: str
    slug: str
    color: str

    def data(self) -> Data:
        """As the REST API takes it."""
        return {"name": self.name, "slug": self.slug, "color": self.color}


@dataclass(frozen=True)
class Site:
    """The site (and its one location, the hall) an export's racks stand in."""

    name: str
    slug: str
    location: str
    description: str

    def data(self) -> Data:
        """As the REST API takes it, with the location's name."""
        return {
            "name": self.name,
            "slug": self.slug,
            "status": "active",
            "location": self.location,
            "description": self.description,
        }


@dataclass(frozen=True)
class Rack:
    """A rack: its frame (rack type) and its own copy of the frame's size."""

    name: str
    site: str
    location: str
    role: str
    rack_type: RackType | None
    width: int
    u_height: int
    outer_width: int
    outer_height: int
    outer_depth: int | None
    comments: str

    def data(self) -> Data:
        """As the REST API takes it (site, location, role and rack type by name or slug)."""
        return _given(
            {
                "name": self.name,
                "site": self.site,
                "location": self.location,
                "role": self.role,
                "rack_type": None if self.rack_type is None else self.rack_type.slug,
                "status": "active",
                "form_factor": "4-post-cabinet",
                "width": self.width,
                "u_height": self.u_height,
                "starting_unit": 1,
                "outer_width": self.outer_width,
                "outer_height": self.outer_height,
                "outer_depth": self.outer_depth,
                "outer_unit": "mm",
                "comments": self.comments,
            }
        )


@dataclass(frozen=True)
class Device:
    """A device placed in a rack, front face (a 0U device has no position)."""

    name: str
    device_type: DeviceType
    role: str
    site: str
    location: str
    rack: str
    position: int | None
    comments: str

    def data(self) -> Data:
        """As the REST API takes it (device type by manufacturer and model)."""
        return {
            "name": self.name,
            "device_type": {
                "manufacturer": self.device_type.manufacturer,
                "model": self.device_type.model,
                "slug": self.device_type.slug,
            },
            "role": self.role,
            "site": self.site,
            "location": self.location,
            "status": "active",
            "rack": self.rack,
            "position": self.position,
            "face": "front",
            "comments": self.comments,
        }


def _parent(kind: str, side: str) -> str:
    """The cable import's column naming what holds an end: a power feed's panel, else a device."""
    return f"side_{side}_power_panel" if kind == "dcim.powerfeed" else f"side_{side}_device"


@dataclass(frozen=True)
class Cable:
    """A cable between two device components (NetBox's cable import fields)."""

    a_device: str
    a_type: str
    a_name: str
    b_device: str
    b_type: str
    b_name: str
    type: str | None = None
    label: str | None = None

    def data(self) -> Data:
        """As NetBox's cable import takes it."""
        return _given(
            {
                _parent(self.a_type, "a"): self.a_device,
                "side_a_type": self.a_type,
                "side_a_name": self.a_name,
                _parent(self.b_type, "b"): self.b_device,
                "side_b_type": self.b_type,
                "side_b_name": self.b_name,
                "type": self.type,
                "status": "connected",
                "label": self.label,
            }
        )


@dataclass(frozen=True)
class PowerDraw:
    """The draws of one device's power port, where they are the device's, not its type's (a
    shelf's AC input carries its share of its rack's input)."""

    device: str
    name: str
    allocated_draw: int
    maximum_draw: int | None

    def data(self) -> Data:
        """As the power-port import and API take it."""
        return {
            "device": self.device,
            "name": self.name,
            "allocated_draw": self.allocated_draw,
            "maximum_draw": self.maximum_draw,
        }


@dataclass(frozen=True)
class PowerPanel:
    """A panel the rack feeds of one row and side (or of the hall's network) hang from."""

    name: str
    site: str
    location: str
    comments: str

    def data(self) -> Data:
        """As the REST API takes it (site and location by name)."""
        return {
            "site": self.site,
            "location": self.location,
            "name": self.name,
            "comments": self.comments,
        }


@dataclass(frozen=True)
class PowerFeed:
    """One rack feed: side A (primary) or B (redundant), its circuit, cabled to one power port."""

    name: str
    panel: str
    rack: str
    side: str
    phases: int
    voltage: int
    amperage: int
    max_utilization: int
    comments: str

    def data(self) -> Data:
        """As the REST API takes it (panel and rack by name)."""
        return {
            "power_panel": self.panel,
            "rack": self.rack,
            "name": self.name,
            "status": "active",
            "type": "primary" if self.side == "A" else "redundant",
            "supply": "ac",
            "phase": "three-phase" if self.phases == 3 else "single-phase",
            "voltage": self.voltage,
            "amperage": self.amperage,
            "max_utilization": self.max_utilization,
            "comments": self.comments,
        }


@dataclass(frozen=True)
class Lane:
    """One lane of a device's port as an interface of the device (`lanes.py`)."""

    device: str
    name: str
    type: str
    cage: str
    """The device-type interface the lane runs through."""
    note: str | None = None

    def data(self) -> Data:
        """As the DCIM's interface import takes it."""
        text = f"Breakout lane of {self.cage}" + (f"; {self.note}" if self.note else "")
        return {
            "device": self.device,
            "name": self.name,
            "type": self.type,
            "description": text[:200],
        }


@dataclass(frozen=True)
class Placed:
    """One rack and what goes in it: its devices and the cables inside it."""

    rack: Rack
    devices: tuple[Device, ...]
    cables: tuple[Cable, ...] = ()
    uncabled: tuple[str, ...] = field(default=())
    """`device:port` of management and busbar ports left without a cable: more than the rack's
    management switch or power shelves have."""
    lanes: tuple[Lane, ...] = ()
    """Breakout lanes of its devices, each an interface of its own."""
    lane_text: str = ""
    """More lanes, already rendered as YAML items (a network rack's boxes')."""
    draws: tuple[PowerDraw, ...] = ()
    """Draws set on its devices' power ports where they are the device's, not its type's."""
    feeds: tuple[PowerFeed, ...] = ()
    """Its power feeds, each cabled (in `cables`) to the input it feeds."""
