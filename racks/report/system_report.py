"""A system's report under a run's profiles: summary, TCO, plant, collectives at their standard
size, the published runs it holds with the model's figures, workload steps and goodput.

Each part is worked out on first use and kept, so an output reads only what it prints and no
part is worked out twice; every output of a command formats the one report of each system.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import TYPE_CHECKING

from ...components.collective_data import OPS, collective_data
from ...components.records import record

if TYPE_CHECKING:
    from ...components.cost_inputs import TcoProfile
    from ...components.plant_library import PlantRules
    from ..clusters.cluster_summary import ClusterSummary
    from ..collectives.levels import Level
    from ..collectives.results import Check, CollectiveResult, ScopedResult
    from ..collectives.workloads import WorkloadStep
    from ..costs.results import TcoResult
    from ..goodput.results import Exposure, GoodputResult
    from ..plant.plan import PlantSummary
    from ..summary import DesignSummary
    from ..system_model import SystemModel


@record
class SystemReport:
    """What every output prints of one design or cluster under one TCO and one plant profile."""

    system: SystemModel
    tco_profile: TcoProfile
    rules: PlantRules

    @property
    def id(self) -> str:
        """The system's id."""
        return self.system.id

    @property
    def summary(self) -> DesignSummary | ClusterSummary:
        """The key figures."""
        return self.system.summary

    @cached_property
    def tco(self) -> TcoResult:
        """The cost of ownership under the TCO profile (a bare design buys no scale-out network)."""
        from ..costs.ownership import tco

        return tco(self.system.cost_basis(), self.tco_profile)

    @cached_property
    def plant(self) -> PlantSummary:
        """The plant under the plant profile at the TCO profile's PUE."""
        from ..plant.plan import system_plant

        return system_plant(self.system, self.rules, self.tco_profile.pue)

    @cached_property
    def levels(self) -> tuple[Level, ...]:
        """The levels a collective crosses, or none where an interconnect is not modelled."""
        from ..collectives.levels import modelled_levels

        return modelled_levels(self.system, collective_data())

    @cached_property
    def collectives(self) -> tuple[ScopedResult, ...]:
        """Each op at the standard size (`SUMMARY_SIZE`) in one scale-up domain and on every GPU."""
        from ..collectives.scoped import scoped_results

        return scoped_results(self.levels)

    @cached_property
    def sweeps(self) -> Mapping[str, tuple[CollectiveResult, ...]]:
        """Each op at every sweep size (1 MiB to 4 GiB) on every GPU; none without levels."""
        from ..collectives.collective_model import SWEEP_SIZES, collective

        if not self.levels:
            return {}
        gpus = self.levels[-1].span
        return {op: tuple(collective(self.levels, op, b, gpus) for b in SWEEP_SIZES) for op in OPS}

    @cached_property
    def collectives_by_group(self) -> tuple[CollectiveResult, ...]:
        """The collectives as a table lists them: each group size once, smallest first."""
        from ..collectives.scoped import by_group

        return by_group(self.collectives)

    @cached_property
    def measured(self) -> bool:
        """Whether a published run was taken on a scale-up domain like this one's."""
        from ..collectives.held import measured

        return measured(self.levels)

    @cached_property
    def checks(self) -> tuple[Check, ...]:
        """The published runs taken on a system like this one, each with the model's figure."""
        from ..collectives.held import check_run, held_runs

        data = collective_data()
        return tuple(check_run(self.system, m, data) for m in held_runs(self.system, data))

    @cached_property
    def workloads(self) -> tuple[WorkloadStep, ...]:
        """Every communication workload's step, priced per PFLOPS-hour under the TCO profile."""
        from ..collectives.workloads import system_steps

        cost = self.tco.tco_usd_per_gpu_hour
        return system_steps(self.system, self.levels, collective_data(), cost)

    @cached_property
    def exposure(self) -> Exposure:
        """The system's parts by kind, each with the GPUs its fault takes out of a job."""
        from ..goodput.exposure import exposure

        return exposure(self.system)

    @cached_property
    def goodput(self) -> GoodputResult | None:
        """The whole-system job's goodput under the TCO (None without GPUs)."""
        from ..goodput.jobs import whole_system_goodput

        parts = self.exposure if self.system.gpus else None  # no GPUs, no job: nothing to count
        return whole_system_goodput(self.system, self.tco, parts)


def system_report(system: SystemModel, tco_profile: TcoProfile, rules: PlantRules) -> SystemReport:
    """The report of an analysed design or cluster under these profiles."""
    return SystemReport(system, tco_profile, rules)
