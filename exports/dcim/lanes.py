"""Breakout lanes as device interfaces, one cable each.

Where a cluster's fabric splits a port into lanes (a switch box's cage broken out to more links
than its device type has interfaces, a NIC port split into planes), several run-list legs land
on one device-type interface, and a DCIM takes one cable per interface. Each lane is then an
interface of its own on the device (not on the device type), named by the run list's sub-port
rule (`racks/cabling/names.py`: the box's port naming, `so1/2` for plane 2 of NIC port `so1`),
typed at the lane's speed from the product's own vocabulary, and the cable import ends each leg
on its lane. A box is configured for one breakout, so every cage of it has its lanes.

NetBox 4.7.3 and Nautobot 3.x give a physical interface a parent only as a channel or virtual
breakout child, which carries no cable of its own; so a lane names its cage in its description,
not as `parent`, and stands as a physical interface that carries its cable (as Cumulus's
`swp1s0`..`swp1s3` stand in for `swp1`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from functools import cached_property

from ...racks.cabling.names import nic_interface, nic_port
from ...racks.cabling.runlist import RunList
from . import yamltext
from .dcim_model import Device, Lane, Placed
from .device_types import NIC_CAGE, NIC_CAGES, switch_ways
from .vocabulary import PortType, Vocabulary

BOX = "rackbomlanebox0000000000"
"""Where a box's name goes in its lanes' rendered text (plain YAML, found nowhere else)."""


@dataclass(frozen=True)
class LaneRule:
    """Which lanes each device of a cluster has: per switch box, per NIC port."""

    box: tuple[tuple[str, str], ...]
    """(lane, cage interface) of every switch box; empty where its ports are not split."""
    box_kind: PortType
    planes: int
    nic_kind: PortType

    def switch_lanes(self, device: str) -> tuple[Lane, ...]:
        """A switch box's lanes."""
        kind = self.box_kind
        return tuple(Lane(device, n, kind.type, c, kind.description) for n, c in self.box)

    def boxes_lanes(self, boxes: Iterable[Device]) -> Iterator[Lane]:
        """The lanes of several switch boxes."""
        for box in boxes:
            yield from self.switch_lanes(box.name)

    @cached_property
    def _box_text(self) -> yamltext.Template:
        """One box's lanes as YAML items, its name a placeholder."""
        text = "".join(yamltext.item_text(n.data(), "  ") for n in self.switch_lanes(BOX))
        return yamltext.Template(text, BOX)

    def boxes_text(self, boxes: Iterable[Device]) -> str:
        """The lanes of several switch boxes as YAML items: rendered once, each box's name put
        in (rendered box by box where YAML would quote the name)."""
        out = []
        for box in boxes:
            if yamltext.scalar(box.name) == box.name and BOX not in box.name:
                out.append(self._box_text.fill(box.name))
            else:
                out += (yamltext.item_text(n.data(), "  ") for n in self.switch_lanes(box.name))
        return "".join(out)

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


def lane_rule(run: RunList, interfaces: list[str], vocab: Vocabulary) -> LaneRule:
    """The lanes of a cluster's devices; `interfaces` are the box's cage interfaces in order."""
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
    ways = switch_ways(switch)
    box: tuple[tuple[str, str], ...] = ()
    if run.split > ways:
        box = tuple(
            (name, interfaces[(s // run.split) * ways + (s % run.split) * ways // run.split])
            for s, name in enumerate(run.port_names)
        )
    return LaneRule(box=box, box_kind=box_kind, planes=run.planes, nic_kind=nic_kind)


def with_tray_lanes(placed: Placed, rule: LaneRule) -> Placed:
    """A rack of the design with its trays' lanes."""
    return replace(placed, lanes=tuple(lane for d in placed.devices for lane in rule.tray_lanes(d)))
