"""The levels a collective crosses: the scale-up domain, then the scale-out fabric.

A level is a description, not a graph: how many GPUs one group of it holds, the line rate each
GPU has into it (the sum over its planes or rails), the interconnect's achievable share and
latencies, and the oversubscription traffic meets crossing it. A fabric of P planes at speed s
is one level of P x s per GPU.
"""

from __future__ import annotations

from collections.abc import Set
from typing import TYPE_CHECKING

from ...components.catalogue import Catalogue
from ...components.collective_data import CollectiveData, InNetwork, Interconnect, NoInterconnect
from ...components.parts import Gpu, InNetworkReduction, Nic, SwitchAsic
from ...components.records import record
from ...components.trays import PartUse, TrayRole
from ..analysis import Analysis

if TYPE_CHECKING:
    from ..system_model import SystemModel


@record
class Level:
    """One level of a system's communication hierarchy."""

    name: str
    """`scale-up` or `scale-out`."""
    interconnect: Interconnect
    span: int
    """GPUs in one group of this level: the domain's size, or every GPU of the system."""
    gbps_per_gpu: float
    """Line rate one way per GPU into this level, Gbit/s (all planes together)."""
    planes: int
    """Independent planes or rails the GPU's bandwidth is striped over."""
    mesh_peers: int
    """Direct links to this many peers (a mesh); 0 where a switch connects every GPU."""
    hops: int
    """Switch hops on the longest path through the level."""
    oversubscription: float
    """Downlinks per uplink on the way up (1 = none); limits all-to-all traffic only."""
    host_gpus: int = 0
    """GPUs of one host (a compute tray or server) whose NICs a library's channels cross this
    level over: a ring or tree between domains runs as many channels as one host has NICs, so
    it carries at most host_gpus x the rate per GPU; 0 on a scale-up level."""
    reduction: InNetwork | None = None
    """In-network reduction: the interconnect's figures where every switch of the level has the
    trait they need (NVLink SHARP, InfiniBand SHARP); none elsewhere."""

    def gbytes_per_s(self, group: int) -> float:
        """Achievable GB/s per GPU inside a group of `group` GPUs of this level."""
        rate = self.gbps_per_gpu * self.interconnect.efficiency / 8
        if self.mesh_peers:
            return rate * min(group - 1, self.mesh_peers) / self.mesh_peers
        return rate

    @property
    def step_us(self) -> float:
        """Latency of one algorithm step across this level, us."""
        link = self.interconnect
        return link.step_latency_us + self.hops * link.hop_latency_us


def system_levels(
    system: SystemModel, data: CollectiveData, scale_up_gbps: float | None = None
) -> tuple[Level, ...]:
    """A system's scale-up domain, then its scale-out path (`SystemModel.scale_out`) where it
    has one, at the design's scale-out rate per GPU."""
    rack = system.rack
    design = rack.summary
    gpu = _gpu(rack)
    if gpu is None:
        return ()
    rate = scale_up_gbps or design.scale_up_gbps_per_gpu
    up = _scale_up(gpu, design.world_size, rate, data, rack.design.catalogue, _switch_traits(rack))
    path = system.scale_out()
    if path is None:
        return (up,) if up is not None else ()
    link = data.used_by(path.named_by, path.catalogue)
    out = Level(
        "scale-out",
        link,
        path.gpus,
        design.scale_out_gbps_per_gpu,
        _nic_ports_per_gpu(rack),
        0,
        path.hops,
        path.oversubscription,
        _gpus_per_host(rack),
        _reduction(link, path.reductions),
    )
    return (up, out) if up is not None else (out,)


def _scale_up(
    gpu: Gpu,
    world: int,
    rate: float,
    data: CollectiveData,
    catalogue: Catalogue,
    traits: set[InNetworkReduction | None],
) -> Level | None:
    if world <= 1 or rate <= 0:
        return None
    link = data.used_by(gpu, catalogue)
    mesh = min(gpu.mesh_links, world - 1) if gpu.mesh_links and not gpu.scale_up_lanes else 0
    hops = 0 if mesh else 1
    reduction = None if mesh else _reduction(link, traits)
    return Level("scale-up", link, world, rate, 1, mesh, hops, 1.0, reduction=reduction)


def _reduction(link: Interconnect, traits: Set[InNetworkReduction | None]) -> InNetwork | None:
    """The interconnect's in-network figures where every switch has the trait they need."""
    found = link.in_network
    return found if found is not None and traits == {found.kind} else None


def _switch_traits(analysis: Analysis) -> set[InNetworkReduction | None]:
    """The in-network reduction of each kind of switch chip in a design's trays."""
    design = analysis.design
    return {
        part.in_network_reduction
        for tray in design.placed
        for line in tray.tray.parts
        if isinstance(part := design.part(line.part), SwitchAsic)
    }


def _gpu(analysis: Analysis) -> Gpu | None:
    design = analysis.design
    for tray in design.placed:
        for line in tray.tray.parts:
            part = design.part(line.part)
            if isinstance(part, Gpu):
                return part
    return None


def _gpus_per_host(analysis: Analysis) -> int:
    """GPUs in one compute tray (the host a library's network channels start from)."""
    design = analysis.design
    for tray in design.placed:
        if tray.tray.role == TrayRole.COMPUTE:
            gpus = sum(ln.qty for ln in tray.tray.parts if isinstance(design.part(ln.part), Gpu))
            if gpus:
                return gpus
    return 1


def _nic_ports_per_gpu(analysis: Analysis) -> int:
    """Scale-out ports per GPU in a compute tray (the rails each GPU reaches)."""
    design = analysis.design
    for tray in design.placed:
        if tray.tray.role != TrayRole.COMPUTE:
            continue
        gpus = sum(ln.qty for ln in tray.tray.parts if isinstance(design.part(ln.part), Gpu))
        ports = sum(
            ln.qty * part.ports
            for ln in tray.tray.parts
            if isinstance(part := design.part(ln.part), Nic) and ln.use == PartUse.SCALE_OUT
        )
        if gpus:
            return max(1, ports // gpus)
    return 1


def modelled_levels(system: SystemModel, data: CollectiveData) -> tuple[Level, ...]:
    """The levels, or none where an interconnect of the system has no entry (a user's own GPU,
    NIC or profile): summaries, reports and workbooks then simply show no collectives."""
    try:
        return system_levels(system, data)
    except NoInterconnect:
        return ()
