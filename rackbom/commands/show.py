"""`rackbom show`: one design's figures, readable or as JSON."""

from __future__ import annotations

import argparse
import sys

from rackbom.components.errors import InputError

from .common import (
    add_catalogue_option,
    add_plant_option,
    add_tco_option,
    load_targets,
    print_json,
)


def configure(p: argparse.ArgumentParser) -> None:
    """Add the sub-command's arguments."""
    p.add_argument("design", metavar="DESIGN_OR_CLUSTER")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument(
        "--fabrics",
        action="store_true",
        help="a cluster's feasible fabrics (planes x speed x tiers) side by side, then stop",
    )
    add_catalogue_option(p)
    add_tco_option(p)
    add_plant_option(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the summary."""
    (target,) = load_targets(args, [args.design])
    if args.fabrics:
        options = target.fabric_options(args.json)  # a design has none: an InputError
        for option, given in (("--tco", args.tco), ("--plant", args.plant)):
            if given:
                raise InputError(None, option, "--fabrics prints the fabric options only")
        sys.stdout.write(options)
        return 0
    report = target.report(args.tco, args.plant)
    if args.json:
        from rackbom.exports.json.tco_json import report_data

        print_json(report_data(report))
        return 0
    from rackbom.exports.text.collectives_text import render_summary_block
    from rackbom.exports.text.goodput_text import render_goodput_block
    from rackbom.exports.text.plant_text import render_plant
    from rackbom.exports.text.tco_text import render_tco

    blocks = [
        target.text(),
        render_plant(report.plant),
        render_tco(report.tco),
        render_summary_block(report.collectives, report.measured),
        render_goodput_block(report.goodput, report.tco.profile),
    ]
    print("\n\n".join(blocks))
    return 0
