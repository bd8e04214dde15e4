"""The cable import names devices and interfaces the DCIM export of the same system creates."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from itertools import islice
from pathlib import Path

import pytest
import yaml

import rackbom as rb
from rackbom.exports.dcim.cable_import import dcim_writer
from rackbom.exports.dcim.dcim_export import _design_types, design_export
from rackbom.exports.dcim.device_types import switch_device_type, tray_device_type
from rackbom.exports.dcim.racks import design_racks, network_racks, rack_type, site_for
from rackbom.exports.dcim.vocabulary import vocabulary
from rackbom.racks.cabling.cable_list import CableList
from rackbom.racks.cabling.names import copy_prefix
from rackbom.racks.cabling.row import CableRow
from rackbom.racks.clusters.cluster_analysis import ClusterAnalysis
from rackbom.racks.clusters.cluster_library import builtin_cluster_ids
from rackbom.racks.library import builtin_design_ids

LINKS_PER_TIER = 3000
"""Links taken from the start of each tier: a compute rack's links and a network rack's."""


def _cluster_interfaces(cluster: ClusterAnalysis) -> dict[str, set[str]]:
    """Device name -> interface names: the first copy of the design and every network rack."""
    vocab = vocabulary("netbox")
    design = cluster.rack.design
    infiniband = cluster.switch.protocol == "infiniband"
    types = _design_types(design, vocab, infiniband)
    frames = {r.frame.id: rack_type(r.frame, cluster.catalogue) for r in design.racks}
    site = site_for(cluster.id, "cluster")
    switch = switch_device_type(cluster.catalogue, cluster.switch, vocab)
    network = rack_type(cluster.network_frame, cluster.catalogue)
    placed = [*design_racks(design, types, frames, site, copy_prefix(cluster.id, 0))]
    management = tray_device_type(design, cluster.sizer.management.tray, vocab, busbar=False)
    placed += network_racks(cluster, switch, management, network, site, vocab)
    return {d.name: {i.name for i in d.device_type.interfaces} for p in placed for d in p.devices}


def _first_links(cables: CableList) -> Iterator[CableRow]:
    """The first management cables and the first links of each tier, as rows."""
    run = cables.run_list
    assert run is not None
    yield from islice(iter(cables), 100)
    for tier, links in run._tiers():
        yield from run._tier_rows(tier, islice(links, LINKS_PER_TIER))


def _imported(rows: Iterator[CableRow], cables: CableList, tmp_path: Path) -> list[dict[str, str]]:
    path = tmp_path / "cables.csv"
    dcim_writer(rows, cables, cables.plain_names)(path)
    with path.open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


@pytest.mark.parametrize("cluster_id", builtin_cluster_ids())
def test_every_cable_end_is_an_interface_the_dcim_export_creates(
    cluster_id: str, tmp_path: Path
) -> None:
    cluster = rb.load_cluster(cluster_id)
    cables = rb.cables(cluster)
    analysis = cluster.analysis
    assert isinstance(analysis, ClusterAnalysis)
    interfaces = _cluster_interfaces(analysis)
    copy = re.compile(rf"{re.escape(cluster_id)}-(\d{{5}})-")
    first = copy_prefix(cluster_id, 0) + "-"
    rows = _imported(_first_links(cables), cables, tmp_path)
    assert rows
    for row in rows:
        for side in ("a", "b"):
            device = row[f"side_{side}_device"]
            found = copy.match(device)
            if found is not None:  # another copy of the design: the first copy's names
                assert 1 <= int(found.group(1)) <= analysis.copies
                device = first + device[found.end() :]
            assert row[f"side_{side}_name"] in interfaces[device], (device, row)


@pytest.mark.parametrize("design_id", builtin_design_ids())
def test_a_designs_cables_are_the_dcim_exports_management_cables(
    design_id: str, tmp_path: Path
) -> None:
    design = rb.load(design_id)
    export = design_export(design.analysis, vocabulary("netbox"))  # type: ignore[arg-type]
    stream = io.StringIO()
    export.write_racks(stream)
    racks = yaml.safe_load(stream.getvalue())
    types = {t.slug: {i.name for i in t.interfaces} for t in export.types}
    interfaces = {d["name"]: types[d["device_type"]["slug"]] for d in racks["devices"]}
    cables = rb.cables(design)
    rows = _imported(iter(cables), cables, tmp_path)
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
