"""A cluster's network racks: the switch boxes each holds, its management switch trays and the
boxes' and aggregation switch's management cables (the rule of
`clusters/network_management.py`), for the run list and the DCIM export alike. Racks come in
the floor's order: each row's network racks, then the core block, then extra racks where a
row's leaves overflow."""

from __future__ import annotations

from collections.abc import Iterator

from ...components.network_os import os_naming
from ...components.records import record
from ..clusters.cluster_analysis import ClusterAnalysis
from ..clusters.network_management import NetworkManagement
from ..management import BMC_PORT, own_port
from .management_rows import MANAGEMENT_TIER
from .names import (
    core_rack,
    leaf_rack,
    management_switch_port,
    network_aggregation,
    network_management,
)
from .places import Place, floor_index, hall_name, row_name
from .row import CableRow


@record
class Box:
    """A switch box in a network rack: its tier's role, its index in the tier, place and name."""

    role: str
    index: int
    place: Place
    device: str


@record
class NetworkRack:
    """One network rack: where it stands and its boxes, lowest first."""

    name: str
    hall: str
    row: str
    boxes: tuple[Box, ...]

    def management_devices(self, management: NetworkManagement) -> list[tuple[str, int]]:
        """Name and unit position of each management tray."""
        return [
            (network_management(self.name, k), management.tray_position(k))
            for k in range(management.trays)
        ]


def network_racks(
    cluster: ClusterAnalysis,
    roles: tuple[str, ...],
    places: list[list[Place]],
    devices: list[list[str]],
) -> list[NetworkRack]:
    """Every network rack of the cluster with the boxes the run list places in it."""
    floor, index = cluster.floor, floor_index(cluster)
    core_hall = hall_name(0) if floor.halls == 1 else "core"
    where: dict[str, tuple[str, str]] = {
        leaf_rack(cluster.id, row, k): (hall_name(index.hall_of_row(row)), row_name(row))
        for row, n in enumerate(floor.row_network_racks)
        for k in range(n)
    }
    where |= {core_rack(cluster.id, k): (core_hall, "core") for k in range(floor.core_racks)}
    boxes: dict[str, list[Box]] = {name: [] for name in where}
    for role, tier_places, tier_devices in zip(roles, places, devices, strict=True):
        for k, (place, name) in enumerate(zip(tier_places, tier_devices, strict=True)):
            where.setdefault(place.rack, (place.hall, place.row))
            boxes.setdefault(place.rack, []).append(Box(role, k, place, name))
    return [
        NetworkRack(
            name,
            *where[name],
            tuple(sorted(held, key=lambda b: b.place.position)),
        )
        for name, held in boxes.items()
    ]


@record
class OwnPorts:
    """The management ports a network rack's cables leave from, as the switches' OSes name
    them: a switch box's, and the management aggregation switch's."""

    box: str
    aggregation: str


def own_ports(cluster: ClusterAnalysis) -> OwnPorts:
    """A cluster's switch box's and management aggregation switch's own management ports."""
    tray = cluster.sizer.management.aggregation
    box = os_naming(cluster.switch.network_os).management_port
    return OwnPorts(box, BMC_PORT if tray is None else own_port(cluster.catalogue, tray))


def management_rows(
    racks: list[NetworkRack],
    management: NetworkManagement,
    first: int,
    aggregated: set[str],
    ports: OwnPorts,
) -> Iterator[CableRow]:
    """Each box's management cable to its rack's management switch, then the aggregation
    switch's where the rack is in `aggregated`; cable ids `M-NNNNNNN` numbered on from
    `first`."""
    number = first
    runs: dict[int, float] = {}  # per slot: alike in every network rack
    for rack in racks:
        trays = rack.management_devices(management)
        ends = [
            (box.place.position, box.device, ports.box, management.port_of(slot), slot)
            for box in rack.boxes
            for slot in [(box.place.position - 1) // management.box_units]
        ]
        if rack.name in aggregated:
            device = network_aggregation(rack.name)
            at = management.aggregation_position()
            ends.append((at, device, ports.aggregation, management.aggregation_port(), -1))
        for position, device, port, (tray, z), slot in ends:
            if slot not in runs:
                runs[slot] = management.run_m(slot) if slot >= 0 else management.aggregation_run_m()
            number += 1
            yield _row(number, rack, position, device, port, trays[tray], z, management, runs[slot])


def _row(
    number: int,
    rack: NetworkRack,
    position: int,
    device: str,
    port: str,
    tray: tuple[str, int],
    z: int,
    management: NetworkManagement,
    run: float,
) -> CableRow:
    """A management cable within a network rack to port `z` of management tray `tray`."""
    cord = management.cord
    cable_id = f"M-{number:07d}"
    z_device, z_position = tray
    z_port = management_switch_port(z)
    return CableRow(
        cable_id,
        1,
        MANAGEMENT_TIER,
        None,
        None,
        rack.hall,
        rack.row,
        rack.name,
        position,
        device,
        port,
        None,
        rack.hall,
        rack.row,
        rack.name,
        z_position,
        z_device,
        z_port,
        None,
        cord.id,
        cord.cable_type,
        run,
        cord.length_m,
        f"{cable_id}.1 {device} {port} > {z_device} {z_port}",
    )
