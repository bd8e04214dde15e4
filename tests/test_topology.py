"""The counted topology against the explicit graph: the same domains, ports, bandwidth, copper."""

from __future__ import annotations

from collections import Counter
from functools import cache

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import DESIGNS
from rackbom.racks import Analysis, load_design
from rackbom.racks.copper_runs import PAIRS_PER_LANE
from rackbom.racks.graph import topology_graph


@cache
def analysed(design: str) -> tuple[Analysis, nx.Graph]:
    a = Analysis(load_design(design))
    return a, topology_graph(a.topology)


def graph_domains(graph: nx.Graph, failed: frozenset[str] = frozenset()) -> list[list[str]]:
    """Connected GPUs over scale-up edges, by networkx, ordered as the topology orders them."""
    order = {n: i for i, n in enumerate(graph)}
    up = nx.Graph()
    up.add_nodes_from(n for n in graph if n not in failed)
    up.add_edges_from(
        (a, b)
        for a, b, d in graph.edges(data=True)
        if d["link"] == "scale_up" and a in up and b in up
    )
    found = [
        sorted((n for n in part if graph.nodes[n]["kind"] == "gpu"), key=order.__getitem__)
        for part in nx.connected_components(up)
    ]
    found = [d for d in found if d]
    return sorted(found, key=lambda d: (-len(d), order[d[0]]))


@pytest.mark.parametrize("design", DESIGNS)
def test_counts_match_the_explicit_graph(design: str) -> None:
    a, graph = analysed(design)
    topology = a.topology
    assert graph.number_of_edges() == sum(g.count for g in topology.links) + len(topology.nic_links)
    assert topology.domains == graph_domains(graph)
    for tray in a.ports:
        for chip in tray.chips:
            assert chip.ports_used == graph.degree(chip.chip, weight="ports")
    gpus = [n for n, k in graph.nodes(data="kind") if k == "gpu"]
    for link, total in (
        ("scale_up", a.bandwidth.scale_up_gbps_total),
        ("scale_out", a.bandwidth.scale_out_gbps_total),
    ):
        per_gpu = [sum(d["gbps"] for d in graph.adj[g].values() if d["link"] == link) for g in gpus]
        assert total == sum(per_gpu)
    pairs: Counter[tuple[str, str]] = Counter()
    for x, y, d in graph.edges(data=True):
        near, far = graph.nodes[x], graph.nodes[y]
        if d["link"] == "scale_up" and near["tray"] != far["tray"]:
            if near["kind"] != "gpu":
                near, far = far, near
            pairs[near["rack"], "in_rack"] += d["lanes"] * PAIRS_PER_LANE
            if near["rack"] != far["rack"]:
                pairs[far["rack"], "between_racks"] += d["lanes"] * PAIRS_PER_LANE
    counted: Counter[tuple[str, str]] = Counter()
    for run in a.copper:
        counted[run.rack, run.span] += run.pairs
    assert counted == pairs


@settings(max_examples=25, deadline=None)
@given(data=st.data(), design=st.sampled_from(["helios", "mi355x-128", "mi500-ual256"]))
def test_failures_match_the_explicit_graph(data: st.DataObject, design: str) -> None:
    a, graph = analysed(design)
    nodes = sorted(graph)
    failed = frozenset(data.draw(st.lists(st.sampled_from(nodes), max_size=40)))
    assert a.topology.domains_without(failed) == graph_domains(graph, failed)
    linked = {g for n in failed for g in graph.adj[n] if graph.nodes[g]["kind"] == "gpu"}
    linked |= {n for n in failed if graph.nodes[n]["kind"] == "gpu"}
    gpus = [n for n in graph if n in linked]
    assert a.topology.gpus_linked_to(failed) == gpus


def test_a_failed_switch_tray_in_helios() -> None:
    a, _ = analysed("helios")
    topology = a.topology
    tray = next(t for t in a.design.placed if topology.in_tray(t, "switch_chip"))
    chips = topology.in_tray(tray, "switch_chip")
    assert len(topology.gpus_linked_to(chips)) == 72  # every GPU loses a sixth of its lanes
    assert [len(d) for d in topology.domains_without(chips)] == [72]
    every_chip = topology.nodes_of("switch_chip")
    assert [len(d) for d in topology.domains_without(every_chip)] == [1] * 72
