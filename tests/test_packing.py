"""Servers packed several to a floor rack stand in those racks in the run list and the DCIM
export: as many compute racks as the floor has, each copy's trays raised above the one under it,
the rack's PDUs and feeds carrying all of them."""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rackbom as rb
from rackbom.racks.cabling.names import is_aggregation
from rackbom.racks.clusters.cluster_analysis import ClusterAnalysis
from rackbom.racks.dcim.dcim_model import DcimPlan
from rackbom.racks.dcim.dcim_plan import cluster_plan
from rackbom.racks.dcim.vocabulary import vocabulary
from rackbom.racks.packing import Packing

PACKED = ["hgx-b200-8k", "mi355x-server-8k"]
"""Built-in clusters of 8-GPU servers packed several to a floor rack (two makers, two fabrics)."""


@cache
def _cluster(cluster_id: str) -> ClusterAnalysis:
    analysis = rb.load_cluster(cluster_id).analysis
    assert isinstance(analysis, ClusterAnalysis)
    return analysis


@cache
def _plan(cluster_id: str) -> DcimPlan:
    return cluster_plan(_cluster(cluster_id), vocabulary("netbox"))


@given(copies=st.integers(1, 5000), per=st.integers(1, 8), span=st.integers(1, 12))
def test_every_copy_stands_once_in_its_unit(copies: int, per: int, span: int) -> None:
    """Units hold `per` copies each but the last, in order; a copy's level is its place there."""
    packing = Packing(copies, per, span)
    seen = [c for u in range(packing.units) for c in packing.unit_copies(u)]
    assert seen == list(range(copies))
    assert all(len(packing.unit_copies(u)) == per for u in range(packing.units - 1))
    for copy in (0, copies // 2, copies - 1):
        unit = packing.unit_of(copy)
        assert copy in packing.unit_copies(unit)
        assert packing.unit_copies(unit).index(copy) == packing.level(copy)


@pytest.mark.parametrize("cluster_id", PACKED)
def test_the_dcim_has_the_floors_racks(cluster_id: str) -> None:
    """Compute racks in the export = the floor's racks; each holds its copies' trays stacked
    `span` units apart from the design's own positions, inside the frame, none overlapping."""
    cluster = _cluster(cluster_id)
    packing = cluster.packing
    assert packing.per > 1
    (rack,) = cluster.rack.design.racks
    compute = [p for p in _plan(cluster_id).placed() if p.rack.role == "compute"]
    assert len(compute) == cluster.physical_racks == packing.units
    switch = cluster.floor_switch
    assert switch is not None
    first = {d.position for d in compute[0].devices if d.role == "compute"}
    design = {t.position for t in rack.trays}
    assert first == {p + level * packing.span for p in design for level in range(packing.per)}
    top = max(t.top for t in rack.trays) + (packing.per - 1) * packing.span
    (own,) = [d for d in compute[0].devices if d.role == "management"]
    assert own.position == rack.frame.height_units - switch.units + 1 > top
    servers = sum(1 for p in compute for d in p.devices if d.role == "compute")
    assert servers == cluster.copies * sum(1 for t in rack.trays if t.tray.role.value == "compute")


@pytest.mark.parametrize("cluster_id", PACKED)
def test_a_floor_racks_feeds_carry_its_servers(cluster_id: str) -> None:
    """Every server's inlets are on the floor rack's PDUs; the feeds' allocated draws add up to
    the servers' nominal input, with as many A as B feeds."""
    cluster = _cluster(cluster_id)
    placed = next(p for p in _plan(cluster_id).placed() if p.rack.role == "compute")
    servers = [d for d in placed.devices if d.role == "compute"]
    inlets = {(d.name, p.name) for d in servers for p in d.device_type.power_ports}
    cabled = {(c.a_device, c.a_name) for c in placed.cables if c.b_type == "dcim.poweroutlet"}
    assert inlets and inlets <= cabled
    assert not placed.uncabled
    sides = Counter(f.side for f in placed.feeds)
    assert sides["A"] == sides["B"] >= 1
    draws = {(d.device, d.name): d.allocated_draw for d in placed.draws}
    fed = [draws[(c.b_device, c.b_name)] for c in placed.cables if c.a_type == "dcim.powerfeed"]
    assert cluster.floor_switch is not None
    nominal = cluster.packing.per * cluster.rack.summary.power_rack_input_w
    assert sum(fed) == pytest.approx(nominal + cluster.floor_switch.power_w, abs=len(fed))


@pytest.mark.parametrize("cluster_id", PACKED)
def test_a_floor_racks_switch_manages_its_servers(cluster_id: str) -> None:
    """Each floor rack's own management switch takes every BMC of its servers, one port each,
    in the export and the run list alike; its uplink and own port land on the aggregation; the
    BOM buys one switch per floor rack beside the network racks' and one cord per BMC."""
    cluster = _cluster(cluster_id)
    placed = next(p for p in _plan(cluster_id).placed() if p.rack.role == "compute")
    (own,) = [d.name for d in placed.devices if d.role == "management"]
    servers = {d.name for d in placed.devices if d.role == "compute"}
    bmcs = {c.a_device: c.b_name for c in placed.cables if c.b_device == own and c.a_name == "bmc"}
    assert set(bmcs) == servers and len(set(bmcs.values())) == len(servers)
    rows = [r for r in rb.cables(rb.load_cluster(cluster_id)) if r.tier == 0]
    inside = {r.a_device: r.z_port for r in rows if r.z_device == own}
    assert inside == bmcs
    leaving = [r.z_device for r in rows if r.a_device == own]
    assert len(leaving) == 2 and all(map(is_aggregation, leaving))
    in_rack = sum(1 for r in rows if r.a_rack == r.z_rack and r.a_device in servers | {own})
    assert in_rack == len(servers)
    switch = cluster.floor_switch
    assert switch is not None
    (part,) = [line.part for line in switch.tray.parts]
    bought = sum(n.qty for n in cluster.network_bom if n.part == part)
    network = sum(cluster.fabric.network_racks) * cluster.sizer.management.trays
    assert bought == network + cluster.packing.units
    bmcs_cabled = [r.a_device for r in rows if r.a_port == "bmc"]
    assert len(bmcs_cabled) == len(set(bmcs_cabled)) == cluster.copies


@pytest.mark.parametrize("cluster_id", PACKED)
def test_the_run_list_names_the_floors_racks(cluster_id: str) -> None:
    """The run list's compute ends stand in the export's racks at the export's positions."""
    cluster = _cluster(cluster_id)
    devices = {
        d.name: (d.rack, d.position)
        for p in _plan(cluster_id).placed()
        if p.rack.role == "compute"
        for d in p.devices
    }
    racks = set()
    for row in rb.cables(rb.load_cluster(cluster_id)):
        if row.tier != 1:
            continue
        assert devices[row.a_device] == (row.a_rack, row.a_position), row
        racks.add(row.a_rack)
    assert len(racks) == cluster.physical_racks


@pytest.mark.parametrize(
    ("cluster_id", "row"), [("hgx-b200-8k", "row01"), ("hgx-h200-8k", "row13")]
)
def test_the_hall_elevation_draws_the_floor_racks_as_they_stand(
    cluster_id: str, row: str, cli, tmp_path
) -> None:
    """A row's elevation has its floor racks, not its servers one to a rack: a symbol of a full
    floor rack (the copies stacked as the DCIM stands them, the switch on top), one of a last
    part-full one where the row ends with it, each id once."""
    from xml.etree import ElementTree

    cluster = _cluster(cluster_id)
    out = tmp_path / "row.svg"
    result = cli("svg", cluster_id, "--view", "racks", "--scope", f"row={row}", "-o", str(out))
    assert result.code == 0, result.err
    root = ElementTree.fromstring(out.read_text())
    ns = "{http://www.w3.org/2000/svg}"
    racks = cluster.floor.rows[int(row[3:]) - 1]  # the floor racks of the row
    assert len(root.findall(f".//{ns}use")) == racks
    symbols = root.findall(f".//{ns}symbol")
    full = cluster.packing.per
    last = len(cluster.packing.unit_copies(cluster.packing.units - 1))
    assert len(symbols) == (1 if row == "row01" or last == full else 2)
    for symbol, copies in zip(symbols, (full, last), strict=False):
        trays = symbol.findall(f".//{ns}g[@class='tray']")
        assert len(trays) == copies + 1  # the servers and the floor rack's switch
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids))
    assert f"of {racks} racks: " in out.read_text()


def _switches_manage_every_bmc(plan: DcimPlan) -> int:
    """Every compute rack of the export holds one management switch, and each server's BMC is
    cabled to it; the number of racks checked."""
    compute = [p for p in plan.placed() if p.rack.role == "compute"]
    for placed in compute:
        (own,) = [d.name for d in placed.devices if d.role == "management"]
        servers = {d.name for d in placed.devices if d.role == "compute"}
        bmcs = {c.a_device for c in placed.cables if c.b_device == own and c.a_name == "bmc"}
        assert servers and bmcs == servers, placed.rack.name
    return len(compute)


def test_the_last_floor_rack_holds_its_switch_however_few_servers_it_holds() -> None:
    """mi355x-server-8k stands 1,024 servers 3 to a floor rack: its last rack holds one, with
    its own switch all the same, in the export as in the run list."""
    cluster = _cluster("mi355x-server-8k")
    packing = cluster.packing
    assert len(packing.unit_copies(packing.units - 1)) == 1
    assert _switches_manage_every_bmc(_plan("mi355x-server-8k")) == packing.units


def test_a_server_alone_in_its_floor_rack_has_the_switch_too(tmp_path) -> None:
    """Where the hall's rack power holds one server to a floor rack, each floor rack still gets
    the management switch: every BMC cabled in the export and the run list, each switch bought,
    its power on the rack's feeds."""
    path = tmp_path / "lone.yaml"
    path.write_text(
        "id: b200-lone\nname: HGX B200 one to a rack\nsource: assume-network-profiles\n"
        "design: hgx-b200\nsize: {gpus: 256}\nprofile: nvidia-infiniband-ndr\n"
        "floor: {rack_power_kw: 20}\n",
        encoding="utf-8",
    )
    system = rb.load_cluster(str(path))
    cluster = system.analysis
    assert isinstance(cluster, ClusterAnalysis)
    assert cluster.packing.per == 1
    switch = cluster.floor_switch
    assert switch is not None
    plan = cluster_plan(cluster, vocabulary("netbox"))
    assert _switches_manage_every_bmc(plan) == cluster.copies == 32
    bmcs = [r.a_device for r in rb.cables(system) if r.a_port == "bmc"]
    assert len(bmcs) == len(set(bmcs)) == cluster.copies
    (part,) = [line.part for line in switch.tray.parts]
    bought = sum(n.qty for n in cluster.network_bom if n.part == part)
    assert bought == sum(cluster.fabric.network_racks) * cluster.sizer.management.trays + 32
    placed = next(p for p in plan.placed() if p.rack.role == "compute")
    fed = sum(d.allocated_draw for d in placed.draws)
    nominal = cluster.rack.summary.power_rack_input_w + switch.power_w
    assert fed == pytest.approx(nominal, abs=len(placed.draws))


def test_servers_bringing_their_own_switch_are_packed_all_the_same(tmp_path, cli) -> None:
    """A one-rack design holding its own management switch gets no floor switch, yet its copies
    stand packed in floor racks: the export and the hall elevation have the floor's racks, each
    holding every copy's trays, and the plant carries them."""
    builtin = (Path(rb.__file__).parent / "racks" / "data" / "hgx-b200.yaml").read_text()
    tray = "{tray: hgx-b200-node, position: 2}"
    own = builtin.replace("id: hgx-b200\n", "id: b200-own-mgmt\n", 1).replace(
        tray, f"{tray}\n      - {{tray: mgmt-switch-eia, position: 12}}", 1
    )
    (tmp_path / "design.yaml").write_text(own, encoding="utf-8")
    path = tmp_path / "cluster.yaml"
    path.write_text(
        "id: own-mgmt\nname: B200 with own switch\nsource: assume-network-profiles\n"
        f"design: {tmp_path / 'design.yaml'}\nsize: {{gpus: 96}}\nprofile: nvidia-infiniband-ndr\n",
        encoding="utf-8",
    )
    cluster = rb.load_cluster(str(path)).analysis
    assert isinstance(cluster, ClusterAnalysis)
    assert cluster.floor_switch is None and cluster.packing.per > 1 and cluster.in_floor_racks
    compute = [
        p for p in cluster_plan(cluster, vocabulary("netbox")).placed() if p.rack.role == "compute"
    ]
    assert len(compute) == cluster.packing.units < cluster.copies
    trays = len(cluster.rack.design.racks[0].trays)
    placed = [d for p in compute for d in p.devices if re.fullmatch(r".*-U\d+", d.name)]
    assert len(placed) == cluster.copies * trays
    out = tmp_path / "racks.svg"
    assert cli("svg", str(path), "--view", "racks", "-o", str(out)).code == 0
    assert f"of {cluster.packing.units} racks: {cluster.copies} copies" in out.read_text()
