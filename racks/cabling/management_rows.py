"""A design's management cables as run-list rows: for a design alone, or for each copy of it
in a cluster. Tier 0, no plane or rail; cable ids `M-NNNNNNN`, numbered over the whole list."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from functools import partial

from ...components.catalogue import Catalogue
from ..built import BuiltDesign, PlacedTray
from ..management import CORD_TYPE, ManagementLink, own_port, rack_management
from ..packing import ALONE, Packing
from .names import management_switch_port, rack_name, tray_device
from .row import CableRow

MANAGEMENT_TIER = 0
"""The tier of in-rack management cables (the fabric's tiers count from 1)."""
DESIGN_FLOOR = [("hall01", "row01")]
"""Where a design alone stands: one hall, one row."""


def joined(row: CableRow) -> str:
    """A row as a CSV line of plain names."""
    return ",".join(["" if v is None else str(v) for v in row]) + "\n"


class ManagementRows:
    """The management links of every rack of one design."""

    def __init__(self, design: BuiltDesign) -> None:
        self.racks = [(rack, rack_management(design, rack)) for rack in design.racks]
        self.catalogue = design.catalogue
        self.per_copy = sum(len(plan.links) for _, plan in self.racks)
        """Management cables of one copy of the design."""
        self.leaving = sum(plan.leaving for _, plan in self.racks)
        """Management links out of one copy's racks: uplinks and lone management ports."""

    def cables(self) -> Counter[str]:
        """Cords of one copy by part id."""
        out: Counter[str] = Counter()
        for _, plan in self.racks:
            out.update(plan.cables())
        return out

    def rows(
        self, prefix: str, where: list[tuple[str, str]], copy: int, packing: Packing = ALONE
    ) -> Iterator[CableRow]:
        """Rows of copy `copy` (from 0) of the design, its racks named under `prefix` and
        standing in `where` (hall and row per design rack), its trays where `packing` stacks
        them."""
        number = copy * self.per_copy
        level = packing.level(copy)
        for (rack, plan), (hall, row) in zip(self.racks, where, strict=True):
            name = rack_name(prefix, rack.name)
            place = partial(packing.slot, level=level)
            yield from link_rows(self.catalogue, plan.links, (hall, row, name), number, place)
            number += len(plan.links)


def link_rows(
    catalogue: Catalogue,
    links: tuple[ManagementLink, ...],
    where: tuple[str, str, str],
    number: int,
    place: Callable[[PlacedTray], tuple[str, int]],
) -> Iterator[CableRow]:
    """Rows of one rack's management links, in `where` (hall, row and rack name), numbered on
    from `number`; `place(tray)` gives a tray's slot name and lowest unit where it stands."""
    hall, row, name = where
    for link in links:
        number += 1
        cable_id = f"M-{number:07d}"
        a_slot, a_position = place(link.tray)
        z_slot, z_position = place(link.switch)
        a_device = tray_device(name, a_slot)
        z_device = tray_device(name, z_slot)
        z_port = management_switch_port(link.port)
        a_port = own_port(catalogue, link.tray.tray)
        yield CableRow(
            cable_id,
            1,
            MANAGEMENT_TIER,
            None,
            None,
            hall,
            row,
            name,
            a_position,
            a_device,
            a_port,
            None,
            hall,
            row,
            name,
            z_position,
            z_device,
            z_port,
            None,
            link.cable.id,
            CORD_TYPE,
            link.run_m,
            link.cable.length_m,
            f"{cable_id}.1 {a_device} {a_port} > {z_device} {z_port}",
        )
