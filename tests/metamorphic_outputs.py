"""Every output format of a set of systems, read back as comparable lines.

`render` writes what a user gets: `show --json` (`System.to_dict`), the `show` and `compare`
text, the flat BOM CSV, the workbook (read back with openpyxl) and the report page's text. Each
format becomes a list of lines, a table cell per line (`title|row|column=value`), so that a
relation can say which figures may change: names mapped back, cost cells set aside.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import openpyxl
import pytest

from rackbom import collective_api
from rackbom.comparison import comparison_of
from rackbom.exports.charts import (
    collectives_chart,
    goodput_chart,
    reproduction_chart,
    tco_charts,
    uncertainty_chart,
)
from rackbom.exports.json.flat_bom import bom_csv
from rackbom.exports.text.collectives_text import render_summary_block
from rackbom.exports.text.plant_text import render_plant
from rackbom.exports.text.tco_text import render_tco
from rackbom.layouts.cluster_svg import _Drawing
from rackbom.layouts.document import SvgDocument
from rackbom.layouts.elevation import Elevation
from rackbom.layouts.plant_svg import PlantDrawing
from rackbom.report_folder import INDEX_NAME, file_stem, write_report
from rackbom.system import System

FORMATS = ("json", "text", "csv", "workbook", "html")
COST = re.compile(r"usd|\$|capex|opex|tco|cost|price|capital|margin", re.IGNORECASE)
"""A cell or key naming money: the figures a price may move (labels and keys state units; a
margin is a markup on prices, and its BOM line is money whatever its words)."""


@dataclass(frozen=True)
class Rendered:
    """Each format's lines for a set of systems, in output order."""

    lines: Mapping[str, tuple[str, ...]]

    def mapped(self, names: Mapping[str, str]) -> Rendered:
        """The same lines with each name replaced (longest first, so no name eats another)."""
        order = sorted(names, key=len, reverse=True)
        pattern = re.compile("|".join(re.escape(n) for n in order)) if order else None

        def back(line: str) -> str:
            return line if pattern is None else pattern.sub(lambda m: names[m.group()], line)

        return Rendered({f: tuple(back(x) for x in ls) for f, ls in self.lines.items()})

    def unordered(self) -> Rendered:
        """The lines with what names put in order made orderless: list indices of JSON keys
        dropped, and the items of a comma-separated value sorted."""
        return Rendered({f: tuple(map(_orderless, ls)) for f, ls in self.lines.items()})


def _orderless(line: str) -> str:
    key, sep, value = line.partition("=")
    key = re.sub(r"\[\d+\]", "[]", key)
    return key + sep + ", ".join(sorted(value.split(", ")))


NO_DRAWING = "<svg></svg>"


CHARTS = (collectives_chart, goodput_chart, reproduction_chart, tco_charts, uncertainty_chart)
"""The modules that draw the report's charts, each through its own `_svg`."""


def _undrawn(fig: Any) -> str:
    """A chart built but not drawn."""
    from matplotlib import pyplot as plt

    plt.close(fig)
    return NO_DRAWING


def render(systems: Sequence[System], folder: Path) -> Rendered:
    """Every format of `systems` (written into `folder`, which must not exist yet).

    The report is written with its drawings and charts left empty: the page's text is what is
    compared, and drawing is most of a report's time. Its JSON files are `show --json`'s.
    """
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SvgDocument, "to_string", lambda self: NO_DRAWING)
        patch.setattr(Elevation, "to_string", lambda self: NO_DRAWING)
        patch.setattr(PlantDrawing, "to_string", lambda self: NO_DRAWING)
        patch.setattr(_Drawing, "to_string", lambda self: NO_DRAWING)
        for module in CHARTS:
            patch.setattr(module, "_svg", _undrawn)
        report = write_report(systems, folder)
    analyses = [s.analysis for s in systems]
    files = {**report.per_design, **report.per_cluster}
    return Rendered(
        {
            "json": tuple(
                line for s in systems for line in json_lines(s.id, _json_of(files[s.id]))
            ),
            "text": tuple(f"{s.id}|{x}" for s in systems for x in text_lines(show_text(s))),
            "csv": tuple(csv_lines(bom_csv(analyses))),
            "workbook": tuple(workbook_lines(report.workbook)),
            "html": tuple(html_lines((folder / INDEX_NAME).read_text("utf-8"))),
        }
    )


def _json_of(paths: Sequence[Path]) -> Any:
    """The JSON file among a system's report files."""
    (path,) = [p for p in paths if p.suffix == ".json"]
    return json.loads(path.read_text("utf-8"))


def show_text(system: System) -> str:
    """What `rackbom show ID` prints, then `rackbom compare ID`'s table."""
    found = collective_api.summary_collectives(system)
    blocks = [
        system.text(),
        render_plant(system.plant()),
        render_tco(system.tco()),
        render_summary_block(found, collective_api.measured(system)),
        comparison_of([system]).to_text(),
    ]
    return "\n\n".join(blocks)


def json_lines(system_id: str, data: Any, path: str = "") -> Iterator[str]:
    """`id|key.key[i]=value` per leaf of `show --json`."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from json_lines(system_id, value, f"{path}.{key}")
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from json_lines(system_id, value, f"{path}[{index}]")
    else:
        yield f"{system_id}|{path}={json.dumps(data)}"


def text_lines(text: str) -> Iterator[str]:
    """Tables as one `title|row|column=value` line per cell, other lines as they are (blanks
    squeezed: column widths follow the longest name)."""
    for block in text.split("\n\n"):
        yield from _block_lines(block.split("\n"))


def _block_lines(lines: list[str]) -> Iterator[str]:
    rule = next((i for i, x in enumerate(lines) if i and _is_rule(x)), None)
    if rule is None:
        yield from (" ".join(x.split()) for x in lines if x.strip())
        return
    spans = [m.span() for m in re.finditer(r"-+", lines[rule])]
    title = " ".join(" ".join(x.split()) for x in lines[: rule - 1])
    header = _cells(lines[rule - 1], spans)
    yield title
    for row in lines[rule + 1 :]:
        if len(row.rstrip()) > spans[-1][1]:  # wider than every row: a note under the table
            yield " ".join(row.split())
            continue
        cells = _cells(row, spans)
        yield from (f"{title}|{cells[0]}|{h}={c}" for h, c in zip(header, cells, strict=True))


def _is_rule(line: str) -> bool:
    return bool(line.strip()) and set(line) <= {"-", " "}


def _cells(line: str, spans: list[tuple[int, int]]) -> list[str]:
    """A row cut at its table's column spans (the last column runs to the end)."""
    ends = [s for s, _ in spans[1:]] + [len(line)]
    return [line[start:end].strip() for (start, _), end in zip(spans, ends, strict=True)]


def csv_lines(text: str) -> Iterator[str]:
    """`design|rack|tray|tray id|category|part id|column=value` per CSV cell: a row is known by
    what it counts, not by its line number (lines follow names where names order them)."""
    rows = list(csv.DictReader(io.StringIO(text)))
    for row in rows:
        key = "|".join(row[k] for k in ("design", "rack", "tray", "tray_id", "category", "part_id"))
        yield from (f"{key}|{k}={v}" for k, v in row.items() if k != "line")


def workbook_lines(path: Path | None) -> Iterator[str]:
    """`sheet|first cell|column header=value` per cell; a header is the row after a blank."""
    assert path is not None
    book = openpyxl.load_workbook(path, read_only=True)
    for sheet in book.worksheets:
        header: tuple[Any, ...] = ()
        blank = True
        for row in sheet.iter_rows(values_only=True):
            if all(v is None for v in row):
                blank = True
                continue
            if blank:
                header, blank = row, False
                yield f"{sheet.title}|header|{row}"
                continue
            label = row[0]
            for name, value in zip(header, row, strict=False):
                if value is not None:
                    yield f"{sheet.title}|{label}|{name}={value}"
    book.close()


class _PageText(HTMLParser):
    """The page's words: table cells under their headers, drawings and charts left out."""

    SKIP = frozenset({"svg", "script", "style"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.skipping = 0
        self.heading = ""
        self.header: list[str] = []
        self.row: list[str] | None = None
        self.cell: list[str] | None = None
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.SKIP:
            self.skipping += 1
        elif tag == "tr":
            self.row = []
        elif tag == "table":
            self._flush()
            self.header = []
        elif tag in ("td", "th"):
            self.cell = []
        elif tag in ("h1", "h2", "h3", "h4", "p", "li", "div", "caption"):
            self._flush()

    def handle_endtag(self, tag: str) -> None:
        if tag in self.SKIP:
            self.skipping -= 1
        elif tag in ("td", "th") and self.cell is not None and self.row is not None:
            self.row.append(" ".join("".join(self.cell).split()))
            self.cell = None
        elif tag == "tr" and self.row is not None:
            self._row(self.row)
            self.row = None
        elif tag in ("h1", "h2", "h3", "h4"):
            self.heading = " ".join("".join(self.text).split())
            self._flush()

    def handle_data(self, data: str) -> None:
        if self.skipping:
            return
        (self.cell if self.cell is not None else self.text).append(data)

    def _row(self, row: list[str]) -> None:
        if not self.header or len(row) != len(self.header) or row == self.header:
            self.header = row
            self.lines.append(f"{self.heading}|header|{'|'.join(row)}")
            return
        cells = zip(self.header, row, strict=True)
        self.lines += [f"{self.heading}|{row[0]}|{h}={c}" for h, c in cells]

    def _flush(self) -> None:
        words = " ".join("".join(self.text).split())
        if words:
            self.lines.append(words)
        self.text = []


def html_lines(page: str) -> list[str]:
    """The report page's text, a table cell per line."""
    parser = _PageText()
    parser.feed(page)
    parser.close()
    parser._flush()
    return parser.lines


def is_cost(line: str) -> bool:
    """Whether a line is a money figure (its key, labels or value name a currency)."""
    return bool(COST.search(line))


def names_of(system_ids: Iterable[str]) -> dict[str, str]:
    """Where an id shows in outputs beyond itself: its report file stem."""
    return {file_stem_of(i): i for i in system_ids if file_stem_of(i) != i}


def file_stem_of(system_id: str) -> str:
    """The report's file name for an id (`report_folder.file_stem` over the id alone)."""

    return file_stem(cast("System", SimpleNamespace(id=system_id)))
