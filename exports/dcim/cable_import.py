"""Cable legs as a NetBox/Nautobot cable import CSV (`racks/dcim/cable_legs.py` names their
ends as the DCIM plan names devices and interfaces).

NetBox's bulk cable import takes `side_a_device`, `side_a_type`, `side_a_name` and the same for
side B, with the cable's `type`, `status`, `label`, `length` and `length_unit`; every leg is a
planned cable between two interfaces, its length in metres.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from pathlib import Path

from ...components.atomic import Writer
from ...racks.dcim.dcim_model import CableLeg
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
    "label",
    "length",
    "length_unit",
)
INTERFACE = "dcim.interface"


def dcim_writer(legs: Iterable[CableLeg], plain: bool) -> Writer:
    """A writer of the cable import CSV of `legs` (fields spreadsheet-safe unless `plain`)."""

    def write(path: Path) -> None:
        with path.open("w", newline="", encoding="utf-8") as out:
            table = csv.writer(out)
            table.writerow(COLUMNS)
            for leg in legs:
                fields = (
                    leg.a_device,
                    INTERFACE,
                    leg.a_interface,
                    leg.b_device,
                    INTERFACE,
                    leg.b_interface,
                    leg.type,
                    "planned",
                    leg.label,
                    f"{leg.length_m:g}",
                    "m",
                )
                table.writerow(fields if plain else [csv_value(v, "") for v in fields])

    return write
