"""The run list as JSON, written row by row: columns once, then each row as an array."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from ...racks.cabling.row import COLUMNS, CableRow

if TYPE_CHECKING:
    from ...components.atomic import Writer
    from ...racks.cabling.counts import PartCounts


def json_writer(
    system_id: str, rows: Iterable[CableRow], counts: PartCounts | None = None
) -> Writer:
    """A writer of `{"system", "columns", "rows": [[...], ...], "bom"}`; `bom` the BOM's counts of
    cables and transceivers by part, where given."""

    def write(path: Path) -> None:
        with path.open("w", encoding="utf-8") as out:
            head = {"system": system_id, "columns": list(COLUMNS)}
            out.write(json.dumps(head)[:-1] + ', "rows": [')
            dumps = json.JSONEncoder(ensure_ascii=False, allow_nan=False).encode
            first = True
            for row in rows:
                out.write(("\n  " if first else ",\n  ") + dumps(row))
                first = False
            out.write("\n]")
            if counts is not None:
                bom = {"cables": counts.cables, "transceivers": counts.transceivers}
                out.write(', "bom": ' + json.dumps(bom))
            out.write("}\n")

    return write
