"""`rackbom cables`: the cable run list of a cluster as CSV, a workbook, JSON, a NetBox/Nautobot
cable import or one rack's patch panel; without a file, its counts against the BOM."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from rackbom.components.atomic import Writer, check_destination, write_files
from rackbom.components.errors import InputError
from rackbom.components.limits import RACK_NAMES_MAX
from rackbom.components.progress import progress
from rackbom.exports.text.table import counted, size_text
from rackbom.racks.cabling.cable_list import CableList
from rackbom.racks.cabling.row import CableRow
from rackbom.racks.cabling.scope import FloorScope, Scope, bind_scope, design_scoped

from .common import add_catalogue_option, add_repeated, add_scope_option, load_targets, scope_of

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
        "--netbox",
        metavar="FILE",
        help="a NetBox cable import CSV, a breakout cable one row with its profile",
    )
    p.add_argument(
        "--nautobot",
        metavar="FILE",
        help="a Nautobot cable import CSV, one cable per leg (no cable profiles)",
    )
    p.add_argument("--panel", metavar="FILE.svg", help="the patch panel of the one --rack")
    add_repeated(
        p,
        "--rack",
        RACK_NAMES_MAX,
        "rack names",
        metavar="NAME",
        help="only cables with an end in this rack (--scope rack=NAME); may repeat",
    )
    add_scope_option(p, "only the cables with an end in this building, hall, row or rack")
    add_catalogue_option(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Check every destination, then write each output from its own pass over the rows."""
    files = {
        "-o": args.output,
        "--xlsx": args.xlsx,
        "--json": args.json,
        "--netbox": args.netbox,
        "--nautobot": args.nautobot,
        "--panel": args.panel,
    }
    for path in files.values():
        if path is not None:
            check_destination(path)
    scope = scope_of(args)
    panel_rack = _panel_rack(args.panel, scope)
    (target,) = load_targets(args, [args.design])
    cables = target.cable_list()
    if cables.note is not None:
        print(f"note: {cables.note}", file=sys.stderr)
    kept = _Kept(cables, _bound(cables, scope))
    outputs = _outputs(args, cables, kept, panel_rack)
    if not outputs:
        if kept.scope is None:
            _print_counts(cables)
        else:
            _print_kept(kept, kept.scope)
        return 0
    for path in write_files(outputs):
        print(f"wrote {path} ({size_text(path.stat().st_size)})")
    if kept.scope is not None:
        print(f"{kept.scope.scope} of {cables.system_id}: {counted(kept.legs, 'cable leg')}")
    return 0


def _panel_rack(panel: str | None, scope: Scope | None) -> str | None:
    """The one rack `--panel` draws (None without --panel)."""
    if panel is None:
        return None
    if scope is None or scope.level != "rack" or len(scope.names) > 1:
        raise InputError(None, "--panel", "draws one rack: give exactly one --rack NAME")
    return scope.names[0]


def _bound(cables: CableList, scope: Scope | None) -> FloorScope | None:
    """The scope on the cluster's floor; refused for a design, which stands on no floor."""
    if scope is None:
        return None
    if cables.run_list is None:
        raise design_scoped(cables.system_id)
    run = cables.run_list
    return bind_scope(scope, run.cluster, lambda: run.network_racks)


class _Kept:
    """The rows with an end in scope (every row without one), counted on each pass."""

    def __init__(self, cables: CableList, scope: FloorScope | None) -> None:
        self.cables = cables
        self.scope = scope
        self.legs = 0

    @property
    def whole(self) -> bool:
        """Whether every row is kept."""
        return self.scope is None

    def __call__(self) -> Iterator[CableRow]:
        """A fresh pass over the rows kept."""
        self.legs = 0
        if self.scope is None:
            yield from self.cables
            return
        a, z, names = self.scope.columns()
        for row in self.cables:
            if row[a] in names or row[z] in names:
                self.legs += 1
                yield row


def _outputs(
    args: argparse.Namespace, cables: CableList, rows: _Kept, panel_rack: str | None
) -> list[tuple[str, Writer]]:
    """A writer per file asked for, each over its own pass of the rows."""
    whole = rows.whole
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
    for path, target in ((args.netbox, "netbox"), (args.nautobot, "nautobot")):
        if path is None:
            continue
        from rackbom.exports.dcim.cable_import import dcim_writer
        from rackbom.racks.dcim.cable_legs import dcim_cables
        from rackbom.racks.dcim.vocabulary import vocabulary

        made = dcim_cables(
            shown(path, rows()), cables.run_list, cables.catalogue, vocabulary(target)
        )
        outputs.append((path, dcim_writer(made, cables.plain_names)))
    if args.panel is not None and panel_rack is not None:
        from rackbom.components.atomic import text_writer
        from rackbom.layouts.patch_panel import PatchPanel, panel_ports

        rack = panel_rack
        ports = panel_ports(iter(cables), rack)
        if not ports:
            raise InputError(None, "--rack", f"{cables.system_id} has no cabled rack {rack!r}")
        panel = PatchPanel(cables.system_id, rack, ports)
        outputs.append((args.panel, text_writer(panel.to_string())))
    return outputs


def _table_writer(
    path: str,
    cables: CableList,
    rows: _Kept,
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
    if cables.leaving:
        links = counted(cables.leaving, "management link")
        print(f"{links} ({cables.leaving_links}) leave the system")


def _print_kept(kept: _Kept, scope: FloorScope) -> None:
    """Cables and transceivers by part of the rows in scope (the BOM counts the whole)."""
    tally = kept.cables.tally()
    for row in kept():
        tally.add(row)
    got = tally.result()
    print(f"{scope.scope} of {kept.cables.system_id}: {counted(got.legs, 'cable leg')}")
    print(f"{'part':<36} {'run list':>10}")
    for name, have in (("cables", got.cables), ("transceivers", got.transceivers)):
        print(name)
        for part in sorted(have):
            print(f"  {part:<34} {have[part]:>10,}")
