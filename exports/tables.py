"""Flat outputs: the BOM of one or more designs as CSV, and their summaries as JSON."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Any

from ..components.outputs import finite
from ..racks.analysis import Analysis
from .json_summary import json_text, summary_data

BOM_CSV_FIELDS = (
    "design",
    "line",
    "rack",
    "tray",
    "tray_id",
    "category",
    "part_id",
    "description",
    "manufacturer",
    "part_number",
    "qty",
    "unit_price_usd",
    "extended_usd",
    "power_each_w",
    "power_total_w",
    "source",
    "source_kind",
    "price_basis",
)
# A spreadsheet opening a CSV reads a field starting with one of these as a formula, also after
# leading blanks or line breaks; a field starting with a tab or carriage return is suspect too.
_FORMULA_STARTS = ("=", "+", "-", "@")
_SUSPECT_STARTS = ("\t", "\r")


def bom_rows(analyses: Sequence[Analysis]) -> list[dict[str, Any]]:
    """One mapping per BOM line of every design, with the fields of `BOM_CSV_FIELDS`."""
    rows = []
    for analysis in analyses:
        sources = analysis.design.catalogue.sources
        for number, line in enumerate(analysis.bom.lines, start=1):
            source = sources.get(line.source) if line.source is not None else None
            rows.append(
                {
                    "design": analysis.id,
                    "line": number,
                    "rack": line.rack,
                    "tray": line.tray,
                    "tray_id": line.tray_id,
                    "category": line.category,
                    "part_id": line.part_id,
                    "description": line.description,
                    "manufacturer": line.manufacturer,
                    "part_number": line.part_number,
                    "qty": line.qty,
                    "unit_price_usd": line.unit_price_usd,
                    "extended_usd": round(line.extended_usd, 2),
                    "power_each_w": line.power_each_w,
                    "power_total_w": line.power_total_w,
                    "source": line.source,
                    "source_kind": None if source is None else source.kind.value,
                    "price_basis": line.price_basis,
                }
            )
    return rows


def bom_csv(analyses: Sequence[Analysis]) -> str:
    """The flat BOM as CSV text (RFC 4180: CRLF rows; a field with a quote, comma or line break
    is quoted).

    Text that a spreadsheet would run as a formula (`=...`, `+...`, `-...`, `@...`, also after
    leading blanks or line breaks) is written with a leading `'`, so opening the file shows it as
    the literal text. Every number is finite.
    """
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=BOM_CSV_FIELDS, lineterminator="\r\n")
    writer.writeheader()
    for row in bom_rows(analyses):
        writer.writerow({k: csv_value(v, k) for k, v in row.items()})
    return out.getvalue()


def csv_value(value: Any, column: str) -> Any:
    """One CSV field: formula-like text neutralised, numbers checked finite, None empty."""
    if isinstance(value, str):
        if value.lstrip().startswith(_FORMULA_STARTS) or value.startswith(_SUSPECT_STARTS):
            return "'" + value
        return value
    if isinstance(value, float):
        return finite(value, column)
    return "" if value is None else value


def summaries_json(analyses: Sequence[Analysis]) -> str:
    """The summaries as indented JSON: one design's object (as `show --json`), or a list."""
    summaries = [summary_data(a.summary) for a in analyses]
    return json_text(summaries[0] if len(summaries) == 1 else summaries)
