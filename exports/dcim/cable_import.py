"""The run list as a NetBox/Nautobot cable import CSV: A and B terminations by device and
interface, one cable per leg, named as the DCIM export names devices and interfaces
(`racks/cabling/names.py`, `device_types.py`).

NetBox's bulk cable import takes `side_a_device`, `side_a_type`, `side_a_name` and the same for
side B, with the cable's `type`, `status`, `label`, `length` and `length_unit`. A run-list port
lands on the interface the DCIM export gives it: a breakout lane (a NIC's plane sub-port `so1/2`,
a switch box's sub-port where the box's device type has fewer interfaces than the fabric's
lanes) on its own lane interface (`lanes.py`), so no interface carries two cables; an unsplit
port on its NIC port, cage or InfiniBand port; a switch box's management port on its device
type's; other management ports as they are named. The management cables (tier 0) are left out:
the export's `racks.yaml` holds them, and each cable is in one of the files, so both import.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from pathlib import Path

from ...components.atomic import Writer
from ...components.cabling import Transceiver
from ...components.catalogue import Catalogue
from ...racks.cabling.cable_list import CableList
from ...racks.cabling.management_rows import MANAGEMENT_TIER
from ...racks.cabling.names import BOX_MANAGEMENT_PORT, port_interface
from ...racks.cabling.row import CableRow
from ..json.flat_bom import csv_value
from .device_types import switch_device_type, switch_ways
from .vocabulary import vocabulary

COLUMNS = (
    "side_a_device",
    "side_a_type",
    "side_a_name",
    "side_b_device",
    "side_b_type",
    "side_b_name",
    "type",
    "status",
    "label",
    "length",
    "length_unit",
)
INTERFACE = "dcim.interface"
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
    management = {BOX_MANAGEMENT_PORT: box.management or BOX_MANAGEMENT_PORT}
    if run.split > ways:  # each lane an interface of its own (`lanes.py`)
        return {name: name for name in run.port_names} | management
    return {
        name: interfaces[(s // run.split) * ways + (s % run.split) * ways // run.split]
        for s, name in enumerate(run.port_names)
    } | management


def interface_of(port: str, switch: dict[str, str], nic_lanes: bool = False) -> str:
    """The DCIM interface of a run-list port; with `nic_lanes`, a NIC port's plane is a lane."""
    return switch.get(port) or (port if nic_lanes else port_interface(port))


def dcim_writer(rows: Iterable[CableRow], cables: CableList, plain: bool) -> Writer:
    """A writer of the cable import CSV for `rows` but the management cables (fields
    spreadsheet-safe unless `plain`)."""
    catalogue = cables.catalogue
    switch = switch_interfaces(cables)
    lanes = cables.run_list is not None and cables.run_list.planes > 1

    def write(path: Path) -> None:
        with path.open("w", newline="", encoding="utf-8") as out:
            table = csv.writer(out)
            table.writerow(COLUMNS)
            kinds: dict[tuple[str, str | None], str] = {}
            for row in rows:
                if row.tier == MANAGEMENT_TIER:  # in racks.yaml
                    continue
                key = (row.cable_part, row.a_transceiver)
                kind = kinds.get(key) or kinds.setdefault(key, cable_type(row, catalogue))
                fields = (
                    row.a_device,
                    INTERFACE,
                    interface_of(row.a_port, switch, lanes),
                    row.z_device,
                    INTERFACE,
                    interface_of(row.z_port, switch, lanes),
                    kind,
                    "planned",
                    f"{row.cable_id}.{row.leg}",
                    f"{row.cable_m:g}",
                    "m",
                )
                table.writerow(fields if plain else [csv_value(v, "") for v in fields])

    return write
