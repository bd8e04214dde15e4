"""The run list as a workbook: a summary sheet of counts by part and length against the BOM, then
one sheet per hall (rows by the hall of their A end), streamed row by row.

A hall's rows are written as sheet XML text (`sheet_xml.cell_xml`, as openpyxl writes them) to a
temporary file of their own as the run list is generated, then copied into the workbook that
openpyxl wrote with empty hall sheets: memory stays flat however long the list, and no cell is
built as an object."""

from __future__ import annotations

import io
import re
from collections import Counter
from collections.abc import Iterable
from math import isfinite
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import IO, TYPE_CHECKING

from openpyxl import Workbook
from openpyxl.utils import get_column_letter
from openpyxl.worksheet._write_only import WriteOnlyWorksheet

from ...components.atomic import Writer
from ...components.catalogue import Catalogue
from ...components.errors import InputError
from ...racks.cabling.row import COLUMNS, CableRow
from .cells import Cell
from .sheet_xml import CREATOR, cell_xml, fill_sheets

if TYPE_CHECKING:
    from ...racks.cabling.counts import PartCounts, Tally

SHEET_ROWS = 1_048_576
"""Excel's rows per sheet, the header included."""


def too_many_rows(path: str, rows: int, sheets: int) -> InputError:
    """The one-line refusal of a run list that no workbook holds."""
    return InputError(
        path,
        None,
        f"{rows:,} cable rows do not fit a workbook sheet of {SHEET_ROWS:,} rows per hall; "
        "write CSV (-o FILE.csv) or one hall at a time (--scope hall=NAME)"
        + (f" ({sheets} halls)" if sheets > 1 else ""),
    )


def check_fits(path: str, rows_total: int, halls: int, hall_rows: Iterable[int]) -> None:
    """Refuse at once a run list too long for its halls' sheets however they share it, or one
    hall whose links into its leaves (`hall_rows`) alone overflow its sheet."""
    if rows_total > (SHEET_ROWS - 1) * halls or max(hall_rows, default=0) >= SHEET_ROWS:
        raise too_many_rows(path, rows_total, halls)


def xlsx_writer(
    path_name: str,
    rows: Iterable[CableRow],
    tally: Tally,
    bom: PartCounts | None,
    catalogue: Catalogue,
    title: str,
) -> Writer:
    """A writer of the workbook; an InputError (nothing written) when a hall's sheet overflows."""

    def write(path: Path) -> None:
        with TemporaryDirectory(prefix="rackbom-halls-") as folder:
            halls = _hall_rows(path_name, rows, tally, Path(folder))
            wb = Workbook(write_only=True)
            wb.properties.title = title
            wb.properties.creator = CREATOR
            _summary(wb.create_sheet("Summary"), tally.result(), bom, catalogue)
            for hall in halls:
                wb.create_sheet(hall[:31]).freeze_panes = "A2"
            skeleton = io.BytesIO()
            wb.save(skeleton)
            parts = {f"xl/worksheets/sheet{i}.xml": f for i, f in enumerate(halls.values(), 2)}
            fill_sheets(skeleton, path, parts)

    return write


def _hall_rows(
    path_name: str, rows: Iterable[CableRow], tally: Tally, folder: Path
) -> dict[str, Path]:
    """Each hall's rows, header first, as `<row>` elements in a file of its own in `folder`."""
    files: dict[str, Path] = {}
    outs: dict[str, IO[str]] = {}
    filled: Counter[str] = Counter()
    try:
        for row in tally.passing(rows):
            out = outs.get(row.a_hall)
            if out is None:
                files[row.a_hall] = folder / f"hall{len(files)}.xml"
                out = outs[row.a_hall] = files[row.a_hall].open("w", encoding="utf-8")
                out.write(_row_xml(1, COLUMNS, row.a_hall))
            filled[row.a_hall] += 1
            if filled[row.a_hall] >= SHEET_ROWS:
                raise too_many_rows(path_name, sum(filled.values()), len(files))
            out.write(_row_xml(filled[row.a_hall] + 1, row, row.a_hall))
    finally:
        for out in outs.values():
            out.close()
    return files


_LETTERS = [get_column_letter(i) for i in range(1, len(COLUMNS) + 1)]
_PLAIN = re.compile(r"[^&<>\x00-\x1f\x7f-\x9f]*\Z")
"""Text written as it is: nothing XML escapes, no control character."""


def _row_xml(number: int, values: Iterable[object], sheet: str) -> str:
    """One `<row>`, in the form `sheet_xml.cell_xml` writes (a test holds the two alike): text
    always as text, so a name that starts with `=` is no formula."""
    out = [f'<row r="{number}">']
    for letter, value in zip(_LETTERS, values, strict=True):
        if value is None:
            continue
        ref = f"{letter}{number}"
        if type(value) is str and value and _PLAIN.match(value) and value.strip() == value:
            out.append(f'<c r="{ref}" t="inlineStr"><is><t>{value}</t></is></c>')
        elif type(value) is int:
            out.append(f'<c r="{ref}" t="n"><v>{value}</v></c>')
        elif type(value) is float and isfinite(value):
            out.append(f'<c r="{ref}" t="n"><v>{value:.16g}</v></c>')
        else:
            out.append(cell_xml(ref, Cell(value), None, sheet))  # type: ignore[arg-type]
    out.append("</row>")
    return "".join(out)


def _summary(
    ws: WriteOnlyWorksheet, got: PartCounts, bom: PartCounts | None, catalogue: Catalogue
) -> None:
    """Cables by part and length, then transceivers by part: the run list's count and, for a
    whole system, the BOM's and the difference."""
    ws.append(["kind", "part", "length_m", "run_list", "bom", "difference"])
    for kind, have, wanted in (
        ("cable", got.cables, bom.cables if bom else {}),
        ("transceiver", got.transceivers, bom.transceivers if bom else {}),
    ):
        for part_id in sorted(set(have) | set(wanted)):
            length = getattr(catalogue.parts.get(part_id), "length_m", None)
            n = have.get(part_id, 0)
            m = wanted.get(part_id, 0) if bom else None
            ws.append([kind, part_id, length, n, m, None if m is None else n - m])
    m = bom.legs if bom else None
    ws.append(["legs", None, None, got.legs, m, None if m is None else got.legs - m])
