"""`rackbom compare`: designs side by side, or clusters side by side (never the two mixed)."""

from __future__ import annotations

import argparse

from rackbom.comparison import Comparison
from rackbom.components.errors import InputError
from rackbom.resolve import by_kind

from .common import add_catalogue_option, load_targets, print_json


def configure(p: argparse.ArgumentParser) -> None:
    """Add the sub-command's arguments."""
    p.add_argument("designs", metavar="DESIGN_OR_CLUSTER", nargs="+")
    p.add_argument("--json", action="store_true", help="print the table as JSON")
    add_catalogue_option(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the comparison.

    A cluster's figures (fabric, capex with its network) and a rack's are different tables, so
    designs and clusters are not mixed: compare a cluster's design by its id instead.
    """
    designs, clusters = by_kind(load_targets(args, args.designs))
    if designs and clusters:
        raise InputError(
            None,
            None,
            f"compare takes designs or clusters, not both: {clusters[0].id} is a cluster and "
            f"{designs[0].id} a design (compare {clusters[0].id}'s design as "
            f"{clusters[0].design.id})",
        )
    if clusters:
        from rackbom.cluster_comparison import ClusterComparison

        table: Comparison | ClusterComparison = ClusterComparison(clusters)
        key, notes = "clusters", []
    else:
        table = Comparison(designs)
        key, notes = "designs", table.notes
    if args.json:
        print_json(
            {
                key: table.columns,
                "rows": [
                    {"figure": label, "values": values}
                    for label, values in zip(table.index, table.values, strict=True)
                ],
                "notes": notes,
            }
        )
    else:
        print(table.to_text())
    return 0
