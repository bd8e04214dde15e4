"""Switch-port usage per chip and per switch tray, read off the wired topology."""

from __future__ import annotations

from ..components.parts import SwitchAsic
from .build import BuiltDesign
from .port_types import ChipPorts, TrayPorts
from .topology import Topology, connector_lanes


def port_usage(design: BuiltDesign, topology: Topology) -> list[TrayPorts]:
    """Port usage of every switch tray, in rack and position order."""
    trays = []
    connectors: dict[str, int | None] = {}
    for tray in design.placed:
        groups = topology.groups_in(tray, "switch_chip")
        if not groups:
            continue
        chips = []
        for group in groups:
            unwired = None
            lane_gbps: float
            for name in group.names:
                wired = topology.chips.get(name)
                if wired is None:
                    unwired = unwired or _ports_unwired(design, group.part)
                    fabric, lane_gbps, per_port, total, used = None, 0, 1, unwired, 0
                else:
                    fabric, lane_gbps, per_port = (
                        wired.fabric,
                        wired.lane_gbps,
                        wired.lanes_per_port,
                    )
                    total, used = wired.ports_total, wired.ports_used
                chips.append(
                    ChipPorts(
                        rack=tray.rack,
                        tray=tray.key,
                        chip=name,
                        part=group.part,
                        fabric=fabric,
                        port_gbps=lane_gbps * per_port,
                        lanes_per_port=per_port,
                        ports_total=total,
                        ports_used=used,
                    )
                )
        lanes_in = sum(c.lanes_used for c in chips)
        if tray.tray.id not in connectors:
            connectors[tray.tray.id] = connector_lanes(design, tray)
        capacity = connectors[tray.tray.id]
        trays.append(TrayPorts(tray.rack, tray.key, tray.tray.id, chips, lanes_in, capacity))
    return trays


def _ports_unwired(design: BuiltDesign, part_id: str) -> int:
    """A chip on no fabric offers its ports at its fastest lane speed, all unused."""
    part = design.part(part_id, SwitchAsic)
    return part.lanes_at(max(part.lane_gbps_options))
