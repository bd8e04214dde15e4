"""Clusters side by side: the cluster key figures as rows, clusters as columns."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from rackbom.components.errors import InputError
from rackbom.components.limits import SYSTEMS_MAX, bounded
from rackbom.exports.figures.cluster_figures import CLUSTER_FIGURES

from .cluster_model import Cluster
from .figure_table import FigureTable
from .resolve import by_kind, resolve


class ClusterComparison(FigureTable):
    """Key figures of several clusters; values stay numbers in the units the labels name."""

    def __init__(self, clusters: list[Cluster]) -> None:
        self.clusters = clusters
        super().__init__([c.id for c in clusters], [c.summary for c in clusters], CLUSTER_FIGURES)

    def _repr_html_(self) -> str:
        from rackbom.exports.html.cluster_sections import cluster_comparison_table

        return cluster_comparison_table(self.summaries)


def compare_clusters(clusters: Iterable[Cluster | str | Path]) -> ClusterComparison:
    """Compare clusters (objects, built-in ids or YAML paths), at most `SYSTEMS_MAX`."""
    named = bounded(clusters, SYSTEMS_MAX, "clusters", "clusters")
    systems = [resolve(c) for c in named]
    designs, found = by_kind(systems)
    if designs:
        raise InputError(None, None, f"{designs[0].id} is a design; this compares clusters only")
    return ClusterComparison(found)
