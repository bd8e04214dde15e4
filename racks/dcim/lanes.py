"""Breakout lanes as device interfaces, one cable each.

Where a cluster's fabric splits a port into lanes (a switch box's cage broken out to more links
than its device type has interfaces, a NIC port split into planes), several run-list legs land
on one device-type interface, and a DCIM takes one cable per interface. Each lane is then an
interface of its own on the device (not on the device type), named by the run list's sub-port
rule (`racks/cabling/names.py`: the box's port naming, `so1/2` for plane 2 of NIC port `so1`),
typed at the lane's speed from the product's own vocabulary, and the cable import ends each leg
on its lane. A box is configured for one breakout, so every cage of it has its lanes.

Where the product has cable profiles (NetBox), a cage that is a breakout cable's hub
(`breakouts.py`) is channelised and its lanes are its channels (`parent` the cage, `channel_id`
from 1), carrying no cable of their own; the cable ends on the cage. Any other lane (a sub-port
whose cage's legs ride several cables, a NIC port's plane, every lane in Nautobot) names its cage
in its description, not as `parent`, and stands as a physical interface that carries its cable
(as Cumulus's `swp1s0`..`swp1s3` stand in for `swp1`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import field, replace

from ...components.records import record
from ..cabling.names import nic_interface, nic_port
from ..cabling.row import CableRow
from ..cabling.runlist import RunList
from .breakouts import box_sub_ports, hub_cages
from .dcim_model import BoxLanes, Device, Lane, Placed
from .device_types import NIC_CAGE, NIC_CAGES
from .vocabulary import PortType, Vocabulary


@record
class LaneRule:
    """Which lanes each device of a cluster has: per switch box, per NIC port."""

    box: BoxLanes | None
    """The lanes of a switch box none of whose cages is channelised; None where its ports are
    not split."""
    planes: int
    nic_kind: PortType
    hubs: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """Per box, its channelised cages (a breakout cable's hub each)."""
    made: dict[frozenset[str], BoxLanes] = field(default_factory=dict)
    """The lanes of each set of channelised cages, made once."""

    def boxes(self, names: Iterable[str]) -> tuple[tuple[BoxLanes, tuple[str, ...]], ...]:
        """Switch boxes grouped by their lanes, in order of first box."""
        if self.box is None:
            return ()
        groups: dict[int, tuple[BoxLanes, list[str]]] = {}
        for name in names:
            cages = self.hubs.get(name, frozenset())
            lanes = self.made.get(cages)
            if lanes is None:
                lanes = self.made[cages] = replace(self.box, channelised=cages)
            groups.setdefault(id(lanes), (lanes, []))[1].append(name)
        return tuple((lanes, tuple(boxes)) for lanes, boxes in groups.values())

    def tray_lanes(self, device: Device) -> tuple[Lane, ...]:
        """A compute tray's lanes: each scale-out NIC port's planes."""
        if self.planes == 1:
            return ()
        kind, names = self.nic_kind, {i.name for i in device.device_type.interfaces}
        out: list[Lane] = []
        port = 0
        while nic_interface(port) in names:
            cage = nic_interface(port)
            out += [
                Lane(device.name, nic_port(port, p, self.planes), kind.type, cage, kind.description)
                for p in range(self.planes)
            ]
            port += 1
        return tuple(out)


def lane_rule(
    run: RunList,
    interfaces: list[str],
    vocab: Vocabulary,
    rows: Iterable[CableRow] | None = None,
) -> LaneRule:
    """The lanes of a cluster's devices; `interfaces` are the box's cage interfaces in order.
    Its channelised cages are the hubs of the run list's breakout cables, or of those among
    `rows` where given (the lanes a cable import of those rows ends on)."""
    cluster = run.cluster
    switch, gbps = cluster.switch, run.gbps
    infiniband = switch.protocol == "infiniband"
    endpoint = cluster.unit.endpoint_gbps
    nic_cage = NIC_CAGE if endpoint >= 400 else NIC_CAGES.get(endpoint, "NIC")
    box_kind, nic_kind = (
        (vocab.infiniband_port(gbps),) * 2
        if infiniband
        else (vocab.ethernet_port(switch.cage, gbps), vocab.ethernet_port(nic_cage, gbps))
    )
    subs = box_sub_ports(run, interfaces)
    box = None
    if subs:
        ports = tuple((name, sub.cage) for name, sub in subs.items())
        box = BoxLanes(ports, box_kind.type, box_kind.description)
    hubs = hub_cages(run, subs, vocab, rows)
    return LaneRule(box=box, planes=run.planes, nic_kind=nic_kind, hubs=hubs)


def with_tray_lanes(placed: Placed, rule: LaneRule) -> Placed:
    """A rack of the design with its trays' lanes."""
    return replace(placed, lanes=tuple(lane for d in placed.devices for lane in rule.tray_lanes(d)))
