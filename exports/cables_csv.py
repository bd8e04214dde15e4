"""The run list as CSV, written row by row (nothing held in memory)."""

from __future__ import annotations

import csv
from collections.abc import Iterable, Iterator
from pathlib import Path

from ..components.atomic import Writer
from ..racks.cabling.runlist import COLUMNS, CableRow
from .tables import csv_value


def csv_writer(rows: Iterable[CableRow], plain: bool) -> Writer:
    """A writer of the rows under a header of the column names; None is an empty field. Unless
    every name is `plain` (starts with a letter or digit), each field is made spreadsheet-safe."""

    def write(path: Path) -> None:
        with path.open("w", newline="", encoding="utf-8") as out:
            table = csv.writer(out)
            table.writerow(COLUMNS)
            table.writerows(rows if plain else _safe(rows))

    return write


def _safe(rows: Iterable[CableRow]) -> Iterator[list[object]]:
    for row in rows:
        yield [csv_value(v, c) for v, c in zip(row, COLUMNS, strict=True)]
