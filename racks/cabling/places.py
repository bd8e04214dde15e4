"""Where each device of a cluster stands: hall, row, rack and unit position.

Compute racks fill halls of `racks_per_hall`, each hall rows of `racks_per_row`, in floor order
(as `clusters/floor.py` and `clusters/halls.py` lay them out). Switch boxes spread evenly over
the network racks, leaves over the rows' network racks and the upper tiers over the core block,
in order (extra racks where the floor's unit count leaves a box over); the DCIM export places
them here too.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from ..clusters.cluster_analysis import ClusterAnalysis
from ..clusters.floor_index import FloorIndex
from .names import core_rack, extra_rack, leaf_rack


class Place(NamedTuple):
    """A device's place on the floor."""

    hall: str
    row: str
    rack: str
    position: int


def building_name(index: int) -> str:
    """Building `index` (from 0) of a campus."""
    return f"bldg{index + 1:02d}"


def hall_name(index: int) -> str:
    """Hall `index` (from 0)."""
    return f"hall{index + 1:02d}"


def row_name(index: int) -> str:
    """Floor row `index` (from 0), counted over all halls."""
    return f"row{index + 1:02d}"


def floor_index(cluster: ClusterAnalysis) -> FloorIndex:
    """The cluster's floor as an index."""
    floor = cluster.floor
    return FloorIndex(
        racks_per_hall=cluster.sizer.racks_per_hall,
        racks_per_row=cluster.spec.floor.racks_per_row,
        halls=floor.halls,
        halls_per_building=cluster.sizer.halls_per_building,
    )


def copy_floor(cluster: ClusterAnalysis, index: FloorIndex, copy: int) -> list[tuple[str, str]]:
    """Hall and row of each design rack of copy `copy` (from 0): its floor unit's racks, in
    floor order (several copies of a one-rack design share one floor rack)."""
    racks = len(cluster.rack.design.racks)
    first = cluster.packing.unit_of(copy) * racks
    return [
        (hall_name(hall), row_name(row))
        for hall, row, _ in map(index.locate, range(first, first + racks))
    ]


def switch_places(cluster: ClusterAnalysis, leaf_racks: list[int]) -> list[list[Place]]:
    """Per tier, leaves first: the place of each switch, numbered plane by plane.

    A leaf stands in the network racks of the row of its first compute rack (`leaf_racks`, floor
    rack per leaf), filling them in order, then extra racks at the row's end where they are full.
    The upper tiers spread evenly over the core block's racks, in order.
    """
    floor, switch, cid = cluster.floor, cluster.switch, cluster.id
    index = floor_index(cluster)
    per_rack = cluster.sizer.management.boxes_per_rack
    height = switch.height_units
    filled: dict[int, int] = {}
    leaves = []
    for rack in leaf_racks:
        hall, row, _ = index.locate(rack)
        slot = filled.get(row, 0)
        filled[row] = slot + 1
        net, at = divmod(slot, per_rack)
        count = floor.row_network_racks[row]
        name = leaf_rack(cid, row, net) if net < count else extra_rack(cid, row, net - count)
        leaves.append(Place(hall_name(hall), row_name(row), name, 1 + at * height))
    out = [leaves]
    upper = [p.switches for p in cluster.plans[1:]]
    boxes = sum(upper)
    if boxes:
        core_hall = hall_name(0) if floor.halls == 1 else "core"
        racks = max(floor.core_racks, math.ceil(boxes / per_rack))
        fill = math.ceil(boxes / racks)
        places = [
            Place(core_hall, "core", core_rack(cid, box // fill), 1 + (box % fill) * height)
            for box in range(boxes)
        ]
        start = 0
        for count in upper:
            out.append(places[start : start + count])
            start += count
    return out
