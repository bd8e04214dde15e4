"""`rackbom svg`: a design's rack elevation as an SVG file, written atomically."""

from __future__ import annotations

import argparse

from rackbom.components.atomic import check_destination
from rackbom.components.limits import PIXELS_MAX
from rackbom.textable import size_text

from .common import add_catalogue_option, load_targets


def configure(p: argparse.ArgumentParser) -> None:
    """Add the sub-command's arguments."""
    p.add_argument("design", metavar="DESIGN_OR_CLUSTER")
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
    p.add_argument(
        "--view",
        choices=("floor", "fabric", "racks"),
        help="for a cluster: the floor plan, the fabric diagram or the hall elevation of its "
        "racks, in rows of 16 (default: floor)",
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
    """Check the destination, draw the design or cluster and write the file."""
    check_destination(args.output)
    (target,) = load_targets(args, [args.design])
    path = target.drawing(args.view, args.face, args.width).save(args.output)
    print(f"wrote {path} ({size_text(path.stat().st_size)})")
    return 0
