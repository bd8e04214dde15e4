"""The cable run list of a cluster: every link port to port, with its cable, optics and length.

Ports are assigned by one rule for every cluster:

- NIC ports are taken in floor order (rack by rack, compute trays bottom up, each tray's scale-out
  NIC ports in order). A NIC port split into `P` planes gives one link per plane.
- In each plane, a NIC port on rail `r` with per-rail ordinal `o` (its tray's ordinal on a
  rail-optimised fabric, its own ordinal otherwise) lands on leaf `(o // d) * rails + r`, sub-port
  `o % d`, for `d` downlinks per leaf: rails land on their rail's leaves. A leaf's uplinks take the
  sub-ports after its `d` downlinks. Over several buildings, ordinals and leaves count within
  each building, and each building's upper switches take only its own links (`uplinks.py`).
- Uplinks spread evenly: counted switch by switch (within a pod, for a three-tier fabric's
  leaves), the `g`-th uplink of a tier lands on upper switch `g mod S`, sub-port `g div S`, for
  `S` upper switches; so each switch reaches consecutive upper switches and the upper switches'
  link counts differ by at most one.
- Sub-port `s` of a box broken out `k` ways is cage `s div k`, leg `s mod k`, named by the box's
  port naming (`Ethernet12/3`, `swp12s2`) or generically (`p12/3`).

Each row is one leg of a physical cable; a breakout cable's legs share its `cable_id` (leg 1 to
`k`) and stand in consecutive rows. One rule for every tier: a breakout cable's legs are the
sub-ports of one cage of one switch, where a cable's legs ride one module of `k` links (a
leaf's cage at tier 1; above, a lower switch's cage of uplinks, the ends being alike), so a
cable opens per cage (`CageFill`, which holds at most one open cage per rail and plane). A cable
is as long as its longest leg: every leg's `run_m` is that length, the one the BOM bins it by
(`clusters/cages.py` counts the same cages for the BOM); a transceiver serves `k` legs at its
end. Lengths are the floor model's: a leaf link runs from its rack to its row's network racks;
links into the upper tiers take the floor model's lengths in order, shortest first. The racks'
management cables (`management_rows.py`) come first, copy by copy, then the network racks' and
the links to the management aggregation (`management_uplinks.py`). Rows are generated lazily;
`lines` makes the same rows as CSV text from the same cables, built from blocks of links (a
rack's rail in one plane, a lower switch's uplinks), with no row object, for the streamed CSV.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Hashable, Iterator
from functools import cached_property
from itertools import chain

from ...components.cabling import Cable, Transceiver
from ...components.errors import InputError
from ...components.parts import Nic
from ...components.records import record
from ...components.trays import PartUse, TrayRole
from ..built import PlacedTray
from ..clusters.cluster_analysis import ClusterAnalysis
from ..clusters.links import LinkChooser, LinkEnd, legs_per_cable
from ..clusters.uplinks import Spread
from .management_rows import ManagementRows, joined, link_rows
from .management_uplinks import aggregation_racks, group_racks, uplink_rows
from .names import (
    is_aggregation,
    nic_port,
    rack_name,
    switch_device,
    tray_device,
    unit_prefix,
)
from .network_racks import NetworkRack, management_rows, network_racks, own_ports
from .places import (
    FloorIndex,
    Place,
    copy_floor,
    floor_index,
    hall_name,
    row_name,
    switch_places,
)
from .row import PLAIN, CableRow

End = tuple[str, str, str, int, str, str]
"""A device's end of links: hall, row, rack, position, device, and those five as CSV text."""
Link = tuple[float, int, int | None, End, str, End, str]
"""One link before its cable is chosen: length, plane, rail, then each end and its port (A below,
Z above)."""
Keyed = tuple[Hashable, int, list[Link]]
"""Consecutive links of one cage, with their stream and cage (`CageFill`)."""
Cabled = tuple[str, float, "LinkKind", list[Link]]
"""A cable: its id, length and kind, and its legs in order."""
UpperBlock = tuple[int, int | None, End, int, int, int, int]
LeafBlock = tuple[float, int, int | None, int, list[tuple[End, list[str], int, int]]]


def end_at(place: Place, device: str) -> End:
    """A device at a place, with its CSV text made once."""
    hall, row, rack, position = place
    return (hall, row, rack, position, device, f"{hall},{row},{rack},{position},{device}")


@record
class LinkKind:
    """What a link of one tier and length gets: its cable, the module at each end, and the links
    one cable carries."""

    cable: Cable
    a_module: Transceiver | None
    z_module: Transceiver | None
    legs: int

    def fields(self) -> tuple[str | None, str | None, str, str, float]:
        """The row's module, cable and length fields."""
        a = self.a_module.id if self.a_module else None
        z = self.z_module.id if self.z_module else None
        return a, z, self.cable.id, self.cable.cable_type, self.cable.length_m

    def texts(self, run_m: float) -> tuple[str, str, str]:
        """The same as CSV text: the A module, the Z module, and cable part to cable length."""
        a, z, part, kind, cable_m = self.fields()
        return a or "", z or "", f"{part},{kind},{run_m},{cable_m}"


class CageFill:
    """A tier's cables, one per cage: links arrive in streams (a rail in one plane, a tier's
    uplinks), in runs of one cage; a stream's cage closes when it is full or the next
    link is another cage's, and its legs become one cable as long as its longest leg (as many
    cables as its kind carries legs, where a module has several connectors)."""

    def __init__(self, tier: int, kind: Callable[[int, float], LinkKind], split: int) -> None:
        self.tier = tier
        self.kind = kind
        self.split = split
        self.opened = 0

    def cables(self, links: Iterator[Keyed]) -> Iterator[Cabled]:
        """The links' cables, each once its cage closes, then those left open."""
        held: dict[Hashable, tuple[int, list[Link]]] = {}
        split, close = self.split, self._close
        for stream, cage, run in links:
            open_cage = held.get(stream)
            if open_cage is not None and open_cage[0] == cage:
                legs = open_cage[1]
                legs += run
            else:
                if open_cage is not None:
                    yield from close(open_cage[1])
                legs = run
                held[stream] = (cage, legs)
            if len(legs) == split:
                del held[stream]
                yield from close(legs)
        for _, legs in held.values():
            yield from close(legs)

    def _close(self, legs: list[Link]) -> Iterator[Cabled]:
        length = max([link[0] for link in legs])
        kind = self.kind(self.tier, length)
        for start in range(0, len(legs), kind.legs):
            self.opened += 1
            yield f"T{self.tier}-{self.opened:07d}", length, kind, legs[start : start + kind.legs]


@record
class Endpoint:
    """A scale-out NIC port in a design rack."""

    slot: str
    position: int
    port: int
    rail: int


@record
class Ends:
    """A tier's two link ends."""

    lower: LinkEnd
    upper: LinkEnd


class RunList:
    """The run list of one cluster, generated on demand."""

    def __init__(self, cluster: ClusterAnalysis) -> None:
        self.cluster = cluster
        fabric = cluster.fabric
        self.planes = fabric.choice.planes
        self.tiers = fabric.choice.tiers
        self.gbps = fabric.choice.plane_gbps
        self.radix = fabric.radix
        self.split = cluster.switch.split_at(self.gbps)
        self.roles = fabric.roles
        self.rails = cluster.unit.rails if self.tiers > 1 else 1
        self.rail_optimised = cluster.unit.rails > 1
        self.floor: FloorIndex = floor_index(cluster)
        self.chooser = LinkChooser(cluster.catalogue, cluster.profile, cluster.file)
        self.ends = [
            Ends(*cluster.sizer.link_ends(t, fabric.choice))
            for t in range(1, len(cluster.plans) + 1)
        ]
        self.port_names = self._port_names()
        self.per_plane = [p.switches // self.planes for p in cluster.plans]
        self.shape = cluster.sizer.plane_shape(fabric.choice, self.radix, cluster.plans)
        self.endpoints = [self._design_endpoints(level) for level in range(cluster.packing.per)]
        """Per level of a floor rack's stack (one level where copies are not packed), per design
        rack, its scale-out NIC ports bottom up."""
        self.places: list[list[Place]] = switch_places(cluster, self._leaf_racks())
        self.devices = [
            [switch_device(cluster.id, role, k) for k in range(p.switches)]
            for role, p in zip(self.roles, cluster.plans, strict=True)
        ]
        self.switch_ends = [
            [end_at(p, d) for p, d in zip(places, devices, strict=True)]
            for places, devices in zip(self.places, self.devices, strict=True)
        ]
        self._kinds: dict[tuple[int, float], LinkKind] = {}
        self.management = ManagementRows(cluster.rack.design)
        self.network_racks: list[NetworkRack] = network_racks(
            cluster, self.roles, self.places, self.devices
        )
        self.boxes = sum(p.switches for p in cluster.plans)
        """Switch boxes, each with one management cable in its network rack."""
        self.aggregation = cluster.sizer.aggregation(cluster.floor, fabric.network_racks)
        self.groups = group_racks(self.network_racks, len(cluster.floor.rows))
        self.aggregated = aggregation_racks(self.groups, self.aggregation)
        """The network racks holding an aggregation switch, each with one more management
        cable."""

    # --- the rows ------------------------------------------------------------------------------
    def rows(self) -> Iterator[CableRow]:
        """Every leg: the racks' management cables (compute racks, then network racks), then
        tier by tier, leaves first."""
        yield from self._management_rows()
        yield from self.network_management_rows()
        yield from self.uplink_rows()
        for tier, links in self._tiers():
            yield from self._tier_rows(tier, links)

    def lines(self) -> Iterator[str]:
        """The rows as CSV lines (every name plain), made without a row object: the same fields
        as `rows` gives, each end's text joined once per device and port."""
        management = (joined(row) for row in self._management_rows())
        network = (joined(row) for row in self.network_management_rows())
        uplinks = (joined(row) for row in self.uplink_rows())
        tiers = (self._tier_lines(tier, links) for tier, links in self._tiers())
        return chain(management, network, uplinks, chain.from_iterable(tiers))

    @property
    def rows_total(self) -> int:
        """Rows the list has, known without generating them."""
        links = sum(p.links_in for p in self.cluster.plans)
        return self._management_total + links

    @property
    def _management_total(self) -> int:
        """Management rows: the compute racks', the network racks', the aggregation's."""
        network = self.boxes + self.aggregation.switches
        return self.compute_management + network + self.aggregation.links

    @cached_property
    def compute_management(self) -> int:
        """Management cables inside the compute racks: each copy's, and each floor rack's of
        packed servers with a switch of its own."""
        floor = self.cluster.floor_racks
        own = 0 if floor is None else floor.links
        return self.management.per_copy * self.cluster.copies + own

    def _copy_floor(self, copy: int) -> list[tuple[str, str]]:
        """Hall and row of each design rack of copy `copy`."""
        return copy_floor(self.cluster, self.floor, copy)

    def _management_rows(self) -> Iterator[CableRow]:
        """Each copy's management cables, copy by copy, then each floor rack's of packed servers
        with a switch of its own (`clusters/floor_switch.py`), rack by rack."""
        packing = self.cluster.packing
        if self.management.per_copy:
            for copy in range(self.cluster.copies):
                prefix = unit_prefix(self.cluster.id, packing.unit_of(copy))
                yield from self.management.rows(prefix, self._copy_floor(copy), copy, packing)
        floor = self.cluster.floor_racks
        if floor is None:
            return
        number = self.management.per_copy * self.cluster.copies
        catalogue = self.cluster.rack.design.catalogue
        for unit in range(packing.units):
            plan, rack = floor.management(unit), floor.rack(unit)
            ((hall, row),) = self._copy_floor(packing.unit_copies(unit)[0])
            where = (hall, row, rack_name(unit_prefix(self.cluster.id, unit), rack.name))
            yield from link_rows(catalogue, plan.links, where, number, _standing)
            number += len(plan.links)

    def network_management_rows(self) -> Iterator[CableRow]:
        """Each network rack's management cables, numbered after the compute racks'."""
        first = self.compute_management
        management = self.cluster.sizer.management
        ports = own_ports(self.cluster)
        return management_rows(self.network_racks, management, first, self.aggregated, ports)

    def uplink_rows(self) -> Iterator[CableRow]:
        """The links to the aggregation switches, numbered after the network racks'."""
        first = self.compute_management + self.boxes + self.aggregation.switches
        names = [r.name for r in self.cluster.rack.design.racks]
        return uplink_rows(
            self.cluster.id,
            names,
            self._copy_floor,
            self.groups,
            self.aggregation,
            first,
            self.cluster.packing,
        )

    @staticmethod
    def to_aggregation(row: CableRow) -> bool:
        """Whether a row is a link to the management aggregation (out of its rack)."""
        return is_aggregation(row.z_device)

    def _tiers(self) -> Iterator[tuple[int, Iterator[Keyed]]]:
        """Each tier's links, leaves first."""
        yield 1, self._leaf_links()
        for spread in self.shape.spreads():
            yield spread.tier, self._upper_links(spread)

    @property
    def plain_names(self) -> bool:
        """Whether every name in the rows (the design's racks, the switches' ports) is letters,
        digits and `-_./`, a letter or digit first: no CSV field needs quoting or reads as a
        formula."""
        names = [self.cluster.id] + [r.name for r in self.cluster.rack.design.racks]
        names += self.port_names
        return all(PLAIN.fullmatch(n) for n in names)

    def leaf_rows_by_hall(self) -> Counter[str]:
        """Rows of links into the leaves, by the hall of their compute rack."""
        out: Counter[str] = Counter()
        for index, rack_rails in enumerate(self._rack_rails()):
            out[hall_name(self.floor.locate(index)[0])] += rack_rails.total() * self.planes
        if self.management.per_copy:
            for copy in range(self.cluster.copies):
                for (_, plan), (hall, _) in zip(
                    self.management.racks, self._copy_floor(copy), strict=True
                ):
                    out[hall] += len(plan.links)
        floor, packing = self.cluster.floor_racks, self.cluster.packing
        if floor is not None:
            for unit in range(packing.units):
                ((hall, _),) = self._copy_floor(packing.unit_copies(unit)[0])
                out[hall] += len(floor.management(unit).links)
        for rack in self.network_racks:
            out[rack.hall] += len(rack.boxes) + (rack.name in self.aggregated)
        for row in self.uplink_rows():
            out[row.a_hall] += 1
        return out

    def _cabled(self, tier: int, links: Iterator[Keyed]) -> Iterator[Cabled]:
        """A tier's cables, one per cage (`CageFill`)."""
        return CageFill(tier, self.kind, self.split).cables(links)

    def _tier_rows(self, tier: int, links: Iterator[Keyed]) -> Iterator[CableRow]:
        """Rows of one tier's links, cable by cable."""
        new = tuple.__new__
        for cable_id, length, kind, legs in self._cabled(tier, links):
            a_module, z_module, part, kind_of, cable_m = kind.fields()
            for leg, (_, plane, rail, a, a_port, z, z_port) in enumerate(legs, start=1):
                yield new(
                    CableRow,
                    (
                        cable_id,
                        leg,
                        tier,
                        plane,
                        rail,
                        *a[:5],
                        a_port,
                        a_module,
                        *z[:5],
                        z_port,
                        z_module,
                        part,
                        kind_of,
                        length,
                        cable_m,
                        f"{cable_id}.{leg} {a[4]} {a_port} > {z[4]} {z_port}",
                    ),
                )

    def _tier_lines(self, tier: int, links: Iterator[Keyed]) -> Iterator[str]:
        """CSV lines of one tier's links, cabled as `_tier_rows` cables them (a cable's legs
        share their plane and rail: one stream's cage)."""
        for cable_id, length, kind, legs in self._cabled(tier, links):
            a_module, z_module, tail = kind.texts(length)
            _, plane, rail = legs[0][:3]
            head = f"{tier},{plane},{'' if rail is None else rail},"
            for leg, (_, _, _, a, a_port, z, z_port) in enumerate(legs, start=1):
                yield (
                    f"{cable_id},{leg},{head}{a[5]},{a_port},{a_module},{z[5]},{z_port},"
                    f"{z_module},{tail},{cable_id}.{leg} {a[4]} {a_port} > {z[4]} {z_port}\n"
                )

    def kind(self, tier: int, length: float) -> LinkKind:
        """The cable and optics of a link of `tier` and `length`, as the BOM chooses them."""
        key = (tier, length)
        found = self._kinds.get(key)
        if found is None:
            ends = self.ends[tier - 1]
            pair = (ends.lower, ends.upper)
            cable = self.chooser.cable_for(self.roles[tier - 1], length, self.gbps, pair)
            a, z = self.chooser.modules_for(cable, length, pair)
            found = self._kinds[key] = LinkKind(cable, a, z, legs_per_cable(pair, (a, z)))
        return found

    # --- tier 1: NIC ports to leaves -------------------------------------------------------------
    def _design_endpoints(self, level: int) -> dict[str, list[Endpoint]]:
        """Per design rack, its scale-out NIC ports bottom up, the copy standing `level` copies
        up a floor rack's stack."""
        packing = self.cluster.packing
        design = self.cluster.rack.design
        out: dict[str, list[Endpoint]] = {r.name: [] for r in design.racks}
        for rack in design.racks:
            for tray in rack.trays:
                if tray.tray.role != TrayRole.COMPUTE:
                    continue
                port = 0
                for line in tray.tray.parts:
                    part = design.part(line.part)
                    if isinstance(part, Nic) and line.use == PartUse.SCALE_OUT:
                        for _ in range(line.qty * part.ports):
                            rail = port if self.rail_optimised else 0
                            slot, position = packing.slot(tray, level)
                            out[rack.name].append(Endpoint(slot, position, port, rail))
                            port += 1
        return out

    def _floor_units(self) -> Iterator[tuple[str, str, list[int]]]:
        """Per floor rack, in floor order: its name, the design rack it holds copies of, and
        the stack level of each copy in it (level 0 alone where copies are not packed)."""
        cluster, packing = self.cluster, self.cluster.packing
        design_racks = [r.name for r in cluster.rack.design.racks]
        for unit in range(packing.units):
            prefix = unit_prefix(cluster.id, unit)
            if packing.per == 1:
                for name in design_racks:
                    yield rack_name(prefix, name), name, [0]
                continue
            (name,) = design_racks
            levels = [packing.level(copy) for copy in packing.unit_copies(unit)]
            yield rack_name(prefix, name), name, levels

    def _floor_racks(self) -> Iterator[list[tuple[str, Endpoint]]]:
        """Per floor rack, its NIC ports as (rack name, endpoint): each design rack of each
        copy, or each floor rack of packed copies, bottom up."""
        for rack, name, levels in self._floor_units():
            yield [(rack, e) for level in levels for e in self.endpoints[level][name]]

    def _rack_rails(self) -> Iterator[Counter[int]]:
        """Per floor rack, in floor order, its NIC ports by the rail whose leaves take them
        (all on rail 0 in one tier): counted once per design rack and level, not port by
        port."""
        tiered = self.tiers > 1
        by_level = [
            {name: Counter(e.rail if tiered else 0 for e in ends) for name, ends in level.items()}
            for level in self.endpoints
        ]
        for _, name, levels in self._floor_units():
            out: Counter[int] = Counter()
            for level in levels:
                out.update(by_level[level][name])
            yield out

    def _leaf_racks(self) -> list[int]:
        """The floor rack of each leaf's first endpoint, leaves numbered plane by plane (building
        by building, each building's leaves filled from its first rack)."""
        rails, down = max(1, self.rails), self.cluster.plans[0].down_ports
        per, leaves = self.cluster.sizer.racks_per_building, self.shape.leaves()
        per_plane: list[int] = []
        building = -1
        starts: list[list[int]] = []
        seen: list[int] = []
        for index, rack_rails in enumerate(self._rack_rails()):
            if index % per == 0:
                if building >= 0:
                    per_plane += _first_racks(starts, leaves[building], down, building * per)
                building += 1
                starts, seen = [[] for _ in range(rails)], [0] * rails
            for r in range(rails):
                starts[r].append(seen[r])
            for r, ports in rack_rails.items():
                seen[r] += ports
        per_plane += _first_racks(starts, leaves[building], down, building * per)
        return per_plane * self.planes

    def _leaf_blocks(self) -> Iterator[LeafBlock]:
        """Tier 1's links in blocks of one rack, rail and plane: (length, plane from 0, rail,
        the first leaf of the rail in the plane, then per NIC port its tray's end, its names by
        plane, its leaf's offset from the first and the leaf's sub-port)."""
        cluster = self.cluster
        ends_m = cluster.spec.floor.ends_m
        per_plane = self.per_plane[0]
        down = cluster.plans[0].down_ports
        planes, rails = self.planes, self.rails
        nic_names = [
            [nic_port(port, plane, planes) for plane in range(planes)]
            for port in range(max(1, cluster.unit.endpoints))
        ]
        ordinal = [0] * max(1, rails)
        per, bases = cluster.sizer.racks_per_building, self.shape.leaf_bases()
        for index, rack_ports in enumerate(self._floor_racks()):
            if index % per == 0:
                ordinal, base = [0] * max(1, rails), bases[index // per]
            if not rack_ports:
                continue
            hall, row, position = self.floor.locate(index)
            length = cluster.floor.rack_length_m(row, position, ends_m)
            a_hall, a_row = hall_name(hall), row_name(row)
            by_rail: list[list[tuple[End, list[str], int, int]]] = [
                [] for _ in range(max(1, rails))
            ]
            trays: dict[tuple[str, str], End] = {}
            for rack, endpoint in rack_ports:
                r = endpoint.rail if self.tiers > 1 else 0
                key = (rack, endpoint.slot)
                end = trays.get(key)
                if end is None:
                    place = Place(a_hall, a_row, rack, endpoint.position)
                    end = trays[key] = end_at(place, tray_device(rack, endpoint.slot))
                block, sub = divmod(ordinal[r], down)
                by_rail[r].append((end, nic_names[endpoint.port], base + block * rails, sub))
                ordinal[r] += 1
            for r, ports in enumerate(by_rail):
                rail = r + 1 if self.rail_optimised else None
                for plane in range(planes):
                    yield length, plane, rail, plane * per_plane + r, ports

    def _leaf_links(self) -> Iterator[Keyed]:
        """Tier 1's links in runs of one leaf cage, each in the stream of its rail in its
        plane."""
        leaves, names, split = self.switch_ends[0], self.port_names, self.split
        cages = self.radix // split + 1
        for length, plane, rail, first, ports in self._leaf_blocks():
            stream, key = (plane, rail), -1
            run: list[Link] = []
            for end, nic, offset, sub in ports:
                leaf = first + offset
                cage = leaf * cages + sub // split
                if cage != key:
                    if run:
                        yield stream, key, run
                    key, run = cage, []
                run.append((length, plane + 1, rail, end, nic[plane], leaves[leaf], names[sub]))
            if run:
                yield stream, key, run

    # --- the upper tiers ---------------------------------------------------------------------
    def _upper_blocks(self, spread: Spread) -> Iterator[UpperBlock]:
        """Links into a tier in blocks of one lower switch: (plane from 0, rail, the switch's
        end, its first uplink's ordinal `g` among its group's, the upper switches `S` it spreads
        over, the first of them, its uplinks); uplink `g` lands on upper switch `g mod S`."""
        tier, ups = spread.tier, spread.ups
        lower_ends = self.switch_ends[tier - 2]
        lower_n, upper_n = self.per_plane[tier - 2], self.per_plane[tier - 1]
        rail_of = self._leaf_rail if tier == 2 and self.rail_optimised else None
        for plane in range(self.planes):
            upper_base = plane * upper_n
            for (first, count), spines in zip(spread.groups, spread.uppers, strict=True):
                g = 0
                for lower in range(first, first + count):
                    a = lower_ends[plane * lower_n + lower]
                    rail = rail_of(lower) if rail_of else None
                    yield plane, rail, a, g, spines, upper_base, ups[lower]
                    g += ups[lower]
                upper_base += spines

    def _upper_links(self, spread: Spread) -> Iterator[Keyed]:
        """Links into a tier: each lower switch's uplinks, spread evenly over the upper ones, in
        runs of one of the lower switch's cages."""
        tier, split = spread.tier, self.split
        upper_ends = self.switch_ends[tier - 1]
        first_up = self.cluster.plans[tier - 2].down_ports
        names = self.port_names
        lengths = self._lengths(tier)
        cages = self.radix // split + 1
        blocks = enumerate(self._upper_blocks(spread))
        for block, (plane, rail, a, g0, spines, base, count) in blocks:
            start = 0
            while start < count:
                cage = (first_up + start) // split
                end = min(count, (cage + 1) * split - first_up)
                yield (
                    tier,
                    block * cages + cage,
                    [
                        (
                            next(lengths),
                            plane + 1,
                            rail,
                            a,
                            names[first_up + j],
                            upper_ends[base + (g0 + j) % spines],
                            names[(g0 + j) // spines],
                        )
                        for j in range(start, end)
                    ],
                )
                start = end

    def _leaf_rail(self, leaf: int) -> int:
        return leaf % self.rails + 1

    def _lengths(self, tier: int) -> Iterator[float]:
        """The floor model's lengths of the links into `tier`, shortest first."""
        for length, count in self.cluster.floor.lengths[tier - 1]:
            for _ in range(count):
                yield float(length)

    # --- names -----------------------------------------------------------------------------
    def _port_names(self) -> list[str]:
        """Every sub-port of the box at the plane's speed, named; InputError if two share one."""
        switch, split = self.cluster.switch, self.split
        names = [switch.port_name(s // split, s % split, split) for s in range(self.radix)]
        twice = [n for n, k in Counter(names).items() if k > 1]
        if twice:
            field = "port_names.port" if split == 1 else "port_names.breakout"
            raise InputError(
                self.cluster.catalogue.origin.get(("parts", switch.id)),
                f"parts(id={switch.id}).{field}",
                f"names two ports {twice[0]!r} at {split} x {self.gbps:g}G",
            )
        return names


def _standing(tray: PlacedTray) -> tuple[str, int]:
    """A tray of a floor rack as it stands: its slot name and lowest unit."""
    return tray.label, tray.position


def _first_racks(starts: list[list[int]], leaves: int, down: int, first: int) -> list[int]:
    """The floor rack of each of a building's leaves' first endpoint: `starts` holds, per rail,
    the ports of the rail before each of the building's racks, from floor rack `first`."""
    rails = len(starts)
    out = []
    for leaf in range(leaves):
        block, rail = divmod(leaf, rails)
        out.append(first + bisect_right(starts[rail], block * down) - 1)
    return out
