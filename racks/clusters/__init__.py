"""Clusters: a design times a count, a scale-out fabric sized by counts, and a floor layout."""

from typing import TYPE_CHECKING

from ...components.lazy import lazy_exports

_EXPORTS = {
    "ClusterAnalysis": ".analysis",
    "builtin_cluster_ids": ".library",
    "is_cluster_file": ".library",
    "load_cluster_spec": ".library",
    "parse_cluster": ".library",
    "ClusterSpec": ".spec",
    "FabricPlan": ".spec",
    "FloorSpec": ".spec",
    "SizeSpec": ".spec",
    "ClusterSummary": ".summary",
    "TierSummary": ".summary",
}

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
__all__ = [
    "ClusterAnalysis",
    "ClusterSpec",
    "ClusterSummary",
    "FabricPlan",
    "FloorSpec",
    "SizeSpec",
    "TierSummary",
    "builtin_cluster_ids",
    "is_cluster_file",
    "load_cluster_spec",
    "parse_cluster",
]

if TYPE_CHECKING:
    from .analysis import ClusterAnalysis
    from .library import (
        builtin_cluster_ids,
        is_cluster_file,
        load_cluster_spec,
        parse_cluster,
    )
    from .spec import ClusterSpec, FabricPlan, FloorSpec, SizeSpec
    from .summary import ClusterSummary, TierSummary
