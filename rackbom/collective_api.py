"""Delivered performance from the facade: collective times, sweeps, workloads, checks.

>>> import rackbom as rb
>>> rb.collective("gb200-nvl72", "all_reduce", 2**30, 72).busbw_gbps / 8  # GB/s
>>> rb.collective_sweep("helios-16k", "all_to_all")  # 13 sizes, 1 MiB to 4 GiB
>>> [c.error_pct for c in rb.collective_checks()]  # the model against published runs
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rackbom.components.collective_data import collective_data
from rackbom.racks.collectives import held
from rackbom.racks.collectives.collective_model import SWEEP_SIZES
from rackbom.racks.collectives.collective_model import collective as model
from rackbom.racks.collectives.held import check_run
from rackbom.racks.collectives.levels import Level, modelled_levels, system_levels
from rackbom.racks.collectives.results import Check, CollectiveResult, ScopedResult
from rackbom.racks.collectives.scoped import scoped_results
from rackbom.racks.collectives.workloads import WorkloadStep, system_steps

if TYPE_CHECKING:
    from rackbom.components.cost_inputs import TcoProfile

    from .system import System


def _system(system: System | str | Path) -> System:
    from .resolve import resolve

    return resolve(system)


def levels(system: System | str | Path) -> tuple[Level, ...]:
    """The levels a collective crosses on a design or cluster."""
    return system_levels(_system(system).analysis, collective_data())


def modelled(system: System | str | Path) -> tuple[Level, ...]:
    """The levels, or none where the system uses an interconnect the data does not hold."""
    return modelled_levels(_system(system).analysis, collective_data())


def collective(
    system: System | str | Path,
    op: str,
    size: int,
    gpus: int | None = None,
    algorithm: str | None = None,
) -> CollectiveResult:
    """One collective of `size` bytes on `gpus` GPUs (default: all of the system's), by the
    algorithm the library would choose or by `algorithm` (ring, tree, nvls, nvls_tree, collnet,
    hierarchical, direct)."""
    steps = levels(system)
    return model(steps, op, size, gpus if gpus is not None else _all_gpus(steps), algorithm)


def collective_sweep(
    system: System | str | Path,
    op: str = "all_reduce",
    gpus: int | None = None,
    algorithm: str | None = None,
) -> tuple[CollectiveResult, ...]:
    """The collective at each of the 13 sizes from 1 MiB to 4 GiB."""
    steps = levels(system)
    group = gpus if gpus is not None else _all_gpus(steps)
    return tuple(model(steps, op, size, group, algorithm) for size in SWEEP_SIZES)


def _all_gpus(steps: tuple[Level, ...]) -> int:
    return steps[-1].span if steps else 0


def workload_steps(
    system: System | str | Path, tco_profile: TcoProfile | str | Path | None = None
) -> tuple[WorkloadStep, ...]:
    """Every communication workload's step on the system, with TCO per effective PFLOPS-hour
    under a TCO profile (default `default`)."""
    target = _system(system)
    cost = target.tco(tco_profile).tco_usd_per_gpu_hour
    return system_steps(target.analysis, levels(target), collective_data(), cost)


def summary_collectives(system: System | str | Path) -> tuple[ScopedResult, ...]:
    """Each op at 1 GiB inside one scale-up domain and across the system (none where the system
    uses an interconnect the data does not hold)."""
    return scoped_results(modelled(system))


def collective_checks() -> tuple[Check, ...]:
    """Every published measurement with the model's figure for the same run: the algorithm the
    model chooses, or the one the run forced."""
    data = collective_data()
    return tuple(check_run(_system(m.system).analysis, m, data) for m in data.measurements)


def measured(system: System) -> bool:
    """Whether a published measurement was taken on a scale-up domain like this system's (the
    same interconnect, domain size and line rate per GPU), else the figures are a projection.
    Judged by the parts, so a renamed copy or a variant that keeps the domain is measured too."""
    return held.measured(modelled(system))
