"""The run list as CSV, written row by row (nothing held in memory)."""

from __future__ import annotations

import csv
from collections.abc import Iterable
from pathlib import Path

from ..components.atomic import Writer
from ..racks.cabling.runlist import COLUMNS, CableRow


def csv_writer(rows: Iterable[CableRow]) -> Writer:
    """A writer of the rows under a header of the column names; None is an empty field."""

    def write(path: Path) -> None:
        with path.open("w", newline="", encoding="utf-8") as out:
            table = csv.writer(out)
            table.writerow(COLUMNS)
            table.writerows(rows)

    return write
