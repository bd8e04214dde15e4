"""How a cluster's key figures are shown: label, unit and format, defined once for every output."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import Figure, Unit

if TYPE_CHECKING:
    from ...racks.clusters.cluster_summary import ClusterSummary

CLUSTER_FIGURES: tuple[Figure[ClusterSummary], ...] = (
    Figure("gpus", "GPUs", Unit.COUNT),
    Figure("racks", "Racks", Unit.COUNT),
    Figure("world_size", "World size (GPUs)", Unit.COUNT),
    Figure("nic_ports", "Scale-out NIC ports", Unit.COUNT),
    Figure("endpoint_gbps", "Scale-out NIC port speed (Gbit/s)", Unit.COUNT),
    Figure("planes", "Planes per NIC port", Unit.COUNT),
    Figure("endpoints", "NIC plane links", Unit.COUNT),
    Figure("plane_gbps", "NIC plane link speed (Gbit/s)", Unit.COUNT),
    Figure("fabric_tiers", "Fabric tiers", Unit.COUNT),
    Figure("ports_per_switch", "Switch ports at the plane link speed", Unit.COUNT),
    Figure("max_gpus", "Largest cluster the tiers reach (GPUs)", Unit.COUNT),
    Figure("switches", "Scale-out switches", Unit.COUNT),
    Figure("links", "Scale-out links", Unit.COUNT),
    Figure("ports_unused", "Switch ports unused", Unit.COUNT),
    Figure("ports_unused_pct", "Switch ports unused (%)", Unit.PCT),
    Figure("power_racks_input_w", "Racks input power (kW)", Unit.KW),
    Figure("power_network_w", "Scale-out network power (kW)", Unit.KW),
    Figure("power_total_w", "Input power (kW, racks + network)", Unit.KW),
    Figure("capex_usd.total_usd", "Capex (USD)", Unit.USD),
    Figure("capex_usd_per_gpu.total_usd", "Capex per GPU (USD)", Unit.USD),
    Figure("capex_usd_per_gpu.compute_usd", "  compute", Unit.USD),
    Figure("capex_usd_per_gpu.scale_up_usd", "  scale-up", Unit.USD),
    Figure("capex_usd_per_gpu.scale_out_usd", "  scale-out", Unit.USD),
)
"""The figures that compare clusters side by side, in every output."""
CLUSTER_FIGURE = {figure.field: figure for figure in CLUSTER_FIGURES}
"""The cluster figures by key, for an output that shows some of them in its own words."""
