"""A sheet's rows as SpreadsheetML `<sheetData>` text, and that text put into a saved workbook.

openpyxl builds an element tree for every cell it writes (about 30 us a cell); the rows are
plain values with a style each, so they are written here as text instead, in the form openpyxl
writes them (`<c r="B2" s="3" t="n"><v>1.5</v></c>`, strings inline, formulas without `=`).
So are the column widths (`<cols>`, which openpyxl builds a dimension object for, column by
column). Everything else in the file (styles, print setup, charts) stays openpyxl's.
"""

from __future__ import annotations

import shutil
import zipfile
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import IO

from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.utils import get_column_letter
from openpyxl.utils.exceptions import IllegalCharacterError

from ...components.outputs import finite
from .cells import Cell, plain_text

EMPTY_SHEET_DATA = b"<sheetData></sheetData>"
"""What openpyxl writes for a write-only sheet given no rows: the place the rows go."""
COPY_CHUNK = 1 << 20
"""Bytes copied at a time from a file of rows into the workbook."""
STRING_MAX = 32_767
"""The longest text a cell holds; openpyxl cuts longer text to this length, and so does this."""
CREATOR = "rackbom"
"""The application a workbook names as its creator."""
_XML_SPACE = ' xml:space="preserve"'


def escape(text: str) -> str:
    """Text as element content: `&`, `<` and `>` escaped."""
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    return text


def _number(value: float | int) -> str:
    return f"{value:.16g}"  # openpyxl's number format: 16 significant digits


def _text(value: str, where: str) -> str:
    value = value[:STRING_MAX]
    if not plain_text(value) and ILLEGAL_CHARACTERS_RE.search(value):
        raise IllegalCharacterError(f"{where}: {value!r} cannot be used in worksheets")
    return value


def cell_xml(ref: str, cell: Cell, style_id: int | None, where: str) -> str:
    """One cell's `<c>` element ('' for an unstyled empty cell); `where` names the sheet in
    errors."""
    value = cell.value
    s = "" if style_id is None else f' s="{style_id}"'
    if value is None:
        return "" if style_id is None else f'<c r="{ref}"{s} t="n" />'
    if isinstance(value, str):
        if cell.formula:
            return f'<c r="{ref}"{s}><f>{escape(_text(value, where)[1:])}</f><v /></c>'
        value = _text(value, where)
        if not value:
            return f'<c r="{ref}"{s} t="inlineStr" />'
        stripped = value.strip()
        space = _XML_SPACE if stripped and stripped != value else ""
        return f'<c r="{ref}"{s} t="inlineStr"><is><t{space}>{escape(value)}</t></is></c>'
    if isinstance(value, bool):
        return f'<c r="{ref}"{s} t="b"><v>{int(value)}</v></c>'
    if isinstance(value, float):
        finite(value, where)
    return f'<c r="{ref}"{s} t="n"><v>{_number(value)}</v></c>'


def cols_xml(widths: Sequence[float]) -> str:
    """The `<cols>` element giving each column its width, in the form openpyxl writes it ('' for
    no columns); it goes just before `<sheetData>`."""
    if not widths:
        return ""
    cols = "".join(
        f'<col width="{_number(width)}" customWidth="1" min="{index}" max="{index}" />'
        for index, width in enumerate(widths, start=1)
    )
    return f"<cols>{cols}</cols>"


def sheet_data(
    rows: Sequence[Sequence[Cell]],
    style_id: Callable[[str], int | None],
    row_attributes: Mapping[int, str],
    where: str,
) -> str:
    """The `<sheetData>` element of these rows (row 1 first): `style_id` gives a style name's
    index in the workbook's cell styles (None for no style), `row_attributes` the extra
    attributes of some rows (` ht="30" customHeight="1"`) by row number."""
    letters = [get_column_letter(i) for i in range(1, max(map(len, rows), default=0) + 1)]
    ids: dict[str, int | None] = {}
    out = ["<sheetData>"]
    for number, row in enumerate(rows, start=1):
        out.append(f'<row r="{number}"{row_attributes.get(number, "")}>')
        for index, cell in enumerate(row):
            if cell.value is None and cell.style == "plain":
                continue
            sid = ids.get(cell.style, -1)
            if sid == -1:
                sid = ids[cell.style] = style_id(cell.style)
            out.append(cell_xml(f"{letters[index]}{number}", cell, sid, where))
        out.append("</row>")
    out.append("</sheetData>")
    return "".join(out)


def fill_sheets(
    source: Path | IO[bytes], target: Path, sheet_data_by_part: Mapping[str, str | Path]
) -> None:
    """Copy the workbook `source` to `target`, each named sheet part's empty `<sheetData>`
    replaced by its rows: the text that takes its place (`<cols>` and `<sheetData>`), or a file
    of its `<row>` elements, streamed."""
    with (
        zipfile.ZipFile(source) as zin,
        zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zout,
    ):
        for info in zin.infolist():
            data = zin.read(info)
            rows = sheet_data_by_part.get(info.filename)
            if rows is None:
                zout.writestr(info, data)
                continue
            if data.count(EMPTY_SHEET_DATA) != 1:
                raise ValueError(f"{info.filename}: no single empty sheetData to fill")
            if isinstance(rows, str):
                zout.writestr(info, data.replace(EMPTY_SHEET_DATA, rows.encode("utf-8"), 1))
                continue
            head, tail = data.split(EMPTY_SHEET_DATA)
            with zout.open(info.filename, "w", force_zip64=True) as out, rows.open("rb") as f:
                out.write(head + b"<sheetData>")
                shutil.copyfileobj(f, out, COPY_CHUNK)
                out.write(b"</sheetData>" + tail)
