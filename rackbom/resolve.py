"""One resolver: what a user names (a built-in id, a file, a variant) becomes a system.

`resolve("helios")`, `resolve("helios-16k")`, `resolve("my-rack.yaml")`,
`resolve("helios+switch_margin=0.82")` and `resolve("helios-16k+gpus=100000")` give a `Design`
or a `Cluster` with a typed origin; the command line, the Python API and the cost layer all go
through here.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from rackbom.catalogues import load_catalogue
from rackbom.components.catalogue import Catalogue, builtin_catalogue
from rackbom.components.errors import InputError
from rackbom.components.limits import SYSTEMS_MAX, bounded
from rackbom.components.yamlio import read_yaml_file
from rackbom.racks.build import build_design
from rackbom.racks.library import (
    builtin_built,
    builtin_design,
    load_design_spec,
    parse_design,
)
from rackbom.racks.locate import Variant, locate
from rackbom.racks.origin import Builtin, File

from .design import Design
from .system import System

if TYPE_CHECKING:
    from .cluster_model import Cluster


def resolve(name: System | str | Path, catalogue: Catalogue | None = None) -> System:
    """A design or cluster: a built-in id, a YAML file of either, or a variant id."""
    system = _resolve(name, catalogue)
    _ = system.analysis  # a design that cannot be analysed is refused here
    return system


def _resolve(name: System | str | Path, catalogue: Catalogue | None, base: bool = False) -> System:
    """The system named, a variant's `base` left unanalysed; a built-in analysed once per
    process where the catalogue is the built-in one."""
    if isinstance(name, System):
        return name
    shared = catalogue is None or catalogue is builtin_catalogue()
    catalogue = catalogue or builtin_catalogue()
    origin = locate(name)
    if isinstance(origin, Variant):
        return _resolve(origin.base, catalogue, base=True).with_(**origin.changes)
    if isinstance(origin, Builtin) and shared and not base:
        return _shared(origin)
    if isinstance(origin, Builtin) and shared and origin.kind == "design":
        return Design(builtin_built(origin.id), origin)  # a variant's base, built once
    if isinstance(origin, Builtin) and origin.kind == "design":
        spec, file = load_design_spec(origin.id)
        return Design(build_design(spec, catalogue, file), origin)
    if isinstance(origin, Builtin):  # the cluster layer loads only for clusters
        from rackbom.racks.clusters.cluster_library import load_cluster_spec

        from .cluster_model import build_cluster

        return build_cluster(*load_cluster_spec(origin.id), catalogue)
    return _from_file(origin, catalogue)


def _shared(origin: Builtin) -> System:
    """A built-in design or cluster on the analysis every caller in the process shares."""
    if origin.kind == "cluster":  # the cluster layer loads only for clusters
        from .cluster_model import builtin_cluster_system

        return builtin_cluster_system(origin.id)
    analysis = builtin_design(origin.id)
    return Design(analysis.design, origin, analysis)


def _from_file(origin: File, catalogue: Catalogue) -> System:
    """A design or cluster file, read once and told apart by its content."""
    from rackbom.racks.clusters.cluster_library import is_cluster_file, parse_cluster

    raw = read_yaml_file(origin.path)
    where = origin.where
    if is_cluster_file(raw):
        from .cluster_model import build_cluster

        return build_cluster(parse_cluster(raw, where), origin, catalogue)
    return Design(build_design(parse_design(raw, where), catalogue, where), origin)


def load(
    name: str | Path,
    catalogue: Catalogue | None = None,
    *,
    catalogue_files: tuple[str | Path, ...] = (),
) -> Design:
    """A design by built-in id, file or variant id (`helios+switch_margin=0.82`).

    `catalogue_files` adds user catalogue files to the built-in catalogue; a cluster is an error.
    """
    if catalogue is None and catalogue_files:
        catalogue = load_catalogue(*catalogue_files)
    (design,) = resolve_designs([name], catalogue)
    return design


def resolve_all(
    names: Iterable[System | str | Path], catalogue: Catalogue | None = None
) -> list[System]:
    """Systems by name, told apart where two share an id (see `distinct`); at most
    `SYSTEMS_MAX`."""
    named = bounded(names, SYSTEMS_MAX, "systems", "designs and clusters")
    return distinct([resolve(name, catalogue) for name in named])


def resolve_designs(
    names: Iterable[Design | str | Path], catalogue: Catalogue | None = None
) -> list[Design]:
    """Designs by name, told apart where two share an id; a cluster among them is an error."""
    systems = resolve_all(names, catalogue)
    designs, clusters = by_kind(systems)
    if clusters:
        raise InputError(None, None, f"{clusters[0].id} is a cluster; this takes designs only")
    return designs


def by_kind(systems: Sequence[System]) -> tuple[list[Design], list[Cluster]]:
    """The designs and the clusters, each in the order given."""
    designs: list[Design] = [d for s in systems for d in s.tables()[0]]
    clusters: list[Cluster] = [c for s in systems for c in s.tables()[1]]
    return designs, clusters


def distinct(systems: Sequence[System], note: bool = False) -> list[System]:
    """The systems, with a repeated id renamed after its file: `helios@my-helios`.

    Built-in systems keep their ids; with `note`, each renaming is said on stderr.
    """
    taken: set[str] = set()
    out = []
    for system in systems:
        new_id = system.id
        if new_id in taken:
            where = system.origin.where
            stem = re.sub(r"[^a-z0-9_.=-]+", "-", Path(where).stem.lower()).strip("-")
            base = f"{system.id}@{stem or 'file'}"
            new_id, n = base, 2
            while new_id in taken:
                new_id, n = f"{base}-{n}", n + 1
            if note:
                print(f"note: {where} is shown as {new_id}: {system.id} is taken", file=sys.stderr)
            system = system.renamed(new_id)
        taken.add(new_id)
        out.append(system)
    return out
