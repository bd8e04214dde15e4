"""The run list's legs as the DCIM's cable import takes them: A and B ends by device and
interface, one cable per leg, named as the DCIM plan names devices and interfaces
(`racks/cabling/names.py`, `device_types.py`).

A run-list port lands on the interface the plan gives it: a breakout lane (a NIC's plane
sub-port `so1/2`, a switch box's sub-port where the box's device type has fewer interfaces than
the fabric's lanes) on its own lane interface (`lanes.py`), so no interface carries two cables;
an unsplit port on its NIC port, cage or InfiniBand port; a switch box's management port on its
device type's; other management ports as they are named. The management cables (tier 0) are left
out: the plan's racks hold them, and each cable is in one of the files, so both import.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...components.cabling import Transceiver
from ...components.catalogue import Catalogue
from ..cabling.cable_list import CableList
from ..cabling.management_rows import MANAGEMENT_TIER
from ..cabling.names import is_aggregation, port_interface
from ..cabling.row import CableRow
from .dcim_model import CableLeg
from .device_types import switch_device_type, switch_ways
from .vocabulary import vocabulary

COPPER = {"dac": "dac-passive", "aec": "dac-active", "aoc": "aoc", "cat6": "cat6"}
"""rackbom cable kinds -> the DCIM's cable types; fibre goes by its transceivers' fibre."""
FIBRE = {"single_mode": "smf", "multi_mode": "mmf"}


def cable_type(row: CableRow, catalogue: Catalogue) -> str:
    """The DCIM cable type of a row."""
    if row.cable_type in COPPER:
        return COPPER[row.cable_type]
    module = catalogue.part(row.a_transceiver or row.z_transceiver or "", Transceiver)
    return FIBRE[module.fibre]


def switch_interfaces(cables: CableList) -> dict[str, str]:
    """The run list's switch sub-ports, each to the DCIM interface it lands on."""
    run = cables.run_list
    if run is None:
        return {}
    switch = run.cluster.switch
    box = switch_device_type(cables.catalogue, switch, vocabulary("netbox"))
    interfaces = [i.name for i in box.interfaces if not i.mgmt_only]
    ways = switch_ways(switch)
    if run.split > ways:  # each lane an interface of its own (`lanes.py`)
        return {name: name for name in run.port_names}
    return {
        name: interfaces[(s // run.split) * ways + (s % run.split) * ways // run.split]
        for s, name in enumerate(run.port_names)
    }


def interface_of(port: str, switch: dict[str, str], nic_lanes: bool = False) -> str:
    """The DCIM interface of a run-list port; with `nic_lanes`, a NIC port's plane is a lane."""
    return switch.get(port) or (port if nic_lanes else port_interface(port))


def cable_legs(rows: Iterable[CableRow], cables: CableList) -> Iterator[CableLeg]:
    """Each of `rows` but the management cables inside racks (the links to the management
    aggregation are legs) as a leg of the cable import, one at a time."""
    catalogue = cables.catalogue
    switch = switch_interfaces(cables)
    lanes = cables.run_list is not None and cables.run_list.planes > 1
    kinds: dict[tuple[str, str | None], str] = {}
    for row in rows:
        if row.tier == MANAGEMENT_TIER and not is_aggregation(row.z_device):
            continue  # in the plan's racks
        key = (row.cable_part, row.a_transceiver)
        kind = kinds.get(key) or kinds.setdefault(key, cable_type(row, catalogue))
        yield CableLeg(
            row.a_device,
            interface_of(row.a_port, switch, lanes),
            row.z_device,
            interface_of(row.z_port, switch, lanes),
            kind,
            f"{row.cable_id}.{row.leg}",
            row.cable_m,
        )
