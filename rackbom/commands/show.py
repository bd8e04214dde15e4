"""`rackbom show`: one design's figures, readable or as JSON."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from rackbom.components.errors import InputError

from .common import (
    add_catalogue_option,
    add_plant_option,
    add_tco_option,
    load_targets,
    print_json,
)

if TYPE_CHECKING:
    from rackbom.racks.costs.ownership import TcoResult
    from rackbom.racks.system_model import SystemModel


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
    if args.json:
        print_json(target.to_dict(args.tco, args.plant))
        return 0
    from rackbom import collective_api as collectives
    from rackbom.exports.text.collectives_text import render_summary_block
    from rackbom.exports.text.plant_text import render_plant
    from rackbom.exports.text.tco_text import render_tco

    cost = target.tco(args.tco)
    blocks = [
        target.text(),
        render_plant(target.plant(args.plant, args.tco)),
        render_tco(cost),
        render_summary_block(collectives.summary_collectives(target), collectives.measured(target)),
        _render_goodput(target.analysis, cost),
    ]
    print("\n\n".join(blocks))
    return 0


def _render_goodput(system: SystemModel, cost: TcoResult) -> str:
    """The whole-system job's goodput under the TCO profile of `cost`."""
    from rackbom.exports.text.goodput_text import render_goodput_block
    from rackbom.racks.goodput.jobs import whole_system_goodput

    return render_goodput_block(whole_system_goodput(system, cost), cost.profile)
