"""Flat outputs: the BOM of one or more designs as CSV, and their summaries as JSON."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..components.atomic import atomic_write_text
from ..racks.analysis import Analysis
from .json_summary import json_text
from .tco_json import design_data

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
# A spreadsheet opening a CSV reads a field starting with one of these as a formula.
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


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
    """The flat BOM as CSV text.

    Text that a spreadsheet would run as a formula (`=...`, `+...`, `-...`, `@...`) is written
    with a leading `'`, so opening the file shows it as the literal text.
    """
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=BOM_CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    for row in bom_rows(analyses):
        writer.writerow({k: _csv_value(v) for k, v in row.items()})
    return out.getvalue()


def _csv_value(value: Any) -> Any:
    if isinstance(value, str) and value.startswith(_FORMULA_STARTS):
        return "'" + value
    return "" if value is None else value


def summaries_json(analyses: Sequence[Analysis]) -> str:
    """The summaries as indented JSON: one design's object (as `show --json`), or a list."""
    summaries = [design_data(a) for a in analyses]
    return json_text(summaries[0] if len(summaries) == 1 else summaries)


def write_bom_csv(analyses: Sequence[Analysis], path: str | Path) -> Path:
    """Write the flat BOM CSV atomically."""
    return atomic_write_text(path, bom_csv(analyses))


def write_summaries_json(analyses: Sequence[Analysis], path: str | Path) -> Path:
    """Write the summaries' JSON atomically."""
    return atomic_write_text(path, summaries_json(analyses))
