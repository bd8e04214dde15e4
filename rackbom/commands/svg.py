"""`rackbom svg`: a design's rack elevation as an SVG file, written atomically."""

from __future__ import annotations

import argparse

from rackbom.components.atomic import check_destination
from rackbom.components.limits import PIXELS_MAX

from .common import add_catalogue_option, load_designs


def register(sub: argparse._SubParsersAction) -> None:
    """Add the sub-command."""
    p = sub.add_parser("svg", help="draw a design's rack elevation as SVG")
    p.add_argument("design", metavar="DESIGN_OR_FILE")
    p.add_argument("-o", "--output", metavar="FILE", required=True, help="SVG file to write")
    p.add_argument(
        "--face",
        choices=("front", "rear"),
        default="front",
        help="which face of the racks to draw (default: front)",
    )
    p.add_argument(
        "--width",
        metavar="PX",
        type=pixels,
        help="displayed width in pixels (default: 0.4 px per millimetre)",
    )
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
    """Check the destination, draw the design and write the file."""
    check_destination(args.output)
    (design,) = load_designs(args, [args.design])
    path = design.elevation(face=args.face, width=args.width).save(args.output)
    print(f"wrote {path}")
    return 0
