"""`rackbom report`: every output for the built-in designs and clusters (or the ones named) in one
folder."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from rackbom.exports.text.report_text import cluster_rows, design_rows
from rackbom.exports.text.table import counted, render_table, size_text
from rackbom.racks.clusters import builtin_cluster_ids
from rackbom.racks.library import builtin_design_ids
from rackbom.report_folder import write_report
from rackbom.resolve import by_kind

from .common import add_catalogue_option, add_plant_option, add_tco_option, load_targets

if TYPE_CHECKING:
    from rackbom.cluster_model import Cluster
    from rackbom.design import Design


def configure(p: argparse.ArgumentParser) -> None:
    """Add the sub-command's arguments."""
    p.add_argument(
        "designs",
        metavar="DESIGN_OR_CLUSTER",
        nargs="*",
        help="designs and clusters to include (default: every built-in design and cluster)",
    )
    p.add_argument(
        "-o",
        "--output",
        default="rackbom-report",
        metavar="DIR",
        help="folder to write into (default: rackbom-report)",
    )
    add_tco_option(p)
    add_plant_option(p)
    add_catalogue_option(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Load every design and cluster first (bad input writes nothing), then write the report."""
    names = args.designs or [*builtin_design_ids(), *builtin_cluster_ids()]
    systems = load_targets(args, names)
    designs, clusters = by_kind(systems)
    progress = _progress if sys.stderr.isatty() else None
    files = write_report(systems, args.output, progress, args.tco, args.plant)
    tables = [
        (designs, design_rows([d.summary for d in designs])),
        (clusters, cluster_rows([c.summary for c in clusters])),
    ]
    print("\n\n".join(render_table(*table) for targets, table in tables if targets))
    targets: list[Design | Cluster] = [*designs, *clusters]
    for target in targets:
        for warning in target.summary.warnings:
            print(f"  ! {target.id}: {warning}")
    total = sum(p.stat().st_size for p in files.all)
    print(f"\nwrote {counted(len(files.all), 'file')} into {args.output} ({size_text(total)}):")
    if designs:
        each = f"each of {counted(len(designs), 'design')}"
        print(f"  an elevation SVG, a power and cooling SVG and a JSON summary for {each}")
    if clusters:
        each = f"each of {counted(len(clusters), 'cluster')}"
        print(f"  a floor plan, a fabric diagram, a power and cooling SVG and a JSON for {each}")
    for path in (files.workbook, files.index):
        if path is not None:
            print(f"  {path} ({size_text(path.stat().st_size)})")
    return 0


def _progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)
