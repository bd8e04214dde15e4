"""Delivered performance from the facade: collective times, sweeps, workloads, checks.

>>> import rackbom as rb
>>> rb.collective("gb200-nvl72", "all_reduce", 2**30, 72).busbw_gbps / 8  # GB/s
>>> rb.collective_sweep("helios-16k", "all_to_all")  # 13 sizes, 1 MiB to 4 GiB
>>> [c.error_pct for c in rb.collective_checks()]  # the model against published runs
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from rackbom.components.collectives import Measurement, collective_data
from rackbom.racks.collectives.levels import Level, levels_of, modelled_levels
from rackbom.racks.collectives.model import SWEEP_SIZES, CollectiveResult
from rackbom.racks.collectives.model import collective as model
from rackbom.racks.collectives.workloads import WorkloadStep, workload_step

if TYPE_CHECKING:
    from rackbom.racks.summary import DesignSummary

    from .cluster_model import Cluster
    from .design import Design


@dataclass(frozen=True)
class Check:
    """One published measurement beside the model's figure for it."""

    measurement: Measurement
    result: CollectiveResult

    @property
    def error_pct(self) -> float:
        """Model over measurement, less one, in per cent."""
        return 100 * (self.result.busbw_gbytes_per_s / self.measurement.busbw_gbytes_per_s - 1)


def _system(system: Design | Cluster | str | Path) -> Design | Cluster:
    if isinstance(system, str | Path):
        from .design import load_target

        return load_target(system)
    return system


def levels(system: Design | Cluster | str | Path) -> tuple[Level, ...]:
    """The levels a collective crosses on a design or cluster."""
    return levels_of(_system(system).analysis, collective_data())


def modelled(system: Design | Cluster | str | Path) -> tuple[Level, ...]:
    """The levels, or none where the system uses an interconnect the data does not hold."""
    return modelled_levels(_system(system).analysis, collective_data())


def collective(
    system: Design | Cluster | str | Path, op: str, size: int, gpus: int | None = None
) -> CollectiveResult:
    """One collective of `size` bytes on `gpus` GPUs (default: all of the system's)."""
    steps = levels(system)
    return model(steps, op, size, gpus if gpus is not None else _all_gpus(steps))


def collective_sweep(
    system: Design | Cluster | str | Path, op: str = "all_reduce", gpus: int | None = None
) -> tuple[CollectiveResult, ...]:
    """The collective at each of the 13 sizes from 1 MiB to 4 GiB."""
    steps = levels(system)
    group = gpus if gpus is not None else _all_gpus(steps)
    return tuple(model(steps, op, size, group) for size in SWEEP_SIZES)


def _all_gpus(steps: tuple[Level, ...]) -> int:
    return steps[-1].span if steps else 0


def workload_steps(
    system: Design | Cluster | str | Path, tco_profile: str | Path | None = None
) -> tuple[WorkloadStep, ...]:
    """Every reference workload's step on the system, with TCO per effective PFLOPS-hour."""
    target = _system(system)
    steps = levels(target)
    cost = target.tco(tco_profile).tco_usd_per_gpu_hour
    peak = _design_summary(target).bf16_dense_pflops_per_gpu
    if not steps or not peak:
        return ()
    data = collective_data()
    return tuple(workload_step(steps, w, peak, cost) for w in data.workloads.values())


def _design_summary(target: Design | Cluster) -> DesignSummary:
    from .design import Design

    if isinstance(target, Design):
        return target.summary
    return target.summary.design_summary


def collective_checks() -> tuple[Check, ...]:
    """Every published measurement with the model's figure for the same run."""
    from .design import load_target

    data = collective_data()
    out = []
    for m in data.measurements:
        target = load_target(m.system)
        steps = levels_of(target.analysis, data, m.scale_up_gbps_per_gpu)
        out.append(Check(m, model(steps, m.op, m.bytes, m.gpus)))
    return tuple(out)


def measured(system: Design | Cluster) -> bool:
    """Whether a published measurement was taken on this system's design (else: a projection)."""
    from rackbom.racks.clusters.library import builtin_cluster_ids, load_cluster_spec

    from .design import Design

    design = system.id if isinstance(system, Design) else system.summary.design
    clusters = builtin_cluster_ids()
    designs = {
        load_cluster_spec(m.system)[0].design if m.system in clusters else m.system
        for m in collective_data().measurements
        if m.scale_up_gbps_per_gpu is None
    }
    return design in designs
