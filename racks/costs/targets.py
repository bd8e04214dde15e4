"""Cost bases of built-in designs and clusters by id, each analysed once per process; a built-in
cluster again at another size, once per size."""

from __future__ import annotations

from functools import cache

from ..analysis import Analysis
from ..clusters.cluster_analysis import ClusterAnalysis
from ..clusters.cluster_library import builtin_cluster_ids, design_reference, load_cluster_spec
from ..clusters.cluster_spec import SizeSpec
from ..library import load_design
from .basis import CostBasis, cluster_basis, design_basis


@cache
def builtin_basis(target: str) -> CostBasis:
    """The cost basis of a built-in design or cluster."""
    if target in builtin_cluster_ids():
        return cluster_basis(_builtin_cluster(target, None).summary)
    return design_basis(Analysis(load_design(target)))


@cache
def cluster_design(cluster: str) -> Analysis:
    """The analysed design a built-in cluster is made of."""
    spec, origin = load_cluster_spec(cluster)
    return Analysis(load_design(design_reference(spec, origin)))


@cache
def _builtin_cluster(cluster: str, gpus: int | None) -> ClusterAnalysis:
    """A built-in cluster, at its own size (`gpus` None) or resized to `gpus` GPUs (rounded up to
    whole copies of its design), with its fabric chosen as its file says."""
    spec, origin = load_cluster_spec(cluster)
    if gpus is not None:
        spec = spec.model_copy(update={"size": SizeSpec(gpus=gpus)})
    return ClusterAnalysis(spec, origin.where, cluster_design(cluster))


@cache
def builtin_basis_at(cluster: str, gpus: int) -> CostBasis:
    """The cost basis of a built-in cluster resized to `gpus` GPUs."""
    return cluster_basis(_builtin_cluster(cluster, gpus).summary)


@cache
def tier_steps(cluster: str) -> tuple[int, ...]:
    """The sizes, in GPUs, past which one of the cluster's fabric choices drops out."""
    analysis = _builtin_cluster(cluster, None)
    return analysis.sizer.reaches(analysis.spec.fabric)
