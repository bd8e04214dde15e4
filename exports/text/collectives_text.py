"""The text `rackbom collectives` prints: the levels, the table, the checks, the workloads."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...components.collective_data import OPS
from ...racks.collectives.results import SCOPES, SUMMARY_SIZE
from ..charts.collectives_chart import size_text
from .table import render_table

if TYPE_CHECKING:
    from ...racks.collectives.levels import Level
    from ...racks.collectives.results import Check, CollectiveResult, ScopedResult
    from ...racks.collectives.workloads import WorkloadStep
    from ...racks.system_model import SystemModel


def render_collectives(
    system: SystemModel,
    levels: Sequence[Level],
    results: Sequence[CollectiveResult],
    measured: bool,
    steps: Sequence[WorkloadStep],
    profile_id: str,
) -> str:
    """Levels, one row per result, and the communication workloads' steps (their TCO under the
    profile `profile_id`)."""
    lines = [f"{system.name} ({system.id})", "", *_level_lines(levels)]
    lines += ["", _results_table(results)]
    if not measured:
        lines.append(
            "projection: no published measurement exists for this system; "
            "the model's figures are not checked against one"
        )
    lines += [
        "",
        "Communication workloads (dense BF16; no overlap of communication with compute;"
        f" TCO under profile {profile_id!r}):",
        _workloads_table(steps),
    ]
    return "\n".join(lines)


def _level_lines(levels: Sequence[Level]) -> list[str]:
    lines = []
    for level in levels:
        link = level.interconnect
        taper = level.oversubscription
        planes = f" over {level.planes} planes/rails" if level.planes > 1 else ""
        mesh = f", mesh to {level.mesh_peers} peers" if level.mesh_peers else ""
        lines.append(
            f"{level.name}: {link.name}, {level.span:,} GPUs, {level.gbps_per_gpu:,.0f} Gbit/s"
            f" per GPU{planes}{mesh}, {100 * link.efficiency:.1f}% achievable,"
            f" {level.step_us:.1f} us per step"
            + (f", oversubscribed {taper:g}:1" if taper > 1 else "")
            + _reduction_text(level)
        )
    return lines


def _reduction_text(level: Level) -> str:
    red = level.reduction
    if red is None:
        return ""
    name = "NVLink SHARP" if red.kind == "nvls" else "SHARP"
    when = "" if red.by_default else ", used only when pinned"
    return f", {name} in the switches ({red.latency_us:g} us{when})"


def _results_table(results: Sequence[CollectiveResult]) -> str:
    rows = [
        [
            r.op,
            size_text(r.bytes),
            f"{r.gpus:,}",
            r.algorithm,
            f"{r.time_us:,.1f}",
            f"{r.algbw_gbps / 8:,.1f}",
            f"{r.busbw_gbps / 8:,.1f}",
            r.bottleneck,
        ]
        for r in results
    ]
    header = ["op", "size", "GPUs", "algorithm", "time us", "algbw GB/s", "busbw GB/s"]
    return render_table([*header, "bottleneck"], rows)


def _workloads_table(steps: Sequence[WorkloadStep]) -> str:
    rows = [
        [
            s.workload,
            f"{s.gpus:,}",
            f"{s.comm_ms_per_step:,.1f}",
            f"{s.compute_ms_per_step:,.1f}",
            f"{s.comm_share_pct:.1f}",
            f"{s.peak_pflops_per_gpu:.2f}",
            f"{s.effective_pflops_per_gpu:.2f}",
            _usd(s.tco_usd_per_peak_pflops_hour),
            _usd(s.tco_usd_per_effective_pflops_hour),
        ]
        for s in steps
    ]
    header = ["workload", "GPUs", "comm ms/step", "compute ms/step", "comm %", "peak PF"]
    header += ["effective PF", "$/peak PF-h", "$/effective PF-h"]
    return render_table(header, rows)


def _usd(value: float | None) -> str:
    return "-" if value is None else f"{value:,.2f}"


def render_summary_block(found: Sequence[ScopedResult], measured: bool) -> str:
    """The block `show` prints: each op at the standard size in a domain and across the system."""
    if not found:
        return "Collectives: nothing to model (no GPU links, or an interconnect the data lacks)"
    rows = [
        [r.op, s.scope, f"{r.gpus:,}", r.algorithm, f"{r.busbw_gbps / 8:,.1f}", r.bottleneck]
        for s in found
        for r in (s.result,)
    ]
    note = "" if measured else " (a projection: no published run on this design)"
    return (
        f"Collectives at {size_text(SUMMARY_SIZE)}, busbw as nccl-tests defines it{note}; "
        "`rackbom collectives` for every size:\n"
        + render_table(["op", "group", "GPUs", "algorithm", "busbw GB/s", "bottleneck"], rows)
    )


def comparison_rows(per_system: Sequence[Sequence[ScopedResult]]) -> list[list[str]]:
    """Rows for `compare`: each op's busbw at the standard size per scope, a column per system."""
    found = [{(s.scope, s.result.op): s.result for s in results} for results in per_system]
    rows = []
    for scope in SCOPES:
        for op in OPS:
            cells = [f.get((scope, op)) for f in found]
            if any(cells):
                label = f"{op} busbw at {size_text(SUMMARY_SIZE)}, {scope} (GB/s)"
                rows.append([label, *(f"{c.busbw_gbps / 8:,.1f}" if c else "-" for c in cells)])
    return rows


def render_checks(checks: Sequence[Check]) -> str:
    """The model beside every published run it is held to, with the algorithm of each."""
    rows = [
        [
            c.measurement.id,
            c.measurement.system,
            f"{c.measurement.gpus:,}",
            size_text(c.measurement.bytes),
            c.run_algorithm,
            f"{c.measurement.busbw_gbytes_per_s:,.1f}",
            c.result.algorithm,
            f"{c.result.busbw_gbps / 8:,.1f}",
            f"{c.error_pct:+.1f}",
        ]
        for c in checks
    ]
    header = ["published run", "system", "GPUs", "size", "run's algorithm", "published GB/s"]
    header += ["model's algorithm", "model GB/s", "error %"]
    return render_table(header, rows)


CHECKS_NOTE = (
    "Each run with the library's default settings unless marked forced (NCCL_ALGO);"
    " the model chooses as the library would, or takes the forced algorithm."
)
"""The line `collectives --checks` prints above its table."""
