"""`rackbom validate`: check catalogue, design, cluster, cost or reliability files without writing
anything."""

from __future__ import annotations

import argparse
from contextlib import nullcontext
from pathlib import Path

from rackbom.components.catalogue import Catalogue, parse_catalogue
from rackbom.components.errors import InputError, read_as
from rackbom.components.limits import FILES_MAX, bounded
from rackbom.components.reliability import is_reliability_file, parse_reliability
from rackbom.components.tco_library import (
    builtin_costs,
    cost_file_section,
    fields_as_written,
    one_entry_file,
    parse_cost_file,
)
from rackbom.components.yamlio import read_yaml_file
from rackbom.design import Design
from rackbom.exports.text.table import counted
from rackbom.racks.build import build_design
from rackbom.racks.clusters import is_cluster_file, parse_cluster
from rackbom.racks.dcim.type_reader import device_type_catalogue, is_device_type
from rackbom.racks.library import is_design_file, parse_design
from rackbom.racks.origin import File
from rackbom.system import System

from .common import add_catalogue_option, catalogue_from


def configure(p: argparse.ArgumentParser) -> None:
    """Add the sub-command's arguments."""
    p.add_argument("files", metavar="FILE", nargs="+")
    p.add_argument(
        "--strict",
        action="store_true",
        help="exit with status 1 when a design or cluster has warnings",
    )
    add_catalogue_option(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Validate each file in turn; the first error stops with exit status 2.

    A design's or cluster's warnings are printed under it; with `--strict` any warning makes the
    exit status 1. A cluster is checked against the catalogue as it stands at that file.
    """
    files = bounded(args.files, FILES_MAX, "FILE", "files")
    catalogue = catalogue_from(args)
    warned = False
    for name in files:
        raw = read_yaml_file(Path(name))
        if raw is None:
            raise InputError(name, None, "the file is empty")
        kind = _kind(raw)
        with read_as(GUESSED[kind], name) if kind in GUESSED else nullcontext():
            catalogue, warned = _validate(raw, name, kind, catalogue, warned)
    return 1 if warned and args.strict else 0


GUESSED = {"profiles": "a TCO profile", "workloads": "a workload", "design": "a design"}
"""The kinds told apart only by their fields (a mapping with an `id`), as their errors name
them: a workload with a field missing must not be reported as a broken design."""


def _kind(raw: object) -> str:
    """The kind of file the content is taken for: a cost file's section (`all` for a file of
    sections), `cluster`, `design`, `reliability`, `device-type` or `catalogue`."""
    if (section := cost_file_section(raw)) is not None:
        return section
    if is_cluster_file(raw):
        return "cluster"
    if is_design_file(raw):
        return "design"
    if is_reliability_file(raw):
        return "reliability"
    return "device-type" if is_device_type(raw) else "catalogue"


def _validate(
    raw: object, name: str, kind: str, catalogue: Catalogue, warned: bool
) -> tuple[Catalogue, bool]:
    """Check one file's content; the catalogue as it stands after it, and whether any warned."""
    path = Path(name)
    if kind in ("all", "profiles", "workloads"):
        _validate_costs(raw, name, kind)
    elif kind == "cluster":
        warned = _validate_cluster(raw, path, catalogue) or warned
    elif kind == "design":
        design = Design(build_design(parse_design(raw, name), catalogue, name), File(path))
        _check_interconnects(design)
        s = design.summary
        what = (
            f"design {design.id}: {s.gpus} GPUs, world size {s.world_size}, "
            f"{s.switch_ports_unused:,} switch ports unused"
        )
        warned = _verdict(name, what, s.warnings) or warned
    elif kind == "reliability":
        data = parse_reliability(raw, name)
        runs = counted(len(data.published), "published run")
        print(f"ok: {name}: reliability: {counted(len(data.causes), 'cause')}, {runs}")
    elif kind == "device-type":
        content = device_type_catalogue(raw, name, catalogue)
        catalogue = catalogue.merged(content, name)
        tray = content.trays[0]
        print(f"ok: {name}: device type: tray {tray.id}, {tray.height_units} U")
    else:
        content = parse_catalogue(raw, name)
        catalogue = catalogue.merged(content, name)
        counts = ", ".join(
            f"{len(getattr(content, k))} {k}"
            for k in type(content).model_fields
            if getattr(content, k)
        )
        print(f"ok: {name}: catalogue: {counts or 'empty'}")
    return catalogue, warned


def _validate_costs(raw: object, name: str, section: str) -> None:
    """Check a cost file (or one profile or workload written as a plain mapping)."""
    with fields_as_written(section != "all", section):
        content = parse_cost_file(raw if section == "all" else one_entry_file(raw, section), name)
        builtin_costs().merged(content, name)
    counts = ", ".join(
        counted(len(entries), noun)
        for noun, entries in (
            ("TCO profile", content.profiles),
            ("workload", content.workloads),
            ("rental", content.rentals),
            ("source", content.sources),
        )
        if entries
    )
    print(f"ok: {name}: cost file: {counts or 'empty'}")


def _validate_cluster(raw: object, path: Path, catalogue: Catalogue) -> bool:
    """Check a cluster file by analysing it; print its verdict. Whether it has warnings."""
    from rackbom.cluster_model import build_cluster

    name = str(path)
    cluster = build_cluster(parse_cluster(raw, name), File(path), catalogue)
    _check_interconnects(cluster)
    s = cluster.summary
    what = (
        f"cluster {cluster.id}: {counted(s.gpus, 'GPU')} in {counted(s.racks, 'rack')}, "
        f"{counted(s.switches, 'switch', 'switches')}, "
        f"{s.ports_unused:,} switch ports unused"
    )
    return _verdict(name, what, s.warnings)


def _check_interconnects(system: System) -> None:
    """Resolve the interconnects its GPUs, NICs and network profile name, as `show` would."""
    from rackbom.components.collective_data import collective_data
    from rackbom.racks.collectives.levels import modelled_levels

    modelled_levels(system.analysis, collective_data())


def _verdict(name: str, what: str, warnings: tuple[str, ...]) -> bool:
    """Print `ok` (or the count of warnings) and what was checked, then each warning."""
    print(f"{counted(len(warnings), 'warning') if warnings else 'ok'}: {name}: {what}")
    for warning in warnings:
        print(f"  ! {warning}")
    return bool(warnings)
