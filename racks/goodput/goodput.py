"""Goodput of a training job on a design or cluster: interruptions by cause, checkpoint interval,
recovery and the effective training time ratio (ETTR), with the cost per effective GPU-hour.

A job of `gpus` GPUs holds `spares` of them as hot spares and trains on the rest. Each cause's
interruptions per day are its rate per part times the parts of its kind in the training GPUs'
share of the system. A cause that takes GPUs out (its blast radius) restarts on hot spares
where enough are free (the faults still in repair are Poisson, `checkpoint.spare_cover`), else
waits for the first repair to finish (`checkpoint.spare_wait_h`); every interruption also costs
detection, the relaunch and the checkpoint reload. A scale-up switch tray whose domain stays
joined costs bandwidth, not a restart.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Literal

from ...components.errors import InputError
from ...components.parameters import HOURS_PER_YEAR
from ...components.records import record
from ...components.reliability import Cause, ReliabilityData
from .checkpoint import (
    daly_interval_s,
    ettr,
    spare_cover,
    spare_slots,
    spare_wait_h,
    young_interval_s,
)
from .results import CauseRate, Exposure, GoodputResult, JobInputs, Prices


def check_inputs(system: str, exposure: Exposure, job: JobInputs) -> None:
    """Refuse a job the system cannot run or a checkpoint that cannot be written."""
    if exposure.gpus < 1:
        raise InputError(None, "SYSTEM", f"{system} has no GPUs to train on")
    if not 1 <= job.gpus <= exposure.gpus:
        raise InputError(
            None, "--gpus", f"must be 1 to {exposure.gpus:,} ({system}), not {job.gpus}"
        )
    if not 0 <= job.spares < job.gpus:
        raise InputError(
            None,
            "--spares",
            f"must be 0 to {job.gpus - 1} (below the job's {job.gpus} GPUs), not {job.spares}",
        )
    for field, value in (("--checkpoint-gb", job.checkpoint_gb), ("--write-gbps", job.write_gbps)):
        if not (value > 0 and math.isfinite(value)):
            raise InputError(None, field, f"must be above zero, not {value:g}")


@record
class _Timing:
    """Interruptions, checkpoint intervals, mean recovery and ETTR of one set of causes."""

    per_day: float
    young_s: float | None
    interval_s: float | None
    recovery_s: float
    ettr: float


def _timing(rows: Sequence[CauseRate], job: JobInputs, delta_s: float) -> _Timing:
    per_day = sum(r.rate_per_day for r in rows if r.restart)
    if per_day <= 0:
        return _Timing(0.0, None, None, (job.detection_min + job.restart_min) * 60 + delta_s, 1.0)
    mtbi_s = 86400 / per_day
    recovery_s = sum(r.rate_per_day * r.recovery_min * 60 for r in rows if r.restart) / per_day
    young_s, interval_s = young_interval_s(delta_s, mtbi_s), daly_interval_s(delta_s, mtbi_s)
    return _Timing(
        per_day, young_s, interval_s, recovery_s, ettr(interval_s, delta_s, recovery_s, mtbi_s)
    )


def _at(data: ReliabilityData, end: Literal["low", "high"]) -> ReliabilityData:
    """The data with every cause's rate at the low or the high end of its range."""
    moved = [c.model_copy(update={"rate_per_year": getattr(c, end)}) for c in data.causes]
    return data.model_copy(update={"causes": moved})


def job_goodput(
    system: str, exposure: Exposure, data: ReliabilityData, job: JobInputs, prices: Prices
) -> GoodputResult:
    """The goodput of one job of `job.gpus` GPUs on a system with these parts and domains."""
    check_inputs(system, exposure, job)
    delta_s = job.checkpoint_gb * 8 / job.write_gbps
    rows = causes(exposure, data, job, delta_s)
    t = _timing(rows, job, delta_s)
    worst = _timing(causes(exposure, _at(data, "high"), job, delta_s), job, delta_s)
    best = _timing(causes(exposure, _at(data, "low"), job, delta_s), job, delta_s)
    share = t.ettr * (job.gpus - job.spares) / job.gpus
    return GoodputResult(
        system=system,
        gpus_system=exposure.gpus,
        gpus=job.gpus,
        spares=job.spares,
        checkpoint_gb=job.checkpoint_gb,
        write_gbps=job.write_gbps,
        checkpoint_write_s=delta_s,
        interruptions_per_day=t.per_day,
        mtbi_h=24 / t.per_day if t.per_day > 0 else None,
        by_cause=rows,
        young_interval_min=t.young_s / 60 if t.young_s is not None else None,
        checkpoint_interval_min=t.interval_s / 60 if t.interval_s is not None else None,
        recovery_min=t.recovery_s / 60,
        lost_per_interruption_min=(t.recovery_s + ((t.interval_s or 0.0) + delta_s) / 2) / 60,
        ettr=t.ettr,
        ettr_low=worst.ettr,
        ettr_high=best.ettr,
        effective_share=share,
        tco_usd_per_gpu_hour=prices.usd_per_gpu_hour,
        tco_usd_per_effective_gpu_hour=_effective(prices.usd_per_gpu_hour, share),
        tco_usd_per_bf16_pflops_hour=prices.usd_per_bf16_pflops_hour,
        tco_usd_per_effective_bf16_pflops_hour=_effective(prices.usd_per_bf16_pflops_hour, share),
    )


def causes(
    exposure: Exposure, data: ReliabilityData, job: JobInputs, delta_s: float
) -> tuple[CauseRate, ...]:
    """Each cause's interruptions on the job, its blast radius and its recovery time."""
    training = job.gpus - job.spares
    per_hour = [_per_hour(c, exposure, training) for c in data.causes]
    blasts = [min(exposure.blast[c.outage], training) for c in data.causes]
    restarts = [
        c.outage != "switch_tray" or b > 0 for c, b in zip(data.causes, blasts, strict=True)
    ]
    losing = [(r, b) for r, b, go in zip(per_hour, blasts, restarts, strict=True) if go and b]
    lost_rate = sum(r for r, _ in losing)
    mean_blast = sum(r * b for r, b in losing) / lost_rate if lost_rate else 0.0
    total = sum(r for r, go in zip(per_hour, restarts, strict=True) if go)
    base_s = (job.detection_min + job.restart_min) * 60 + delta_s
    rows = []
    for cause, rate, blast, restart in zip(data.causes, per_hour, blasts, restarts, strict=True):
        slots = spare_slots(job.spares, blast, mean_blast)
        cover = spare_cover(slots, lost_rate * job.repair_h) if blast else 1.0
        wait_s = (1 - cover) * spare_wait_h(slots, job.repair_h) * 3600
        rows.append(
            CauseRate(
                cause=cause.id,
                name=cause.name,
                rate_per_day=rate * 24,
                share=rate / total if restart and total else 0.0,
                gpus_lost=blast,
                restart=restart,
                spare_cover=cover,
                recovery_min=(base_s + wait_s) / 60,
                source=cause.source,
            )
        )
    return tuple(rows)


def _per_hour(cause: Cause, exposure: Exposure, training: int) -> float:
    """Interruptions per hour from this cause on the training GPUs' share of the system."""
    parts = exposure.counts[cause.per] * training / exposure.gpus
    return cause.rate_per_year * parts / HOURS_PER_YEAR


def _effective(nominal: float | None, share: float) -> float | None:
    return nominal / share if nominal is not None else None
