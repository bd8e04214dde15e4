"""`rackbom validate`: check catalogue or design files without writing anything."""

from __future__ import annotations

import argparse
from pathlib import Path

from rackbom.components.catalogue import parse_catalogue
from rackbom.components.errors import InputError
from rackbom.components.yamlio import read_yaml_file
from rackbom.design import Design
from rackbom.racks.build import build_design
from rackbom.racks.library import is_design_file, parse_design

from .common import add_catalogue_option, catalogue_from


def register(sub: argparse._SubParsersAction) -> None:
    """Add the sub-command."""
    p = sub.add_parser("validate", help="check catalogue or design YAML files")
    p.add_argument("files", metavar="FILE", nargs="+")
    add_catalogue_option(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Validate each file in turn; the first error stops with exit status 2."""
    catalogue = catalogue_from(args)
    for name in args.files:
        path = Path(name)
        raw = read_yaml_file(path)
        if raw is None:
            raise InputError(name, None, "the file is empty")
        if is_design_file(raw):
            design = Design(build_design(parse_design(raw, name), catalogue, name))
            s = design.summary
            print(
                f"ok: {name}: design {design.id}: {s.gpus} GPUs, world size "
                f"{s.world_size}, {s.switch_ports_unused} switch ports unused"
            )
        else:
            content = parse_catalogue(raw, name)
            catalogue = catalogue.merged(content, name)
            counts = ", ".join(
                f"{len(getattr(content, k))} {k}"
                for k in type(content).model_fields
                if getattr(content, k)
            )
            print(f"ok: {name}: catalogue: {counts or 'empty'}")
    return 0
