"""The cable import names devices and interfaces the DCIM export of the same system creates."""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from collections.abc import Iterator
from itertools import chain, islice
from pathlib import Path

import pytest
import yaml

import rackbom as rb
from rackbom.exports.dcim.cable_import import dcim_writer
from rackbom.exports.dcim.dcim_folder import write_racks
from rackbom.racks.cabling.cable_list import CableList
from rackbom.racks.cabling.names import copy_prefix
from rackbom.racks.cabling.row import CableRow
from rackbom.racks.cabling.runlist import RunList
from rackbom.racks.clusters.cluster_analysis import ClusterAnalysis
from rackbom.racks.clusters.cluster_library import builtin_cluster_ids
from rackbom.racks.dcim.cable_legs import cable_legs, interface_of, switch_interfaces
from rackbom.racks.dcim.dcim_plan import _design_types, cluster_plan, design_plan
from rackbom.racks.dcim.device_types import switch_device_type, tray_device_type
from rackbom.racks.dcim.lanes import lane_rule, with_tray_lanes
from rackbom.racks.dcim.placed_racks import design_racks, network_racks, rack_type, site_for
from rackbom.racks.dcim.vocabulary import Target, vocabulary
from rackbom.racks.library import builtin_design_ids

LINKS_PER_TIER = 3000
"""Links taken from the start of each tier: a compute rack's links and a network rack's."""


def _cluster_interfaces(
    cluster: ClusterAnalysis, target: Target, boxes: set[str]
) -> dict[str, set[str]]:
    """Device name -> interface names, breakout lanes included: the first copy of the design and
    every network rack (the lanes of the switch boxes in `boxes`, as the export makes them)."""
    vocab = vocabulary(target)
    design = cluster.rack.design
    infiniband = cluster.switch.protocol == "infiniband"
    types = _design_types(design, vocab, infiniband)
    frames = {r.frame.id: rack_type(r.frame, cluster.catalogue) for r in design.racks}
    site = site_for(cluster.id, "cluster")
    switch = switch_device_type(cluster.catalogue, cluster.switch, vocab)
    network = rack_type(cluster.network_frame, cluster.catalogue)
    lanes = lane_rule(
        RunList(cluster), [i.name for i in switch.interfaces if not i.mgmt_only], vocab
    )
    placed = [
        with_tray_lanes(p, lanes)
        for p in design_racks(design, types, frames, site, copy_prefix(cluster.id, 0))
    ]
    management = tray_device_type(design, cluster.sizer.management.tray, vocab, busbar=False)
    held = cluster.sizer.management.aggregation
    assert held is not None
    aggregation = tray_device_type(design, held, vocab, busbar=False)
    placed += network_racks(cluster, switch, management, aggregation, network, site, vocab)
    out = {d.name: {i.name for i in d.device_type.interfaces} for p in placed for d in p.devices}
    boxes_lanes = (
        lane
        for p in placed
        for d in p.devices
        if lanes.box is not None and d.name in boxes and d.device_type is switch
        for lane in lanes.box.of(d.name)
    )
    for lane in chain((lane for p in placed for lane in p.lanes), boxes_lanes):
        assert lane.name not in out[lane.device], lane
        assert vocab.accepts("interface", lane.type), lane
        assert lane.cage in out[lane.device], lane
        out[lane.device].add(lane.name)
    return out


def _first_links(cables: CableList) -> Iterator[CableRow]:
    """The first management cables and the first links of each tier, as rows."""
    run = cables.run_list
    assert run is not None
    yield from islice(run._management_rows(), 100)
    yield from islice(run.network_management_rows(), 100)
    yield from islice(run.uplink_rows(), 100)
    for tier, links in run._tiers():
        yield from run._tier_rows(tier, islice(links, LINKS_PER_TIER))


def _imported(rows: Iterator[CableRow], cables: CableList, tmp_path: Path) -> list[dict[str, str]]:
    path = tmp_path / "cables.csv"
    dcim_writer(cable_legs(rows, cables), cables.plain_names)(path)
    with path.open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


@pytest.mark.parametrize(
    ("cluster_id", "target"),
    [
        (c, t)
        for c in builtin_cluster_ids()
        for t in ("netbox", "nautobot")
        if t == "netbox" or c != "helios-1m"  # the same names; its vocabulary's types alone differ
    ],
)
def test_every_cable_end_is_an_interface_the_dcim_export_creates(
    cluster_id: str, target: Target, tmp_path: Path
) -> None:
    cluster = rb.load_cluster(cluster_id)
    cables = rb.cables(cluster)
    analysis = cluster.analysis
    assert isinstance(analysis, ClusterAnalysis)
    copy = re.compile(rf"{re.escape(cluster_id)}-(\d{{5}})-")
    first = copy_prefix(cluster_id, 0) + "-"
    rows = _imported(_first_links(cables), cables, tmp_path)
    devices = {row[f"side_{side}_device"] for row in rows for side in "ab"}
    interfaces = _cluster_interfaces(analysis, target, devices)
    assert rows
    for row in rows:
        for side in ("a", "b"):
            device = row[f"side_{side}_device"]
            found = copy.match(device)
            if found is not None:  # another copy of the design: the first copy's names
                assert 1 <= int(found.group(1)) <= analysis.copies
                device = first + device[found.end() :]
            assert row[f"side_{side}_name"] in interfaces[device], (device, row)
    ends = Counter(
        (row[f"side_{side}_device"], row[f"side_{side}_name"]) for row in rows for side in "ab"
    )
    assert ends.most_common(1)[0][1] == 1, ends.most_common(1)  # one cable per interface


@pytest.mark.parametrize("design_id", builtin_design_ids())
def test_a_designs_cables_are_the_dcim_exports_management_cables(
    design_id: str, tmp_path: Path
) -> None:
    design = rb.load(design_id)
    export = design_plan(design.analysis, vocabulary("netbox"))  # type: ignore[arg-type]
    stream = io.StringIO()
    write_racks(export, stream)
    racks = yaml.safe_load(stream.getvalue())
    types = {t.slug: {i.name for i in t.interfaces} for t in export.types}
    interfaces = {d["name"]: types[d["device_type"]["slug"]] for d in racks["devices"]}
    cables = rb.cables(design)
    assert _imported(iter(cables), cables, tmp_path) == []  # each cable in one file
    switch = switch_interfaces(cables)
    rows = [
        {
            "side_a_device": r.a_device,
            "side_a_name": interface_of(r.a_port, switch),
            "side_b_device": r.z_device,
            "side_b_name": interface_of(r.z_port, switch),
        }
        for r in cables
    ]
    for row in rows:
        assert row["side_a_name"] in interfaces[row["side_a_device"]]
        assert row["side_b_name"] in interfaces[row["side_b_device"]]
    pairs = {
        (c["side_a_device"], c["side_a_name"], c["side_b_device"], c["side_b_name"])
        for c in racks["cables"]
        if c["side_b_type"] == "dcim.interface"
    }
    assert pairs == {
        (r["side_a_device"], r["side_a_name"], r["side_b_device"], r["side_b_name"]) for r in rows
    }


def test_a_clusters_whole_cable_import_lands_one_cable_per_interface_of_its_export(
    tmp_path: Path,
) -> None:
    """mi355x-8k breaks each cage into two lanes: its export adds them, its import ends on them."""
    cluster = rb.load_cluster("mi355x-8k")
    analysis = cluster.analysis
    assert isinstance(analysis, ClusterAnalysis)
    export = cluster_plan(analysis, vocabulary("nautobot"))
    stream = io.StringIO()
    write_racks(export, stream)
    racks = yaml.load(stream.getvalue(), Loader=yaml.CSafeLoader)
    types = {t.slug: {i.name for i in t.interfaces} for t in export.types}
    interfaces = {d["name"]: set(types[d["device_type"]["slug"]]) for d in racks["devices"]}
    assert racks["interfaces"]
    for lane in racks["interfaces"]:
        assert lane["name"] not in interfaces[lane["device"]]
        assert lane["description"].startswith("Breakout lane of ")
        interfaces[lane["device"]].add(lane["name"])
    cables = rb.cables(cluster)
    rows = _imported(iter(cables), cables, tmp_path)
    ends = Counter((r[f"side_{s}_device"], r[f"side_{s}_name"]) for r in rows for s in "ab")
    for device, name in ends:
        assert name in interfaces[device], (device, name)
    ends.update(
        (c[f"side_{s}_device"], c[f"side_{s}_name"])
        for c in racks["cables"]
        for s in "ab"
        if c[f"side_{s}_type"] == "dcim.interface"
    )
    assert ends.most_common(1)[0][1] == 1  # each interface cabled once across the two files
