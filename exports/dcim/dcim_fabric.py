"""What NetBox's and Nautobot's pushes of a cluster's fabric share: a group's breakout lanes, and
the cables between racks (`DcimPlan.fabric`) a block at a time after every rack is in: the
interfaces of the devices a block ends on and the cables on those devices are read, each cable
keyed by its ends, so a second push finds every cable as it is."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from itertools import islice

from ...racks.dcim.dcim_model import Channelised, DcimCable, Lane, Placed
from .dcim_api import Id, RestApi, Row
from .dcim_sync import End

INTERFACE = "dcim.interface"
CABLES_AT_ONCE = 1000
"""Cables between racks planned and written together."""
CableWant = tuple[list[End], Row, str]
"""A cable as the cable sync takes it: its ends (A first), the fields to write, a name."""


def group_lanes(group: list[Placed]) -> list[Lane | Channelised]:
    """A group's lanes: its trays', then its switch boxes' (a channelised cage before its
    channels)."""
    return [
        *(lane for p in group for lane in p.lanes),
        *(i for p in group for lanes, boxes in p.laned for box in boxes for i in lanes.of(box)),
    ]


def fabric_want(cable: DcimCable, status: str) -> CableWant:
    """A cable between racks as the cable sync takes it, in `status`: a breakout's legs' far
    ends all at B, in channel order, with its profile."""
    ends = [(INTERFACE, cable.a_device, cable.a_interface)]
    ends += [(INTERFACE, d, n) for d, n in zip(cable.b_devices, cable.b_interfaces, strict=True)]
    length, unit = cable.length
    body: Row = {
        "type": cable.type,
        "status": status,
        "label": cable.label,
        "length": length,
        "length_unit": unit,
    }
    if cable.profile is not None:
        body["profile"] = cable.profile
    return ends, body, cable.label


def push_fabric(
    api: RestApi[Id],
    cables: Iterator[DcimCable],
    devices: Mapping[str, Id],
    interfaces: Callable[[set[Id]], Iterable[tuple[str, str, Id, Id | None]]],
    sync: Callable[[list[CableWant], dict[Id, Row], dict[End, tuple[Id, Id | None]]], None],
    status: str,
) -> None:
    """The cables between racks, a block at a time: `devices` the ids of the devices by name,
    `interfaces` the interfaces of some devices (device name, name, id, the id of its cable),
    `sync` the product's cable sync."""
    while block := list(islice(cables, CABLES_AT_ONCE)):
        names = {c.a_device for c in block}.union(*(c.b_devices for c in block))
        ids = {devices[n] for n in names if n in devices}
        components = {
            (INTERFACE, device, name): (id_, held) for device, name, id_, held in interfaces(ids)
        }
        rows = {r["id"]: r for r in api.rows_of("dcim/cables", "device_id", ids)}
        sync([fabric_want(c, status) for c in block], rows, components)
