"""`rackbom report`: every output for the built-in designs (or the ones named) in one folder."""

from __future__ import annotations

import argparse
import sys

from rackbom.exports.figures import Unit
from rackbom.racks.library import builtin_design_ids
from rackbom.report import write_report
from rackbom.textable import render_table, size_text

from .common import add_catalogue_option, load_designs


def register(sub: argparse._SubParsersAction) -> None:
    """Add the sub-command."""
    p = sub.add_parser(
        "report",
        help="write SVGs, JSON, a BOM workbook and index.html comparing designs",
    )
    p.add_argument(
        "designs",
        metavar="DESIGN_OR_FILE",
        nargs="*",
        help="designs to include (default: every built-in design)",
    )
    p.add_argument(
        "-o",
        "--output",
        default="rackbom-report",
        metavar="DIR",
        help="folder to write into (default: rackbom-report)",
    )
    add_catalogue_option(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Load every design first (bad input writes nothing), then write the report."""
    designs = load_designs(args, args.designs or builtin_design_ids())
    progress = _progress if sys.stderr.isatty() else None
    files = write_report(designs, args.output, progress)
    rows = []
    for design in designs:
        s = design.summary
        rows.append(
            [
                design.id,
                f"{s.gpus:,}",
                f"{s.world_size:,}",
                f"{s.switch_ports_unused:,}",
                Unit.KW.value.text(s.power_all_in_w),
                Unit.USD.value.text(s.bom_usd),
                f"{len(s.warnings):,}",
            ]
        )
    header = ["design", "GPUs", "world size", "unused ports", "all-in kW", "BOM", "warnings"]
    print(render_table(header, rows))
    for design in designs:
        for warning in design.summary.warnings:
            print(f"  ! {design.id}: {warning}")
    total = sum(p.stat().st_size for p in files.all)
    count = len(designs)
    noun = "design" if count == 1 else "designs"
    print(f"\nwrote {len(files.all)} files into {args.output} ({size_text(total)}):")
    print(f"  an elevation SVG and a JSON summary for each of {count} {noun}")
    for path in (files.workbook, files.index):
        if path is not None:
            print(f"  {path} ({size_text(path.stat().st_size)})")
    return 0


def _progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)
