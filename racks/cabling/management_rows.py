"""A design's management cables as run-list rows: for a design alone, or for each copy of it
in a cluster. Tier 0, no plane or rail; cable ids `M-NNNNNNN`, numbered over the whole list."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from ..built import BuiltDesign
from ..clusters.packing import ALONE, Packing
from ..management import CORD_TYPE, own_port, rack_management
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
            for link in plan.links:
                number += 1
                cable_id = f"M-{number:07d}"
                a_slot, a_position = packing.slot(link.tray, level)
                z_slot, z_position = packing.slot(link.switch, level)
                a_device = tray_device(name, a_slot)
                z_device = tray_device(name, z_slot)
                z_port = management_switch_port(link.port)
                a_port = own_port(self.catalogue, link.tray.tray)
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
