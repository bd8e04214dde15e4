"""In-rack management cabling: each BMC and each management switch's own management port to a
port of the rack's management switches, and each management switch's uplink.

One rule, used by the BOM, the run list and the DCIM export: the trays with a BMC (compute trays
and servers, and switch trays), in the rack's order, each take the next free port of the rack's
management switches (management trays in the rack's order, their ports in order); then each
management tray's own management port takes the first free port of another management tray of
the rack, so two management switches manage each other. Trays past the last port stay uncabled.
A management tray with uplink ports uplinks once, out of the rack (`uplinks`); one alone in its
rack has its own management port cabled out of the rack too (`lone`): in a cluster both land on
the management aggregation (`racks/clusters/management_aggregation.py`), a design alone counts
them as leaving the system. A run is the height between the two trays' centres plus `ROUTING_M`
to the rack's side channel and back; its cord is the shortest Cat6 cable in the catalogue that
reaches it (source `assume-management-cords`).
"""

from __future__ import annotations

from collections import Counter

from ..components.cabling import Cable
from ..components.catalogue import Catalogue
from ..components.errors import InputError
from ..components.network_os import OsNaming, os_naming
from ..components.parts import ManagementSwitch
from ..components.records import record
from ..components.trays import TrayPart, TrayRole, TrayType
from .built import BuiltDesign, BuiltRack, PlacedTray

BMC_ROLES = (TrayRole.COMPUTE, TrayRole.SWITCH)
"""Tray roles with a BMC (management) port."""
ROUTING_M = 1.0
"""Metres a management run adds to the height between its trays (assume-management-cords)."""
CORD_TYPE = "cat6"
BMC_PORT = "bmc"
"""A compute tray's, server's or switch tray's management (BMC) port."""


@record
class ManagementLink:
    """One BMC, or one management switch's own management port, cabled to one management switch
    port."""

    tray: PlacedTray
    switch: PlacedTray
    port: int
    """The port of the switch tray, from 0 over its management switches' ports."""
    run_m: float
    cable: Cable


@record
class RackManagement:
    """A rack's management links, the managed trays left without a port, and what leaves the
    rack: each management tray's uplink, and the own management port of a lone one."""

    links: tuple[ManagementLink, ...]
    uncabled: tuple[PlacedTray, ...]
    uplinks: tuple[PlacedTray, ...] = ()
    """Management trays with uplink ports, each uplinked once out of the rack."""
    lone: tuple[PlacedTray, ...] = ()
    """Management trays whose own management port leaves the rack (no other one in it)."""

    @property
    def leaving(self) -> int:
        """Links out of the rack: uplinks and lone management ports."""
        return len(self.uplinks) + len(self.lone)

    def leaving_trays(self) -> tuple[tuple[bool, tuple[PlacedTray, ...]], ...]:
        """The trays whose links leave the rack, as (uplink?, trays): the uplinks, then the
        lone tray's own management port."""
        return ((True, self.uplinks), (False, self.lone))

    def cables(self) -> Counter[str]:
        """Cords by part id."""
        return Counter(link.cable.id for link in self.links)


def switch_ports(design: BuiltDesign, tray: PlacedTray) -> int:
    """Management ports of a tray: its management switches' ports."""
    return sum(line.qty * part.ports for line, part in _switches(design, tray))


def switch_uplinks(design: BuiltDesign, tray: PlacedTray) -> int:
    """Uplink ports of a tray: its management switches' uplink ports."""
    return sum(line.qty * part.uplink_ports for line, part in _switches(design, tray))


def switch_os(catalogue: Catalogue, tray: TrayType) -> OsNaming | None:
    """The operating system of a management tray's switch (its first), or None for a tray
    without one."""
    parts = (catalogue.parts.get(line.part) for line in tray.parts)
    switch = next((p for p in parts if isinstance(p, ManagementSwitch)), None)
    return None if switch is None else os_naming(switch.network_os)


def own_port(catalogue: Catalogue, tray: TrayType) -> str:
    """A tray's own management port: a management switch's as its OS names it, else `bmc`."""
    naming = switch_os(catalogue, tray)
    return BMC_PORT if naming is None else naming.management_port


def _switches(design: BuiltDesign, tray: PlacedTray) -> list[tuple[TrayPart, ManagementSwitch]]:
    return [
        (line, part)
        for line in tray.tray.parts
        if isinstance(part := design.part(line.part), ManagementSwitch)
    ]


def rack_management(design: BuiltDesign, rack: BuiltRack) -> RackManagement:
    """The management links of one rack, by the rule above."""
    switches = [t for t in rack.trays if t.tray.role == TrayRole.MANAGEMENT]
    ports = [(tray, port) for tray in switches for port in range(switch_ports(design, tray))]
    managed = [t for t in rack.trays if t.tray.role in BMC_ROLES]
    pairs = list(zip(managed, ports, strict=False))
    free = ports[len(pairs) :]
    uncabled = managed[len(pairs) :]
    lone = switches if len(switches) == 1 else []
    for tray in switches if len(switches) > 1 else []:
        other = next((p for p in free if p[0] is not tray), None)
        if other is None:
            uncabled.append(tray)
            continue
        free.remove(other)
        pairs.append((tray, other))
    unit_m = rack.frame.unit_mm / 1000
    cords = management_cords(design.catalogue) if pairs else []
    field = f"racks(name={rack.name}).trays"
    links = []
    for tray, (switch, port) in pairs:
        run = run_m(_centre(tray), _centre(switch), unit_m)
        links.append(ManagementLink(tray, switch, port, run, cord(cords, run, design.file, field)))
    uplinks = tuple(t for t in switches if switch_uplinks(design, t))
    return RackManagement(tuple(links), tuple(uncabled), uplinks, tuple(lone))


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
