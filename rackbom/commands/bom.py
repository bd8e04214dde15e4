"""`rackbom bom`: designs and clusters as a BOM workbook, a flat BOM CSV and summary JSON."""

from __future__ import annotations

import argparse
from pathlib import Path

from rackbom.components.atomic import Writer, check_destination, text_writer, write_files
from rackbom.components.errors import InputError
from rackbom.components.plant_library import plant_rules
from rackbom.components.tco_library import profile
from rackbom.exports.json.flat_bom import bom_csv, summaries_json
from rackbom.exports.text.table import size_text

from .common import add_catalogue_option, add_plant_option, add_tco_option, load_targets


def configure(p: argparse.ArgumentParser) -> None:
    """Add the sub-command's arguments."""
    p.add_argument("designs", metavar="DESIGN_OR_CLUSTER", nargs="+")
    p.add_argument(
        "-o",
        "--output",
        metavar="FILE.xlsx",
        help="the workbook: summary, comparison, BOM/ports/power per design, TCO, sources",
    )
    p.add_argument("--csv", metavar="FILE", help="every BOM line as one CSV table")
    p.add_argument(
        "--json",
        metavar="FILE",
        help="the summary as `show --json` prints it (a list for several designs)",
    )
    add_tco_option(p)
    add_plant_option(p)
    add_catalogue_option(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Check every destination, build every output in memory, then write them all or none."""
    if args.output is None and args.csv is None and args.json is None:
        raise InputError(
            None, None, "nothing to write: give -o FILE.xlsx, --csv FILE or --json FILE"
        )
    if args.output is not None and Path(args.output).suffix.lower() != ".xlsx":
        raise InputError(None, "-o", f"{args.output}: the workbook file name must end in .xlsx")
    for path in (args.output, args.csv, args.json):
        if path is not None:
            check_destination(path)
    if args.output is None and args.json is None:
        for option, given in (("--tco", args.tco), ("--plant", args.plant)):
            if given is not None:
                raise InputError(
                    None,
                    option,
                    "the BOM CSV has no profile's figures: add -o or --json, or drop it",
                )
    chosen, rules = profile(args.tco), plant_rules(args.plant)
    targets = load_targets(args, args.designs)
    systems = [target.analysis for target in targets]
    reports = [target.report(chosen, rules) for target in targets]
    outputs: list[tuple[str, Writer]] = []
    if args.output is not None:
        from rackbom.exports.workbook import workbook_writer  # openpyxl loads only when needed
        from rackbom.report_uncertainty import pair_uncertainty

        uncertain = pair_uncertainty(targets, chosen)
        outputs.append((args.output, workbook_writer(reports, uncertain)))
    if args.csv is not None:
        outputs.append((args.csv, text_writer(bom_csv(systems))))
    if args.json is not None:
        outputs.append((args.json, text_writer(summaries_json(reports))))
    for path in write_files(outputs):
        print(f"wrote {path} ({size_text(path.stat().st_size)})")
    return 0
