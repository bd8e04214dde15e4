"""Analysed systems: a design's `Analysis` and a cluster's `ClusterAnalysis`, taken together.

Every output takes one sequence of them, in the order the user named them, and asks each its
`kind` where the two are drawn or tabulated differently.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeAlias, cast

if TYPE_CHECKING:
    from .analysis import Analysis
    from .clusters.cluster_analysis import ClusterAnalysis

Analysed: TypeAlias = "Analysis | ClusterAnalysis"


def design_of(system: Analysed) -> Analysis:
    """The design a system is built of: a design itself, or the design a cluster copies."""
    if system.kind == "design":
        return cast("Analysis", system)
    return cast("ClusterAnalysis", system).rack


def split(systems: Sequence[Analysed]) -> tuple[list[Analysis], list[ClusterAnalysis]]:
    """The designs and the clusters, each in the order given."""
    designs = [cast("Analysis", s) for s in systems if s.kind == "design"]
    return designs, [cast("ClusterAnalysis", s) for s in systems if s.kind == "cluster"]
