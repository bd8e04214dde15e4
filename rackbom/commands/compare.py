"""`rackbom compare`: designs side by side, or clusters side by side (never the two mixed)."""

from __future__ import annotations

import argparse

from rackbom.comparison import Comparison, comparison_of
from rackbom.exports.text.table import render_table
from rackbom.figure_table import FigureTable
from rackbom.system import System

from .common import add_catalogue_option, add_plant_option, load_targets, print_json


def configure(p: argparse.ArgumentParser) -> None:
    """Add the sub-command's arguments."""
    p.add_argument("designs", metavar="DESIGN_OR_CLUSTER", nargs="+")
    p.add_argument("--json", action="store_true", help="print the table as JSON")
    add_catalogue_option(p)
    add_plant_option(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the comparison.

    A cluster's figures (fabric, capex with its network) and a rack's are different tables, so
    designs and clusters are not mixed: compare a cluster's design by its id instead.
    """
    systems = load_targets(args, args.designs)
    table = comparison_of(systems)
    key, notes = ("designs", table.notes) if isinstance(table, Comparison) else ("clusters", [])
    plant = plant_table(systems, table.columns, args.plant)
    cooling = cooling_notes(systems)
    from rackbom import collective_api as collectives
    from rackbom.exports.text.collectives_text import comparison_rows

    extra = comparison_rows([collectives.summary_collectives(s) for s in systems])
    if args.json:
        print_json(
            {
                key: table.columns,
                "rows": [
                    {"figure": label, "values": values}
                    for t in (table, plant)
                    for label, values in zip(t.index, t.values, strict=True)
                ],
                "notes": notes + cooling,
                "collectives": [{"figure": row[0], "values": row[1:]} for row in extra],
            }
        )
    else:
        print(table.to_text())
        if extra:
            print("\n" + render_table(["", *table.columns], extra))
        print("\nPower, cooling and floor\n" + plant.to_text())
        if cooling:
            print("\n".join(f"  ! {note}" for note in cooling))
    return 0


def cooling_notes(systems: list[System]) -> list[str]:
    """A warning under the plant figures for each tray type that declares no cooling."""
    from rackbom.racks.analysis import no_cooling_warning
    from rackbom.racks.systems import design_of

    return [
        f"{system.id}: {no_cooling_warning(tray)}"
        for system in systems
        for tray in design_of(system.analysis).uncooled_trays
    ]


def plant_table(systems: list[System], columns: list[str], profile: str | None) -> FigureTable:
    """The plant figures of the same systems, in the same columns."""
    from rackbom.exports.figures.plant_figures import PLANT_FIGURES

    return FigureTable(columns, [s.plant(profile) for s in systems], PLANT_FIGURES)
