"""`rackbom svg`: a design's rack elevation as an SVG file, written atomically."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from rackbom.components.atomic import check_destination
from rackbom.components.errors import InputError
from rackbom.components.limits import PIXELS_MAX
from rackbom.exports.text.table import size_text

from .common import (
    add_catalogue_option,
    add_plant_option,
    add_scope_option,
    load_targets,
    scope_of,
)

if TYPE_CHECKING:
    from rackbom.layouts.document import SvgDocument


def configure(p: argparse.ArgumentParser) -> None:
    """Add the sub-command's arguments."""
    p.add_argument("design", metavar="DESIGN_OR_CLUSTER")
    p.add_argument("-o", "--output", metavar="FILE", required=True, help="SVG file to write")
    p.add_argument(
        "--face",
        choices=("front", "rear"),
        help="which face of the racks to draw, for a design or a cluster's --view racks "
        "(default: front)",
    )
    p.add_argument(
        "--width",
        metavar="PX",
        type=pixels,
        help="displayed width in pixels (default: 0.4 px per millimetre)",
    )
    p.add_argument(
        "--view",
        choices=("floor", "fabric", "racks", "plant"),
        help="for a cluster: the floor plan, the fabric diagram or the hall elevation of its "
        "racks, in rows of 16 (default: floor); `plant` (designs too): feeds and CDUs per row",
    )
    add_scope_option(
        p,
        "with --view racks: the racks in one hall, row or rack (a cluster of several halls is "
        "drawn one hall at a time); with --view floor: the rows of one building or hall",
    )
    add_plant_option(p)
    add_catalogue_option(p)
    p.set_defaults(run=run)


def pixels(text: str) -> float:
    """A positive number of pixels, up to `PIXELS_MAX`."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of pixels: {text!r}") from None
    if not 0 < value <= PIXELS_MAX:
        raise argparse.ArgumentTypeError(
            f"width must be a positive number of pixels up to {PIXELS_MAX:,.0f}: {text!r}"
        )
    return value


def run(args: argparse.Namespace) -> int:
    """Check the destination and the options, draw the design or cluster and write the file."""
    check_destination(args.output)
    if Path(args.output).suffix.lower() != ".svg":
        raise InputError(args.output, None, "rackbom writes SVG only: name the output file *.svg")
    plant = args.view == "plant"
    scope = scope_of(args)
    for option, given, why in (
        ("--face", args.face, "the plant drawing shows no rack face"),
        ("--width", args.width, "the plant drawing is laid out at its own scale"),
        ("--scope", scope, "the plant drawing shows every row"),
    ):
        if plant and given is not None:
            raise InputError(None, option, why)
    if not plant and args.plant is not None:
        raise InputError(None, "--plant", "goes with --view plant (the elevation draws no plant)")
    (target,) = load_targets(args, [args.design])
    drawing: SvgDocument
    if plant:
        drawing = target.power_and_cooling(args.plant)
    else:
        drawing = target.drawing(args.view, args.face or "front", args.width, scope)
    path = drawing.save(args.output)
    print(f"wrote {path} ({size_text(path.stat().st_size)})")
    return 0
