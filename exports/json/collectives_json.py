"""Collective results as the JSON rows `rackbom collectives --json` and `show --json` print."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...components.collective_data import OPS, collective_data
from ...components.formats import DECIMAL
from ...components.outputs import finite
from ...racks.collectives.collective_model import CollectiveResult, collective
from ...racks.collectives.levels import modelled_levels
from ...racks.collectives.scoped import Check

if TYPE_CHECKING:
    from ...racks.system_model import SystemModel


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


def collective_rows(system: SystemModel) -> list[dict[str, Any]]:
    """Each op at 1 GiB inside one scale-up domain and across the whole system."""
    steps = modelled_levels(system, collective_data())
    groups = sorted({s for s in (steps[0].span, steps[-1].span) if s >= 2}) if steps else []
    return [result_row(collective(steps, op, 2**30, g)) for g in groups for op in OPS]
