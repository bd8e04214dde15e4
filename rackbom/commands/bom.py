"""`rackbom bom`: designs and clusters as a BOM workbook, a flat BOM CSV and summary JSON."""

from __future__ import annotations

import argparse
from pathlib import Path

from rackbom.components.errors import InputError
from rackbom.exports.tables import write_bom_csv, write_summaries_json

from .common import add_catalogue_option, load_targets, split_targets


def register(sub: argparse._SubParsersAction) -> None:
    """Add the sub-command."""
    p = sub.add_parser(
        "bom",
        help="write designs as an Excel BOM workbook (-o), a flat BOM CSV (--csv), JSON (--json)",
    )
    p.add_argument("designs", metavar="DESIGN_OR_CLUSTER", nargs="+")
    p.add_argument(
        "-o",
        "--output",
        metavar="FILE.xlsx",
        type=Path,
        help="the workbook: summary, comparison, BOM/ports/power per design, sources",
    )
    p.add_argument("--csv", metavar="FILE", type=Path, help="every BOM line as one CSV table")
    p.add_argument(
        "--json",
        metavar="FILE",
        type=Path,
        help="the summary as `show --json` prints it (a list for several designs)",
    )
    add_catalogue_option(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Check the request, build every output in memory, then write each file atomically."""
    if args.output is None and args.csv is None and args.json is None:
        raise InputError(
            None, None, "nothing to write: give -o FILE.xlsx, --csv FILE or --json FILE"
        )
    if args.output is not None and args.output.suffix.lower() != ".xlsx":
        raise InputError(None, "-o", f"{args.output}: the workbook file name must end in .xlsx")
    designs, clusters = split_targets(load_targets(args, args.designs))
    analyses = [design.analysis for design in designs]
    networks = [cluster.analysis for cluster in clusters]
    if args.output is not None:
        from rackbom.exports.workbook import write_workbook  # openpyxl loads only when needed

        write_workbook(analyses, args.output, networks)
    if args.csv is not None:
        write_bom_csv(analyses, args.csv, networks)
    if args.json is not None:
        write_summaries_json(analyses, args.json, networks)
    return 0
