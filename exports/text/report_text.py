"""The narrow tables `rackbom report` prints: one row per design, one per cluster."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..figures import KEY_FIGURE, Unit
from ..figures.cluster_figures import CLUSTER_FIGURE

if TYPE_CHECKING:
    from ...racks.clusters.cluster_summary import ClusterSummary
    from ...racks.summary import DesignSummary

DESIGN_COLUMNS = ("gpus", "world_size", "switch_ports_unused", "power_all_in_w", "bom_usd")
CLUSTER_COLUMNS = (
    "gpus",
    "switches",
    "ports_unused",
    "power_total_w",
    "capex_usd_per_gpu.total_usd",
)


def design_rows(summaries: Sequence[DesignSummary]) -> tuple[list[str], list[list[str]]]:
    """Header and rows of the design table: key figures, unmarked, and the warnings counted."""
    rows = [
        [
            s.design,
            *(KEY_FIGURE[key].plain_text(s) for key in DESIGN_COLUMNS),
            Unit.COUNT.text(len(s.warnings)),
        ]
        for s in summaries
    ]
    header = ["design", "GPUs", "world size", "unused ports", "all-in kW", "BOM", "warnings"]
    return header, rows


def cluster_rows(summaries: Sequence[ClusterSummary]) -> tuple[list[str], list[list[str]]]:
    """Header and rows of the cluster table: key figures and the warnings counted."""
    rows = [
        [
            s.cluster,
            *(CLUSTER_FIGURE[key].plain_text(s) for key in CLUSTER_COLUMNS),
            Unit.COUNT.text(len(s.warnings)),
        ]
        for s in summaries
    ]
    header = ["cluster", "GPUs", "switches", "unused ports", "total kW", "capex/GPU", "warnings"]
    return header, rows
