"""The cable import names devices and interfaces the DCIM export of the same system creates."""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from collections.abc import Callable, Iterator
from itertools import islice
from pathlib import Path

import pytest
import yaml

import rackbom as rb
from rackbom.exports.dcim.cable_import import dcim_writer
from rackbom.exports.dcim.dcim_folder import write_racks
from rackbom.racks.cabling.cable_list import CableList
from rackbom.racks.cabling.names import network_aggregation, unit_prefix
from rackbom.racks.cabling.network_racks import NetworkRack
from rackbom.racks.cabling.row import CableRow
from rackbom.racks.cabling.runlist import RunList
from rackbom.racks.clusters.cluster_analysis import ClusterAnalysis
from rackbom.racks.clusters.cluster_library import builtin_cluster_ids
from rackbom.racks.clusters.network_management import NetworkManagement
from rackbom.racks.dcim.cable_legs import dcim_cables, interface_of, switch_interfaces
from rackbom.racks.dcim.dcim_model import Channelised, Lane
from rackbom.racks.dcim.dcim_plan import _cluster_types, cluster_plan, design_plan
from rackbom.racks.dcim.device_types import switch_device_type, tray_device_type
from rackbom.racks.dcim.lanes import lane_rule, with_tray_lanes
from rackbom.racks.dcim.placed_racks import design_racks, network_racks, rack_type, site_for
from rackbom.racks.dcim.vocabulary import Target, Vocabulary, vocabulary
from rackbom.racks.library import builtin_design_ids

pytestmark = pytest.mark.slow

LINKS_PER_TIER = 3000
"""Links taken from the start of each tier: a compute rack's links and a network rack's."""


def _cluster_interfaces(
    run: RunList, target: Target, boxes: set[str], rows: list[CableRow]
) -> dict[str, set[str]]:
    """Device name -> interface names, breakout lanes included: the first floor unit (a copy of
    the design, or a floor rack of packed servers) and each network rack holding one of the
    devices `boxes` (the lanes of its switch boxes, as the export makes them for the cables of
    `rows`)."""
    vocab = vocabulary(target)
    cluster = run.cluster
    design = cluster.rack.design
    types = _cluster_types(cluster, vocab).trays
    frames = {r.frame.id: rack_type(r.frame, cluster.catalogue) for r in design.racks}
    site = site_for(cluster.id, "cluster")
    switch = switch_device_type(cluster.catalogue, cluster.switch, vocab)
    network = rack_type(cluster.network_frame, cluster.catalogue)
    cages = [i.name for i in switch.interfaces if not i.mgmt_only]
    lanes = lane_rule(run, cages, vocab, rows)
    packing, floor = cluster.packing, cluster.floor_racks
    first = len(packing.unit_copies(0))
    standing = None if floor is None else floor.rack(0)
    prefix = unit_prefix(cluster.id, 0)
    placed = [
        with_tray_lanes(p, lanes)
        for p in design_racks(design, types, frames, site, prefix, None, packing, first, standing)
    ]
    management = tray_device_type(design, cluster.sizer.management.tray, vocab, busbar=False)
    held = cluster.sizer.management.aggregation
    assert held is not None
    aggregation = tray_device_type(design, held, vocab, busbar=False)
    placed += network_racks(
        run,
        switch,
        management,
        aggregation,
        network,
        site,
        vocab,
        keep=_holding(boxes, cluster.sizer.management),
    )
    out = {d.name: {i.name for i in d.device_type.interfaces} for p in placed for d in p.devices}
    names = [
        d.name for p in placed for d in p.devices if d.name in boxes and d.device_type is switch
    ]
    for lane in (lane for p in placed for lane in p.lanes):
        _add_lane(out, lane, vocab)
    for box, named in lanes.boxes(names):
        # the boxes of a group are one device type with one set of lanes: the first one's
        # lanes are checked lane by lane, the others take the same names
        before = set(out[named[0]])
        for lane in box.of(named[0]):
            _add_lane(out, lane, vocab)
        for name in named[1:]:
            assert out[name] == before, name
            out[name] = set(out[named[0]])
    return out


def _add_lane(out: dict[str, set[str]], lane: Lane | Channelised, vocab: Vocabulary) -> None:
    """A lane's name into its device's interfaces, once checked against them."""
    if not isinstance(lane, Lane):  # a channelised cage: the device type's interface
        assert lane.name in out[lane.device], lane
        return
    assert lane.name not in out[lane.device], lane
    assert vocab.accepts("interface", lane.type), lane
    assert lane.cage in out[lane.device], lane
    out[lane.device].add(lane.name)


def _holding(devices: set[str], management: NetworkManagement) -> Callable[[NetworkRack], bool]:
    """Whether a network rack holds one of `devices`: a switch box, a management switch or its
    management aggregation switch."""

    def holds(rack: NetworkRack) -> bool:
        names = {box.device for box in rack.boxes} | {network_aggregation(rack.name)}
        names |= {name for name, _ in rack.management_devices(management)}
        return not names.isdisjoint(devices)

    return holds


def _first_links(cables: CableList) -> Iterator[CableRow]:
    """The first management cables and the first links of each tier, as rows."""
    run = cables.run_list
    assert run is not None
    yield from islice(run._management_rows(), 100)
    yield from islice(run.network_management_rows(), 100)
    yield from islice(run.uplink_rows(), 100)
    for tier, links in run._tiers():
        yield from run._tier_rows(tier, islice(links, LINKS_PER_TIER))


def _imported(
    rows: Iterator[CableRow], cables: CableList, tmp_path: Path, target: Target = "netbox"
) -> list[dict[str, str]]:
    path = tmp_path / "cables.csv"
    dcim_writer(
        dcim_cables(rows, cables.run_list, cables.catalogue, vocabulary(target)), cables.plain_names
    )(path)
    with path.open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


def _ends(row: dict[str, str]) -> list[tuple[str, str]]:
    """A cable row's terminations, (device, interface), A first: a side of several lists them
    comma-separated, paired in order."""
    return [
        (device, name)
        for side in "ab"
        for device, name in zip(
            row[f"side_{side}_device"].split(","), row[f"side_{side}_name"].split(","), strict=True
        )
    ]


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
    unit = re.compile(rf"{re.escape(cluster_id)}-(\d{{5}})-")
    first = unit_prefix(cluster_id, 0) + "-"
    links = list(_first_links(cables))
    rows = _imported(iter(links), cables, tmp_path, target)
    devices = {device for row in rows for device, _ in _ends(row)}
    assert cables.run_list is not None
    interfaces = _cluster_interfaces(cables.run_list, target, devices, links)
    assert rows
    for row in rows:
        for device, name in _ends(row):
            found = unit.match(device)
            if found is not None:  # another floor unit: the first unit's names
                assert 1 <= int(found.group(1)) <= analysis.packing.units
                device = first + device[found.end() :]
            assert name in interfaces[device], (device, row)
    ends = Counter(end for row in rows for end in _ends(row))
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
    switch = switch_interfaces(cables.run_list, vocabulary("netbox"))
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


@pytest.mark.parametrize("target", ["netbox", "nautobot"])
def test_a_clusters_whole_cable_import_lands_one_cable_per_interface_of_its_export(
    target: Target, tmp_path: Path
) -> None:
    """mi355x-8k breaks each cage into two lanes. In NetBox a cage that one breakout cable holds
    all of is channelised, its lanes its channels, and the cable is one row with its profile:
    the cage at A, each channel's far end at B in channel order, as the run list has it; other
    lanes (a spine cage's, every lane in Nautobot) stand alone, one cable each."""
    cluster = rb.load_cluster("mi355x-8k")
    analysis = cluster.analysis
    assert isinstance(analysis, ClusterAnalysis)
    export = cluster_plan(analysis, vocabulary(target))
    stream = io.StringIO()
    write_racks(export, stream)
    racks = yaml.load(stream.getvalue(), Loader=yaml.CSafeLoader)
    types = {t.slug: {i.name for i in t.interfaces} for t in export.types}
    interfaces = {d["name"]: set(types[d["device_type"]["slug"]]) for d in racks["devices"]}
    assert racks["interfaces"]
    channelised: dict[tuple[str, str], int] = {}
    channels: dict[tuple[str, str], tuple[str, int]] = {}
    for lane in racks["interfaces"]:
        if "channels" in lane:  # the device type's cage, channelised
            assert lane["name"] in interfaces[lane["device"]]
            channelised[lane["device"], lane["name"]] = lane["channels"]
            continue
        assert lane["name"] not in interfaces[lane["device"]]
        if "parent" in lane:
            assert channelised[lane["device"], lane["parent"]] >= lane["channel_id"]
            channels[lane["device"], lane["name"]] = (lane["parent"], lane["channel_id"])
        else:
            assert lane["description"].startswith("Breakout lane of ")
        interfaces[lane["device"]].add(lane["name"])
    assert bool(channelised) == (target == "netbox")
    cables = rb.cables(cluster)
    rows = _imported(iter(cables), cables, tmp_path, target)
    ends = Counter(end for row in rows for end in _ends(row))
    for device, name in ends:
        assert name in interfaces[device], (device, name)
        assert (device, name) not in channels  # a channel carries no cable of its own
    far = {}
    for row in rows:
        a, *b = _ends(row)
        if row["profile"]:
            assert row["profile"] == f"breakout-1c{len(b)}p-{len(b)}c1p"
            assert channelised.pop(a) == len(b)
            far |= {(a, channel): end for channel, end in enumerate(b, start=1)}
        else:
            assert len(b) == 1
    assert not channelised  # every channelised cage is one breakout cable's A end
    for leg in cables:  # each channel leads where the run list's leg does
        for near, other in (
            ((leg.a_device, leg.a_port), (leg.z_device, leg.z_port)),
            ((leg.z_device, leg.z_port), (leg.a_device, leg.a_port)),
        ):
            if near in channels:
                cage, channel = channels[near]
                assert far[(near[0], cage), channel] == other
    ends.update(
        (c[f"side_{s}_device"], c[f"side_{s}_name"])
        for c in racks["cables"]
        for s in "ab"
        if c[f"side_{s}_type"] == "dcim.interface"
    )
    assert ends.most_common(1)[0][1] == 1  # each interface cabled once across the two files
