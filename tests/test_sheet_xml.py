"""Sheet rows written as text: the same sheet XML openpyxl writes for the same cells."""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.utils import get_column_letter

from rackbom.components.errors import InputError
from rackbom.components.outputs import REPLACEMENT, xml_safe
from rackbom.exports.workbook import _named_style, save_sheets
from rackbom.exports.workbook.cells import Cell, SheetData, formula, number, text
from rackbom.exports.workbook.sheet_xml import cols_xml, fill_sheets
from rackbom.racks.cabling.row import COLUMNS

STYLES = ("plain", "int", "usd", "header", "note", "total_usd", "wrap")
SHEET = "xl/worksheets/sheet1.xml"


def _openpyxl_sheet(rows: list[list[Cell]]) -> bytes:
    """The sheet XML openpyxl's own write-only rows give for these cells."""
    wb = Workbook(write_only=True)
    ws = wb.create_sheet("s")
    registered: set[str] = set()
    for row in rows:
        out: list[object] = []
        for cell in row:
            literal = isinstance(cell.value, str) and not cell.formula
            if cell.style == "plain" and not (literal and str(cell.value).startswith("=")):
                out.append(cell.value)
                continue
            written = WriteOnlyCell(ws, cell.value)
            if literal:
                written.data_type = "s"
            if cell.style != "plain":
                if cell.style not in registered:
                    wb.add_named_style(_named_style(cell.style))
                    registered.add(cell.style)
                written.style = cell.style
            out.append(written)
        ws.append(out)
    saved = io.BytesIO()
    wb.save(saved)
    return zipfile.ZipFile(saved).read(SHEET)


def _cells(sheet: bytes) -> list[bytes]:
    """The sheet's `<c>` elements in order (row heights are set apart from the cells)."""
    return re.findall(rb"<c [^>]*/>|<c [^>]*>.*?</c>", sheet, re.DOTALL)


_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)
_CELLS = st.one_of(
    st.builds(
        text,
        _TEXT | st.sampled_from(("=A1", " a ", "a&b<c>", "\tx", "  ")),
        st.sampled_from(STYLES),
    ),
    st.builds(
        number,
        st.integers(-(10**12), 10**12) | st.floats(allow_nan=False, allow_infinity=False),
        st.sampled_from(STYLES),
    ),
    st.builds(
        formula,
        st.sampled_from(("SUM(A1:A3)", "'Power x'!$B$2*2", 'IF(A1>0,"a&b",0)')),
        st.sampled_from(STYLES),
    ),
    st.builds(Cell, st.none(), st.sampled_from(STYLES)),
)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(rows=st.lists(st.lists(_CELLS, max_size=5), min_size=1, max_size=4))
def test_rows_are_written_as_openpyxl_writes_them(rows: list[list[Cell]], tmp_path: Path) -> None:
    path = tmp_path / "rows.xlsx"
    save_sheets([SheetData("s", rows=rows)], path, "t")
    ours = zipfile.ZipFile(path).read(SHEET)
    assert _cells(ours) == _cells(_openpyxl_sheet(rows))


@given(value=st.text() | st.sampled_from(("a\x01b", "\t", "\ufffe", "plain ASCII")))
def test_text_is_cleaned_as_the_full_searches_clean_it(value: str) -> None:
    assert text(value).value == xml_safe(ILLEGAL_CHARACTERS_RE.sub(REPLACEMENT, value))


@settings(max_examples=30, deadline=None)
@given(widths=st.lists(st.integers(6, 60) | st.floats(6, 60, allow_nan=False), max_size=20))
def test_column_widths_are_written_as_openpyxl_writes_them(widths: list[float]) -> None:
    wb = Workbook(write_only=True)
    ws = wb.create_sheet("s")
    for index, width in enumerate(widths, start=1):
        ws.column_dimensions[get_column_letter(index)].width = width
    saved = io.BytesIO()
    wb.save(saved)
    theirs = zipfile.ZipFile(saved).read(SHEET).decode("utf-8")
    match = re.search(r"<cols>.*</cols>", theirs)
    assert cols_xml(widths) == (match.group(0) if match else "")


def test_a_sheet_is_filled_once_and_the_rest_copied(tmp_path: Path) -> None:
    source = io.BytesIO()
    with zipfile.ZipFile(source, "w") as z:
        z.writestr(SHEET, "<worksheet><sheetData></sheetData></worksheet>")
        z.writestr("other.xml", "<sheetData></sheetData>")
        z.writestr("full.xml", '<sheetData><row r="1"></row></sheetData>')
    fill_sheets(source, tmp_path / "out.xlsx", {SHEET: '<sheetData><row r="1"></row></sheetData>'})
    out = zipfile.ZipFile(tmp_path / "out.xlsx")
    assert out.read(SHEET) == b'<worksheet><sheetData><row r="1"></row></sheetData></worksheet>'
    assert out.read("other.xml") == b"<sheetData></sheetData>"
    with pytest.raises(ValueError, match=r"full\.xml"):
        fill_sheets(source, tmp_path / "bad.xlsx", {"full.xml": "<sheetData></sheetData>"})


def test_a_number_that_is_not_finite_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="finite"):
        save_sheets(
            [SheetData("s", rows=[[number(float("inf"), "int")]])], tmp_path / "x.xlsx", "t"
        )


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.none(),
            st.text(max_size=12),
            st.sampled_from(["=SUM(A1)", " leaf", "a&b", "<x>", "rack-01"]),
            st.integers(-(10**9), 10**9),
            st.floats(allow_nan=False, allow_infinity=False, width=64),
        ),
        min_size=len(COLUMNS),
        max_size=len(COLUMNS),
    )
)
def test_a_run_list_row_is_written_as_sheet_xml_writes_its_cells(values: list[object]) -> None:
    from openpyxl.utils.exceptions import IllegalCharacterError

    from rackbom.exports.workbook.cables_book import _LETTERS, _row_xml
    from rackbom.exports.workbook.sheet_xml import cell_xml

    try:
        cells = "".join(
            cell_xml(f"{letter}7", Cell(v), None, "hall01")  # type: ignore[arg-type]
            for letter, v in zip(_LETTERS, values, strict=True)
            if v is not None
        )
    except IllegalCharacterError:
        with pytest.raises(IllegalCharacterError):
            _row_xml(7, values, "hall01")
        return
    assert _row_xml(7, values, "hall01") == f'<row r="7">{cells}</row>'
