"""Clusters: a design times a count, a scale-out fabric sized by counts, and a floor layout."""

from typing import TYPE_CHECKING

from ...components.lazy import lazy_exports

_EXPORTS = {
    "ClusterAnalysis": ".cluster_analysis",
    "builtin_cluster_ids": ".cluster_library",
    "is_cluster_file": ".cluster_library",
    "load_cluster_spec": ".cluster_library",
    "parse_cluster": ".cluster_library",
    "ClusterSpec": ".cluster_spec",
    "FabricPlan": ".cluster_spec",
    "FloorSpec": ".cluster_spec",
    "SizeSpec": ".cluster_spec",
    "ClusterSummary": ".cluster_summary",
    "TierSummary": ".cluster_summary",
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
    from .cluster_analysis import ClusterAnalysis
    from .cluster_library import (
        builtin_cluster_ids,
        is_cluster_file,
        load_cluster_spec,
        parse_cluster,
    )
    from .cluster_spec import ClusterSpec, FabricPlan, FloorSpec, SizeSpec
    from .cluster_summary import ClusterSummary, TierSummary
