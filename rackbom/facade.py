"""Module-level helpers of the facade: built-in design and cluster ids, the catalogue, workbook
export."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from rackbom.catalogues import load_catalogue
from rackbom.components.catalogue import Catalogue, builtin_catalogue
from rackbom.racks.library import builtin_design_ids

from .design import Design
from .resolve import resolve_designs


def designs() -> list[str]:
    """Ids of the built-in designs."""
    return builtin_design_ids()


def clusters() -> list[str]:
    """Ids of the built-in clusters."""
    from rackbom.racks.clusters import builtin_cluster_ids

    return builtin_cluster_ids()


def export_workbook(designs: Iterable[Design | str | Path], path: str | Path) -> Path:
    """Write one BOM workbook for several designs (Design objects, built-in ids or YAML paths)."""
    from rackbom.exports.workbook import write_workbook  # openpyxl loads only when needed

    return write_workbook([d.report() for d in resolve_designs(designs)], path)


def catalogue(*paths: str) -> Catalogue:
    """The built-in catalogue, merged with user catalogue files."""
    return load_catalogue(*paths) if paths else builtin_catalogue()
