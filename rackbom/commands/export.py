"""`rackbom export netbox|nautobot`: a design or cluster as one DCIM product's types and racks."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from rackbom.components.atomic import Writer, write_files
from rackbom.components.errors import InputError
from rackbom.components.outputs import counted
from rackbom.racks.dcim.dcim_model import DcimPlan
from rackbom.racks.dcim.vocabulary import TARGETS, vocabulary

from .common import add_catalogue_option, add_scope_option, load_targets, scope_of


def configure(p: argparse.ArgumentParser) -> None:
    """Add the sub-command's arguments."""
    p.add_argument(
        "format",
        choices=TARGETS,
        help="the DCIM product whose types and fields to use: netbox (4.7.3) or nautobot (3.2.7)",
    )
    p.add_argument("design", metavar="DESIGN_OR_CLUSTER")
    p.add_argument("-o", "--output", metavar="DIR", help="folder to write the files to")
    p.add_argument("--force", action="store_true", help="write into a folder that is not empty")
    p.add_argument(
        "--url",
        help="push into the NetBox or Nautobot at URL through its REST API "
        "(without -o: $NETBOX_URL or $NAUTOBOT_URL)",
    )
    p.add_argument(
        "--token",
        help="the API token: NetBox's v1 or v2 (nbt_KEY.TOKEN), Nautobot's "
        "(default $NETBOX_TOKEN or $NAUTOBOT_TOKEN)",
    )
    p.add_argument(
        "--dry-run", action="store_true", help="with --url: print the plan and change nothing"
    )
    add_scope_option(
        p,
        "only the racks of this building, hall, row or rack, their devices and the links with "
        "both ends in it",
    )
    add_catalogue_option(p)
    p.set_defaults(run=run)


def check_folder(path: str, force: bool) -> Path:
    """The output folder, if it is new, empty, or `force` is given."""
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise InputError(path, None, "is not a directory")
    if folder.is_dir() and any(folder.iterdir()) and not force:
        raise InputError(path, None, "directory is not empty; add --force to write into it")
    return folder


def write_folder(folder: Path, files: list[tuple[str, Writer]]) -> None:
    """Write every file under `folder`, or none: folders made here are removed on failure."""
    made: list[Path] = []
    try:
        for parent in sorted({(folder / name).parent for name, _ in files}):
            for step in reversed([parent, *parent.parents]):
                if not step.exists():
                    step.mkdir()
                    made.append(step)
        write_files([(folder / name, write) for name, write in files])
    except BaseException:
        for step in reversed(made):
            step.rmdir()
        raise


def _push(args: argparse.Namespace, plan: DcimPlan) -> int:
    """Push the plan into the NetBox or Nautobot at `--url` (or only plan it) and report."""
    from rackbom.exports.dcim.dcim_push import connect

    product = vocabulary(args.format).product
    if not args.token:
        variable = f"${args.format.upper()}_TOKEN"
        raise InputError("--token", None, f"a {product} API token is needed (or {variable})")
    api, push = connect(args.format, args.url, args.token)
    tally = push(plan, not args.dry_run)
    for line in tally.lines(args.design, api, _scoped(plan, pushed=True), args.dry_run):
        print(line)
    return 0


def _scoped(plan: DcimPlan, pushed: bool = False) -> str:
    """What a scoped plan left out, for its summary line ("" for a whole system); a push also
    leaves out the breakout cables the scope splits, which the product holds whole."""
    scoped = plan.scoped
    if scoped is None:
        return ""
    split = ""
    if pushed and scoped.split:
        split = f", {counted(scoped.split, 'breakout cable')} it splits left out"
    return (
        f"; {scoped.scope}: {counted(scoped.racks, 'rack')}, "
        f"{counted(scoped.left_out, 'cable leg')} leaving it left out{split}"
    )


def run(args: argparse.Namespace) -> int:
    """Check the folder or the NetBox, plan the system in the DCIM and write or push the plan."""
    if args.output is None:
        args.url = args.url or os.environ.get(f"{args.format.upper()}_URL")
        args.token = args.token or os.environ.get(f"{args.format.upper()}_TOKEN")
    if (args.output is None) == (args.url is None):
        raise InputError(None, "--output", "give one of -o DIR (files) or --url URL (push)")
    folder = None if args.output is None else check_folder(args.output, args.force)
    vocab = vocabulary(args.format)
    scope = scope_of(args)
    (target,) = load_targets(args, [args.design])
    plan = target.dcim_plan(vocab, scope)
    if folder is None:
        return _push(args, plan)
    from rackbom.exports.dcim.dcim_folder import folder_writers

    write_folder(folder, folder_writers(plan))
    print(
        f"wrote {folder} for {vocab.name}: {len(plan.types)} device types, "
        f"manufacturers.yaml, racks.yaml{_scoped(plan)}"
    )
    return 0
