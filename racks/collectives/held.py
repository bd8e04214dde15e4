"""The published runs a system holds: those taken on a system like it, judged by its levels
(interconnects, group sizes, line rates, planes), never by its id, so a renamed copy or a variant
equal to a built-in holds the built-in's runs; and the model's figure for each run."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from ...components.cache import cached
from ...components.collective_data import CollectiveData, Measurement, collective_data
from ..locate import builtin_data, builtin_design_ids
from .collective_model import collective
from .levels import Level, modelled_levels, system_levels
from .results import Check

Domain = tuple[str, int, float, int]
"""What a collective inside one scale-up domain depends on: interconnect, GPUs, line rate per
GPU and mesh peers."""

if TYPE_CHECKING:
    from ..system_model import SystemModel


def held_runs(system: SystemModel, data: CollectiveData) -> tuple[Measurement, ...]:
    """The published runs (each at the system's own line rate) taken on a system like this one."""
    mine = modelled_levels(system, data)
    if not mine:
        return ()
    return tuple(m for m in data.measurements if _run_levels(m.system) == mine)


def check_run(system: SystemModel, run: Measurement, data: CollectiveData) -> Check:
    """The model's figure for a published run on `system` at the run's own scale-up line rate,
    by the algorithm the model chooses or the one the run forced."""
    steps = system_levels(system, data, run.scale_up_gbps_per_gpu)
    pinned = run.algorithm if run.pinned else None
    return Check(run, collective(steps, run.op, run.bytes, run.gpus, pinned))


def measured(levels: tuple[Level, ...]) -> bool:
    """Whether a published run was taken on a scale-up domain like the one of these levels (the
    same interconnect, domain size and line rate per GPU), else the figures are a projection."""
    mine = domain(levels)
    return mine is not None and mine in _measured_domains()


def domain(levels: tuple[Level, ...]) -> Domain | None:
    """The scale-up domain of these levels, or None without one."""
    up = next((s for s in levels if s.name == "scale-up"), None)
    if up is None:
        return None
    return up.interconnect.id, up.span, up.gbps_per_gpu, up.mesh_peers


@cache
def _measured_domains() -> frozenset[Domain | None]:
    """The scale-up domains of the built-in systems published runs were taken on at their own
    line rate, found once per process (the built-in data and systems are fixed)."""
    data = collective_data()
    return frozenset(
        domain(_run_levels(m.system)) for m in data.measurements if m.scale_up_gbps_per_gpu is None
    )


def _run_levels(system_id: str) -> tuple[Level, ...]:
    """The levels of the built-in system a run was taken on."""
    return _levels_of_run_systems()[system_id]


@cache
def _levels_of_run_systems() -> dict[str, tuple[Level, ...]]:
    """The levels of every built-in system a published run was taken on: found once and kept
    with the validated data, since they follow from the built-in data alone (building the
    clusters among them is most of what checking a system's runs costs)."""
    data = collective_data()
    ids = sorted({m.system for m in data.measurements})
    return cached("run-levels", builtin_data(), lambda: {i: _levels_of(i, data) for i in ids})


def _levels_of(system_id: str, data: CollectiveData) -> tuple[Level, ...]:
    """The levels of a built-in design or cluster, analysed."""
    from ..library import builtin_design

    if system_id in builtin_design_ids():
        return modelled_levels(builtin_design(system_id), data)
    from ..clusters.builtin_systems import builtin_cluster

    return modelled_levels(builtin_cluster(system_id), data)
