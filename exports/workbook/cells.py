"""The workbook's content as plain data: cells with a style name, sheets as rows, sheet names.

Sheet builders fill these; `workbook.py` alone turns them into openpyxl objects. A text cell is
always written as a string, never read as a formula, whatever characters it starts with.
"""

from __future__ import annotations

import re
from dataclasses import field
from typing import Any

from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.utils import get_column_letter

from ...components.outputs import REPLACEMENT, xml_safe
from ...components.records import record

SHEET_NAME_MAX = 31
_LABEL_MAX = SHEET_NAME_MAX - len("Power ")
_BAD_SHEET_CHARS = re.compile(r"[\[\]:*?/\\~]")  # `~` is kept for the suffix


@record(slots=True)
class Cell:
    """One cell: a value, the name of its style, and whether the value is a formula.

    Style `plain` writes no style at all (General format), the cheapest cell to write.
    """

    value: str | float | int | None
    style: str = "plain"
    formula: bool = False


def text(value: Any, style: str = "plain") -> Cell:
    """A literal string (None stays an empty cell); characters XML cannot hold become U+FFFD."""
    if value is None:
        return Cell(None, style)
    string = str(value)
    if not plain_text(string):
        string = xml_safe(ILLEGAL_CHARACTERS_RE.sub(REPLACEMENT, string))
    return Cell(string, style)


def plain_text(string: str) -> bool:
    """Whether text is printable ASCII, which holds no character a cell or XML refuses (the
    quick test before the searches for those characters)."""
    return string.isascii() and string.isprintable()


def number(value: float | int | None, style: str) -> Cell:
    """A number, or an empty cell for None."""
    return Cell(value, style)


def formula(expression: str, style: str) -> Cell:
    """A formula, written without the leading `=`."""
    return Cell(f"={expression}", style, formula=True)


BLANK = Cell(None)
_HEADING = {"title", "note", "section"}
"""Styles of the rows above a table's header that belong to it in print."""


@record
class BarChart:
    """A native bar chart over a sheet's rows: one series per row, categories from a header row.

    Each series row holds its name in column 1 and its values in `first_column`..`last_column`;
    `category_row` holds the category names in the same columns.
    """

    title: str
    y_title: str
    category_row: int
    series_rows: tuple[int, ...]
    first_column: int
    last_column: int
    anchor: str
    stacked: bool = False


@record(frozen=False)
class SheetData:
    """A sheet: its rows (row 1 first), the header row to freeze under, and filter columns."""

    name: str
    rows: list[list[Cell]] = field(default_factory=list)
    header_row: int | None = None
    freeze_column: int = 1
    autofilter_rows: tuple[int, int] | None = None
    charts: list[BarChart] = field(default_factory=list)

    def add(self, *cells: Cell) -> int:
        """Append a row; returns its 1-based row number."""
        self.rows.append(list(cells))
        return len(self.rows)

    def header(self, labels: list[str] | tuple[str, ...]) -> int:
        """Append a header row and remember it (the first header) as the one to freeze under."""
        row = self.add(*(text(label, "header") for label in labels))
        if self.header_row is None:
            self.header_row = row
        return row

    @property
    def header_rows(self) -> list[int]:
        """Numbers of the rows that head a table (the first cell a header)."""
        return [n for n, row in enumerate(self.rows, start=1) if row and row[0].style == "header"]

    def tables(self) -> list[tuple[int, int]]:
        """Each table's first and last row: from the title, note or section rows just above its
        header down to its last row before the next table's (row 1 starts the first)."""
        starts: list[int] = []
        for header in self.header_rows:
            start = header
            while start > 1 and self.rows[start - 2] and self.rows[start - 2][0].style in _HEADING:
                start -= 1
            starts.append(1 if not starts else start)
        ends = [start - 1 for start in starts[1:]] + [len(self.rows)]
        out = []
        for start, end in zip(starts, ends, strict=True):
            while end > start and not any(c.value is not None for c in self.rows[end - 1]):
                end -= 1
            out.append((start, end))
        return out

    @property
    def width(self) -> int:
        """Columns used by the widest row."""
        return max((len(r) for r in self.rows), default=0)

    def ref(self, column: int, row: int) -> str:
        """An absolute reference to one of this sheet's cells from another sheet."""
        return f"{quote_sheet(self.name)}!${get_column_letter(column)}${row}"


def col(column: int) -> str:
    """Column letter of a 1-based column number."""
    return get_column_letter(column)


def quote_sheet(name: str) -> str:
    """A sheet name as a formula prefix needs it: always quoted, quotes doubled."""
    return "'" + name.replace("'", "''") + "'"


def design_labels(design_ids: list[str], room: int = _LABEL_MAX) -> list[str]:
    """Per design, a label that fits `Power <label>` (`room` characters) in a sheet name and is
    unique (any case).

    Long or clashing ids are cut and given the design's position as a suffix (`~3`).
    """
    labels: list[str] = []
    seen: set[str] = set()
    for index, design_id in enumerate(design_ids, start=1):
        label = _BAD_SHEET_CHARS.sub("_", design_id).strip("'") or "design"
        if len(label) > room or label.lower() in seen:
            suffix = f"~{index}"
            label = label[: room - len(suffix)] + suffix
        labels.append(label)
        seen.add(label.lower())
    return labels
