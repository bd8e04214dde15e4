"""Collective results as the JSON rows `rackbom collectives --json` and `show --json` print."""

from __future__ import annotations

from typing import Any

from ..components.outputs import finite
from ..racks.collectives.model import CollectiveResult


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
