"""The connected management network: every management port cabled once, every management
switch uplinked once, aggregation switches by the rule of
`racks/clusters/management_aggregation.py`."""

from __future__ import annotations

import math
import subprocess
import sys
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import rackbom as rb
from rackbom.components.network_os import ASSUMED_OS, NETWORK_OS
from rackbom.components.trays import TrayRole
from rackbom.racks.cabling.cable_list import CableList
from rackbom.racks.cabling.names import (
    network_aggregation,
    rack_name,
    tray_device,
    unit_prefix,
)
from rackbom.racks.management import BMC_PORT

MANAGEMENT_PORTS = {BMC_PORT, ASSUMED_OS.management_port} | {
    os.management_port for os in NETWORK_OS.values()
}
"""A BMC's name and every switch OS's name for its management port."""


def _check(cables: CableList) -> None:
    """Every BMC, box management port and management switch's own port cabled exactly once,
    every management switch uplinked exactly once, each far port taken once, and the
    aggregation switches as many as the rule gives."""
    run = cables.run_list
    assert run is not None
    cluster, management = run.cluster, run.cluster.sizer.management
    design = cluster.rack.design
    rows = [r for r in cables if r.tier == 0]
    managed: Counter[str] = Counter()
    switches: list[str] = []
    floor = cluster.floor_racks
    for unit in range(cluster.packing.units):
        prefix = unit_prefix(cluster.id, unit)
        standing = design.racks if floor is None else [floor.rack(unit)]
        for rack in standing:
            name = rack_name(prefix, rack.name)
            for tray in rack.trays:
                device = tray_device(name, tray.label)
                if tray.tray.role in (TrayRole.COMPUTE, TrayRole.SWITCH, TrayRole.MANAGEMENT):
                    managed[device] += 1
                if tray.tray.role == TrayRole.MANAGEMENT:
                    switches.append(device)
    for rack in run.network_racks:
        managed.update(b.device for b in rack.boxes)
        trays = [name for name, _ in rack.management_devices(management)]
        managed.update(trays)
        switches.extend(trays)
        if rack.name in run.aggregated:
            managed[network_aggregation(rack.name)] += 1
    own = Counter(r.a_device for r in rows if r.a_port in MANAGEMENT_PORTS)
    assert own == managed
    uplinks = Counter(r.a_device for r in rows if r.a_port == "up1")
    assert uplinks == Counter(switches)
    far = Counter((r.z_device, r.z_port) for r in rows)
    assert max(far.values()) == 1
    assert all(r.run_m <= r.cable_m for r in rows)
    per_group: Counter[str] = Counter()
    for r in rows:
        if r.z_device.endswith("-mgmtagg"):
            per_group[r.z_row] += 1
    ports = 48  # the catalogue's aggregation switch
    expected = sum(math.ceil(n / ports) for n in per_group.values())
    assert run.aggregation.switches == expected == len(run.aggregated)
    assert cables.counts == cables.bom


def test_a_small_cluster_cables_every_management_port_once() -> None:
    _check(rb.cables("helios-8k+gpus=1152"))


def test_each_aggregation_switch_uplinks_once_out_of_the_cluster() -> None:
    cables = rb.cables("helios-8k+gpus=1152")
    run = cables.run_list
    assert run is not None and run.aggregation.switches == 2
    assert cables.leaving == run.aggregation.switches  # one 100G uplink each, to the site
    up = {r.z_port for r in cables if r.tier == 0 and r.z_device.endswith("-mgmtagg")}
    assert not any(port.startswith("up") for port in up)  # the uplinks leave: no row here


def test_the_run_list_says_how_many_management_links_leave_a_cluster() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rackbom", "cables", "helios-8k+gpus=1152"],
        capture_output=True,
        text=True,
        check=True,
    )
    last = done.stdout.splitlines()[-1]
    assert last == (
        "2 management links (management aggregation uplinks to the site's network) leave the system"
    )


def test_a_cluster_of_packed_servers_manages_them_from_each_floor_rack() -> None:
    cables = rb.cables("hgx-b200-8k+gpus=512")
    _check(cables)
    run = cables.run_list
    assert run is not None and not run.management.per_copy  # the servers have no switch
    floor = run.cluster.floor_racks
    assert floor is not None and floor.links == run.cluster.copies  # one BMC each
    network = len(run.network_racks) * run.cluster.sizer.management.trays
    assert run.aggregation.links == 2 * (network + run.cluster.packing.units)


def test_the_aggregation_is_in_the_bom_with_its_uplinks_priced() -> None:
    cluster = rb.load_cluster("helios-8k+gpus=1152").analysis  # type: ignore[attr-defined]
    lines = {n.part: n for n in cluster.network_bom if n.tier == "management"}
    aggregation = lines["mgmt-aggregation-48x25g"]
    run = rb.cables("helios-8k+gpus=1152").run_list
    assert run is not None and aggregation.qty == run.aggregation.switches
    assert aggregation.extended_usd == aggregation.qty * 12000
    assert aggregation.power_total_w == aggregation.qty * 250
    uplinks = [n for p, n in lines.items() if p.startswith("aoc-25g-")]
    assert uplinks and all(n.extended_usd > 0 for n in uplinks)
    assert lines["sfp-1000base-t"].qty == run.aggregation.links - sum(n.qty for n in uplinks)


@settings(max_examples=8, deadline=None)
@given(
    design=st.sampled_from(["helios-8k", "mi355x-8k", "gb200-16k"]),
    racks=st.integers(1, 60),
)
def test_every_management_port_is_cabled_once_at_any_size(design: str, racks: int) -> None:
    gpus = {"helios-8k": 72, "mi355x-8k": 128, "gb200-16k": 72}[design] * racks
    _check(rb.cables(f"{design}+gpus={gpus}"))


def test_the_dcim_export_holds_the_aggregation_and_its_uplinks() -> None:
    from rackbom.racks.dcim.cable_legs import dcim_cables
    from rackbom.racks.dcim.dcim_plan import cluster_plan
    from rackbom.racks.dcim.vocabulary import vocabulary

    cluster = rb.load_cluster("helios-8k+gpus=1152").analysis  # type: ignore[attr-defined]
    plan = cluster_plan(cluster, vocabulary("netbox"))
    placed = list(plan.network_racks())
    devices = {d.name for p in placed for d in p.devices}
    cables = rb.cables("helios-8k+gpus=1152")
    run = cables.run_list
    assert run is not None
    held = {network_aggregation(r) for r in run.aggregated}
    assert held <= devices
    kinds = {
        t.model: Counter((i.name.rstrip("0123456789"), i.type) for i in t.interfaces)
        for t in plan.types
    }
    assert kinds["Management switch 1 OU"][("up", "25gbase-x-sfp28")] == 4
    aggregation = kinds["Management aggregation switch 1U AC"]
    assert aggregation[("sfp", "25gbase-x-sfp28")] == 48
    assert aggregation[("up", "100gbase-x-qsfp28")] == 8
    cabled = {c.a_device for p in placed for c in p.cables}
    assert held <= cabled  # each aggregation switch's own port in its rack
    made = dcim_cables(iter(cables), run, cables.catalogue, vocabulary("netbox"))
    legs = [leg for leg in made if leg.b_devices[0] in held]
    assert len(legs) == run.aggregation.links
    assert all(len(leg.b_devices) == 1 and leg.profile is None for leg in legs)
    assert {leg.a_interface for leg in legs} == {"up1", "eth0"}  # a lone switch's own port
    assert {leg.type for leg in legs} <= {"aoc", "dac-passive", "cat6"}
