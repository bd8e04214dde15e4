"""The published runs a system holds: those taken on a system like it, judged by its levels
(interconnects, group sizes, line rates, planes), never by its id, so a renamed copy or a variant
equal to a built-in holds the built-in's runs."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from ...components.collective_data import CollectiveData, Measurement, collective_data
from ..locate import builtin_design_ids
from .levels import Level, modelled_levels

if TYPE_CHECKING:
    from ..system_model import SystemModel


def held_runs(system: SystemModel, data: CollectiveData) -> tuple[Measurement, ...]:
    """The published runs (each at the system's own line rate) taken on a system like this one."""
    mine = modelled_levels(system, data)
    if not mine:
        return ()
    return tuple(m for m in data.measurements if _run_levels(m.system) == mine)


@cache
def _run_levels(system_id: str) -> tuple[Level, ...]:
    """The levels of the built-in system a run was taken on, found once per process."""
    from ..library import builtin_design

    data = collective_data()
    if system_id in builtin_design_ids():
        return modelled_levels(builtin_design(system_id), data)
    from ..clusters.builtin_systems import builtin_cluster

    return modelled_levels(builtin_cluster(system_id), data)
