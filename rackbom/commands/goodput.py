"""`rackbom goodput`: interruptions, checkpoint interval, ETTR and the cost of a training job."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rackbom.components.errors import InputError

from .common import add_catalogue_option, add_tco_option, load_targets, print_json

if TYPE_CHECKING:
    from rackbom.system import System


def configure(p: argparse.ArgumentParser) -> None:
    """Add the sub-command's arguments."""
    p.add_argument("systems", metavar="DESIGN_OR_CLUSTER", nargs="*")
    p.add_argument("--gpus", type=int, help="GPUs in the job, spares included (default: all)")
    p.add_argument("--checkpoint-gb", type=float, help="model state per GPU, GB (default: 4)")
    p.add_argument(
        "--write-gbps", type=float, help="storage write bandwidth per GPU, Gb/s (default: 0.977)"
    )
    p.add_argument("--spares", type=int, help="hot spares among the job's GPUs (default: 5%%)")
    p.add_argument("--reliability", metavar="FILE", help="interruption rates and recovery YAML")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--chart", metavar="FILE.svg", help="write ETTR against job size per system")
    p.add_argument(
        "--checks", action="store_true", help="rackbom beside published interruption counts"
    )
    add_tco_option(p)
    add_catalogue_option(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print one system's goodput by cause, or several side by side (or JSON); with --chart,
    write the sweep chart too."""
    from rackbom import goodput_api

    if args.checks:
        _refuse_with_checks(args)
        from rackbom.exports.text.goodput_text import render_checks

        print(render_checks(goodput_api.goodput_checks()))
        return 0
    if not args.systems:
        raise InputError(None, "DESIGN_OR_CLUSTER", "name a design or cluster, or give --checks")
    if args.chart is not None and Path(args.chart).is_dir():
        raise InputError(args.chart, "--chart", "is a directory")
    from rackbom.components.reliability import load_reliability

    data = load_reliability(args.reliability)
    options = {
        "checkpoint_gb": args.checkpoint_gb,
        "write_gbps": args.write_gbps,
        "spares": args.spares,
        "tco_profile": args.tco,
        "reliability": data,
    }
    targets = load_targets(args, args.systems)
    results = [goodput_api.goodput(t, args.gpus, **options) for t in targets]
    if args.chart is not None:
        _write_chart(args.chart, targets, options)
    if args.json:
        from rackbom.exports.json.goodput_json import goodput_data

        rows = [goodput_data(r) for r in results]
        print_json(
            rows[0]
            if len(rows) == 1
            else {r.system: row for r, row in zip(results, rows, strict=True)}
        )
        return 0
    from rackbom.exports.text.goodput_text import render_goodput, render_summary

    print(render_goodput(results[0]) if len(results) == 1 else render_summary(results))
    return 0


def _write_chart(path: str, targets: list[System], options: dict[str, Any]) -> None:
    """ETTR at job sizes from 8 GPUs (above any fixed spares) to each system's size."""
    from rackbom import goodput_api
    from rackbom.components.atomic import atomic_write_text
    from rackbom.exports.charts.goodput_chart import ettr_chart, job_sizes

    spares = options["spares"] or 0
    series = {}
    for target in targets:
        sizes = [s for s in job_sizes(target.summary.gpus) if s > spares]
        series[target.id] = goodput_api.goodput_sweep(target, sizes, **options)
    atomic_write_text(path, ettr_chart(series))


def _refuse_with_checks(args: argparse.Namespace) -> None:
    """`--checks` sets fixed published runs beside rackbom: it takes no system or job option."""
    if args.systems:
        raise InputError(None, "--checks", "takes no DESIGN_OR_CLUSTER (it models each run's own)")
    options = ("gpus", "checkpoint_gb", "write_gbps", "spares", "chart", "reliability", "tco")
    for option in (*options, "json"):
        if getattr(args, option) not in (None, False):
            name = "--" + option.replace("_", "-")
            raise InputError(None, name, "is not used with --checks")
