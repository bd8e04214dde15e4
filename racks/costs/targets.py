"""Cost bases of built-in designs and clusters by id, each analysed once per process; a built-in
cluster again at another size, once per size."""

from __future__ import annotations

from functools import cache

from ..analysis import Analysis
from ..clusters.builtin_systems import builtin_cluster
from ..clusters.cluster_library import builtin_cluster_ids, design_reference, load_cluster_spec
from ..cost_basis import CostBasis
from ..library import builtin_design


@cache
def builtin_basis(target: str) -> CostBasis:
    """The cost basis of a built-in design or cluster."""
    if target in builtin_cluster_ids():
        return builtin_cluster(target).cost_basis()
    return builtin_design(target).cost_basis()


@cache
def cluster_design(cluster: str) -> Analysis:
    """The analysed design a built-in cluster is made of."""
    return builtin_design(design_reference(*load_cluster_spec(cluster)))


@cache
def builtin_basis_at(cluster: str, gpus: int) -> CostBasis:
    """The cost basis of a built-in cluster resized to `gpus` GPUs."""
    return builtin_cluster(cluster, gpus).cost_basis()


@cache
def tier_steps(cluster: str) -> tuple[int, ...]:
    """The sizes, in GPUs, past which one of the cluster's fabric choices drops out."""
    analysis = builtin_cluster(cluster)
    return analysis.sizer.reaches(analysis.spec.fabric)
