"""How a cluster's key figures are shown: label, unit and format, defined once for every output."""

from __future__ import annotations

from dataclasses import dataclass
from functools import reduce
from typing import Any

from ...components.formats import Format
from ...racks.clusters.cluster_summary import ClusterSummary
from . import Unit


@dataclass(frozen=True)
class ClusterFigure:
    """One key figure of a cluster; `field` may be dotted (`capex_usd_per_gpu.total_usd`)."""

    field: str
    label: str
    unit: Unit

    @property
    def format(self) -> Format:
        """The figure's number format."""
        return self.unit.value

    def raw(self, summary: ClusterSummary) -> Any:
        """The value as the summary holds it."""
        return reduce(getattr, self.field.split("."), summary)

    def value(self, summary: ClusterSummary) -> Any:
        """The value scaled to the unit its label names."""
        raw = self.raw(summary)
        return None if raw is None else raw * self.format.scale

    def text(self, summary: ClusterSummary) -> str:
        """The figure as table text."""
        return self.format.text(self.raw(summary))


CLUSTER_FIGURES: tuple[ClusterFigure, ...] = (
    ClusterFigure("gpus", "GPUs", Unit.COUNT),
    ClusterFigure("racks", "Racks", Unit.COUNT),
    ClusterFigure("world_size", "World size (GPUs)", Unit.COUNT),
    ClusterFigure("endpoints", "Scale-out ports (NIC)", Unit.COUNT),
    ClusterFigure("endpoint_gbps", "Scale-out port speed (Gbit/s)", Unit.COUNT),
    ClusterFigure("fabric_tiers", "Fabric tiers", Unit.COUNT),
    ClusterFigure("ports_per_switch", "Ports per switch at that speed", Unit.COUNT),
    ClusterFigure("max_gpus", "Largest cluster the tiers reach (GPUs)", Unit.COUNT),
    ClusterFigure("switches", "Scale-out switches", Unit.COUNT),
    ClusterFigure("links", "Scale-out links", Unit.COUNT),
    ClusterFigure("ports_unused", "Switch ports unused", Unit.COUNT),
    ClusterFigure("ports_unused_pct", "Switch ports unused (%)", Unit.PCT),
    ClusterFigure("power_racks_input_w", "Racks input power (kW)", Unit.KW),
    ClusterFigure("power_network_w", "Scale-out network power (kW)", Unit.KW),
    ClusterFigure("power_total_w", "Total power (kW, racks + network)", Unit.KW),
    ClusterFigure("capex_usd.total_usd", "Capex (USD)", Unit.USD),
    ClusterFigure("capex_usd_per_gpu.total_usd", "Capex per GPU (USD)", Unit.USD),
    ClusterFigure("capex_usd_per_gpu.compute_usd", "  compute", Unit.USD),
    ClusterFigure("capex_usd_per_gpu.scale_up_usd", "  scale-up", Unit.USD),
    ClusterFigure("capex_usd_per_gpu.scale_out_usd", "  scale-out", Unit.USD),
)
"""The figures that compare clusters side by side, in every output."""
