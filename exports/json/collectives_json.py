"""Collective results as the JSON rows `rackbom collectives --json` and `show --json` print."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...components.formats import DECIMAL
from ...components.outputs import finite

if TYPE_CHECKING:
    from ...racks.collectives.results import Check, CollectiveResult


def result_row(result: CollectiveResult) -> dict[str, Any]:
    """One row: op, bytes, gpus, algorithm, time (us), algbw and busbw (Gbit/s), bottleneck."""
    row = {
        "op": result.op,
        "bytes": result.bytes,
        "gpus": result.gpus,
        "algorithm": result.algorithm,
        "time_us": finite(result.time_us, "collectives.time_us"),
        "algbw_gbps": finite(result.algbw_gbps, "collectives.algbw_gbps"),
        "busbw_gbps": finite(result.busbw_gbps, "collectives.busbw_gbps"),
        "bottleneck": result.bottleneck,
    }
    return row


def check_row(check: Check) -> dict[str, Any]:
    """A published run and the model's row for the same op, size and GPUs, with its source."""
    m = check.measurement
    return {
        "run": m.id,
        "name": m.name,
        "system": m.system,
        "source": m.source,
        "published_busbw_gbytes_per_s": m.busbw_gbytes_per_s,
        "published_algorithm": m.algorithm,
        "forced": m.pinned,
        "model": result_row(check.result),
        "error_pct": DECIMAL.rounded(finite(check.error_pct, "collectives.error_pct")),
    }


def collective_rows(results: Sequence[CollectiveResult]) -> list[dict[str, Any]]:
    """The rows of these results (a report's `collectives_by_group`)."""
    return [result_row(r) for r in results]
