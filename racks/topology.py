"""The design's wiring, counted: part instances grouped per tray, links grouped into bundles.

Every link in a rack design comes in bundles: each CPU of a tray to each GPU of that tray, each
GPU of a switched fabric to each switch chip, the GPUs of a tray in a full mesh. A `LinkGroup` is
one bundle between two `NodeGroup`s (the instances of one part in one tray), so 100 Helios racks
are some ten thousand groups rather than 86,400 edges with an attribute dict each. World size,
domains, port usage, bandwidth and copper are read off the groups by counting; `graph.py` builds
the explicit graph where a graph algorithm is wanted.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import field
from functools import cached_property
from typing import Literal

from ..components.errors import InputError
from ..components.parts import Gpu, Nic, SwitchAsic
from ..components.records import record
from ..components.trays import TrayType
from .built import BuiltDesign, PlacedTray
from .spec import FabricSpec

LinkKind = Literal["host", "scale_up", "scale_out"]


@record
class NodeGroup:
    """The instances of one part in one placed tray: nodes named `rack/OU14/chip0`, …"""

    number: int
    """Position in `Topology.groups`."""
    tray: PlacedTray
    kind: str
    """gpu, cpu, nic or switch_chip."""
    part: str
    use: str | None
    names: tuple[str, ...]


@record
class LinkGroup:
    """One link from every node of `a` to every node of `b`; with `b` None, between every pair of
    `a`. Each link carries `ports` ports, `lanes` lanes and `gbps` Gbit/s one way."""

    link: LinkKind
    a: NodeGroup
    b: NodeGroup | None
    fabric: str | None = None
    ports: int = 0
    lanes: int = 0
    gbps: float = 0.0

    @property
    def count(self) -> int:
        """Links in the bundle."""
        n = len(self.a.names)
        return n * (n - 1) // 2 if self.b is None else n * len(self.b.names)

    def ends(self) -> tuple[tuple[NodeGroup, int], ...]:
        """Each end's group with the links each of its nodes has in the bundle."""
        if self.b is None:
            return ((self.a, len(self.a.names) - 1),)
        return ((self.a, len(self.b.names)), (self.b, len(self.a.names)))


@record
class NicLink:
    """A scale-out NIC and the GPU it serves."""

    nic: str
    gpu: str
    tray: PlacedTray
    gbps: float


@record
class ChipWiring:
    """A switch chip on a switched fabric: its lane speed, ports and the ports landed on it."""

    fabric: str
    lane_gbps: float
    lanes_per_port: int
    ports_total: int
    ports_used: int


@record
class Topology:
    """Node groups per tray, link bundles, scale-out NIC links and the chips' wiring."""

    groups: list[NodeGroup]
    links: list[LinkGroup]
    nic_links: list[NicLink]
    chips: dict[str, ChipWiring]
    """Switch chips on a switched fabric, by node name (chips on none are absent)."""
    by_tray: dict[tuple[str, str], list[NodeGroup]] = field(repr=False)

    def nodes_of(self, kind: str) -> list[str]:
        """Node names of one kind (gpu, cpu, nic, switch_chip), in design order."""
        return [n for g in self.groups if g.kind == kind for n in g.names]

    def groups_in(self, tray: PlacedTray, kind: str) -> list[NodeGroup]:
        """The node groups of one kind in one placed tray."""
        return self.by_tray.get((tray.key, kind), [])

    def in_tray(self, tray: PlacedTray, kind: str) -> list[str]:
        """Node names of one kind in one placed tray."""
        return [n for g in self.groups_in(tray, kind) for n in g.names]

    @cached_property
    def domains(self) -> list[list[str]]:
        """GPUs that reach each other over scale-up links, largest domain first."""
        return self.domains_without(())

    @property
    def world_size(self) -> int:
        """GPUs in the largest scale-up domain."""
        return max((len(d) for d in self.domains), default=0)

    def domains_without(self, failed: Iterable[str]) -> list[list[str]]:
        """The scale-up domains of the GPUs left when the named nodes (GPUs, switch chips) fail,
        largest first, each in design order."""
        return _domains(self, frozenset(failed))

    def gpus_linked_to(self, nodes: Iterable[str]) -> list[str]:
        """GPUs with a direct link (host, scale-up or scale-out) to any of the named nodes, or
        named themselves, in design order: the GPUs that depend on those chips, NICs or CPUs."""
        hit = set(nodes)
        reached = set(hit)
        for link in self.links:
            a_hit = any(n in hit for n in link.a.names)
            if link.b is None:
                if a_hit:
                    reached.update(link.a.names)
                continue
            if any(n in hit for n in link.b.names):
                reached.update(link.a.names)
            if a_hit:
                reached.update(link.b.names)
        for nic in self.nic_links:
            if nic.nic in hit:
                reached.add(nic.gpu)
        return [n for n in self.nodes_of("gpu") if n in reached]


def node_name(tray: PlacedTray, role: str, index: int) -> str:
    """Name of one part instance in a tray: `rack/OU14/chip1`."""
    return f"{tray.key}/{role}{index}"


def build_topology(design: BuiltDesign) -> Topology:
    """Group every GPU, CPU, NIC and switch chip, wire the fabrics and check the switch trays."""
    wiring = _Wiring(design)
    for tray in design.placed:
        wiring.add_tray(tray)
    for number, fabric in enumerate(design.spec.fabrics):
        where = f"fabrics[{number}](id={fabric.id})"
        if fabric.kind == "switched":
            wiring.switched(fabric, where)
        else:
            wiring.mesh(fabric, where)
    chips = {
        name: ChipWiring(fabric, lane_gbps, per_port, wiring.ports_total[name], wiring.landed[name])
        for name, (fabric, lane_gbps, per_port) in wiring.chip_fabric.items()
    }
    return Topology(wiring.groups, wiring.links, wiring.nic_links, chips, wiring.by_tray)


class _Wiring:
    """The topology under construction."""

    def __init__(self, design: BuiltDesign) -> None:
        self.design = design
        self.groups: list[NodeGroup] = []
        self.links: list[LinkGroup] = []
        self.nic_links: list[NicLink] = []
        self.by_tray: dict[tuple[str, str], list[NodeGroup]] = {}
        self.chip_fabric: dict[str, tuple[str, float, int]] = {}
        self.landed: dict[str, int] = {}
        self.ports_total: dict[str, int] = {}
        self.templates: dict[str, _TrayTemplate] = {}
        self.connectors: dict[str, int | None] = {}

    def _template(self, tray: TrayType) -> _TrayTemplate:
        """A tray type's node lines, host links and NIC links, worked out once per tray type."""
        template = self.templates.get(tray.id)
        if template is None:
            template = self.templates[tray.id] = _tray_template(self.design, tray)
        return template

    def add_tray(self, tray: PlacedTray) -> None:
        key = tray.key
        template = self._template(tray.tray)
        groups: list[NodeGroup] = []
        for kind, role, start, part, qty, use in template.lines:
            names = tuple(f"{key}/{role}{i}" for i in range(start, start + qty))
            group = NodeGroup(len(self.groups), tray, kind, part, use, names)
            self.groups.append(group)
            groups.append(group)
            self.by_tray.setdefault((key, kind), []).append(group)
        for cpu_line, gpu_line in template.host:
            self.links.append(LinkGroup("host", groups[cpu_line], groups[gpu_line]))
        for (nic_line, nic_index), (gpu_line, gpu_index), gbps in template.nics:
            nic = groups[nic_line].names[nic_index]
            gpu = groups[gpu_line].names[gpu_index]
            self.nic_links.append(NicLink(nic, gpu, tray, gbps))

    def _fabric_groups(self, racks: list[str] | None, kind: str) -> list[NodeGroup]:
        trays = _fabric_trays(self.design, racks)
        return [g for t in trays for g in self.by_tray.get((t.key, kind), [])]

    def switched(self, fabric: FabricSpec, where: str) -> None:
        file = self.design.file
        lane_gbps = fabric.lane_gbps or 0
        gpus = self._fabric_groups(fabric.gpu_racks, "gpu")
        switch_trays = _fabric_trays(self.design, fabric.switch_racks)
        chips = [g for t in switch_trays for g in self.by_tray.get((t.key, "switch_chip"), [])]
        chip_count = sum(len(g.names) for g in chips)
        if not gpus:
            raise InputError(file, where, "the fabric reaches no GPUs")
        if not chips:
            raise InputError(
                file, where, "a switched fabric needs switch chips, and its racks have none"
            )
        per_chip_of: dict[str, int] = {}
        for group in gpus:
            if group.part not in per_chip_of:
                per_chip_of[group.part] = _ports_per_chip(
                    self.design, group.part, fabric, chip_count, where
                )
        for group in gpus:
            ports = per_chip_of[group.part]
            lanes, gbps = ports * fabric.lanes_per_port, ports * fabric.port_gbps
            self.links.extend(
                LinkGroup("scale_up", group, chip, fabric.id, ports, lanes, gbps) for chip in chips
            )
            for chip in chips:
                for name in chip.names:
                    self.landed[name] = self.landed.get(name, 0) + ports * len(group.names)
        for chip in chips:
            for name in chip.names:
                self.chip_fabric[name] = (fabric.id, lane_gbps, fabric.lanes_per_port)
        for tray in switch_trays:
            self._check_switch_tray(tray, fabric, where)

    def _check_switch_tray(self, tray: PlacedTray, fabric: FabricSpec, where: str) -> None:
        """More lanes than a chip has ports, or than the tray's connectors carry, is an error."""
        design = self.design
        lanes_in = 0
        for group in self.by_tray.get((tray.key, "switch_chip"), []):
            part = design.part(group.part, SwitchAsic)
            try:
                available = part.lanes_at(fabric.lane_gbps or 0) // fabric.lanes_per_port
            except ValueError as exc:
                raise InputError(design.file, f"{where}.lane_gbps", str(exc)) from None
            for name in group.names:
                landed = self.landed.get(name, 0)
                if landed > available:
                    raise InputError(
                        design.file,
                        where,
                        f"switch chip {part.id!r} in {tray.key} would land {landed} ports but "
                        f"has {available} at {fabric.port_gbps:g}G",
                    )
                self.ports_total[name] = available
                lanes_in += landed * fabric.lanes_per_port
        if tray.tray.id not in self.connectors:
            self.connectors[tray.tray.id] = connector_lanes(design, tray)
        capacity = self.connectors[tray.tray.id]
        if capacity is not None and lanes_in > capacity:
            raise InputError(
                design.file,
                where,
                f"switch tray {tray.tray.id!r} at {tray.key} would take {lanes_in} lanes but "
                f"its backplane connectors carry {capacity}",
            )

    def mesh(self, fabric: FabricSpec, where: str) -> None:
        for tray in _fabric_trays(self.design, fabric.gpu_racks):
            groups = self.by_tray.get((tray.key, "gpu"), [])
            gpus = sum(len(g.names) for g in groups)
            if gpus < 2:
                continue
            part = self.design.part(groups[0].part, Gpu)
            links = part.mesh_links // (gpus - 1)
            if links == 0 or part.mesh_link_gbps == 0:
                raise InputError(
                    self.design.file,
                    where,
                    f"GPU {part.id!r} has {part.mesh_links} mesh links; a full mesh of "
                    f"{gpus} GPUs in {tray.key} needs {gpus - 1}",
                )
            gbps = links * part.mesh_link_gbps
            for i, a in enumerate(groups):
                if len(a.names) > 1:
                    self.links.append(LinkGroup("scale_up", a, None, fabric.id, links, links, gbps))
                self.links.extend(
                    LinkGroup("scale_up", a, b, fabric.id, links, links, gbps)
                    for b in groups[i + 1 :]
                )


@record
class _TrayTemplate:
    """What every placed copy of a tray type adds: its node lines (kind, role, first index, part,
    qty, use), host bundles (CPU line, GPU line) and scale-out NIC links ((line, index) of the
    NIC, of its GPU, and Gbit/s)."""

    lines: list[tuple[str, str, int, str, int, str | None]]
    host: list[tuple[int, int]]
    nics: list[tuple[tuple[int, int], tuple[int, int], float]]


def _tray_template(design: BuiltDesign, tray: TrayType) -> _TrayTemplate:
    lines: list[tuple[str, str, int, str, int, str | None]] = []
    counts: dict[str, int] = {}
    for line in tray.parts:
        kind = design.part(line.part).graph_node
        if kind is None:
            continue
        use = line.use.value if line.use else None
        role = kind.replace("switch_", "")
        lines.append((kind, role, counts.get(kind, 0), line.part, line.qty, use))
        counts[kind] = counts.get(kind, 0) + line.qty
    of_kind = {k: [i for i, line in enumerate(lines) if line[0] == k] for k in counts}
    gpus = of_kind.get("gpu", [])
    host = [(cpu, gpu) for cpu in of_kind.get("cpu", []) for gpu in gpus]
    gpu_slots = [(i, n) for i in gpus for n in range(lines[i][4])]
    nic_slots = [
        (i, n)
        for i in of_kind.get("nic", [])
        if lines[i][5] == "scale_out"
        for n in range(lines[i][4])
    ]
    nics = []
    for k, (nic_line, index) in enumerate(nic_slots if gpu_slots else []):
        nic = design.part(lines[nic_line][3], Nic)
        gpu = gpu_slots[k % len(gpu_slots)]
        nics.append(((nic_line, index), gpu, nic.port_gbps * nic.ports))
    return _TrayTemplate(lines, host, nics)


def _ports_per_chip(
    design: BuiltDesign, part_id: str, fabric: FabricSpec, chips: int, where: str
) -> int:
    """Ports each GPU of this part lands on each chip: its lanes spread evenly, else an error."""
    part = design.part(part_id, Gpu)
    lane_gbps = fabric.lane_gbps or 0
    if part.scale_up_lanes == 0 or part.scale_up_lane_gbps != lane_gbps:
        raise InputError(
            design.file,
            f"{where}.lane_gbps",
            f"GPU {part.id!r} has {part.scale_up_lanes} scale-up lanes at "
            f"{part.scale_up_lane_gbps:g}G, the fabric runs {lane_gbps:g}G lanes",
        )
    ports, rest = divmod(part.scale_up_lanes, fabric.lanes_per_port)
    per_chip, spread_rest = divmod(ports, chips)
    if rest or spread_rest or per_chip == 0:
        raise InputError(
            design.file,
            where,
            f"GPU {part.id!r} has {part.scale_up_lanes} lanes ({ports} ports of "
            f"{fabric.lanes_per_port} lanes), which do not spread evenly over "
            f"{chips} switch chips",
        )
    return per_chip


def _fabric_trays(design: BuiltDesign, racks: list[str] | None) -> list[PlacedTray]:
    if racks is None:
        return design.placed
    names = set(racks)
    return [t for rack in design.racks if rack.name in names for t in rack.trays]


def connector_lanes(design: BuiltDesign, tray: PlacedTray) -> int | None:
    """Lanes the tray's backplane connectors carry, or None where it lists no connectors."""
    lanes = [design.part(line.part).backplane_lanes * line.qty for line in tray.tray.parts]
    return sum(lanes) if any(lanes) else None


def _domains(topology: Topology, failed: Collection[str]) -> list[list[str]]:
    """Connected GPUs over scale-up links, by union-find over node groups.

    A bundle joins its two groups whole (every node of one reaches every node of the other); a
    group in no bundle that survives leaves each of its GPUs a domain of its own.
    """
    groups = topology.groups
    parent = list(range(len(groups)))
    joined = [False] * len(groups)

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def alive(group: NodeGroup) -> int:
        return sum(1 for n in group.names if n not in failed) if failed else len(group.names)

    for link in topology.links:
        if link.link != "scale_up":
            continue
        a = link.a.number
        if link.b is None:
            joined[a] = joined[a] or alive(link.a) > 1
        elif alive(link.a) and alive(link.b):
            b = link.b.number
            joined[a] = joined[b] = True
            parent[root(a)] = root(b)
    members: dict[int, list[tuple[int, str]]] = {}
    singles: list[list[tuple[int, str]]] = []
    position = 0
    for group in groups:
        if group.kind != "gpu":
            continue
        for name in group.names:
            if name not in failed:
                if joined[group.number]:
                    members.setdefault(root(group.number), []).append((position, name))
                else:
                    singles.append([(position, name)])
            position += 1
    found = [*members.values(), *singles]
    found.sort(key=lambda d: (-len(d), d[0][0]))
    return [[name for _, name in domain] for domain in found]
