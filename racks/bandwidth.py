"""Scale-up and scale-out bandwidth per GPU and in total (Gbit/s, one way)."""

from __future__ import annotations

from dataclasses import dataclass

from .topology import Topology


@dataclass(frozen=True)
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
    """Sum each GPU's scale-up and scale-out links."""
    adjacency = topology.graph.adj
    up: list[float] = []
    out: list[float] = []
    for gpu in topology.nodes_of("gpu"):
        totals = {"scale_up": 0.0, "scale_out": 0.0}
        for link in adjacency[gpu].values():
            if link["link"] in totals:
                totals[link["link"]] += link["gbps"]
        up.append(totals["scale_up"])
        out.append(totals["scale_out"])
    return Bandwidth(
        scale_up_gbps_per_gpu=min(up, default=0),
        scale_out_gbps_per_gpu=min(out, default=0),
        scale_up_gbps_total=sum(up),
        scale_out_gbps_total=sum(out),
    )
