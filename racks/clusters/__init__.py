"""Clusters: a design times a count, a scale-out fabric sized by counts, and a floor layout."""

from .analysis import ClusterAnalysis
from .library import builtin_cluster_ids, is_cluster_file, load_cluster_spec, parse_cluster
from .spec import ClusterSpec, FabricPlan, FloorSpec, SizeSpec
from .summary import ClusterSummary, TierSummary

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
