"""The run list as a NetBox/Nautobot cable import CSV: A and B terminations by device and
interface, one cable per leg, named as the DCIM export names devices (`racks/cabling/names.py`).

NetBox's bulk cable import takes `side_a_device`, `side_a_type`, `side_a_name` and the same for
side B, with the cable's `type`, `status`, `label`, `length` and `length_unit`.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from pathlib import Path

from ...components.atomic import Writer
from ...components.cabling import Transceiver
from ...components.catalogue import Catalogue
from ...racks.cabling.runlist import CableRow
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
COPPER = {"dac": "dac-passive", "aec": "dac-active", "aoc": "aoc"}
"""rackbom cable kinds -> the DCIM's cable types; fibre goes by its transceivers' fibre."""
FIBRE = {"single_mode": "smf", "multi_mode": "mmf"}


def cable_type(row: CableRow, catalogue: Catalogue) -> str:
    """The DCIM cable type of a row."""
    if row.cable_type in COPPER:
        return COPPER[row.cable_type]
    module = catalogue.part(row.a_transceiver or row.z_transceiver or "", Transceiver)
    return FIBRE[module.fibre]


def dcim_writer(rows: Iterable[CableRow], catalogue: Catalogue, plain: bool) -> Writer:
    """A writer of the cable import CSV for `rows` (fields spreadsheet-safe unless `plain`)."""

    def write(path: Path) -> None:
        with path.open("w", newline="", encoding="utf-8") as out:
            table = csv.writer(out)
            table.writerow(COLUMNS)
            kinds: dict[tuple[str, str | None], str] = {}
            for row in rows:
                key = (row.cable_part, row.a_transceiver)
                kind = kinds.get(key) or kinds.setdefault(key, cable_type(row, catalogue))
                fields = (
                    row.a_device,
                    INTERFACE,
                    row.a_port,
                    row.z_device,
                    INTERFACE,
                    row.z_port,
                    kind,
                    "planned",
                    f"{row.cable_id}.{row.leg}",
                    f"{row.cable_m:g}",
                    "m",
                )
                table.writerow(fields if plain else [csv_value(v, "") for v in fields])

    return write
