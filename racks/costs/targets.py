"""Cost bases of built-in designs and clusters by id, each analysed once per process."""

from __future__ import annotations

from functools import cache

from ..analysis import Analysis
from ..clusters.cluster_analysis import ClusterAnalysis
from ..clusters.cluster_library import builtin_cluster_ids, design_reference, load_cluster_spec
from ..library import load_design
from .basis import CostBasis, cluster_basis, design_basis


@cache
def builtin_basis(target: str) -> CostBasis:
    """The cost basis of a built-in design or cluster."""
    if target in builtin_cluster_ids():
        spec, origin = load_cluster_spec(target)
        rack = Analysis(load_design(design_reference(spec, origin)))
        return cluster_basis(ClusterAnalysis(spec, origin.where, rack).summary)
    return design_basis(Analysis(load_design(target)))
