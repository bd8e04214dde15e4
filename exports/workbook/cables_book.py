"""The run list as a workbook: a summary sheet of counts by part and length against the BOM, then
one sheet per hall (rows by the hall of their A end), streamed row by row."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.worksheet._write_only import WriteOnlyWorksheet

from ...components.atomic import Writer
from ...components.catalogue import Catalogue
from ...components.errors import InputError
from ...racks.cabling.counts import PartCounts, Tally
from ...racks.cabling.row import COLUMNS, CableRow

SHEET_ROWS = 1_048_576
"""Excel's rows per sheet, the header included."""
CREATOR = "rackbom"


def too_many_rows(path: str, rows: int, sheets: int) -> InputError:
    """The one-line refusal of a run list that no workbook holds."""
    return InputError(
        path,
        None,
        f"{rows:,} cable rows do not fit a workbook sheet of {SHEET_ROWS:,} rows per hall; "
        "write CSV (-o FILE.csv) or one hall at a time (--hall)"
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
        wb = Workbook(write_only=True)
        wb.properties.title = title
        wb.properties.creator = CREATOR
        summary = wb.create_sheet("Summary")
        sheets: dict[str, WriteOnlyWorksheet] = {}
        filled: Counter[str] = Counter()
        for row in tally.passing(rows):
            sheet = sheets.get(row.a_hall)
            if sheet is None:
                sheet = sheets[row.a_hall] = wb.create_sheet(row.a_hall[:31])
                sheet.freeze_panes = "A2"
                sheet.append(list(COLUMNS))
            filled[row.a_hall] += 1
            if filled[row.a_hall] >= SHEET_ROWS:
                raise too_many_rows(path_name, sum(filled.values()), len(sheets))
            sheet.append([_cell(sheet, v) for v in row])
        _summary(summary, tally.result(), bom, catalogue)
        wb.save(str(path))

    return write


def _summary(
    ws: WriteOnlyWorksheet, got: PartCounts, bom: PartCounts | None, catalogue: Catalogue
) -> None:
    """Cables by part and length, then transceivers by part: the run list's count and, for a
    whole system, the BOM's and the difference."""
    ws.append(["kind", "part", "length_m", "run_list", "bom", "difference"])
    want = bom or PartCounts({}, {}, 0)
    for kind, have, wanted in (
        ("cable", got.cables, want.cables),
        ("transceiver", got.transceivers, want.transceivers),
    ):
        for part_id in sorted(set(have) | set(wanted)):
            length = getattr(catalogue.parts.get(part_id), "length_m", None)
            n = have.get(part_id, 0)
            m = wanted.get(part_id, 0) if bom else None
            ws.append([kind, part_id, length, n, m, None if m is None else n - m])
    m = bom.legs if bom else None
    ws.append(["legs", None, None, got.legs, m, None if m is None else got.legs - m])


def _cell(ws: WriteOnlyWorksheet, value: object) -> object:
    """A value as the cell to write: text that looks like a formula is written as text."""
    if isinstance(value, str) and value[:1] == "=":
        cell = WriteOnlyCell(ws, value)
        cell.data_type = "s"
        return cell
    return value
