"""`rackbom compare`: designs side by side."""

from __future__ import annotations

import argparse

from rackbom.comparison import Comparison

from .common import add_catalogue_option, load_designs, print_json


def register(sub: argparse._SubParsersAction) -> None:
    """Add the sub-command."""
    p = sub.add_parser("compare", help="compare designs side by side (designs as columns)")
    p.add_argument("designs", metavar="DESIGN_OR_FILE", nargs="+")
    p.add_argument("--json", action="store_true", help="print the table as JSON")
    add_catalogue_option(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the comparison."""
    table = Comparison(load_designs(args, args.designs))
    if args.json:
        print_json(
            {
                "designs": table.columns,
                "rows": [
                    {"figure": label, "values": values}
                    for label, values in zip(table.index, table.values, strict=True)
                ],
                "notes": table.notes,
            }
        )
    else:
        print(table.to_text())
    return 0
