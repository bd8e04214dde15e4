"""The collectives a summary shows: each op at 1 GiB inside one scale-up domain and across the
system; and a published run beside the model's figure for it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ...components.collective_data import OPS, Measurement
from .collective_model import CollectiveResult, collective
from .levels import Level

SUMMARY_SIZE = 2**30
"""The buffer every summary collective moves: 1 GiB."""

Scope = Literal["one scale-up domain", "every GPU"]
SCOPES: tuple[Scope, ...] = ("one scale-up domain", "every GPU")


@dataclass(frozen=True)
class ScopedResult:
    """One op at `SUMMARY_SIZE` over the GPUs of one scope."""

    scope: Scope
    result: CollectiveResult


def scoped_results(levels: tuple[Level, ...]) -> tuple[ScopedResult, ...]:
    """Each op in one scale-up domain (the first level) and on every GPU (the last, where there
    are several levels); none where a level spans fewer than two GPUs or nothing is modelled."""
    out = []
    for scope, index in zip(SCOPES, (0, -1), strict=True):
        if not levels or levels[index].span < 2 or (index == -1 and len(levels) == 1):
            continue
        span = levels[index].span
        out += [ScopedResult(scope, collective(levels, op, SUMMARY_SIZE, span)) for op in OPS]
    return tuple(out)


def summary_results(results: Sequence[ScopedResult]) -> list[CollectiveResult]:
    """The results a table lists: each group size once, smallest first (one set of rows where
    one scale-up domain is every GPU)."""
    groups = sorted({r.result.gpus for r in results})
    firsts = [next(r.scope for r in results if r.result.gpus == g) for g in groups]
    return [r.result for scope in firsts for r in results if r.scope == scope]


@dataclass(frozen=True)
class Check:
    """One published measurement beside the model's figure for it."""

    measurement: Measurement
    result: CollectiveResult

    @property
    def error_pct(self) -> float:
        """Model over measurement, less one, in per cent."""
        return 100 * (self.result.busbw_gbytes_per_s / self.measurement.busbw_gbytes_per_s - 1)


def run_algorithm(measurement: Measurement) -> str:
    """The algorithm a published run used as its checks show it: `ring (forced)` where the run
    pinned it, `not stated` where its source does not say."""
    if measurement.algorithm is None:
        return "not stated"
    return measurement.algorithm + (" (forced)" if measurement.pinned else "")
