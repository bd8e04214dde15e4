"""Scale-up and scale-out bandwidth per GPU and in total (Gbit/s, one way)."""

from __future__ import annotations

from ..components.records import record
from .topology import Topology


@record
class Bandwidth:
    """Per-GPU figures are the lowest any GPU gets; totals add every GPU."""

    scale_up_gbps_per_gpu: float
    scale_out_gbps_per_gpu: float
    scale_up_gbps_total: float
    scale_out_gbps_total: float

    @property
    def in_domain_to_cross_domain(self) -> float | None:
        """How much faster a GPU talks inside its domain than to GPUs outside it."""
        if not self.scale_out_gbps_per_gpu:
            return None
        return self.scale_up_gbps_per_gpu / self.scale_out_gbps_per_gpu


def bandwidth(topology: Topology) -> Bandwidth:
    """Sum each GPU's scale-up and scale-out links (a group's GPUs have the same scale-up links)."""
    up: dict[int, float] = {}
    for link in topology.links:
        if link.link != "scale_up":
            continue
        for group, count in link.ends():
            if group.kind == "gpu":
                up[group.number] = up.get(group.number, 0.0) + link.gbps * count
    out: dict[str, float] = {}
    for nic in topology.nic_links:
        out[nic.gpu] = out.get(nic.gpu, 0.0) + nic.gbps
    per_gpu_up: list[float] = []
    per_gpu_out: list[float] = []
    for group in topology.groups:
        if group.kind == "gpu":
            per_gpu_up += [up.get(group.number, 0.0)] * len(group.names)
            per_gpu_out += [out.get(name, 0.0) for name in group.names]
    return Bandwidth(
        scale_up_gbps_per_gpu=min(per_gpu_up, default=0),
        scale_out_gbps_per_gpu=min(per_gpu_out, default=0),
        scale_up_gbps_total=sum(per_gpu_up),
        scale_out_gbps_total=sum(per_gpu_out),
    )
