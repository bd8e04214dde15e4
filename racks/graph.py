"""The topology as an explicit networkx graph, for questions only a graph algorithm answers.

One node per GPU, CPU, NIC and switch chip (attributes `kind`, `part`, `rack`, `tray`, `use`;
switch chips on a fabric also `fabric`, `lane_gbps`, `lanes_per_port`, `ports_total`) and one
edge per link (`link`, and for scale-up links `fabric`, `ports`, `lanes`, `gbps`). networkx is
imported here only, when the graph is asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .topology import Topology

if TYPE_CHECKING:
    import networkx as nx


def topology_graph(topology: Topology) -> nx.Graph[str]:
    """Every node and link of the topology as a networkx graph (one edge per link)."""
    import networkx as nx

    graph: nx.Graph[str] = nx.Graph()
    for group in topology.groups:
        attrs = {
            "kind": group.kind,
            "part": group.part,
            "rack": group.tray.rack,
            "tray": group.tray.key,
            "use": group.use,
        }
        for name in group.names:
            chip = topology.chips.get(name)
            extra: dict[str, Any] = {}
            if chip is not None:
                extra = {
                    "fabric": chip.fabric,
                    "lane_gbps": chip.lane_gbps,
                    "lanes_per_port": chip.lanes_per_port,
                    "ports_total": chip.ports_total,
                }
            graph.add_node(name, **attrs, **extra)
    for link in topology.links:
        data: dict[str, Any] = {"link": link.link}
        if link.link == "scale_up":
            data.update(fabric=link.fabric, ports=link.ports, lanes=link.lanes, gbps=link.gbps)
        a = link.a.names
        if link.b is None:
            graph.add_edges_from((x, y, data) for i, x in enumerate(a) for y in a[i + 1 :])
        else:
            graph.add_edges_from((x, y, data) for x in a for y in link.b.names)
    for nic in topology.nic_links:
        graph.add_edge(nic.nic, nic.gpu, link="scale_out", gbps=nic.gbps)
    return graph
