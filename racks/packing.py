"""Where each copy of the design stands on a cluster's floor: its floor unit and its units.

A floor unit is what the floor places as one: a copy of the design in its own racks, or, where
the hall's power and space let a one-rack design (an 8-GPU server) stand several to a floor
rack, one floor rack of `per` copies stacked in one frame. Copy `j` (from 0) of a floor rack
stands `j x span` units above the design's own positions, `span` being the units from the
design rack's lowest tray to the top of its highest; so its trays keep their order and spacing,
and the first copy stands where the design puts it.
"""

from __future__ import annotations

from ..components.records import record
from ..components.trays import TrayType
from .built import BuiltRack, PlacedTray


@record
class Stack:
    """How a one-rack design's trays stack in its frame: their lowest unit and the units from it
    to the top of the highest."""

    bottom: int
    span: int

    def fits(self, frame_units: int) -> int:
        """Copies that stack in a frame of `frame_units` units."""
        return (frame_units - self.bottom + 1) // self.span


def stack_of(rack: BuiltRack) -> Stack:
    """A design rack's trays as one copy of it stacks."""
    bottom = min(t.position for t in rack.trays)
    return Stack(bottom, max(t.top for t in rack.trays) - bottom + 1)


@record
class Packing:
    """The cluster's copies on its floor units: `per` to a floor rack (1: each copy stands in its
    own racks), each raised `span` units above the one under it."""

    copies: int
    per: int
    span: int

    @property
    def units(self) -> int:
        """Floor units: the copies, or the floor racks they are packed into."""
        return -(-self.copies // self.per)

    def unit_of(self, copy: int) -> int:
        """The floor unit copy `copy` (from 0) stands in."""
        return copy // self.per

    def unit_copies(self, unit: int) -> range:
        """The copies standing in floor unit `unit`, bottom up."""
        return range(unit * self.per, min((unit + 1) * self.per, self.copies))

    def level(self, copy: int) -> int:
        """How many copies stand under copy `copy` in its floor rack."""
        return copy % self.per

    def tops(self, copy: int) -> bool:
        """Whether copy `copy` is the last (the highest) of its floor unit."""
        return self.level(copy) == self.per - 1 or copy == self.copies - 1

    def slot(self, tray: PlacedTray, level: int) -> tuple[str, int]:
        """A design tray of the copy `level` copies up its floor rack's stack: its slot name and
        lowest unit there."""
        position = tray.position + level * self.span
        return f"{tray.unit_name}{position}", position


ALONE = Packing(1, 1, 0)
"""A design standing alone: one copy in its own racks."""


def stacked_rack(
    rack: BuiltRack, packing: Packing, copies: int, top: TrayType | None = None
) -> BuiltRack:
    """A floor rack of `copies` copies of a one-rack design's `rack` as they stand: each copy's
    trays in the design's order, copy by copy from the bottom, then `top` (a tray the floor rack
    adds) at the top of its frame, where given."""
    raised = [
        PlacedTray(t.rack, position, t.tray, t.unit_name)
        for level in range(copies)
        for t in rack.trays
        for position in [packing.slot(t, level)[1]]
    ]
    if top is not None:
        unit = rack.frame.height_units - top.height_units + 1
        raised.append(PlacedTray(rack.name, unit, top, rack.trays[0].unit_name))
    return BuiltRack(rack.spec, rack.frame, raised, list(rack.items) * copies)
