"""The built-in clusters, analysed once per process for every caller alike (the facade's
resolver, the cost layer's reproduction and resized clusters), on the designs of
`library.builtin_design`."""

from __future__ import annotations

from functools import cache

from ..library import builtin_design
from .cluster_analysis import ClusterAnalysis
from .cluster_library import design_reference, load_cluster_spec
from .cluster_spec import SizeSpec


@cache
def builtin_cluster(cluster: str, gpus: int | None = None) -> ClusterAnalysis:
    """A built-in cluster, at its own size (`gpus` None) or resized to `gpus` GPUs (rounded up to
    whole copies of its design), with its fabric chosen as its file says."""
    spec, origin = load_cluster_spec(cluster)
    if gpus is not None:
        spec = spec.model_copy(update={"size": SizeSpec(gpus=gpus)})
    return ClusterAnalysis(spec, origin.where, builtin_design(design_reference(spec, origin)))
