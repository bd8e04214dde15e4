"""Arguments and helpers shared by the sub-commands."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from rackbom.catalogues import load_catalogue
from rackbom.components.catalogue import Catalogue
from rackbom.components.errors import InputError
from rackbom.components.limits import FILES_MAX, RACK_NAMES_MAX, SYSTEMS_MAX, bounded
from rackbom.resolve import distinct, resolve
from rackbom.system import System

if TYPE_CHECKING:
    from rackbom.racks.cabling.scope import Scope


class Repeated(argparse.Action):
    """A repeatable option, its values gathered in one list refused past `limit`.

    argparse's own `append` copies the list at every repeat, so a long one costs its square.
    """

    def __init__(
        self, option_strings: list[str], dest: str, *, limit: int, noun: str, **kwargs: Any
    ) -> None:
        super().__init__(option_strings, dest, **{**kwargs, "default": []})
        self.limit = limit
        self.noun = noun

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        items = getattr(namespace, self.dest)
        if items is self.default:
            items = []
            setattr(namespace, self.dest, items)
        if len(items) == self.limit:
            why = f"more than {self.limit:,} {self.noun} given; at most {self.limit:,} are allowed"
            parser.error(str(InputError(None, self.option_strings[0], why)))
        items.append(values)


def add_repeated(
    parser: argparse.ArgumentParser, option: str, limit: int, noun: str, **kwargs: Any
) -> None:
    """An option that may repeat up to `limit` times (`Repeated`)."""
    parser.add_argument(option, action=Repeated, limit=limit, noun=noun, **kwargs)


def add_catalogue_option(parser: argparse.ArgumentParser) -> None:
    """`--catalogue FILE`, repeatable: user catalogue files merged with the built-in one."""
    add_repeated(
        parser,
        "--catalogue",
        FILES_MAX,
        "catalogue files",
        metavar="FILE",
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


def integer_option(text: str, option: str) -> int:
    """An option's text as an integer, else an InputError naming the option."""
    try:
        return int(text)
    except ValueError:
        raise InputError(None, option, f"not an integer: {text!r}") from None


def catalogue_from(args: argparse.Namespace) -> Catalogue:
    """The catalogue the arguments ask for."""
    return load_catalogue(*args.catalogue)


def load_targets(args: argparse.Namespace, names: list[str]) -> list[System]:
    """Designs or clusters by built-in id or path, against the arguments' catalogue.

    Two that share an id are told apart (`resolve.distinct`), with a note on stderr.
    """
    names = bounded(names, SYSTEMS_MAX, "DESIGN_OR_CLUSTER", "designs and clusters")
    catalogue = catalogue_from(args)
    return distinct([resolve(name, catalogue) for name in names], note=True)


def print_json(value: Any) -> None:
    """Indented JSON on stdout, streamed in blocks."""
    from rackbom.exports.json.summary_json import json_blocks

    for block in json_blocks(value):
        sys.stdout.write(block)


def add_scope_option(parser: argparse.ArgumentParser, what: str) -> None:
    """`--scope LEVEL=NAME`: a building, hall, row or rack of a cluster (racks may repeat)."""
    add_repeated(
        parser,
        "--scope",
        RACK_NAMES_MAX,
        "scopes",
        metavar="LEVEL=NAME",
        help=f"{what}: building=bldg01, hall=hall02, row=row04 or rack=NAME (rack= may repeat)",
    )


def scope_of(args: argparse.Namespace) -> Scope | None:
    """The scope `--scope` gives, each `--rack NAME` (where the command has it) as
    `rack=NAME`."""
    racks = [f"rack={name}" for name in getattr(args, "rack", [])]
    values = [*args.scope, *racks]
    if not values:
        return None
    if len(values) > RACK_NAMES_MAX:
        why = f"more than {RACK_NAMES_MAX:,} racks given; at most {RACK_NAMES_MAX:,} are allowed"
        raise InputError(None, "--scope", why)
    from rackbom.racks.cabling.scope import parse_scope  # only a scoped command needs it

    return parse_scope(values)
