"""Designs, or clusters, side by side: key figures as rows, one column each."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from rackbom.components.errors import InputError
from rackbom.exports.figures import KEY_FIGURES, switch_note
from rackbom.exports.html.page import comparison_table

from .design import Design
from .figure_table import FigureTable
from .resolve import by_kind, resolve_all
from .system import System

if TYPE_CHECKING:
    from .cluster_comparison import ClusterComparison


class Comparison(FigureTable):
    """Key figures of several designs; shows as a formatted HTML table in Jupyter."""

    def __init__(self, designs: list[Design]) -> None:
        self.designs = designs
        super().__init__([d.id for d in designs], [d.summary for d in designs], KEY_FIGURES)

    @property
    def notes(self) -> list[str]:
        """Footnotes to marked figures: port counts that rest on an assumed switch chip."""
        return [n for s in self.summaries if (n := switch_note(s)) is not None]

    def _repr_html_(self) -> str:
        return comparison_table(self.summaries)


def compare(
    items: Iterable[System | str | Path],
) -> Comparison | ClusterComparison:
    """Compare designs, or clusters (objects, built-in ids or YAML paths), as `rackbom compare`
    does: a `Comparison` of designs or a `ClusterComparison` of clusters, never both."""
    return comparison_of(resolve_all(items))


def comparison_of(systems: Sequence[System]) -> Comparison | ClusterComparison:
    """The table for loaded designs or clusters; an InputError where both are given."""
    designs, clusters = by_kind(systems)
    if designs and clusters:
        raise InputError(
            None,
            None,
            f"compare takes designs or clusters, not both: {clusters[0].id} is a cluster and "
            f"{designs[0].id} a design (compare {clusters[0].id}'s design as "
            f"{clusters[0].design.id})",
        )
    if clusters:
        from .cluster_comparison import ClusterComparison

        return ClusterComparison(clusters)
    return Comparison(designs)
