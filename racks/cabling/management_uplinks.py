"""A cluster's links to its management aggregation as run-list rows (tier 0, by the rule of
`clusters/management_aggregation.py`): each management tray's uplink (`up1`) or own management
port (as its OS names it, `eth0`) to its aggregation switch's port, numbered on after the network
racks' cables. Aggregation switch `k` of a group is in the group's network rack
`Aggregation.rack_of` gives (a row's network racks, then its extra racks; the core block's
racks)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..built import PlacedTray
from ..clusters.management_aggregation import Aggregation, Drop
from ..management import own_port
from ..packing import Packing
from .management_rows import MANAGEMENT_TIER
from .names import (
    management_switch_port,
    management_uplink_port,
    network_aggregation,
    rack_name,
    tray_device,
    unit_prefix,
)
from .network_racks import NetworkRack
from .row import CableRow

CORE = "core"


def group_racks(racks: list[NetworkRack], rows: int) -> list[list[NetworkRack]]:
    """The network racks of each group: each floor row's in order (its extra racks last), then
    the core block's."""
    groups: list[list[NetworkRack]] = [[] for _ in range(rows + 1)]
    for rack in racks:
        groups[rows if rack.row == CORE else int(rack.row.removeprefix("row")) - 1].append(rack)
    return groups


def aggregation_racks(groups: list[list[NetworkRack]], aggregation: Aggregation) -> set[str]:
    """The network racks holding an aggregation switch."""
    return {
        racks[aggregation.rack_of(group, k)].name
        for group, racks in enumerate(groups)
        for k in range(aggregation.counts[group])
    }


def uplink_rows(
    cluster_id: str,
    design_racks: list[str],
    floor_of: Callable[[int], list[tuple[str, str]]],
    groups: list[list[NetworkRack]],
    aggregation: Aggregation,
    first: int,
    packing: Packing,
) -> Iterator[CableRow]:
    """Every link to an aggregation switch; `floor_of(c)` gives the hall and row of each design
    rack of copy `c`, `packing` its floor unit and how far its trays are raised there."""
    management = aggregation.management
    position = management.aggregation_position()
    fast = aggregation.uplink_gbps
    number = first
    for drop in aggregation.drops():
        racks = groups[drop.group]
        held = racks[aggregation.rack_of(drop.group, drop.aggregation)]
        if isinstance(drop.tray, int):
            rack = racks[drop.rack]
            device, a_position = rack.management_devices(management)[drop.tray]
            a_hall, a_row, a_rack = rack.hall, rack.row, rack.name
            tray = management.tray
        else:
            where = (cluster_id, design_racks, floor_of, packing)
            a_hall, a_row, a_rack, a_position, device = _tray_end(drop, drop.tray, *where)
            tray = drop.tray.tray
        a_port = management_uplink_port(0) if drop.uplink else own_port(aggregation.catalogue, tray)
        z_device = network_aggregation(held.name)
        z_port = management_switch_port(drop.port, fast)
        module = drop.module.id if drop.module else None
        number += 1
        cable_id = f"M-{number:07d}"
        yield CableRow(
            cable_id,
            1,
            MANAGEMENT_TIER,
            None,
            None,
            a_hall,
            a_row,
            a_rack,
            a_position,
            device,
            a_port,
            None,
            held.hall,
            held.row,
            held.name,
            position,
            z_device,
            z_port,
            module,
            drop.cable.id,
            drop.cable.cable_type,
            drop.length_m,
            drop.cable.length_m,
            f"{cable_id}.1 {device} {a_port} > {z_device} {z_port}",
        )


def _tray_end(
    drop: Drop,
    tray: PlacedTray,
    cluster_id: str,
    design_racks: list[str],
    floor_of: Callable[[int], list[tuple[str, str]]],
    packing: Packing,
) -> tuple[str, str, str, int, str]:
    """A compute rack's tray at a drop's far end: hall, row, rack, position and device."""
    assert drop.copy is not None  # a compute rack's tray has its copy
    a_rack = rack_name(unit_prefix(cluster_id, packing.unit_of(drop.copy)), design_racks[drop.rack])
    a_hall, a_row = floor_of(drop.copy)[drop.rack]
    slot, position = packing.slot(tray, packing.level(drop.copy))
    return a_hall, a_row, a_rack, position, tray_device(a_rack, slot)
