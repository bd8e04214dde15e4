"""`rackbom collectives`: collective times and bandwidths on designs or clusters."""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import TYPE_CHECKING

from rackbom.components.atomic import atomic_write_text
from rackbom.components.collective_data import ALGORITHMS, BINARY_UNITS, BYTES_MAX, OPS
from rackbom.components.errors import InputError

from .common import add_catalogue_option, add_tco_option, load_targets, print_json

if TYPE_CHECKING:
    from rackbom.racks.collectives.results import CollectiveResult
    from rackbom.system import System

UNITS = {"": 1, "b": 1, "k": 10**3, "m": 10**6, "g": 10**9, "t": 10**12}
UNITS |= {"kb": 10**3, "mb": 10**6, "gb": 10**9, "tb": 10**12}
UNITS |= {unit.lower(): size for unit, size in BINARY_UNITS.items()}
SIZE = re.compile(r"^\s*(-?[0-9]+(?:\.[0-9]+)?)\s*([a-z]*)\s*$", re.IGNORECASE)


def parse_size(text: str) -> int:
    """`1GiB`, `512MiB`, `4096` -> bytes; a zero, negative or unreadable size is an InputError."""
    match = SIZE.match(text)
    unit = match.group(2).lower() if match else ""
    if match is None or unit not in UNITS:
        raise InputError(None, "--size", f"not a size like 1GiB or 4096: {text!r}")
    value = float(match.group(1)) * UNITS[unit]
    if not 1 <= value <= BYTES_MAX:
        raise InputError(None, "--size", f"must be 1 byte to {BYTES_MAX:.0e} bytes, not {text!r}")
    return int(value)


def configure(p: argparse.ArgumentParser) -> None:
    """Add the sub-command's arguments."""
    p.add_argument("systems", metavar="DESIGN_OR_CLUSTER", nargs="*")
    p.add_argument("--op", default="all_reduce", help=f"one of {', '.join(OPS)}")
    p.add_argument("--size", help="one message size (e.g. 1GiB); default: 1 MiB to 4 GiB")
    p.add_argument("--gpus", type=int, help="GPUs in the group (default: all of each system's)")
    p.add_argument(
        "--algorithm",
        help=f"pin one algorithm ({', '.join(ALGORITHMS)}); default: the library's choice",
    )
    p.add_argument("--json", action="store_true", help="print the rows as JSON")
    p.add_argument(
        "--chart", metavar="FILE.svg", help="write busbw against size, one line per system"
    )
    p.add_argument(
        "--checks", action="store_true", help="the model beside the published runs it is held to"
    )
    add_tco_option(p)
    add_catalogue_option(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the table (or JSON rows) per system; with --chart, write the chart too."""
    from rackbom.exports.json.collectives_json import result_row

    if args.tco is not None and (args.checks or args.json):
        view = "--checks" if args.checks else "--json"
        raise InputError(
            None, "--tco", f"{view} prints no cost (the workloads' table has it); drop --tco"
        )
    if args.checks:
        return _checks(args)
    if not args.systems:
        raise InputError(None, "DESIGN_OR_CLUSTER", "name a design or cluster, or give --checks")
    if args.op not in OPS:
        raise InputError(None, "--op", f"{args.op!r} is not modelled (one of {', '.join(OPS)})")
    if args.algorithm is not None and args.algorithm not in ALGORITHMS:
        known = ", ".join(ALGORITHMS)
        raise InputError(None, "--algorithm", f"{args.algorithm!r} is not one of {known}")
    size = parse_size(args.size) if args.size is not None else None
    if args.chart is not None and Path(args.chart).is_dir():
        raise InputError(args.chart, "--chart", "is a directory")
    targets = load_targets(args, args.systems)
    results = _results(args, targets, size)
    reports = {t.id: t.report(args.tco) for t in targets}
    if args.chart is not None:
        from rackbom.exports.charts.collectives_chart import busbw_chart

        projected = {t.id for t in targets if not reports[t.id].measured}
        atomic_write_text(args.chart, busbw_chart(results, projected))
    if args.json:
        rows = {name: [result_row(r) for r in found] for name, found in results.items()}
        print_json(rows[targets[0].id] if len(targets) == 1 else rows)
        return 0
    from rackbom.exports.text.collectives_text import render_collectives

    texts = [
        render_collectives(
            t.analysis,
            reports[t.id].levels,
            results[t.id],
            reports[t.id].measured,
            reports[t.id].workloads,
            reports[t.id].tco_profile.id,
        )
        for t in targets
    ]
    print("\n\n".join(texts))
    return 0


def _results(
    args: argparse.Namespace, targets: list[System], size: int | None
) -> dict[str, tuple[CollectiveResult, ...]]:
    """Each system's sweep, or its one collective at `size`; a group or algorithm the system
    cannot run is one line naming the option and the system."""
    from rackbom import collective_api as collectives

    results: dict[str, tuple[CollectiveResult, ...]] = {}
    for target in targets:
        try:
            if size is None:
                results[target.id] = collectives.collective_sweep(
                    target, args.op, args.gpus, args.algorithm
                )
            else:
                one = collectives.collective(target, args.op, size, args.gpus, args.algorithm)
                results[target.id] = (one,)
        except InputError as exc:
            named = ("op", "size", "gpus", "algorithm")
            field = f"--{exc.field}" if exc.field in named else exc.field
            raise InputError(None, field, f"{target.id}: {exc.message}") from None
    return results


CHECK_IGNORES = ("op", "size", "gpus", "chart", "algorithm")
"""Options a published run fixes itself, so `--checks` refuses them."""


def _checks(args: argparse.Namespace) -> int:
    """The published runs beside the model, of the systems named (all where none is)."""
    from rackbom import collective_api as collectives

    for name in CHECK_IGNORES:
        default = "all_reduce" if name == "op" else None
        if getattr(args, name) != default:
            raise InputError(
                None, f"--{name}", "a published run fixes its own; --checks takes none"
            )
    checks = collectives.collective_checks()
    if args.systems:
        held = sorted({c.measurement.system for c in checks})
        for name in args.systems:
            if name not in held:
                raise InputError(
                    None,
                    "DESIGN_OR_CLUSTER",
                    f"no published run is held for {name!r} (runs are held for {', '.join(held)})",
                )
        checks = tuple(c for c in checks if c.measurement.system in args.systems)
    if args.json:
        from rackbom.exports.json.collectives_json import check_row

        print_json([check_row(c) for c in checks])
        return 0
    from rackbom.exports.text.collectives_text import CHECKS_NOTE, render_checks

    print(CHECKS_NOTE)
    print(render_checks(checks))
    return 0
