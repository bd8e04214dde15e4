"""What a step's collectives cost: communication time, its share, effective FLOPS and TCO.

No overlap of communication with compute is assumed, so the share is the most the fabric can
cost a step: effective PFLOPS = the step's work / (compute time + communication time).
"""

from __future__ import annotations

from ...components.collective_data import CollectiveData, CommWorkload
from ...components.records import record
from ..system_model import SystemModel
from .collective_model import collective
from .levels import Level
from .results import CollectiveResult


@record
class WorkloadStep:
    """One communication workload on one system."""

    workload: str
    name: str
    gpus: int
    """The group the collective runs on: the workload's, capped at the system's GPUs."""
    collective: CollectiveResult
    comm_ms_per_step: float
    compute_ms_per_step: float
    comm_share_pct: float
    peak_pflops_per_gpu: float
    """Dense BF16 peak."""
    effective_pflops_per_gpu: float
    tco_usd_per_peak_pflops_hour: float | None
    tco_usd_per_effective_pflops_hour: float | None


def workload_step(
    levels: tuple[Level, ...],
    workload: CommWorkload,
    peak_pflops: float,
    tco_usd_per_gpu_hour: float | None,
) -> WorkloadStep:
    """The workload's step on a system with this dense BF16 peak per GPU and TCO per GPU-hour."""
    gpus = min(workload.gpus, levels[-1].span)
    result = collective(levels, workload.op, workload.bytes, gpus)
    comm_ms = result.time_us * workload.per_step / 1e3
    compute_ms = workload.tflop_per_gpu_step / (peak_pflops * workload.compute_efficiency)
    effective = workload.tflop_per_gpu_step / (compute_ms + comm_ms)  # TFLOP per ms = PFLOP/s
    cost = tco_usd_per_gpu_hour
    return WorkloadStep(
        workload=workload.id,
        name=workload.name,
        gpus=gpus,
        collective=result,
        comm_ms_per_step=comm_ms,
        compute_ms_per_step=compute_ms,
        comm_share_pct=100 * comm_ms / (compute_ms + comm_ms),
        peak_pflops_per_gpu=peak_pflops,
        effective_pflops_per_gpu=effective,
        tco_usd_per_peak_pflops_hour=None if cost is None else cost / peak_pflops,
        tco_usd_per_effective_pflops_hour=None if cost is None else cost / effective,
    )


def system_steps(
    system: SystemModel,
    levels: tuple[Level, ...],
    data: CollectiveData,
    tco_usd_per_gpu_hour: float | None,
) -> tuple[WorkloadStep, ...]:
    """Every workload's step on a system with these levels (none without levels or a BF16 peak)."""
    peak = system.rack.summary.compute["bf16"].per_gpu
    if not levels or not peak:
        return ()
    cost = tco_usd_per_gpu_hour
    return tuple(workload_step(levels, w, peak, cost) for w in data.workloads.values())
