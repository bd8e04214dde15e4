"""Designs and clusters tabulated apart: each system says which table it goes into."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...racks.analysis import Analysis
    from ...racks.clusters.cluster_analysis import ClusterAnalysis
    from ...racks.system_model import SystemModel


def split(systems: Sequence[SystemModel]) -> tuple[list[Analysis], list[ClusterAnalysis]]:
    """The designs and the clusters, each in the order given."""
    designs = [d for s in systems for d in s.tables()[0]]
    return designs, [c for s in systems for c in s.tables()[1]]
