"""What the goodput model gives, types and constants only: a system's exposure to faults, a
job's inputs and prices, its interruptions by cause and its goodput, and a published run beside
rackbom's figure for it."""

from __future__ import annotations

from collections.abc import Mapping

from ...components.records import record
from ...components.reliability import Outage, Per, PublishedRun


@record
class Exposure:
    """Parts by kind across the system and GPUs out of service per outage."""

    gpus: int
    counts: Mapping[Per, int]
    blast: Mapping[Outage, int]


@record
class JobInputs:
    """The job and its recovery: sizes, checkpoint and times."""

    gpus: int
    spares: int
    checkpoint_gb: float
    write_gbps: float
    detection_min: float
    restart_min: float
    repair_h: float


@record
class CauseRate:
    """One cause of interruptions on the job."""

    cause: str
    name: str
    rate_per_day: float
    share: float
    """Of the job's restarting interruptions (0 where the cause does not restart it)."""
    gpus_lost: int
    """GPUs out of the job until repair (a scale-up domain's slice where a tray fails)."""
    restart: bool
    spare_cover: float
    """Probability a hot spare takes over at once (1 where no GPUs are lost)."""
    recovery_min: float
    source: str


@record
class GoodputResult:
    """What interruptions cost one job on one system."""

    system: str
    gpus_system: int
    gpus: int
    spares: int
    checkpoint_gb: float
    write_gbps: float
    checkpoint_write_s: float
    interruptions_per_day: float
    mtbi_h: float | None
    """None without interruptions."""
    by_cause: tuple[CauseRate, ...]
    young_interval_min: float | None
    checkpoint_interval_min: float | None
    """Daly's interval; None without interruptions (never checkpointed for failures)."""
    recovery_min: float
    """Mean time from an interruption to training again, reload and repair waits included."""
    lost_per_interruption_min: float
    """The recovery and the work redone: half an interval and its checkpoint on average."""
    ettr: float
    """Effective training time ratio of the training GPUs, in (0, 1]."""
    ettr_low: float
    """ETTR with every cause's rate at the high end of its range."""
    ettr_high: float
    """ETTR with every cause's rate at the low end of its range."""
    effective_share: float
    """ETTR x training GPUs / job GPUs: the job's GPU-hours that train."""
    tco_usd_per_gpu_hour: float | None
    tco_usd_per_effective_gpu_hour: float | None
    tco_usd_per_bf16_pflops_hour: float | None
    tco_usd_per_effective_bf16_pflops_hour: float | None


@record
class Prices:
    """The system's nominal cost of ownership under one TCO profile (None where unpriced)."""

    usd_per_gpu_hour: float | None
    usd_per_bf16_pflops_hour: float | None


@record
class GoodputCheck:
    """One published run and rackbom's result for a job of its size on a cluster of its size."""

    run: PublishedRun
    result: GoodputResult

    @property
    def published_per_day(self) -> float:
        """Unexpected interruptions per day, as published."""
        return self.run.interruptions / self.run.days

    @property
    def interruptions_error_pct(self) -> float:
        """rackbom's interruptions per day against the published, percent."""
        return (self.result.interruptions_per_day / self.published_per_day - 1) * 100
