"""`rackbom compare`: designs side by side, or clusters side by side (never the two mixed)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rackbom.comparison import Comparison, comparison_of
from rackbom.components.errors import InputError
from rackbom.exports.text.table import render_table
from rackbom.figure_table import FigureTable
from rackbom.system import System

from .common import (
    add_catalogue_option,
    add_plant_option,
    add_tco_option,
    integer_option,
    load_targets,
    print_json,
)

if TYPE_CHECKING:
    from rackbom.racks.report.system_report import SystemReport

UNCERTAINTY_OPTIONS = ("draws", "seed", "chart", "tco")
"""Options that apply only with --uncertainty."""


def configure(p: argparse.ArgumentParser) -> None:
    """Add the sub-command's arguments."""
    p.add_argument("designs", metavar="DESIGN_OR_CLUSTER", nargs="+")
    p.add_argument("--json", action="store_true", help="print the table as JSON")
    add_catalogue_option(p)
    add_plant_option(p)
    p.add_argument(
        "--uncertainty",
        action="store_true",
        help="two systems' cost figures as intervals over every ranged input, with the share of "
        "draws in which the first is lower and the inputs that drive the difference",
    )
    p.add_argument("--draws", metavar="N", help="draws with --uncertainty (default 10,000)")
    p.add_argument("--seed", metavar="S", help="the draws' seed with --uncertainty (default 0)")
    p.add_argument("--chart", metavar="FILE.svg", help="with --uncertainty: an interval chart")
    add_tco_option(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the comparison.

    A cluster's figures (fabric, capex with its network) and a rack's are different tables, so
    designs and clusters are not mixed: compare a cluster's design by its id instead.
    """
    uncertain = _uncertainty_options(args)
    systems = load_targets(args, args.designs)
    table = comparison_of(systems)
    key, notes = ("designs", table.notes) if isinstance(table, Comparison) else ("clusters", [])
    reports = [s.report(args.tco, args.plant) for s in systems]
    plant = plant_table(reports, table.columns)
    cooling = cooling_notes(systems)
    from rackbom.exports.text.collectives_text import comparison_rows

    extra = comparison_rows([r.collectives for r in reports])
    found = _uncertainty(systems, args, *uncertain) if uncertain else None
    goodput = goodput_table(reports, table.columns)
    if args.json:
        out: dict[str, Any] = {
            key: table.columns,
            "rows": [
                {"figure": label, "values": values}
                for t in (table, plant)
                for label, values in zip(t.index, t.values, strict=True)
            ],
            "notes": notes + cooling,
            "collectives": [{"figure": row[0], "values": row[1:]} for row in extra],
            "goodput": [
                {"figure": label, "values": values}
                for label, values in zip(goodput.index, goodput.values, strict=True)
            ],
        }
        if found is not None:
            from rackbom.exports.json.uncertainty_json import uncertainty_data

            out.update(uncertainty_data(found))
        print_json(out)
    else:
        print(table.to_text())
        if extra:
            print("\n" + render_table(["", *table.columns], extra))
        print("\nPower, cooling and floor\n" + plant.to_text())
        print("\n" + goodput_title(reports[0].tco_profile.id) + "\n" + goodput.to_text())
        if cooling:
            print("\n".join(f"  ! {note}" for note in cooling))
        if found is not None:
            from rackbom.exports.text.uncertainty_text import uncertainty_text

            print("\n" + uncertainty_text(found))
    return 0


def cooling_notes(systems: list[System]) -> list[str]:
    """A warning under the plant figures for each tray type that declares no cooling."""
    from rackbom.racks.analysis import no_cooling_warning

    return [
        f"{system.id}: {no_cooling_warning(tray)}"
        for system in systems
        for tray in system.analysis.rack.uncooled_trays
    ]


def _uncertainty_options(args: argparse.Namespace) -> tuple[int, int] | None:
    """The draws and seed with --uncertainty (checked before anything loads), else None; an
    option that needs --uncertainty without it is refused."""
    if not args.uncertainty:
        for name in UNCERTAINTY_OPTIONS:
            if getattr(args, name) is not None:
                raise InputError(None, f"--{name}", "applies with --uncertainty only")
        return None
    from rackbom.uncertainty_api import DEFAULT_DRAWS, check_draws, check_seed

    if args.chart is not None:
        from rackbom.components.atomic import check_destination

        check_destination(args.chart)
    if len(args.designs) != 2:
        raise InputError(None, "--uncertainty", f"compares two systems, not {len(args.designs)}")
    draws = DEFAULT_DRAWS if args.draws is None else integer_option(args.draws, "--draws")
    return check_draws(draws, "--draws"), check_seed(args.seed or 0, "--seed")


def _uncertainty(systems: list[System], args: argparse.Namespace, draws: int, seed: int) -> Any:
    """The comparison's uncertainty; its chart written where --chart asks."""
    from rackbom.uncertainty_api import compare_uncertain

    found = compare_uncertain(systems, draws, seed, args.tco)
    if args.chart is not None:
        from rackbom.components.atomic import atomic_write_text
        from rackbom.exports.charts.uncertainty_chart import uncertainty_chart

        atomic_write_text(args.chart, uncertainty_chart(found))
    return found


def goodput_table(reports: Sequence[SystemReport], columns: list[str]) -> FigureTable:
    """A job on every GPU of each system, in the same columns, under the reports' TCO profile
    (blank for a system without GPUs)."""
    from rackbom.exports.figures.goodput_figures import GOODPUT_FIGURES

    return FigureTable(columns, [r.goodput for r in reports], GOODPUT_FIGURES)


def goodput_title(tco_profile: str) -> str:
    """The goodput table's heading, naming its TCO profile."""
    return (
        "Goodput of a job on every GPU with the default spares and checkpoint (TCO profile "
        f"{tco_profile!r}; `rackbom goodput` for other jobs)"
    )


def plant_table(reports: Sequence[SystemReport], columns: list[str]) -> FigureTable:
    """The plant figures of the same systems, in the same columns, at the TCO profile's PUE."""
    from rackbom.exports.figures.plant_figures import PLANT_FIGURES

    return FigureTable(columns, [r.plant for r in reports], PLANT_FIGURES)
