"""Goodput from the facade: what interruptions cost a training job on a design or cluster.

>>> import rackbom as rb
>>> rb.goodput("helios-16k").ettr  # the whole cluster, 5% of it hot spares
>>> [r.ettr for r in rb.goodput_sweep("gb200-16k", [1024, 4096, 16384])]
>>> rb.goodput_checks()  # rackbom's figures beside published interruption counts and ETTR
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rackbom.components.cost_inputs import TcoProfile
from rackbom.components.reliability import ReliabilityData, load_reliability
from rackbom.racks.goodput.exposure import Exposure, exposure
from rackbom.racks.goodput.goodput import GoodputResult, JobInputs, Prices, job_goodput
from rackbom.racks.goodput.published import GoodputCheck, published_runs

from .resolve import resolve
from .system import System

SystemLike = System | str | Path


def goodput(
    system: SystemLike,
    gpus: int | None = None,
    *,
    checkpoint_gb: float | None = None,
    write_gbps: float | None = None,
    spares: int | None = None,
    tco_profile: TcoProfile | str | Path | None = None,
    reliability: ReliabilityData | str | Path | None = None,
) -> GoodputResult:
    """One job of `gpus` GPUs (default: all the system's) with `spares` of them hot spares
    (default: the data's share, 5%), checkpointing `checkpoint_gb` per GPU at `write_gbps`."""
    (result,) = goodput_sweep(
        system,
        [gpus],
        checkpoint_gb=checkpoint_gb,
        write_gbps=write_gbps,
        spares=spares,
        tco_profile=tco_profile,
        reliability=reliability,
    )
    return result


def goodput_sweep(
    system: SystemLike,
    sizes: Sequence[int | None],
    *,
    checkpoint_gb: float | None = None,
    write_gbps: float | None = None,
    spares: int | None = None,
    tco_profile: TcoProfile | str | Path | None = None,
    reliability: ReliabilityData | str | Path | None = None,
) -> tuple[GoodputResult, ...]:
    """The goodput at each job size (None: the whole system), the system analysed once."""
    target = resolve(system)
    data = (
        reliability if isinstance(reliability, ReliabilityData) else load_reliability(reliability)
    )
    parts = exposure(target.analysis)
    tco = target.tco(tco_profile)
    prices = Prices(tco.tco_usd_per_gpu_hour, tco.tco_usd_per_bf16_pflops_hour)
    out = []
    for size in sizes:
        job = _job(parts, data, size, checkpoint_gb, write_gbps, spares)
        out.append(job_goodput(target.id, parts, data, job, prices))
    return tuple(out)


def _job(
    parts: Exposure,
    data: ReliabilityData,
    gpus: int | None,
    checkpoint_gb: float | None,
    write_gbps: float | None,
    spares: int | None,
) -> JobInputs:
    recovery = data.recovery
    size = parts.gpus if gpus is None else gpus
    return JobInputs(
        gpus=size,
        spares=int(recovery.spare_share.value * size) if spares is None else spares,
        checkpoint_gb=recovery.checkpoint_gb.value if checkpoint_gb is None else checkpoint_gb,
        write_gbps=recovery.write_gbps.value if write_gbps is None else write_gbps,
        detection_min=recovery.detection_min.value,
        restart_min=recovery.restart_min.value,
        repair_h=recovery.repair_h.value,
    )


def goodput_checks() -> tuple[GoodputCheck, ...]:
    """Each published run's interruption rate and ETTR beside rackbom's for the same job."""
    out = []
    for run in published_runs():
        cluster = resolve(run.system).with_(gpus=run.system_gpus)
        spares = run.system_gpus - run.gpus
        out.append(GoodputCheck(run, goodput(cluster, run.system_gpus, spares=spares)))
    return tuple(out)
