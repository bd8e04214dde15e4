"""In-rack management cabling: each BMC to a port of the rack's management switch.

One rule, used by the BOM, the run list and the DCIM export: the trays with a BMC (compute trays
and servers, and switch trays), in the rack's order, each take the next free port of the rack's
management switches (management trays in the rack's order, their ports in order); trays past the
last port stay uncabled. A run is the height between the two trays' centres plus `ROUTING_M` to
the rack's side channel and back; its cord is the shortest Cat6 cable in the catalogue that
reaches it (source `assume-management-cords`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..components.cabling import Cable
from ..components.catalogue import Catalogue
from ..components.errors import InputError
from ..components.parts import ManagementSwitch
from ..components.trays import TrayRole
from .built import BuiltDesign, BuiltRack, PlacedTray

BMC_ROLES = (TrayRole.COMPUTE, TrayRole.SWITCH)
"""Tray roles with a BMC (management) port."""
ROUTING_M = 1.0
"""Metres a management run adds to the height between its trays (assume-management-cords)."""
CORD_TYPE = "cat6"


@dataclass(frozen=True)
class ManagementLink:
    """One BMC cabled to one management switch port."""

    tray: PlacedTray
    switch: PlacedTray
    port: int
    """The port of the switch tray, from 0 over its management switches' ports."""
    run_m: float
    cable: Cable


@dataclass(frozen=True)
class RackManagement:
    """A rack's management links and the managed trays left without a port."""

    links: tuple[ManagementLink, ...]
    uncabled: tuple[PlacedTray, ...]

    def cables(self) -> Counter[str]:
        """Cords by part id."""
        return Counter(link.cable.id for link in self.links)


def switch_ports(design: BuiltDesign, tray: PlacedTray) -> int:
    """Management ports of a tray: its management switches' ports."""
    return sum(
        line.qty * part.ports
        for line in tray.tray.parts
        if isinstance(part := design.part(line.part), ManagementSwitch)
    )


def rack_management(design: BuiltDesign, rack: BuiltRack) -> RackManagement:
    """The management links of one rack, by the rule above."""
    ports = [
        (tray, port)
        for tray in rack.trays
        if tray.tray.role == TrayRole.MANAGEMENT
        for port in range(switch_ports(design, tray))
    ]
    managed = [t for t in rack.trays if t.tray.role in BMC_ROLES]
    unit_m = rack.frame.unit_mm / 1000
    cords = management_cords(design.catalogue) if ports and managed else []
    field = f"racks(name={rack.name}).trays"
    links = []
    for tray, (switch, port) in zip(managed, ports, strict=False):
        run = run_m(_centre(tray), _centre(switch), unit_m)
        links.append(ManagementLink(tray, switch, port, run, cord(cords, run, design.file, field)))
    return RackManagement(tuple(links), tuple(managed[len(ports) :]))


def run_m(a_centre: float, b_centre: float, unit_m: float) -> float:
    """A management run between two centres (in units from the floor): the height between
    them plus `ROUTING_M`."""
    return round(abs(a_centre - b_centre) * unit_m + ROUTING_M, 2)


def _centre(tray: PlacedTray) -> float:
    """A tray's centre, in units from the rack's floor."""
    return tray.position - 1 + tray.tray.height_units / 2


def management_cords(catalogue: Catalogue) -> list[Cable]:
    """The catalogue's management cords, shortest first."""
    cords = [
        p for p in catalogue.parts.values() if isinstance(p, Cable) and p.cable_type == CORD_TYPE
    ]
    return sorted(cords, key=lambda c: (c.length_m, c.id))


def cord(cords: list[Cable], run: float, file: str | None, field: str) -> Cable:
    """The shortest cord reaching `run`; InputError naming `file` and `field` where none does."""
    for candidate in cords:
        if candidate.length_m >= run:
            return candidate
    longest = f"the longest is {cords[-1].length_m:g} m" if cords else "there is none"
    raise InputError(
        file,
        field,
        f"a management run of {run:g} m needs a Cat6 cable (kind cable, cable_type cat6) that "
        f"long in the catalogue; {longest}",
    )
