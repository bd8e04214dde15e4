"""A tier's links grouped by the switch cage their breakout cable holds, by counts.

A breakout cable's legs are the sub-ports of one cage of one switch: at a leaf, the NIC ports
of a rail landing on one cage (sub-ports `c * split` to `c * split + split - 1` of the leaf's
downlinks); above the leaves, one cage of a lower switch's uplinks (its busier end, tied with
the upper end's, and the block the run list walks), each leg to the upper switch the spread
gives it. A cable is as long as its longest leg: every leg of it is cut to that length, the
length the BOM bins it by. A cage whose legs stand at one length is one run of that length; one
whose legs span racks (or the floor model's lengths) takes the longest. Counted from runs of
links, never link by link, so a fabric option is sized in time proportional to its racks and
switches.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable

from ...components.records import record
from .floor import FloorLayout, Lengths
from .floor_index import FloorIndex
from .uplinks import PlaneShape


@record
class CageRun:
    """Cages of one length with as many legs each."""

    length_m: float
    legs: int
    cages: int

    @property
    def links(self) -> int:
        """Links the cages hold."""
        return self.legs * self.cages

    def cables(self, legs_per_cable: int) -> int:
        """Cables the cages take where one cable carries `legs_per_cable` legs: a cage's legs
        never share a cable with another cage's."""
        return self.cages * math.ceil(self.legs / legs_per_cable)


def cage_runs(
    blocks: Iterable[tuple[int, int]], lengths: Iterable[tuple[float, int]], split: int
) -> Counter[tuple[float, int]]:
    """Cages by (length, legs) of one stream of links: `blocks` are the switches' (links, first
    sub-port) in the stream's order, `lengths` (length, links) the links' lengths in the same
    order; a cage is `split` sub-ports of one switch, as long as its longest link."""
    out: Counter[tuple[float, int]] = Counter()
    runs = ((length, n) for length, n in lengths if n)
    length, left = 0.0, 0
    for count, first in blocks:
        done = 0
        while done < count:
            if not left:
                length, left = next(runs)
            offset = (first + done) % split
            whole = min(left, count - done) // split if offset == 0 else 0
            if whole:
                out[(length, split)] += whole
                done += whole * split
                left -= whole * split
                continue
            legs = min(count - done, split - offset)
            longest, need = length, legs
            while need:
                if not left:
                    length, left = next(runs)
                    longest = max(longest, length)
                taken = min(left, need)
                left, need = left - taken, need - taken
            out[(longest, legs)] += 1
            done += legs
    return out


def as_runs(cages: Counter[tuple[float, int]], times: int = 1) -> tuple[CageRun, ...]:
    """Counted cages as runs, shortest first, each count times `times`."""
    return tuple(CageRun(length, legs, n * times) for (length, legs), n in sorted(cages.items()))


def fabric_cages(
    shape: PlaneShape,
    planes: int,
    floor: FloorLayout,
    index: FloorIndex,
    racks: RackPorts,
) -> tuple[tuple[CageRun, ...], ...]:
    """Every tier's cages, leaves first, over all planes (each plane alike below the leaves'
    uplinks; the floor model's lengths into an upper tier run on over the planes in order)."""
    split = racks.split
    out = [as_runs(_leaf_cages(shape, floor, index, racks), planes)]
    for spread in shape.spreads():
        first_up = shape.downs[spread.tier - 2]
        blocks = ((ups, first_up) for _ in range(planes) for ups in spread.ups)
        lengths: Lengths = floor.lengths[spread.tier - 1]
        out.append(as_runs(cage_runs(blocks, lengths, split)))
    return tuple(out)


@record
class RackPorts:
    """The compute racks' NIC ports as the leaves take them."""

    ports: tuple[int, ...]
    """Each floor rack's NIC ports (one plane)."""
    per_building: int
    """Floor racks in a building."""
    ends_m: float
    """Rises and slack of a link out of a rack."""
    split: int
    """Sub-ports of one switch cage at the plane's speed."""


def _leaf_cages(
    shape: PlaneShape, floor: FloorLayout, index: FloorIndex, racks: RackPorts
) -> Counter[tuple[float, int]]:
    """One plane's cages of links into the leaves: per building and rail, the rail's NIC ports
    rack by rack over the rail's leaves (each rack's ports spread evenly over the rails)."""
    rails, down = max(1, shape.rails), shape.downs[0]
    out: Counter[tuple[float, int]] = Counter()
    for start in range(0, len(racks.ports), racks.per_building):
        building = range(start, min(start + racks.per_building, len(racks.ports)))
        per_rail = sum(racks.ports[f] for f in building) // rails
        lengths = [
            (_length(floor, index, f, racks.ends_m), racks.ports[f] // rails) for f in building
        ]
        leaves = [(min(down, per_rail - first), 0) for first in range(0, per_rail, down)]
        for cages, n in cage_runs(leaves, lengths, racks.split).items():
            out[cages] += n * rails
    return out


def _length(floor: FloorLayout, index: FloorIndex, rack: int, ends_m: float) -> float:
    _, row, position = index.locate(rack)
    return floor.rack_length_m(row, position, ends_m)
