"""Clusters side by side: the cluster key figures as rows, clusters as columns."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from rackbom.exports.cluster_figures import CLUSTER_FIGURES
from rackbom.racks.clusters import ClusterSummary

from .cluster_model import Cluster, load_cluster
from .textable import render_table

if TYPE_CHECKING:
    import pandas as pd


class ClusterComparison:
    """Key figures of several clusters; values stay numbers in the units the labels name."""

    def __init__(self, clusters: list[Cluster]) -> None:
        self.clusters = clusters
        self.summaries: list[ClusterSummary] = [c.summary for c in clusters]
        self.columns = [c.id for c in clusters]
        self.index = [figure.label for figure in CLUSTER_FIGURES]
        self.values = [[figure.value(s) for s in self.summaries] for figure in CLUSTER_FIGURES]

    def to_text(self) -> str:
        """An aligned plain-text table."""
        rows = [[f.label, *(f.text(s) for s in self.summaries)] for f in CLUSTER_FIGURES]
        return render_table(["", *self.columns], rows)

    def to_pandas(self) -> pd.DataFrame:
        """The values as a DataFrame, figures as rows and clusters as columns (needs pandas)."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError(
                "pandas is needed for a DataFrame: pip install 'rackbom[notebook]'"
            ) from None
        return pd.DataFrame(self.values, index=self.index, columns=self.columns)

    def _repr_html_(self) -> str:
        from rackbom.exports.cluster_page import cluster_comparison_table

        return cluster_comparison_table(self.summaries)

    def __str__(self) -> str:
        return self.to_text()


def compare_clusters(clusters: Iterable[Cluster | str | Path]) -> ClusterComparison:
    """Compare clusters (objects, built-in ids or YAML paths)."""
    return ClusterComparison([c if isinstance(c, Cluster) else load_cluster(c) for c in clusters])
