"""The design as a graph: GPUs, CPUs, NICs and switch chips, with the links between them."""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from ..components.errors import InputError
from ..components.parts import Gpu, Nic, SwitchAsic
from .build import BuiltDesign, PlacedTray
from .spec import FabricSpec

Index = dict[tuple[str, str], list[str]]


@dataclass(frozen=True)
class Topology:
    """The graph, an index of its nodes by tray and kind, and the scale-up domains."""

    graph: nx.Graph[str]
    index: Index
    domains: list[list[str]]

    def nodes_of(self, kind: str) -> list[str]:
        """Node names of one kind (gpu, cpu, nic, switch_chip), in insertion order."""
        return [n for n, attrs in self.graph.nodes.items() if attrs.get("kind") == kind]

    def in_tray(self, tray: PlacedTray, kind: str) -> list[str]:
        """Node names of one kind in one placed tray."""
        return self.index.get((tray.key, kind), [])

    @property
    def world_size(self) -> int:
        """GPUs in the largest scale-up domain."""
        return max((len(d) for d in self.domains), default=0)


def node_name(tray: PlacedTray, role: str, index: int) -> str:
    """Name of one part instance in a tray: `rack/OU14/chip1`."""
    return f"{tray.key}/{role}{index}"


def build_topology(design: BuiltDesign) -> Topology:
    """Add every GPU, CPU, NIC and switch chip, wire the fabrics, and find the domains."""
    graph: nx.Graph[str] = nx.Graph()
    index: Index = {}
    for tray in design.placed:
        _add_tray(graph, index, design, tray)
    for number, fabric in enumerate(design.spec.fabrics):
        where = f"fabrics[{number}](id={fabric.id})"
        if fabric.kind == "switched":
            _wire_switched(graph, index, design, fabric, where)
        else:
            _wire_mesh(graph, index, design, fabric, where)
    return Topology(graph, index, _domains(graph))


def _add_tray(graph: nx.Graph, index: Index, design: BuiltDesign, tray: PlacedTray) -> None:
    for line in tray.tray.parts:
        part = design.part(line.part)
        kind = part.graph_node
        if kind is None:
            continue
        names = index.setdefault((tray.key, kind), [])
        for _ in range(line.qty):
            name = node_name(tray, kind.replace("switch_", ""), len(names))
            graph.add_node(
                name,
                kind=kind,
                part=part.id,
                rack=tray.rack,
                tray=tray.key,
                use=line.use.value if line.use else None,
            )
            names.append(name)
    gpus = index.get((tray.key, "gpu"), [])
    for cpu in index.get((tray.key, "cpu"), []):
        for gpu in gpus:
            graph.add_edge(cpu, gpu, link="host")
    scale_out = [
        n for n in index.get((tray.key, "nic"), []) if graph.nodes[n]["use"] == "scale_out"
    ]
    for k, nic in enumerate(scale_out if gpus else []):
        part = design.part(graph.nodes[nic]["part"], Nic)
        graph.add_edge(nic, gpus[k % len(gpus)], link="scale_out", gbps=part.port_gbps * part.ports)


def _fabric_trays(design: BuiltDesign, racks: list[str] | None) -> list[PlacedTray]:
    if racks is None:
        return design.placed
    names = set(racks)
    return [t for rack in design.racks if rack.name in names for t in rack.trays]


def _wire_switched(
    graph: nx.Graph, index: Index, design: BuiltDesign, fabric: FabricSpec, where: str
) -> None:
    file = design.file
    lane_gbps = fabric.lane_gbps or 0
    gpus = [n for t in _fabric_trays(design, fabric.gpu_racks) for n in _nodes(index, t, "gpu")]
    switch_trays = _fabric_trays(design, fabric.switch_racks)
    chips = [n for t in switch_trays for n in _nodes(index, t, "switch_chip")]
    if not gpus:
        raise InputError(file, where, "the fabric reaches no GPUs")
    if not chips:
        raise InputError(
            file, where, "a switched fabric needs switch chips, and its racks have none"
        )
    ports_per_gpu_chip = {}
    for gpu in gpus:
        part = design.part(graph.nodes[gpu]["part"], Gpu)
        if part.scale_up_lanes == 0 or part.scale_up_lane_gbps != lane_gbps:
            raise InputError(
                file,
                f"{where}.lane_gbps",
                f"GPU {part.id!r} has {part.scale_up_lanes} scale-up lanes at "
                f"{part.scale_up_lane_gbps:g}G, the fabric runs {lane_gbps:g}G lanes",
            )
        ports, rest = divmod(part.scale_up_lanes, fabric.lanes_per_port)
        per_chip, spread_rest = divmod(ports, len(chips))
        if rest or spread_rest or per_chip == 0:
            raise InputError(
                file,
                where,
                f"GPU {part.id!r} has {part.scale_up_lanes} lanes ({ports} ports of "
                f"{fabric.lanes_per_port} lanes), which do not spread evenly over "
                f"{len(chips)} switch chips",
            )
        ports_per_gpu_chip[gpu] = per_chip
    links = {
        gpu: {
            "link": "scale_up",
            "fabric": fabric.id,
            "ports": ports,
            "lanes": ports * fabric.lanes_per_port,
            "gbps": ports * fabric.port_gbps,
        }
        for gpu, ports in ports_per_gpu_chip.items()
    }
    for chip in chips:
        graph.nodes[chip].update(
            fabric=fabric.id, lane_gbps=lane_gbps, lanes_per_port=fabric.lanes_per_port
        )
    edges = [(gpu, chip, links[gpu]) for chip in chips for gpu in gpus]  # attributes are copied
    graph.add_edges_from(edges)
    for tray in switch_trays:
        _check_switch_tray(graph, _nodes(index, tray, "switch_chip"), design, tray, fabric, where)


def _nodes(index: Index, tray: PlacedTray, kind: str) -> list[str]:
    return index.get((tray.key, kind), [])


def _check_switch_tray(
    graph: nx.Graph,
    chips: list[str],
    design: BuiltDesign,
    tray: PlacedTray,
    fabric: FabricSpec,
    where: str,
) -> None:
    """More lanes than a chip has ports, or than the tray's connectors carry, is an error."""
    lane_gbps = fabric.lane_gbps or 0
    lanes_in = 0
    for chip in chips:
        part = design.part(graph.nodes[chip]["part"], SwitchAsic)
        try:
            available = part.lanes_at(lane_gbps) // fabric.lanes_per_port
        except ValueError as exc:
            raise InputError(design.file, f"{where}.lane_gbps", str(exc)) from None
        landed = graph.degree(chip, weight="ports")
        if landed > available:
            raise InputError(
                design.file,
                where,
                f"switch chip {part.id!r} in {tray.key} would land {landed} ports but has "
                f"{available} at {fabric.port_gbps:g}G",
            )
        graph.nodes[chip]["ports_total"] = available
        lanes_in += landed * fabric.lanes_per_port
    capacity = connector_lanes(design, tray)
    if capacity is not None and lanes_in > capacity:
        raise InputError(
            design.file,
            where,
            f"switch tray {tray.tray.id!r} at {tray.key} would take {lanes_in} lanes but its "
            f"backplane connectors carry {capacity}",
        )


def connector_lanes(design: BuiltDesign, tray: PlacedTray) -> int | None:
    """Lanes the tray's backplane connectors carry, or None where it lists no connectors."""
    lanes = [design.part(line.part).backplane_lanes * line.qty for line in tray.tray.parts]
    return sum(lanes) if any(lanes) else None


def _wire_mesh(
    graph: nx.Graph, index: Index, design: BuiltDesign, fabric: FabricSpec, where: str
) -> None:
    for tray in _fabric_trays(design, fabric.gpu_racks):
        gpus = _nodes(index, tray, "gpu")
        if len(gpus) < 2:
            continue
        part = design.part(graph.nodes[gpus[0]]["part"], Gpu)
        links = part.mesh_links // (len(gpus) - 1)
        if links == 0 or part.mesh_link_gbps == 0:
            raise InputError(
                design.file,
                where,
                f"GPU {part.id!r} has {part.mesh_links} mesh links; a full mesh of "
                f"{len(gpus)} GPUs in {tray.key} needs {len(gpus) - 1}",
            )
        for i, a in enumerate(gpus):
            for b in gpus[i + 1 :]:
                graph.add_edge(
                    a,
                    b,
                    link="scale_up",
                    fabric=fabric.id,
                    ports=links,
                    lanes=links,
                    gbps=links * part.mesh_link_gbps,
                )


def _domains(graph: nx.Graph) -> list[list[str]]:
    """GPUs that reach each other over scale-up links, largest domain first."""
    kinds = dict(graph.nodes(data="kind"))
    order = {n: i for i, n in enumerate(kinds)}
    seen: set[str] = set()
    domains = []
    for start in (n for n, k in kinds.items() if k == "gpu"):
        if start in seen:
            continue
        seen.add(start)
        stack, domain = [start], []
        while stack:
            node = stack.pop()
            if kinds[node] == "gpu":
                domain.append(node)
            for other, link in graph.adj[node].items():
                if link["link"] == "scale_up" and other not in seen:
                    seen.add(other)
                    stack.append(other)
        domains.append(sorted(domain, key=order.__getitem__))
    domains.sort(key=lambda d: (-len(d), order[d[0]]))
    return domains
