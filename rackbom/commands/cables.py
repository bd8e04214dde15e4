"""`rackbom cables`: the cable run list of a cluster as CSV, a workbook, JSON, a NetBox/Nautobot
cable import or one rack's patch panel; without a file, its counts against the BOM."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Iterator
from difflib import get_close_matches
from itertools import islice
from pathlib import Path
from typing import Any, TypeVar

from rackbom.components.atomic import Writer, check_destination, write_files
from rackbom.components.errors import InputError
from rackbom.components.limits import RACK_NAMES_MAX
from rackbom.components.progress import progress
from rackbom.exports.text.table import counted, size_text
from rackbom.racks.cabling.cable_list import CableList
from rackbom.racks.cabling.row import CableRow

from .common import add_catalogue_option, add_repeated, load_targets

T = TypeVar("T")


def configure(p: argparse.ArgumentParser) -> None:
    """Add the sub-command's arguments."""
    p.add_argument("design", metavar="DESIGN_OR_CLUSTER")
    p.add_argument(
        "-o",
        "--output",
        metavar="FILE.csv",
        help="the run list as CSV (streamed), or as Parquet where FILE ends in .parquet",
    )
    p.add_argument("--xlsx", metavar="FILE", help="a workbook: summary, then a sheet per hall")
    p.add_argument("--json", metavar="FILE", help="the run list as JSON (columns, rows, BOM)")
    p.add_argument(
        "--netbox", metavar="FILE", help="a NetBox/Nautobot cable import CSV (use with --rack)"
    )
    p.add_argument("--panel", metavar="FILE.svg", help="the patch panel of the one --rack")
    add_repeated(
        p,
        "--rack",
        RACK_NAMES_MAX,
        "rack names",
        metavar="NAME",
        help="only cables with an end in this rack; may repeat",
    )
    p.add_argument("--hall", metavar="NAME", help="only cables with an end in this hall")
    add_catalogue_option(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Check every destination, then write each output from its own pass over the rows."""
    files = {
        "-o": args.output,
        "--xlsx": args.xlsx,
        "--json": args.json,
        "--netbox": args.netbox,
        "--panel": args.panel,
    }
    for path in files.values():
        if path is not None:
            check_destination(path)
    if args.panel is not None and len(args.rack) != 1:
        raise InputError(None, "--panel", "draws one rack: give exactly one --rack NAME")
    (target,) = load_targets(args, [args.design])
    cables = target.cable_list()
    if cables.note is not None:
        print(f"note: {cables.note}", file=sys.stderr)
    rows = _filter(cables, set(args.rack), args.hall)
    whole = not args.rack and args.hall is None
    outputs = _outputs(args, cables, rows, whole)
    if not outputs:
        _print_counts(cables)
        return 0
    for path in write_files(outputs):
        print(f"wrote {path} ({size_text(path.stat().st_size)})")
    return 0


def _outputs(
    args: argparse.Namespace,
    cables: CableList,
    rows: Callable[[], Iterator[CableRow]],
    whole: bool,
) -> list[tuple[str, Writer]]:
    """A writer per file asked for, each over its own pass of the rows."""
    bom = cables.bom if whole else None
    total = cables.rows_total if whole else None

    def shown(path: str, items: Iterator[T]) -> Iterator[T]:
        return progress(items, Path(path).name, total, "leg")

    outputs: list[tuple[str, Writer]] = []
    if args.output is not None:
        outputs.append((args.output, _table_writer(args.output, cables, rows, shown, whole)))
    if args.xlsx is not None:
        from rackbom.exports.workbook.cables_book import check_fits, xlsx_writer

        if whole:
            hall_rows = cables.run_list.leaf_rows_by_hall().values() if cables.run_list else ()
            check_fits(args.xlsx, cables.rows_total, cables.halls, hall_rows)
        title = f"Cable run list of {cables.system_id}"
        writer = xlsx_writer(
            args.xlsx, shown(args.xlsx, rows()), cables.tally(), bom, cables.catalogue, title
        )
        outputs.append((args.xlsx, writer))
    if args.json is not None:
        from rackbom.exports.json.cables_json import json_writer

        outputs.append((args.json, json_writer(cables.system_id, shown(args.json, rows()), bom)))
    if args.netbox is not None:
        from rackbom.exports.dcim.cable_import import dcim_writer

        netbox = shown(args.netbox, rows())
        outputs.append((args.netbox, dcim_writer(netbox, cables, cables.plain_names)))
    if args.panel is not None:
        from rackbom.components.atomic import text_writer
        from rackbom.layouts.patch_panel import PatchPanel, panel_ports

        (rack,) = args.rack
        ports = panel_ports(iter(cables), rack)
        if not ports:
            raise InputError(
                None,
                "--rack",
                f"{cables.system_id} has no cabled rack named {rack!r}{rack_hint(cables, [rack])}",
            )
        panel = PatchPanel(cables.system_id, rack, ports)
        outputs.append((args.panel, text_writer(panel.to_string())))
    return outputs


def _table_writer(
    path: str,
    cables: CableList,
    rows: Callable[[], Iterator[CableRow]],
    shown: Callable[[str, Iterator[Any]], Iterator[Any]],
    whole: bool,
) -> Writer:
    """The run list as Parquet where `path` ends in .parquet, else as CSV."""
    if Path(path).suffix.lower() == ".parquet":
        from rackbom.exports.json.cables_parquet import parquet_writer

        return parquet_writer(path, shown(path, rows()), cables.system_id)
    from rackbom.exports.json.cables_csv import csv_writer

    lines = shown(path, cables.lines()) if whole else None
    return csv_writer(shown(path, rows()), cables.plain_names, lines)


def _filter(
    cables: CableList, racks: set[str], hall: str | None
) -> Callable[[], Iterator[CableRow]]:
    """A fresh pass over the rows that touch the racks or hall asked for; InputError if none do."""

    def rows() -> Iterator[CableRow]:
        if not racks and hall is None:
            yield from cables
            return
        found = False
        for row in cables:
            if racks and row.a_rack not in racks and row.z_rack not in racks:
                continue
            if hall is not None and hall not in (row.a_hall, row.z_hall):
                continue
            found = True
            yield row
        if not found:
            field = "--rack" if racks else "--hall"
            asked = ", ".join(sorted(racks)) if racks else hall
            hint = rack_hint(cables, sorted(racks)) if racks else ""
            raise InputError(None, field, f"{cables.system_id} has no cables in {asked}{hint}")

    return rows


HINT_ROWS = 50_000
"""Rows read for examples of rack names when a rack asked for has no cables: enough to meet the
first racks of every kind, bounded for a million-GPU cluster."""


def rack_hint(cables: CableList, asked: list[str]) -> str:
    """Close rack names and examples of how racks are named, from the run list's first rows."""
    seen: dict[str, None] = {}
    for row in islice(cables, HINT_ROWS):
        seen.update(dict.fromkeys((row.a_rack, row.z_rack)))
    close = {m for a in asked for m in get_close_matches(a, list(seen), n=3, cutoff=0.6)}
    mean = f" (did you mean {', '.join(sorted(close))}?)" if close else ""
    kinds: dict[str, str] = {}
    for name in seen:
        kinds.setdefault(re.sub(r"\d+", "#", name), name)
    examples = ", ".join(list(kinds.values())[:4])
    return (
        f"{mean}; racks are named like {examples}, and `rackbom cables {cables.system_id} "
        "-o run.csv` lists every one (columns a_rack, z_rack)"
    )


def _print_counts(cables: CableList) -> None:
    """Cables and transceivers by part: the run list's count beside the BOM's."""
    got, bom = cables.counts, cables.bom
    print(f"{cables.system_id}: {counted(got.legs, 'cable leg')} (one run-list row each)")
    print(f"{'part':<36} {'run list':>10} {'BOM':>10}")
    for name, have, want in (
        ("cables", got.cables, bom.cables),
        ("transceivers", got.transceivers, bom.transceivers),
    ):
        print(name)
        for part in sorted(set(have) | set(want)):
            print(f"  {part:<34} {have.get(part, 0):>10,} {want.get(part, 0):>10,}")
    verdict = "match" if got == bom else "DIFFER"
    print(f"run list and BOM {verdict}")
