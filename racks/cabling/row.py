"""One row of the run list: a leg of a physical cable, port to port."""

from __future__ import annotations

import re
from typing import NamedTuple

PLAIN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_./-]*")
"""A name no CSV field needs to quote or could read as a formula."""

COLUMNS = (
    "cable_id",
    "leg",
    "tier",
    "plane",
    "rail",
    "a_hall",
    "a_row",
    "a_rack",
    "a_position",
    "a_device",
    "a_port",
    "a_transceiver",
    "z_hall",
    "z_row",
    "z_rack",
    "z_position",
    "z_device",
    "z_port",
    "z_transceiver",
    "cable_part",
    "cable_type",
    "run_m",
    "cable_m",
    "label",
)


class CableRow(NamedTuple):
    """One leg of a physical cable: A end (lower tier) to Z end (upper tier)."""

    cable_id: str
    leg: int
    tier: int
    plane: int | None
    """None for a management cable."""
    rail: int | None
    a_hall: str
    a_row: str
    a_rack: str
    a_position: int
    a_device: str
    a_port: str
    a_transceiver: str | None
    z_hall: str
    z_row: str
    z_rack: str
    z_position: int
    z_device: str
    z_port: str
    z_transceiver: str | None
    cable_part: str
    cable_type: str
    run_m: float
    cable_m: float
    label: str
