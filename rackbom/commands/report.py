"""`rackbom report`: every output for the built-in designs (or the ones named) in one folder."""

from __future__ import annotations

import argparse
import sys

from rackbom.exports.figures import Unit
from rackbom.racks.library import builtin_design_ids
from rackbom.report import write_report
from rackbom.textable import render_table

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
                str(s.gpus),
                str(s.world_size),
                f"{s.switch_ports_unused:,}",
                Unit.KW.value.text(s.power_all_in_w),
                Unit.USD.value.text(s.bom_usd),
                ", ".join(str(p) for p in files.per_design[design.id]),
            ]
        )
    print(
        render_table(
            ["design", "GPUs", "world size", "unused ports", "all-in kW", "BOM", "files"], rows
        )
    )
    print(f"\nworkbook: {files.workbook}\nreport:   {files.index}")
    return 0


def _progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)
