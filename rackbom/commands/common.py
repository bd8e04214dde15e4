"""Arguments and helpers shared by the sub-commands."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from rackbom.catalogues import load_catalogue
from rackbom.components.catalogue import Catalogue
from rackbom.exports.json.summary_json import json_text
from rackbom.resolve import distinct, resolve
from rackbom.system import System


def add_catalogue_option(parser: argparse.ArgumentParser) -> None:
    """`--catalogue FILE`, repeatable: user catalogue files merged with the built-in one."""
    parser.add_argument(
        "--catalogue",
        metavar="FILE",
        action="append",
        default=[],
        help="extra catalogue YAML file (parts, trays, frames, sources); may repeat",
    )


def add_tco_option(parser: argparse.ArgumentParser) -> None:
    """`--tco PROFILE`: a built-in TCO profile id or a YAML file holding one profile."""
    parser.add_argument(
        "--tco",
        metavar="PROFILE",
        default=None,
        help="TCO profile: a built-in id (default, neocloud-colo) or a YAML file with one profile",
    )


def add_plant_option(parser: argparse.ArgumentParser) -> None:
    """`--plant PROFILE`: a built-in plant profile id or a YAML file holding one profile."""
    parser.add_argument(
        "--plant",
        metavar="PROFILE",
        default=None,
        help="plant profile: a built-in id (rackbom list plant) or a YAML file with one profile",
    )


def catalogue_from(args: argparse.Namespace) -> Catalogue:
    """The catalogue the arguments ask for."""
    return load_catalogue(*args.catalogue)


def load_targets(args: argparse.Namespace, names: list[str]) -> list[System]:
    """Designs or clusters by built-in id or path, against the arguments' catalogue.

    Two that share an id are told apart (`resolve.distinct`), with a note on stderr.
    """
    catalogue = catalogue_from(args)
    return distinct([resolve(name, catalogue) for name in names], note=True)


def print_json(value: Any) -> None:
    """Indented JSON on stdout."""
    sys.stdout.write(json_text(value))
