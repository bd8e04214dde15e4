"""Arguments and helpers shared by the sub-commands."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from rackbom.catalogues import load_catalogue
from rackbom.components.catalogue import Catalogue
from rackbom.design import Design, distinct, load, load_target

if TYPE_CHECKING:
    from rackbom.cluster_model import Cluster
from rackbom.exports.json_summary import json_text


def add_catalogue_option(parser: argparse.ArgumentParser) -> None:
    """`--catalogue FILE`, repeatable: user catalogue files merged with the built-in one."""
    parser.add_argument(
        "--catalogue",
        metavar="FILE",
        action="append",
        default=[],
        help="extra catalogue YAML file (parts, trays, frames, sources); may repeat",
    )


def catalogue_from(args: argparse.Namespace) -> Catalogue:
    """The catalogue the arguments ask for."""
    return load_catalogue(*args.catalogue)


def load_designs(args: argparse.Namespace, names: list[str]) -> list[Design]:
    """Designs by built-in id or path, against the arguments' catalogue; repeated ids renamed."""
    catalogue = catalogue_from(args)
    return _told_apart(names, [load(name, catalogue) for name in names])


def _told_apart(names: list[str], loaded: list[Design]) -> list[Design]:
    """`distinct` designs, with a note on stderr for each one renamed."""
    designs = distinct(loaded)
    for name, before, after in zip(names, loaded, designs, strict=True):
        if before.id != after.id:
            print(f"note: {name} is shown as {after.id}: {before.id} is taken", file=sys.stderr)
    return designs


def load_targets(args: argparse.Namespace, names: list[str]) -> list[Design | Cluster]:
    """Designs or clusters by built-in id or path (a cluster file names a `design:`).

    Designs are told apart where two share an id (as `load_designs` does).
    """
    catalogue = catalogue_from(args)
    loaded = [load_target(name, catalogue) for name in names]
    named = [(n, t) for n, t in zip(names, loaded, strict=True) if isinstance(t, Design)]
    designs = iter(_told_apart([n for n, _ in named], [t for _, t in named]))
    return [next(designs) if isinstance(t, Design) else t for t in loaded]


def split_targets(targets: list[Design | Cluster]) -> tuple[list[Design], list[Cluster]]:
    """The designs and the clusters, each in the order given."""
    designs = [t for t in targets if isinstance(t, Design)]
    return designs, [t for t in targets if not isinstance(t, Design)]


def print_json(value: Any) -> None:
    """Indented JSON on stdout."""
    sys.stdout.write(json_text(value))
