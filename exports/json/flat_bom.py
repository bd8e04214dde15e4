"""Flat outputs: the BOM of designs and clusters as CSV, and their summaries as JSON.

A cluster's rows carry the cluster id in `design`, the tier in `tray`: first its copies of the
design at the design's BOM total each (category `design`), then its scale-out lines; together
they add up to the cluster's capex.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...components.formats import USD_CENTS
from ...components.outputs import finite
from ..figures.system_tables import split
from .summary_json import json_text
from .tco_json import report_data

if TYPE_CHECKING:
    from ...racks.clusters import ClusterAnalysis
    from ...racks.report.system_report import SystemReport
    from ...racks.system_model import SystemModel

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


def bom_rows(systems: Sequence[SystemModel]) -> list[dict[str, Any]]:
    """One mapping per BOM line of every design, then every cluster, with the fields of
    `BOM_CSV_FIELDS`."""
    analyses, clusters = split(systems)
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
                    "extended_usd": USD_CENTS.rounded(line.extended_usd),
                    "power_each_w": line.power_each_w,
                    "power_total_w": line.power_total_w,
                    "source": line.source,
                    "source_kind": None if source is None else source.kind.value,
                    "price_basis": line.price_basis,
                }
            )
    for cluster in clusters:
        rows += cluster_rows(cluster)
    return rows


def cluster_rows(cluster: ClusterAnalysis) -> list[dict[str, Any]]:
    """A cluster's copies of its design, then its scale-out lines, as flat BOM rows."""
    s = cluster.summary
    rack = s.design_summary
    sources = cluster.catalogue.sources
    rows = [
        {
            "design": s.cluster,
            "line": 1,
            "rack": None,
            "tray": None,
            "tray_id": None,
            "category": "design",
            "part_id": s.design,
            "description": rack.name,
            "manufacturer": None,
            "part_number": None,
            "qty": s.design_copies,
            "unit_price_usd": USD_CENTS.rounded(rack.bom_usd),
            "extended_usd": USD_CENTS.rounded(s.design_copies * rack.bom_usd),
            "power_each_w": rack.power_rack_input_w,
            "power_total_w": s.power_racks_input_w,
            "source": None,
            "source_kind": None,
            "price_basis": "design",
        }
    ]
    for number, line in enumerate(s.network_bom, start=2):
        source = sources.get(line.source) if line.source is not None else None
        rows.append(
            {
                "design": s.cluster,
                "line": number,
                "rack": None,
                "tray": line.tier,
                "tray_id": None,
                "category": line.category,
                "part_id": line.part,
                "description": line.name,
                "manufacturer": cluster.catalogue.parts[line.part].manufacturer,
                "part_number": None,
                "qty": line.qty,
                "unit_price_usd": line.unit_price_usd,
                "extended_usd": USD_CENTS.rounded(line.extended_usd),
                "power_each_w": line.power_each_w,
                "power_total_w": line.power_total_w,
                "source": line.source,
                "source_kind": None if source is None else source.kind.value,
                "price_basis": "priced" if line.unit_price_usd is not None else "unpriced",
            }
        )
    return rows


def bom_csv(systems: Sequence[SystemModel]) -> str:
    """The flat BOM as CSV text (RFC 4180: CRLF rows; a field with a quote, comma or line break
    is quoted).

    Text that a spreadsheet would run as a formula (`=...`, `+...`, `-...`, `@...`, also after
    leading blanks or line breaks) is written with a leading `'`, so opening the file shows it as
    the literal text. Every number is finite.
    """
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=BOM_CSV_FIELDS, lineterminator="\r\n")
    writer.writeheader()
    for row in bom_rows(systems):
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


def summaries_json(reports: Sequence[SystemReport]) -> str:
    """The reports as `show --json` prints them: one object, or a list."""
    summaries = [report_data(r) for r in reports]
    return json_text(summaries[0] if len(summaries) == 1 else summaries)
