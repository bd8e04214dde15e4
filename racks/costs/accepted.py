"""The cost per accepted run (or per million accepted requests) of a workload on a design.

The numerator is every GPU-hour spent (accepted units, failed attempts at their full GPU-hours,
completed units that fail acceptance) at the TCO per GPU-hour, plus the engineering weeks of
porting, validation and keeping a fallback; the denominator counts accepted units only.
"""

from __future__ import annotations

from ...components.cost_inputs import Workload
from ...components.errors import InputError
from ...components.records import record
from ..cost_basis import CostBasis
from .results import TcoResult

SECONDS_PER_HOUR = 3600.0


@record
class AcceptedCost:
    """Cost of a workload on one design, broken down, per accepted run or per million accepted
    requests (`per` says which)."""

    workload: str
    target: str
    profile: str
    unit: str
    per: str
    example: bool
    gpu_hours_per_unit: float
    accepted_per_year: float
    hardware_usd: float
    """GPU-hours of accepted units at the TCO less power."""
    power_usd: float
    people_usd: float
    failures_usd: float
    """GPU-hours of failed attempts and of units that fail acceptance."""
    total_usd: float


def figure_per_gpu(basis: CostBasis, scale_by: str) -> float | None:
    """The per-GPU figure a workload scales by: dense PFLOPS at a precision (None where the
    chip lacks it), or HBM TB/s."""
    if scale_by == "hbm_bandwidth":
        return basis.hbm_tbytes_per_s / basis.gpus
    total = basis.dense_pflops[scale_by]
    return None if total is None else total / basis.gpus


def speed(workload: Workload, basis: CostBasis) -> float:
    """How many times faster one GPU of this design is than the GPU the workload was measured
    on, by its `scale_by` figure (1 where it is used as measured)."""
    if basis.gpus == 0:
        why = f"{basis.target} has no GPUs for the workload to run on"
        raise InputError(None, f"workloads(id={workload.id})", why)
    if workload.scale_by == "none":
        return 1.0
    assert workload.reference_per_gpu is not None
    figure = figure_per_gpu(basis, workload.scale_by)
    if figure is None or figure <= 0:
        why = f"{basis.target} has no {workload.scale_by} figure to scale by"
        raise InputError(None, f"workloads(id={workload.id}).scale_by", why)
    return figure / workload.reference_per_gpu


def gpu_hours_per_unit(workload: Workload, basis: CostBasis) -> float:
    """GPU-hours one unit takes on this design, carried from the measured GPU by `scale_by`."""
    ratio = speed(workload, basis)
    if workload.unit == "run":
        assert workload.gpu_hours_per_run is not None
        return workload.gpu_hours_per_run / ratio
    assert workload.tokens_per_request is not None and workload.tokens_per_second_per_gpu
    per_second = workload.tokens_per_second_per_gpu * ratio
    return workload.tokens_per_request / per_second / SECONDS_PER_HOUR


def accepted_cost(workload: Workload, basis: CostBasis, owned: TcoResult) -> AcceptedCost:
    """The cost per accepted unit of `workload` on `basis`, owned as `owned` says."""
    w = workload
    hours = gpu_hours_per_unit(w, basis)
    attempts = w.units_per_year
    completed = attempts * (1 - w.failed_run_fraction)
    accepted = completed * w.acceptance_rate
    wasted = attempts - accepted
    power_rate, total_rate = owned.opex_power_usd_per_gpu_hour, owned.tco_usd_per_gpu_hour
    assert power_rate is not None and total_rate is not None  # a system with GPUs has both
    hardware_rate = total_rate - power_rate
    weeks = w.engineering_weeks_porting + w.engineering_weeks_validation
    weeks += w.engineering_weeks_fallback
    hardware = hours * hardware_rate
    power = hours * power_rate
    people = weeks * w.engineer_week_usd / accepted
    failures = wasted * hours * total_rate / accepted
    scale = 1e6 if w.unit == "request" else 1.0
    return AcceptedCost(
        workload=w.id,
        target=basis.target,
        profile=owned.profile,
        unit=w.unit,
        per="million accepted requests" if w.unit == "request" else "accepted run",
        example=w.example,
        gpu_hours_per_unit=hours,
        accepted_per_year=accepted,
        hardware_usd=hardware * scale,
        power_usd=power * scale,
        people_usd=people * scale,
        failures_usd=failures * scale,
        total_usd=(hardware + power + people + failures) * scale,
    )
