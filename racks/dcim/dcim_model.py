"""The DCIM plan's objects, typed, each giving the mapping its YAML file or the REST API takes.

A device type and its component templates are the devicetype-library's file format, declared
once: the plan builds them (`model_construct`, from what the model counted) and the reader
validates a user's device-type file against the same classes (`type_reader.py`). Field names are
the library's for device types and the NetBox/Nautobot REST API's for the rest, so a script with
pynetbox or pynautobot creates each object after looking up the ids of the names it refers to.
"""

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import field
from functools import cached_property
from typing import Annotated, Any, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, field_validator
from pydantic_core import PydanticCustomError

from ...components.limits import KG_MAX, LIST_MAX, UNITS_MAX, WATTS_MAX, Name, Text
from ...components.records import record
from ...components.trays import Airflow

Data = dict[str, Any]

MODEL_SLUG = (
    (" ", "-"),
    ("sfp+", "sfpp"),
    ("poe+", "poep"),
    ("-+", "-plus"),
    ("+", "-plus-"),
    ("_", "-"),
    ("&", "-and-"),
    ("!", ""),
    ("/", "-"),
    (",", ""),
    ("'", ""),
    ("*", "-"),
)
"""What the devicetype-library's tests replace, in order, to make a model's slug (case folded)
and what its file names replace (case kept): `racks/dcim/type_names.py`."""
FEED = "dcim.powerfeed"
"""A power feed's kind as a cable's end."""


class _Record:
    """A record of the REST API: its mapping leaves out what is not set."""

    @staticmethod
    def given(data: Data) -> Data:
        """The mapping without keys whose value is None."""
        return {key: value for key, value in data.items() if value is not None}


ComponentName = Annotated[str, Field(strict=True, min_length=1, max_length=64)]
TypeName = Annotated[str, Field(strict=True, max_length=100)]
Weight = Annotated[float, Field(strict=True, ge=0, le=KG_MAX * 1000, allow_inf_nan=False)]
Draw = Annotated[int, Field(strict=True, ge=1, le=int(WATTS_MAX))]
Height = Annotated[float, Field(strict=True, ge=0, le=UNITS_MAX, allow_inf_nan=False)]


class FileModel(BaseModel):
    """Base of the device-type file's models: the library's schema, read and written (aliases,
    dumps of what is set), so a pydantic model; unknown fields are errors, instances immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class _Template(FileModel):
    """A component template: its name and mapping as a device-type file holds it."""

    name: ComponentName

    def data(self) -> Data:
        """As in a device-type file (unset fields left out)."""
        return self.model_dump(by_alias=True, exclude_none=True)


class Interface(_Template):
    """An interface template."""

    label: Name | None = None
    type: TypeName
    enabled: bool | None = None
    mgmt_only: bool | None = None
    bridge: Name | None = None
    poe_mode: Name | None = None
    poe_type: Name | None = None
    rf_role: Name | None = None
    description: Text | None = None


class PowerPort(_Template):
    """A power-port template: an inlet or a busbar input."""

    label: Name | None = None
    description: Text | None = None
    type: TypeName
    maximum_draw: Draw | None = None
    allocated_draw: Draw | None = None


class ConsolePort(_Template):
    """A console-port template."""

    model_config = ConfigDict(populate_by_name=True)

    label: Name | None = None
    description: Text | None = None
    type: TypeName
    is_power_source: bool | None = Field(default=None, alias="_is_power_source")


class PowerOutlet(_Template):
    """A power-outlet template, fed from one of the device's power ports."""

    label: Name | None = None
    description: Text | None = None
    type: TypeName
    power_port: ComponentName | None = None
    feed_leg: Literal["A", "B", "C"] | None = None
    """The phase (A, B or C) of a three-phase input it is on."""


class ModuleBay(_Template):
    """A module-bay template (a power supply slot)."""

    label: Name | None = None
    description: Text | None = None
    position: Annotated[str, Field(strict=True, max_length=30)]


class OtherTemplate(BaseModel):
    """A component of a kind rackbom neither makes nor reads: only its name is checked."""

    model_config = ConfigDict(extra="allow", frozen=True, defer_build=True)
    name: ComponentName


class DeviceType(FileModel):
    """One device type, as the devicetype-library holds it (one file)."""

    model_config = ConfigDict(populate_by_name=True)

    manufacturer: Annotated[str, Field(strict=True, min_length=1, max_length=100)]
    model: Annotated[str, Field(strict=True, min_length=1, max_length=100)]
    slug: Annotated[str, Field(strict=True, pattern=r"^[-a-z0-9_]+$", max_length=100)]
    part_number: Annotated[str, Field(strict=True, max_length=50)] | None = None
    u_height: Height
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
    console_ports: tuple[ConsolePort, ...] = Field(
        default=(), max_length=LIST_MAX, alias="console-ports"
    )
    console_server_ports: tuple[OtherTemplate, ...] = Field(
        default=(), max_length=LIST_MAX, alias="console-server-ports"
    )
    power_ports: tuple[PowerPort, ...] = Field(default=(), max_length=LIST_MAX, alias="power-ports")
    power_outlets: tuple[PowerOutlet, ...] = Field(
        default=(), max_length=LIST_MAX, alias="power-outlets"
    )
    interfaces: tuple[Interface, ...] = Field(default=(), max_length=LIST_MAX)
    front_ports: tuple[OtherTemplate, ...] = Field(
        default=(), max_length=LIST_MAX, alias="front-ports"
    )
    rear_ports: tuple[OtherTemplate, ...] = Field(
        default=(), max_length=LIST_MAX, alias="rear-ports"
    )
    module_bays: tuple[ModuleBay, ...] = Field(default=(), max_length=LIST_MAX, alias="module-bays")
    device_bays: tuple[OtherTemplate, ...] = Field(
        default=(), max_length=LIST_MAX, alias="device-bays"
    )
    inventory_items: tuple[OtherTemplate, ...] = Field(
        default=(), max_length=LIST_MAX, alias="inventory-items"
    )

    @field_validator("u_height")
    @classmethod
    def _whole_units(cls, value: float) -> float:
        if value != int(value):
            raise PydanticCustomError(
                "whole_units",
                "{value} is not a whole number of units; rackbom places whole units",
                {"value": f"{value:g}"},
            )
        return value

    @cached_property
    def management(self) -> str | None:
        """The name of its management interface (the one `mgmt_only`), if it has one."""
        return next((i.name for i in self.interfaces if i.mgmt_only), None)

    @property
    def file_name(self) -> str:
        """Its file name: the model as its slug writes it, in the model's case
        (`Q3400-RA.yaml`, `Helios-compute-tray.yaml`), as the library names its files."""
        stem = self.model
        for old, new in MODEL_SLUG:
            stem = stem.replace(old, new)
        return f"{stem.removesuffix('-')}.yaml"

    @property
    def path(self) -> str:
        """Where its file goes: `device-types/<manufacturer name>/<file name>`."""
        return f"device-types/{self.manufacturer}/{self.file_name}"

    def data(self) -> Data:
        """The file's mapping, in the library's key order (unset fields and empty lists left
        out)."""
        return self.model_dump(by_alias=True, exclude_none=True, exclude_defaults=True)


@record
class Manufacturer:
    """A maker of device or rack types, with its slug."""

    name: str
    slug: str

    def data(self) -> Data:
        """As `manufacturers.yaml` and the REST API take it."""
        return {"name": self.name, "slug": self.slug}


@record(kw_only=True)
class _Sized(_Record):
    """A frame's size as the DCIM holds it: its unit width in inches, its units, and its true
    outer size in mm."""

    width: int
    u_height: int
    outer_width: int
    outer_height: int
    outer_depth: int | None

    def size(self) -> Data:
        """The size's fields, in the REST API's order."""
        return {
            "width": self.width,
            "u_height": self.u_height,
            "starting_unit": 1,
            "outer_width": self.outer_width,
            "outer_height": self.outer_height,
            "outer_depth": self.outer_depth,
            "outer_unit": "mm",
        }


@record(kw_only=True)
class RackType(_Sized):
    """A rack type: the frame's form factor, width, true outer size and load rating."""

    manufacturer: str
    model: str
    slug: str
    form_factor: str
    max_weight: int | None
    weight: float | None
    comments: str

    def data(self) -> Data:
        """As NetBox's REST API takes it (manufacturer by name)."""
        return self.given(
            {
                "manufacturer": self.manufacturer,
                "model": self.model,
                "slug": self.slug,
                "form_factor": self.form_factor,
                **self.size(),
                "weight": self.weight,
                "max_weight": self.max_weight,
                "weight_unit": "kg" if self.weight or self.max_weight else None,
                "comments": self.comments,
            }
        )


@record
class Role:
    """A device or rack role with its colour (six hex digits, as NetBox stores it)."""

    name: str
    slug: str
    color: str

    def data(self) -> Data:
        """As the REST API takes it."""
        return {"name": self.name, "slug": self.slug, "color": self.color}


@record
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


@record(kw_only=True)
class Rack(_Sized):
    """A rack: its frame (rack type) and its own copy of the frame's size."""

    name: str
    site: str
    location: str
    role: str
    rack_type: RackType | None
    comments: str

    def data(self) -> Data:
        """As the REST API takes it (site, location, role and rack type by name or slug)."""
        return self.given(
            {
                "name": self.name,
                "site": self.site,
                "location": self.location,
                "role": self.role,
                "rack_type": None if self.rack_type is None else self.rack_type.slug,
                "status": "active",
                "form_factor": "4-post-cabinet",
                **self.size(),
                "comments": self.comments,
            }
        )


@record
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


@record
class Cable(_Record):
    """A cable between two device components (NetBox's cable import fields)."""

    a_device: str
    a_type: str
    a_name: str
    b_device: str
    b_type: str
    b_name: str
    type: str | None = None
    label: str | None = None

    @staticmethod
    def holder(kind: str, side: str) -> str:
        """The cable import's column naming what holds an end: a power feed's panel, else a
        device."""
        return f"side_{side}_power_panel" if kind == FEED else f"side_{side}_device"

    def data(self) -> Data:
        """As NetBox's cable import takes it."""
        return self.given(
            {
                self.holder(self.a_type, "a"): self.a_device,
                "side_a_type": self.a_type,
                "side_a_name": self.a_name,
                self.holder(self.b_type, "b"): self.b_device,
                "side_b_type": self.b_type,
                "side_b_name": self.b_name,
                "type": self.type,
                "status": "connected",
                "label": self.label,
            }
        )


@record
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


@record
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


@record
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


@record
class Lane:
    """One lane of a device's port as an interface of the device (`lanes.py`): a channel of its
    channelised cage, or an interface standing alone."""

    device: str
    name: str
    type: str
    cage: str
    """The device-type interface the lane runs through."""
    note: str | None = None
    channel: int | None = None
    """Its channel of the cage, from 1, where the cage is channelised (`breakouts.py`)."""

    def data(self) -> Data:
        """As the DCIM's interface import takes it."""
        if self.channel is None:
            text = f"Breakout lane of {self.cage}" + (f"; {self.note}" if self.note else "")
            return {
                "device": self.device,
                "name": self.name,
                "type": self.type,
                "description": text[:200],
            }
        text = f"Channel {self.channel} of {self.cage}" + (f"; {self.note}" if self.note else "")
        return {
            "device": self.device,
            "name": self.name,
            "type": self.type,
            "parent": self.cage,
            "channel_id": self.channel,
            "description": text[:200],
        }


@record
class Channelised:
    """A device's cage held as a channelised interface: the interface its device type gives it,
    with its channel count set (its channels are `Lane`s)."""

    device: str
    name: str
    channels: int

    def data(self) -> Data:
        """As the REST API takes the change to the device's interface (found by its name)."""
        return {"device": self.device, "name": self.name, "channels": self.channels}


@record(eq=False)
class BoxLanes:
    """The lanes of a switch box whose cages are broken out, the same on every box of one set
    of channelised cages (one object per set, told apart by identity)."""

    ports: tuple[tuple[str, str], ...]
    """(lane, cage interface) of each lane, a cage's lanes together in channel order."""
    type: str
    note: str | None
    channelised: frozenset[str] = frozenset()
    """The cages held as channelised interfaces, their lanes as channels."""

    def of(self, device: str) -> tuple[Lane | Channelised, ...]:
        """One box's lanes, each channelised cage before its channels."""
        out: list[Lane | Channelised] = []
        widths = Counter(cage for _, cage in self.ports)
        channel = 0
        for name, cage in self.ports:
            if cage not in self.channelised:
                out.append(Lane(device, name, self.type, cage, self.note))
                continue
            channel = channel % widths[cage] + 1
            if channel == 1:
                out.append(Channelised(device, cage, widths[cage]))
            out.append(Lane(device, name, self.type, cage, self.note, channel))
        return tuple(out)


@record
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
    laned: tuple[tuple[BoxLanes, tuple[str, ...]], ...] = ()
    """A network rack's switch boxes by their lanes: each set of lanes with the boxes it is."""
    draws: tuple[PowerDraw, ...] = ()
    """Draws set on its devices' power ports where they are the device's, not its type's."""
    feeds: tuple[PowerFeed, ...] = ()
    """Its power feeds, each cabled (in `cables`) to the input it feeds."""


@record
class CableBundle:
    """The scale-out links into one tier as one bundle: counts, cable and optic parts, lengths."""

    tier: int
    to: str
    below: str
    links: int
    cables: tuple[tuple[str, int], ...]
    transceivers: tuple[tuple[str, int], ...]
    length_m_min: float
    length_m_max: float
    comments: str

    def data(self) -> Data:
        """As `racks.yaml` lists it."""
        return {
            "tier": self.tier,
            "to": self.to,
            "from": self.below,
            "links": self.links,
            "cables": dict(self.cables),
            "transceivers": dict(self.transceivers),
            "length_m_min": self.length_m_min,
            "length_m_max": self.length_m_max,
            "comments": self.comments,
        }


@record
class ScopedExport:
    """What a scoped export holds: the scope, its racks, the cable legs leaving it, and the
    breakout cables it splits (some legs inside, some not), which a push leaves out."""

    scope: str
    racks: int
    left_out: int
    split: int


@record
class FloorUnit:
    """One floor unit of the plan (`racks/packing.py`): a copy of the design, or a floor
    rack of `stacked` copies packed into it; its name prefix, each of its racks' row, and the
    names of its racks kept (None: all of them)."""

    prefix: str
    rows: tuple[str, ...]
    keep: frozenset[str] | None = None
    stacked: int = 1
    index: int = 0
    """Its number on the floor, from 0."""


class DcimCable(NamedTuple):
    """One run-list cable as the DCIM's cable import takes it: an interface at its A end and one
    per leg at its B end, with the breakout profile where the A end is a channelised cage (a
    named tuple, as a run list of millions of cables is made one at a time)."""

    a_device: str
    a_interface: str
    b_devices: tuple[str, ...]
    b_interfaces: tuple[str, ...]
    type: str
    label: str
    length_m: float
    profile: str | None = None

    @property
    def length(self) -> tuple[int, str]:
        """Its length as both products hold it, a whole number and its unit: metres, or
        centimetres (rounded) where the metres are not whole, as Nautobot keeps whole numbers."""
        metres = round(self.length_m)
        if metres == self.length_m:
            return metres, "m"
        return round(self.length_m * 100), "cm"


@record
class DcimPlan:
    """A design or cluster as one DCIM product holds it: types, site, roles, panels, and its racks
    streamed floor unit by floor unit, then its network racks, so a plan of any size is written
    or pushed without being held in memory."""

    what: str
    """`design` or `cluster`, as the files name the system."""
    system_id: str
    target: str
    """The product and version, `NetBox 4.7.3`."""
    contents: str
    """What its racks file holds, in words."""
    types: tuple[DeviceType, ...]
    frames: tuple[RackType, ...]
    manufacturers: tuple[Manufacturer, ...]
    """The makers of the device and rack types, one spelling each."""
    site: Site
    device_roles: tuple[Role, ...]
    rack_roles: tuple[Role, ...]
    panels: tuple[PowerPanel, ...]
    """The power panels the racks' feeds hang from."""
    units: tuple[FloorUnit, ...]
    unit_racks: Callable[[FloorUnit], Iterator[Placed]]
    """A floor unit's racks with their devices, cables, lanes and feeds (for any prefix and
    rows)."""
    network_racks: Callable[[], Iterator[Placed]]
    """The network racks with their boxes, lanes, PDUs and feeds."""
    bundles: tuple[CableBundle, ...] | None = None
    """A cluster's scale-out links, one bundle per tier (None: a design, which has none)."""
    scoped: ScopedExport | None = None
    """What a scoped plan holds (None: the whole system)."""
    fabric: Callable[[], Iterator[DcimCable]] | None = None
    """A cluster's cables out of its racks (a scoped plan's with both ends in it), as the cable
    import has them (None: a design, whose cables are all inside its racks)."""

    def placed(self) -> Iterator[Placed]:
        """Every rack, one at a time: the floor units', then the network's."""
        for unit in self.units:
            yield from self.unit_racks(unit)
        yield from self.network_racks()
