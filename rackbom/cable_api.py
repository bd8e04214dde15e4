"""`rb.cables(system)`: the cable run list of a design or cluster, as typed rows."""

from __future__ import annotations

from pathlib import Path

from rackbom.racks.cabling.cable_list import CableList

from .resolve import resolve
from .system import System


def cables(system: System | str | Path) -> CableList:
    """The run list of a design or cluster (object, built-in id or file): iterate it for
    `CableRow`s, `.counts` for cables and transceivers by part, `.to_pandas()` for a DataFrame."""
    return resolve(system).cable_list()
