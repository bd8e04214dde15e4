"""The run list as CSV, written row by row (nothing held in memory)."""

from __future__ import annotations

import csv
from collections.abc import Iterable, Iterator
from pathlib import Path

from ...components.atomic import Writer
from ...racks.cabling.row import COLUMNS, CableRow
from .flat_bom import csv_value


def csv_writer(rows: Iterable[CableRow], plain: bool, lines: Iterable[str] | None = None) -> Writer:
    """A writer of the rows under a header of the column names; None is an empty field.

    Where every name is `plain` (letters, digits and `-_./`, a letter or digit first) no field
    needs quoting nor could read as a formula: the rows' ready-made `lines` are written where
    given, else rows are joined directly. Otherwise each field goes through the csv module, made
    spreadsheet-safe."""

    def write(path: Path) -> None:
        with path.open("w", newline="", encoding="utf-8", buffering=1 << 20) as out:
            out.write(",".join(COLUMNS) + "\n")
            if plain and lines is not None:
                out.writelines(lines)
            elif plain:
                put = out.write
                for row in rows:
                    put(",".join(["" if v is None else str(v) for v in row]) + "\n")
            else:
                csv.writer(out, lineterminator="\n").writerows(_safe(rows))

    return write


def _safe(rows: Iterable[CableRow]) -> Iterator[list[object]]:
    for row in rows:
        yield [csv_value(v, c) for v, c in zip(row, COLUMNS, strict=True)]
