"""Goodput of an analysed design or cluster at job sizes, with the data's defaults for what a
caller leaves out and the system's TCO under a profile."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ...components.cost_inputs import TcoProfile
from ...components.records import record
from ...components.reliability import ReliabilityData, reliability_data
from ...components.tco_library import profile
from ..costs.ownership import tco
from ..costs.results import TcoResult
from .exposure import exposure
from .goodput import job_goodput
from .results import Exposure, GoodputResult, JobInputs, Prices

if TYPE_CHECKING:
    from ..system_model import SystemModel


@record
class JobOptions:
    """What a caller may set; None takes the data's default (spares: its share of the job)."""

    checkpoint_gb: float | None = None
    write_gbps: float | None = None
    spares: int | None = None


DATA_DEFAULTS = JobOptions()
"""Options that leave every choice to the data."""


def job_inputs(
    parts: Exposure, data: ReliabilityData, gpus: int | None, options: JobOptions
) -> JobInputs:
    """The job of `gpus` GPUs (None: the whole system) with the defaults filled in."""
    recovery = data.recovery
    size = parts.gpus if gpus is None else gpus
    spares = options.spares
    return JobInputs(
        gpus=size,
        spares=int(recovery.spare_share.value * size) if spares is None else spares,
        checkpoint_gb=(
            recovery.checkpoint_gb.value if options.checkpoint_gb is None else options.checkpoint_gb
        ),
        write_gbps=recovery.write_gbps.value if options.write_gbps is None else options.write_gbps,
        detection_min=recovery.detection_min.value,
        restart_min=recovery.restart_min.value,
        repair_h=recovery.repair_h.value,
    )


def system_goodput(
    system: SystemModel,
    sizes: Sequence[int | None],
    data: ReliabilityData,
    options: JobOptions = DATA_DEFAULTS,
    tco_profile: TcoProfile | str | Path | None = None,
) -> tuple[GoodputResult, ...]:
    """The goodput at each job size, the system's parts and TCO worked out once."""
    return priced_goodput(
        system, sizes, data, prices_of(tco(system.cost_basis(), profile(tco_profile))), options
    )


def prices_of(cost: TcoResult) -> Prices:
    """The nominal prices a job's effective ones divide."""
    return Prices(cost.tco_usd_per_gpu_hour, cost.tco_usd_per_bf16_pflops_hour)


def priced_goodput(
    system: SystemModel,
    sizes: Sequence[int | None],
    data: ReliabilityData,
    prices: Prices,
    options: JobOptions = DATA_DEFAULTS,
    parts: Exposure | None = None,
) -> tuple[GoodputResult, ...]:
    """The goodput at each job size under prices already worked out (and the system's parts,
    where already counted)."""
    parts = exposure(system) if parts is None else parts
    return tuple(
        job_goodput(system.id, parts, data, job_inputs(parts, data, size, options), prices)
        for size in sizes
    )


def whole_system_goodput(
    system: SystemModel, cost: TcoResult, parts: Exposure | None = None
) -> GoodputResult | None:
    """The whole-system job with the built-in data's defaults under `cost`'s profile (over the
    system's parts, where already counted); None for a system without GPUs, which runs no
    training job."""
    if not system.gpus:
        return None
    prices = prices_of(cost)
    (result,) = priced_goodput(system, [None], reliability_data(), prices, parts=parts)
    return result
