"""The counted topology against the explicit graph: the same domains, ports, bandwidth, copper."""

from __future__ import annotations

from collections import Counter
from functools import cache

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rackbom as rb
from conftest import DESIGNS
from rackbom.racks import Analysis, load_design
from rackbom.racks.copper_runs import PAIRS_PER_LANE
from rackbom.racks.graph import topology_graph
from rackbom.racks.plant.failures import DesignFailures, Failure, Outcome


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


@cache
def failure_model(design: str) -> tuple[DesignFailures, nx.Graph]:
    d = rb.load(design)
    model = DesignFailures(d.analysis, list(d.plant().racks))
    return model, topology_graph(d.analysis.topology)


def graph_outcome(model: DesignFailures, graph: nx.Graph, failure: Failure) -> Outcome:
    """What `failure` costs, read from the explicit graph: a domain stays full while it comes
    out of the failure unchanged (every GPU running, all still connected over scale-up links)."""
    dead = model.dead_trays(failure)
    kind = dict(graph.nodes(data="kind"))
    chips = {n for n, k in kind.items() if k == "switch_chip" and graph.nodes[n]["tray"] in dead}
    chips |= failure.chips
    nics_of = {
        g: [n for n, e in graph.adj[g].items() if e["link"] == "scale_out"]
        for g, k in kind.items()
        if k == "gpu"
    }
    lost = {
        g
        for g, own in nics_of.items()
        if graph.nodes[g]["tray"] in dead or (own and all(n in failure.nics for n in own))
    }
    touched = lost | {g for c in chips for g in graph.adj[c] if kind[g] == "gpu"}
    touched |= {g for g, own in nics_of.items() if any(n in failure.nics for n in own)}
    before = graph_domains(graph)
    after = {tuple(d) for d in graph_domains(graph, frozenset(lost | chips))}
    broken = sum(len(d) for d in before if tuple(d) not in after)
    affected = sum(1 for d in before if any(g in touched for g in d))
    return Outcome(len(lost), affected, len(nics_of) - broken, len(nics_of))


def failure_pool(model: DesignFailures) -> list[Failure]:
    """Every failure class of the model, each tray alone, and every switch chip at once."""
    return [
        *model.shelf_failures(),
        *model.feed_failures(),
        *model.nic_failures(),
        *model.switch_tray_failures(),
        *model.rack_failures(),
        *(Failure(trays=frozenset({t.key})) for t in model.analysis.design.placed),
        Failure(chips=frozenset(model.chip_tray)),  # the domains fall apart
    ]


@pytest.mark.parametrize("design", ["helios", "gb200-nvl72", "mi355x-128", "hgx-b200"])
def test_each_failure_costs_what_the_explicit_graph_says(design: str) -> None:
    model, graph = failure_model(design)
    for failure in failure_pool(model):
        assert model.outcome(failure) == graph_outcome(model, graph, failure), failure


@settings(max_examples=20, deadline=None)
@given(data=st.data(), design=st.sampled_from(["helios", "gb200-nvl72", "mi355x-128"]))
def test_failures_together_cost_what_the_explicit_graph_says(
    data: st.DataObject, design: str
) -> None:
    model, graph = failure_model(design)
    chips = sorted(model.chip_tray)
    some_chips = st.lists(st.sampled_from(chips), max_size=12) if chips else st.just([])
    failure = Failure(chips=frozenset(data.draw(some_chips)))
    for more in data.draw(st.lists(st.sampled_from(failure_pool(model)), max_size=3)):
        failure = failure | more
    assert model.outcome(failure) == graph_outcome(model, graph, failure)


def test_a_failed_switch_tray_in_helios() -> None:
    a, _ = analysed("helios")
    topology = a.topology
    tray = next(t for t in a.design.placed if topology.in_tray(t, "switch_chip"))
    chips = topology.in_tray(tray, "switch_chip")
    assert len(topology.gpus_linked_to(chips)) == 72  # every GPU loses a sixth of its lanes
    assert [len(d) for d in topology.domains_without(chips)] == [72]
    every_chip = topology.nodes_of("switch_chip")
    assert [len(d) for d in topology.domains_without(every_chip)] == [1] * 72
