"""Native breakouts in the DCIM plan: which cages are channelised, their channels, each breakout
cable's profile, and the cable counts of the three-rack cluster the push test loads."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import rackbom as rb
from rackbom.racks.cabling.runlist import RunList
from rackbom.racks.clusters.cluster_analysis import ClusterAnalysis
from rackbom.racks.dcim.cable_legs import dcim_cables
from rackbom.racks.dcim.dcim_model import Channelised, Lane
from rackbom.racks.dcim.dcim_plan import cluster_plan
from rackbom.racks.dcim.vocabulary import Target, vocabulary

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
