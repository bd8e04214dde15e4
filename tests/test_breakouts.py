"""Native breakouts in the DCIM plan: which cages are channelised, their channels, each breakout
cable's profile, and the cable counts of the three-rack cluster the push test loads."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rackbom as rb
from rackbom.racks.cabling.row import CableRow
from rackbom.racks.cabling.runlist import RunList
from rackbom.racks.clusters.cluster_analysis import ClusterAnalysis
from rackbom.racks.clusters.cluster_library import builtin_cluster_ids
from rackbom.racks.dcim.breakouts import end_of
from rackbom.racks.dcim.cable_legs import dcim_cables
from rackbom.racks.dcim.dcim_model import Channelised, Lane
from rackbom.racks.dcim.dcim_plan import cluster_plan
from rackbom.racks.dcim.device_types import switch_device_type
from rackbom.racks.dcim.lanes import lane_rule
from rackbom.racks.dcim.vocabulary import Target, vocabulary

pytestmark = pytest.mark.slow

HELIOS_3 = Path(__file__).resolve().parent / "data" / "helios-3.yaml"
"""The three-rack Helios cluster `test_netbox_push.py` loads."""


def _lanes(cluster: ClusterAnalysis, target: Target) -> dict[str, list[Lane | Channelised]]:
    """Each switch box's lanes as the plan gives them."""
    plan = cluster_plan(cluster, vocabulary(target))
    return {
        box: list(lanes.of(box))
        for placed in plan.network_racks()
        for lanes, boxes in placed.laned
        for box in boxes
    }


def test_the_product_decides_the_profile() -> None:
    netbox, nautobot = vocabulary("netbox"), vocabulary("nautobot")
    assert [netbox.breakout_profile(k) for k in (2, 4, 8)] == [
        "breakout-1c2p-2c1p",
        "breakout-1c4p-4c1p",
        "breakout-1c8p-8c1p",
    ]
    assert netbox.breakout_profile(3) is None
    assert nautobot.breakout_profile(2) is None


@pytest.mark.parametrize(("cluster_id", "ways"), [("helios-8k", 4), ("mi355x-8k", 2)])
def test_a_hub_cage_is_channelised_into_its_breakouts_sub_ports(cluster_id: str, ways: int) -> None:
    """A cage a breakout cable holds all of has one channel per sub-port, named as the run
    list names them, each the device type's cage's child; a leaf's cages are hubs, a spine's
    (fed by several leaves' cables) stand alone."""
    cluster = rb.load_cluster(cluster_id).analysis
    assert isinstance(cluster, ClusterAnalysis)
    run = RunList(cluster)
    lanes = _lanes(cluster, "netbox")
    cages = {box: [i for i in items if isinstance(i, Channelised)] for box, items in lanes.items()}
    leaves = [box for box in lanes if "-leaf-" in box]
    spines = [box for box in lanes if "-spine-" in box]
    assert leaves and spines
    assert all(cages[box] for box in leaves) and not any(cages[box] for box in spines)
    assert {c.channels for box in leaves for c in cages[box]} == {ways}
    box = leaves[0]
    first = cages[box][0]
    channels = [i for i in lanes[box] if isinstance(i, Lane) and i.cage == first.name]
    assert [(c.channel, c.name) for c in channels] == [
        (k + 1, run.port_names[k]) for k in range(ways)
    ]
    assert channels[0].data()["parent"] == first.name
    assert first.data() == {"device": box, "name": first.name, "channels": ways}
    spine = [i for i in lanes[spines[0]] if isinstance(i, Lane)]
    assert spine and all(i.channel is None and "parent" not in i.data() for i in spine)


def test_nautobot_has_no_channels() -> None:
    cluster = rb.load_cluster("mi355x-8k").analysis
    assert isinstance(cluster, ClusterAnalysis)
    lanes = _lanes(cluster, "nautobot")
    assert lanes
    assert all(isinstance(i, Lane) and i.channel is None for items in lanes.values() for i in items)


def test_one_netbox_cable_per_physical_cable() -> None:
    """Helios on three racks: each of the 648 breakout cables of the fabric is one NetBox cable
    of profile 1C2P:2C1P labelled with its cable id (1,296 legs before), a full leaf's 64 cages
    channelised."""
    system = rb.load_cluster(str(HELIOS_3))
    cables = rb.cables(system)
    fabric = [row for row in cables if row.tier >= 1]
    made = [c for c in dcim_cables(fabric, cables.run_list, cables.catalogue, vocabulary("netbox"))]
    assert len(made) == len({row.cable_id for row in fabric}) == 648
    assert len(fabric) == 1296
    assert Counter(c.profile for c in made) == {"breakout-1c2p-2c1p": 648}
    assert {c.label for c in made} == {row.cable_id for row in fabric}
    assert all(len(c.b_devices) == 2 for c in made)
    analysis = system.analysis
    assert isinstance(analysis, ClusterAnalysis)
    lanes = _lanes(analysis, "netbox")
    per_leaf = Counter(
        box for box, items in lanes.items() for i in items if isinstance(i, Channelised)
    )
    assert sorted(per_leaf.values()) == [8] + [64] * 10  # the last leaf's 4 down, 4 up


def _cage_cables(cluster: ClusterAnalysis) -> tuple[int, int, int]:
    """Multi-leg cables of the run list, each checked to hold sub-ports of one cage of one
    switch at one end and to be of one length; those of them that take every sub-port behind
    their module's connector (the legs their kind carries); and the hub cages the NetBox plan
    channelises."""
    run = RunList(cluster)
    index = {name: s for s, name in enumerate(run.port_names)}
    cables: dict[str, list[CableRow]] = {}
    for row in run.rows():
        if row.tier >= 1:
            cables.setdefault(row.cable_id, []).append(row)
    multi = [legs for legs in cables.values() if len(legs) > 1]
    for legs in multi:
        assert len({leg.run_m for leg in legs}) == 1, legs[0].cable_id
        held = [
            {(device, index.get(port, -1) // run.split) for device, port in ends}
            for ends in ([end_of(leg, side) for leg in legs] for side in ("a", "z"))
        ]
        assert any(len(h) == 1 and min(h)[1] >= 0 for h in held), legs[0].cable_id
    whole = sum(len(legs) == run.kind(legs[0].tier, legs[0].run_m).legs for legs in multi)
    vocab = vocabulary("netbox")
    box = switch_device_type(cluster.catalogue, cluster.switch, vocab)
    rule = lane_rule(run, [i.name for i in box.interfaces if not i.mgmt_only], vocab)
    return len(multi), whole, sum(len(cages) for cages in rule.hubs.values())


@pytest.mark.parametrize(
    "cluster_id", [c for c in builtin_cluster_ids() if c != "helios-1m"] + [str(HELIOS_3)]
)
def test_a_breakout_cable_holds_one_whole_cage(cluster_id: str) -> None:
    """Every multi-leg cable's legs are every sub-port of one cage of one switch, all of one
    length, and the NetBox plan channelises one hub cage per such cable (helios-1m, walked row
    by row, is too large here; its cables are held to its BOM by `run_counts` in
    test_cables.py)."""
    cluster = rb.load_cluster(cluster_id).analysis
    assert isinstance(cluster, ClusterAnalysis)
    multi, whole, hubs = _cage_cables(cluster)
    assert hubs == whole == multi


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    racks=st.integers(min_value=1, max_value=24),
    tiers=st.sampled_from([2, 3]),
    planes=st.sampled_from([1, 2]),
)
def test_small_clusters_cable_whole_cages(racks: int, tiers: int, planes: int) -> None:
    """The same rule on small clusters of any size, two or three tiers, one or two planes: a
    multi-leg cable holds one cage of one switch; where it takes every sub-port of the cage,
    the cage is a hub (a switch whose uplinks are not a whole number of cages leaves its last
    cage part-used, a cable of fewer legs); the rows count as the BOM does."""
    try:
        system = rb.cluster(
            "mi355x-128",
            gpus=128 * racks,
            fabric={"topology": "rail_optimised", "tiers": tiers, "planes": planes},
            profile="arista-th6",
            id=f"small-{racks}",
        )
        cluster = system.analysis
    except rb.InputError:
        return  # a pinned fabric these racks cannot have is refused, not cabled
    assert isinstance(cluster, ClusterAnalysis)
    multi, whole, hubs = _cage_cables(cluster)
    assert hubs == whole > 0 and whole <= multi
    cables = rb.cables(system)
    assert cables.counts == cables.bom
