"""`rackbom tco`: cost of ownership, the sources' claims, rent versus own, cost per accepted run."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rackbom import cost_api as costs
from rackbom.components.atomic import text_writer, write_files
from rackbom.components.errors import InputError
from rackbom.components.limits import SWEEP_VALUES_MAX, bounded
from rackbom.components.tco_library import profile
from rackbom.exports.charts.reproduction_chart import reproduction_chart
from rackbom.exports.charts.tco_charts import capex_chart, sweep_chart, tco_chart, tornado_chart
from rackbom.exports.figures.tco_figures import PROFILE_LABELS, TCO_FIGURES
from rackbom.exports.json.summary_json import summary_data
from rackbom.exports.text.table import render_table, size_text
from rackbom.exports.text.tco_text import (
    accepted_table,
    rent_table,
    reproduction_table,
    sweep_table,
    tornado_table,
)
from rackbom.racks.costs.results import TcoResult

from .common import (
    add_catalogue_option,
    add_tco_option,
    integer_option,
    load_targets,
    print_json,
)


def configure(p: argparse.ArgumentParser) -> None:
    """Add the sub-command's arguments."""
    p.add_argument("targets", metavar="DESIGN_OR_CLUSTER", nargs="*")
    add_tco_option(p)
    view = p.add_mutually_exclusive_group()
    view.add_argument(
        "--reproduce", action="store_true", help="seed 002's TCO claims beside rackbom's figures"
    )
    view.add_argument("--rent", action="store_true", help="rental prices against owning")
    view.add_argument(
        "--sweep",
        metavar="FIGURE=V1,V2,...",
        help="TCO at each value of one profile figure, e.g. electricity_usd_per_kwh=0.05,0.1",
    )
    view.add_argument(
        "--workload",
        metavar="WORKLOAD",
        help="cost per accepted run: a built-in example id or a YAML file with one workload",
    )
    p.add_argument(
        "--tornado", action="store_true", help="with --workload: sensitivity on the first target"
    )
    p.add_argument("--draws", metavar="N", help="with --reproduce: draws per claim (default 2,000)")
    p.add_argument("--seed", metavar="S", help="with --reproduce: the draws' seed (default 0)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument(
        "--charts",
        metavar="DIR",
        type=Path,
        help="also write SVG charts: capex and TCO bars, the sweep's lines, the tornado, or the "
        "reproduction's intervals",
    )
    add_catalogue_option(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Work everything out first, then print: bad input leaves no partial output."""
    check_options(args)
    sweep = parse_sweep(args.sweep) if args.sweep else None
    if sweep is not None:
        costs.check_sweep_rows(len(args.targets), [len(sweep[1])], "--sweep")
    chosen = profile(args.tco)
    charts: dict[str, str] = {}
    data: object
    if args.reproduce:
        rows = costs.reproduction(chosen, *_draws_and_seed(args))
        opex = costs.reproduction_opex(chosen)
        data = {"claims": rows, "opex_basis": opex}
        text = reproduction_table(rows, opex, chosen)
        if args.charts:
            charts["reproduction.svg"] = reproduction_chart(rows)
    elif args.rent:
        rents = costs.rent_or_own(chosen)
        data, text = rents, rent_table(rents)
    else:
        if not args.targets:
            raise InputError(
                None, None, "name at least one design or cluster (or --reproduce, --rent)"
            )
        targets = load_targets(args, args.targets)
        if args.workload:
            work = costs.workload(args.workload)
            results = costs.accepted(work, targets, chosen)
            data, text = results, accepted_table(work, results)
            if args.tornado:
                bars = costs.sensitivity(work, targets[0], chosen)
                data = {"accepted": results, "tornado": bars}
                text += "\n\n" + tornado_table(targets[0].id, bars, results[0].per)
                if args.charts:
                    charts["tornado.svg"] = tornado_chart(bars, results[0].per)
        elif sweep is not None:
            name, values = sweep
            swept = costs.sweep_rows(targets, chosen, **{name: values})
            data, text = swept, sweep_table(swept, name, chosen.id)
            if args.charts:
                charts[f"sweep-{name}.svg"] = sweep_chart(swept, name, "tco_usd_per_gpu_hour")
        else:
            tcos = tuple(t.report(chosen).tco for t in targets)
            data, text = tcos, _tco_table(tcos, chosen.id)
            if args.charts:
                charts["capex-per-gpu.svg"] = capex_chart(tcos)
                charts["tco-per-gpu-hour.svg"] = tco_chart(tcos)
                charts["tco-per-fp4-pflops-hour.svg"] = tco_chart(tcos, "fp4")
    written = write_charts(args.charts, charts) if charts else []
    if args.json:
        print_json(summary_data(data))
    else:
        print(text)
    for path in written:  # after the table; on stderr under --json, which stdout must be alone
        print(
            f"wrote {path} ({size_text(path.stat().st_size)})",
            file=sys.stderr if args.json else sys.stdout,
        )
    return 0


def _draws_and_seed(args: argparse.Namespace) -> tuple[int, int]:
    """The draws per claim and their seed for --reproduce, checked."""
    from rackbom.racks.uncertainty.draws import REPRODUCE_DRAWS, REPRODUCE_SEED
    from rackbom.uncertainty_api import check_draws, check_seed

    draws = REPRODUCE_DRAWS if args.draws is None else integer_option(args.draws, "--draws")
    seed = REPRODUCE_SEED if args.seed is None else args.seed
    return check_draws(draws, "--draws"), check_seed(seed, "--seed")


def check_options(args: argparse.Namespace) -> None:
    """Refuse options that the chosen view would otherwise ignore."""
    for name in ("draws", "seed"):
        if getattr(args, name) is not None and not args.reproduce:
            raise InputError(None, f"--{name}", "applies with --reproduce only")
    if args.tornado and not args.workload:
        raise InputError(None, "--tornado", "needs --workload: the tornado is of a workload's cost")
    if args.charts and args.rent:
        raise InputError(None, "--charts", "--rent draws no charts; drop --charts")
    if args.charts and args.workload and not args.tornado:
        raise InputError(None, "--charts", "with --workload, charts need --tornado")
    if args.targets and (args.reproduce or args.rent):
        view = "--reproduce" if args.reproduce else "--rent"
        raise InputError(None, view, "covers the sources' own systems; name no designs with it")


def write_charts(folder: Path, charts: dict[str, str]) -> list[Path]:
    """Write the charts into `folder`, made (with its parents) where it does not exist; the
    paths written."""
    if folder.exists() and not folder.is_dir():
        raise InputError(str(folder), None, "is not a directory")
    made = [step for step in (folder, *folder.parents) if not step.exists()]
    folder.mkdir(parents=True, exist_ok=True)
    try:
        return write_files([(folder / name, text_writer(svg)) for name, svg in charts.items()])
    except BaseException:
        for step in made:
            step.rmdir()
        raise


def _tco_table(results: tuple[TcoResult, ...], profile_id: str) -> str:
    rows = [[f.label, *(f.text(r) for r in results)] for f in TCO_FIGURES]
    notes = sorted({f"{r.target}: input power = {r.power_level}" for r in results})
    title = f"Cost of ownership under profile {profile_id!r}"
    return "\n".join([title, render_table(["", *(r.target for r in results)], rows), *notes])


def parse_sweep(text: str) -> tuple[str, list[float]]:
    """`FIGURE=V1,V2,...` as the profile figure's name and its values."""
    name, sep, values = text.partition("=")
    if not sep or name not in PROFILE_LABELS:
        known = ", ".join(PROFILE_LABELS)
        raise InputError(
            None, "--sweep", f"{text!r}: give FIGURE=V1,V2,... with FIGURE one of {known}"
        )
    texts = bounded(values.split(","), SWEEP_VALUES_MAX, "--sweep", "values")
    try:
        return name, [float(v) for v in texts]
    except ValueError:
        raise InputError(None, "--sweep", f"{values!r}: give numbers separated by commas") from None
