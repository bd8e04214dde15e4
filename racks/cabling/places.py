"""Where each device of a cluster stands: hall, row, rack and unit position.

Compute racks fill halls of `racks_per_hall`, each hall rows of `racks_per_row`, in floor order
(as `clusters/floor.py` and `clusters/halls.py` lay them out). Switch boxes spread evenly over
the network racks, leaves over the rows' network racks and the upper tiers over the core block,
in the order the DCIM export places them (extra racks where the floor's unit count leaves a box
over).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..clusters.analysis import ClusterAnalysis
from .names import core_rack, leaf_rack


@dataclass(frozen=True)
class Place:
    """A device's place on the floor."""

    hall: str
    row: str
    rack: str
    position: int


def hall_name(index: int) -> str:
    """Hall `index` (from 0)."""
    return f"hall{index + 1:02d}"


def row_name(index: int) -> str:
    """Floor row `index` (from 0), counted over all halls."""
    return f"row{index + 1:02d}"


@dataclass(frozen=True)
class FloorIndex:
    """Floor rack `f` (from 0) to its hall, row and position in the row."""

    racks_per_hall: int
    racks_per_row: int
    halls: int

    @property
    def rows_per_hall(self) -> int:
        """Rows of a full hall."""
        return math.ceil(self.racks_per_hall / self.racks_per_row)

    def locate(self, rack: int) -> tuple[int, int, int]:
        """(hall, row over all halls, position in the row), each from 0."""
        if self.halls == 1:
            row, position = divmod(rack, self.racks_per_row)
            return 0, row, position
        hall, in_hall = divmod(rack, self.racks_per_hall)
        row, position = divmod(in_hall, self.racks_per_row)
        return hall, hall * self.rows_per_hall + row, position

    def hall_of_row(self, row: int) -> int:
        """The hall a floor row stands in."""
        return 0 if self.halls == 1 else row // self.rows_per_hall


def floor_index(cluster: ClusterAnalysis) -> FloorIndex:
    """The cluster's floor as an index."""
    floor = cluster.floor
    return FloorIndex(
        racks_per_hall=cluster.sizer.racks_per_hall,
        racks_per_row=cluster.spec.floor.racks_per_row,
        halls=floor.halls,
    )


def switch_places(cluster: ClusterAnalysis) -> list[list[Place]]:
    """Per tier, leaves first: the place of each switch, numbered plane by plane."""
    floor, switch = cluster.floor, cluster.switch
    index = floor_index(cluster)
    per_rack = max(1, cluster.network_frame.height_units // switch.height_units)
    leaf_racks = [
        (leaf_rack(row, k), row) for row, n in enumerate(floor.row_network_racks) for k in range(n)
    ]
    core_hall = hall_name(0) if floor.halls == 1 else "core"
    core = [(core_rack(k), -1) for k in range(floor.core_racks)]
    counts = [p.switches for p in cluster.plans]
    out: list[list[Place]] = []
    for racks, tiers in ((leaf_racks, counts[:1]), (core, counts[1:])):
        boxes = sum(tiers)
        fill = math.ceil(boxes / len(racks)) if boxes else 0
        if fill > per_rack:
            stem = racks[0][0].rsplit("-", 1)[0]
            extra = math.ceil(boxes / per_rack) - len(racks)
            racks = racks + [(f"{stem}-extra{k + 1}", racks[0][1]) for k in range(extra)]
            fill = per_rack
        places = []
        for box in range(boxes):
            name, row = racks[box // fill]
            hall = core_hall if row < 0 else hall_name(index.hall_of_row(row))
            where = "core" if row < 0 else row_name(row)
            places.append(Place(hall, where, name, 1 + (box % fill) * switch.height_units))
        start = 0
        for count in tiers:
            out.append(places[start : start + count])
            start += count
    return out
