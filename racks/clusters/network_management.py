"""Out-of-band management in a cluster's network racks: each network rack holds management
switch trays at its top and, under them, room for one management aggregation switch
(`management_aggregation.py`); every box's management port, and the aggregation switch's where
the rack holds one, is cabled to the management trays by the in-rack rule of
`racks/management.py`.

The management tray is the catalogue's management tray of the network frame's unit standard
with the slowest ports (then the first by id), the one the compute designs use; the aggregation
tray is the one of that standard whose ports run at the management tray's uplink speed (the
most ports, then the first by id). A network rack holds `boxes_per_rack` boxes: the most that
fit beside the management trays they and the aggregation switch need (one port each,
`ceil((boxes + 1) / ports)` trays) and the aggregation tray. Box `s` (from 0, from the rack's
floor) takes port `s` over the trays' ports, in order, and the aggregation switch the port after
the last box's; a run is the height between the two centres plus the routing allowance. A
network rack is stocked with one cord, the shortest reaching its longest run (its lowest box to
its tray), so the cords are counted from the boxes and aggregation switches alone.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections import Counter
from itertools import accumulate

from ...components.cabling import Cable
from ...components.catalogue import Catalogue
from ...components.errors import InputError
from ...components.frames import RackFrame
from ...components.parts import ManagementSwitch
from ...components.records import record
from ...components.trays import TrayRole, TrayType
from ..management import cord, management_cords, run_m
from .floor_index import FloorIndex
from .sizing import leaf_count

FIELD = "floor.network_frame"


@record
class RackSlots:
    """Where a network rack's boxes and management trays stand."""

    tray: TrayType
    ports: int
    """Management ports of one tray."""
    trays: int
    """Management trays in each network rack."""
    boxes_per_rack: int
    box_units: int
    frame_units: int
    unit_m: float
    aggregation: TrayType | None
    """The aggregation tray a network rack has room for; None where the management tray has no
    uplinks."""

    def tray_position(self, index: int) -> int:
        """Unit position of management tray `index` (from 0): stacked at the rack's top."""
        return self.frame_units - (self.trays - index) * self.tray.height_units + 1

    def aggregation_position(self) -> int:
        """Unit position of the aggregation tray: right under the management trays."""
        height = self.aggregation.height_units if self.aggregation else 0
        return self.tray_position(0) - height

    def aggregation_port(self) -> tuple[int, int]:
        """(management tray, its port) of the aggregation switch: the port after the boxes'."""
        return self.port_of(self.boxes_per_rack)

    def aggregation_run_m(self) -> float:
        """The management run of the aggregation switch to its management tray."""
        height = self.aggregation.height_units if self.aggregation else 0
        tray = self.aggregation_port()[0]
        centre = self.aggregation_position() - 1 + height / 2
        return run_m(centre, self.tray_position(tray) - 1 + self.tray.height_units / 2, self.unit_m)

    def box_position(self, slot: int) -> int:
        """Unit position of the box in slot `slot` (from 0, from the rack's floor)."""
        return 1 + slot * self.box_units

    def port_of(self, slot: int) -> tuple[int, int]:
        """(management tray, its port), each from 0, of the box in slot `slot`."""
        return divmod(slot, self.ports)

    def run_m(self, slot: int) -> float:
        """The management run of the box in slot `slot`."""
        tray = self.port_of(slot)[0]
        box_centre = self.box_position(slot) - 1 + self.box_units / 2
        tray_centre = self.tray_position(tray) - 1 + self.tray.height_units / 2
        return run_m(box_centre, tray_centre, self.unit_m)


@record
class NetworkManagement(RackSlots):
    """The management of one network rack frame holding boxes of one height, with its cord."""

    cord: Cable


def network_management(
    catalogue: Catalogue, frame: RackFrame, box_units: int, file: str | None
) -> NetworkManagement:
    """The management of a network rack of `frame` holding boxes `box_units` high."""
    trays = management_trays(catalogue, frame.unit_standard)
    if not trays:
        raise InputError(
            file,
            FIELD,
            f"no management tray of unit standard {frame.unit_standard} in the catalogue",
        )
    tray = trays[0]
    ports = switch_ports(catalogue, tray)
    aggregation = _aggregation(catalogue, tray, trays)
    above = aggregation.height_units if aggregation else 0
    boxes = _boxes(frame.height_units, box_units, tray.height_units, ports, above)
    if ports < 1 or boxes < 1:
        raise InputError(
            file,
            FIELD,
            f"a {frame.height_units}-unit {frame.id} rack cannot hold a {box_units}-unit switch "
            f"box beside management tray {tray.id}",
        )
    slots = RackSlots(
        tray=tray,
        ports=ports,
        trays=math.ceil((boxes + (aggregation is not None)) / ports),
        boxes_per_rack=boxes,
        box_units=box_units,
        frame_units=frame.height_units,
        unit_m=frame.unit_mm / 1000,
        aggregation=aggregation,
    )
    longest = max(slots.run_m(s) for s in range(boxes))
    chosen = cord(management_cords(catalogue), longest, file, FIELD)
    return NetworkManagement(**vars(slots), cord=chosen)


def management_trays(catalogue: Catalogue, standard: str) -> list[TrayType]:
    """The catalogue's management trays of a unit standard, slowest ports first, then by id:
    the first is the one racks take for their management ports."""
    return sorted(
        (
            t
            for t in catalogue.trays.values()
            if t.role == TrayRole.MANAGEMENT and t.unit_standard == standard
        ),
        key=lambda t: (port_gbps(catalogue, t), t.id),
    )


def _switches(catalogue: Catalogue, tray: TrayType) -> list[tuple[int, ManagementSwitch]]:
    """A tray's management switches with their quantities."""
    return [
        (line.qty, part)
        for line in tray.parts
        if isinstance(part := catalogue.parts[line.part], ManagementSwitch)
    ]


def _aggregation(catalogue: Catalogue, tray: TrayType, trays: list[TrayType]) -> TrayType | None:
    """The aggregation tray for `tray`'s uplinks: ports at their speed, the most, then by id."""
    speeds = {part.uplink_gbps for _, part in _switches(catalogue, tray) if part.uplink_ports}
    fitting = [t for t in trays if speeds and port_gbps(catalogue, t) in speeds]
    return min(fitting, key=lambda t: (-switch_ports(catalogue, t), t.id), default=None)


def switch_ports(catalogue: Catalogue, tray: TrayType) -> int:
    """Ports of a management tray: its management switches'."""
    return sum(qty * part.ports for qty, part in _switches(catalogue, tray))


def port_gbps(catalogue: Catalogue, tray: TrayType) -> float:
    """The speed of a management tray's ports: its slowest management switch's."""
    return min((part.port_gbps for _, part in _switches(catalogue, tray)), default=0.0)


def _boxes(units: int, box_units: int, tray_units: int, ports: int, above: int) -> int:
    """The most boxes that fit in `units` beside the management trays they need (and one port
    and `above` units for an aggregation switch where `above`)."""
    if ports < 1:
        return 0
    extra = 1 if above else 0
    boxes = units // box_units
    while boxes > 0 and (
        boxes * box_units + math.ceil((boxes + extra) / ports) * tray_units + above > units
    ):
        boxes -= 1
    return boxes


@record
class LeafFloor:
    """What places the leaves in rows: the floor, each floor rack's NIC ports, and the leaves'
    rails, down ports and count in one plane."""

    index: FloorIndex
    rack_endpoints: tuple[int, ...]
    rails: int
    down_ports: int
    leaves_per_plane: int
    planes: int
    racks_per_building: int
    """Floor racks of one building: each building's leaves fill from its first rack."""


def network_rack_count(
    leaves: LeafFloor,
    row_racks: tuple[int, ...],
    core_racks: int,
    upper_boxes: int,
    boxes_per_rack: int,
) -> tuple[tuple[int, ...], int]:
    """Network racks as the run list places the boxes (`racks/cabling/places.py`), per row and
    in the core block: a leaf in the row of its first NIC port's rack, each row's network racks
    then extra racks past them, and the core block (more racks where the upper tiers need
    them)."""
    rails, per = max(1, leaves.rails), leaves.racks_per_building
    in_row: Counter[int] = Counter()
    for first in range(0, len(leaves.rack_endpoints), per):
        ends = leaves.rack_endpoints[first : first + per]
        starts = list(accumulate((n // rails for n in ends), initial=0))[:-1]
        count = leaves.leaves_per_plane
        if per < len(leaves.rack_endpoints):
            count = leaf_count(sum(ends), leaves.down_ports, rails)
        for leaf in range(count):
            rack = first + bisect_right(starts, leaf // rails * leaves.down_ports) - 1
            in_row[leaves.index.locate(rack)[1]] += leaves.planes
    rows = tuple(max(n, math.ceil(in_row[row] / boxes_per_rack)) for row, n in enumerate(row_racks))
    core = max(core_racks, math.ceil(upper_boxes / boxes_per_rack)) if upper_boxes else core_racks
    return rows, core
