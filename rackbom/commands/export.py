"""`rackbom export netbox`: a design or cluster as NetBox/Nautobot device types and racks."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, cast

from rackbom.components.atomic import text_writer, write_files
from rackbom.components.errors import InputError
from rackbom.design import Design
from rackbom.exports.dcim_export import cluster_files, design_files

from .common import add_catalogue_option, load_targets

if TYPE_CHECKING:
    from rackbom.cluster_model import Cluster


def configure(p: argparse.ArgumentParser) -> None:
    """Add the sub-command's arguments."""
    p.add_argument("format", choices=("netbox",), help="netbox: NetBox and Nautobot")
    p.add_argument("design", metavar="DESIGN_OR_CLUSTER")
    p.add_argument("-o", "--output", metavar="DIR", required=True, help="folder to write")
    p.add_argument("--force", action="store_true", help="write into a folder that is not empty")
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


def write_folder(folder: Path, files: dict[str, str]) -> None:
    """Write every file under `folder`, or none: folders made here are removed on failure."""
    made: list[Path] = []
    try:
        for parent in sorted({(folder / name).parent for name in files}):
            for step in reversed([parent, *parent.parents]):
                if not step.exists():
                    step.mkdir()
                    made.append(step)
        write_files([(folder / name, text_writer(text)) for name, text in files.items()])
    except BaseException:
        for step in reversed(made):
            step.rmdir()
        raise


def run(args: argparse.Namespace) -> int:
    """Check the folder, build the export and write it."""
    folder = check_folder(args.output, args.force)
    (target,) = load_targets(args, [args.design])
    if isinstance(target, Design):
        files = design_files(target.analysis)
    else:  # the one other kind of system
        files = cluster_files(cast("Cluster", target).analysis)
    write_folder(folder, files)
    types = sum(name.startswith("device-types/") for name in files)
    print(f"wrote {folder}: {types} device types, manufacturers.yaml, racks.yaml")
    return 0
