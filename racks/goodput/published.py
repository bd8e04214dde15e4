"""Published training runs beside rackbom's figures for the same job."""

from __future__ import annotations

from dataclasses import dataclass

from ...components.reliability import PublishedRun, reliability_data
from .goodput import GoodputResult


@dataclass(frozen=True)
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


def published_runs() -> tuple[PublishedRun, ...]:
    """The built-in published runs."""
    return tuple(reliability_data().published)
