"""The collectives a summary shows: each op at the standard size inside one scale-up domain and
across the system."""

from __future__ import annotations

from collections.abc import Sequence

from ...components.collective_data import OPS
from .collective_model import collective
from .levels import Level
from .results import SCOPES, SUMMARY_SIZE, CollectiveResult, ScopedResult


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


def by_group(results: Sequence[ScopedResult]) -> tuple[CollectiveResult, ...]:
    """The results a table lists: each group size once, smallest first (one set of rows where
    one scale-up domain is every GPU)."""
    groups = sorted({r.result.gpus for r in results})
    firsts = [next(r.scope for r in results if r.result.gpus == g) for g in groups]
    return tuple(r.result for scope in firsts for r in results if r.scope == scope)
