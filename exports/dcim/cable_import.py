"""DCIM cables as a NetBox/Nautobot cable import CSV (`racks/dcim/cable_legs.py` names their
ends as the DCIM plan names devices and interfaces).

NetBox's bulk cable import takes `side_a_device`, `side_a_type`, `side_a_name` and the same for
side B, with the cable's `type`, `status`, `profile`, `label`, `length` and `length_unit`; a side
of several terminations lists its devices and names comma-separated, paired in order (NetBox
4.7's form), so a breakout cable is one row: its cage at A, its legs' far ports at B in channel
order, its profile set. Every cable is planned, its length a whole number of metres or
centimetres (`DcimCable.length`).
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from pathlib import Path

from ...components.atomic import Writer
from ...racks.dcim.dcim_model import DcimCable
from ..json.flat_bom import csv_value

COLUMNS = (
    "side_a_device",
    "side_a_type",
    "side_a_name",
    "side_b_device",
    "side_b_type",
    "side_b_name",
    "type",
    "status",
    "profile",
    "label",
    "length",
    "length_unit",
)
INTERFACE = "dcim.interface"


def dcim_writer(cables: Iterable[DcimCable], plain: bool) -> Writer:
    """A writer of the cable import CSV of `cables` (fields spreadsheet-safe unless `plain`)."""

    def write(path: Path) -> None:
        with path.open("w", newline="", encoding="utf-8") as out:
            table = csv.writer(out)
            table.writerow(COLUMNS)
            for cable in cables:
                fields = (
                    cable.a_device,
                    INTERFACE,
                    cable.a_interface,
                    ",".join(cable.b_devices),
                    INTERFACE,
                    ",".join(cable.b_interfaces),
                    cable.type,
                    "planned",
                    cable.profile or "",
                    cable.label,
                    *cable.length,
                )
                table.writerow(fields if plain else [csv_value(v, "") for v in fields])

    return write
