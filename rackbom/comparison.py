"""Designs, or clusters, side by side: key figures as rows, one column each."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, overload

from rackbom.components.errors import InputError
from rackbom.exports.figures import KEY_FIGURES, switch_note
from rackbom.exports.html.page import comparison_table

from .design import Design
from .figure_table import FigureTable
from .resolve import by_kind, resolve_all
from .system import System

if TYPE_CHECKING:
    from rackbom.components.cost_inputs import TcoProfile

    from .cluster_comparison import ClusterComparison
    from .uncertainty_api import UncertainComparison


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


@overload
def compare(
    items: Iterable[System | str | Path],
    uncertainty: None = None,
    seed: int = 0,
    tco_profile: TcoProfile | str | Path | None = None,
) -> Comparison | ClusterComparison: ...


@overload
def compare(
    items: Iterable[System | str | Path],
    uncertainty: int,
    seed: int = 0,
    tco_profile: TcoProfile | str | Path | None = None,
) -> UncertainComparison: ...


def compare(
    items: Iterable[System | str | Path],
    uncertainty: int | None = None,
    seed: int = 0,
    tco_profile: TcoProfile | str | Path | None = None,
) -> Comparison | ClusterComparison | UncertainComparison:
    """Compare designs, or clusters (objects, built-in ids or YAML paths), as `rackbom compare`
    does: a `Comparison` of designs or a `ClusterComparison` of clusters, never both.

    With `uncertainty=N`, two systems' cost figures over N draws of every ranged input (seeded
    by `seed`, under `tco_profile`): an `UncertainComparison` with each figure's interval, the
    share of draws in which the first is lower, and the inputs that drive the difference.
    """
    systems = resolve_all(items)
    table = comparison_of(systems)
    if uncertainty is None:
        return table
    from .uncertainty_api import compare_uncertain

    return compare_uncertain(systems, uncertainty, seed, tco_profile)


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
