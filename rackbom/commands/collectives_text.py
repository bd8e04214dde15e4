"""The text `rackbom collectives` prints: the levels, the table, the checks, the workloads."""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from rackbom.exports.collectives_chart import size_text
from rackbom.racks.collectives.model import CollectiveResult
from rackbom.textable import render_table

if TYPE_CHECKING:
    from rackbom.cluster_model import Cluster
    from rackbom.design import Design


def render_collectives(
    target: Design | Cluster, results: tuple[CollectiveResult, ...], api: ModuleType
) -> str:
    """Levels, one row per result, and the reference workloads' steps."""
    lines = [f"{target.name} ({target.id})", ""]
    for level in api.levels(target):
        link = level.interconnect
        taper = level.oversubscription
        planes = f" over {level.planes} planes/rails" if level.planes > 1 else ""
        mesh = f", mesh to {level.mesh_peers} peers" if level.mesh_peers else ""
        lines.append(
            f"{level.name}: {link.name}, {level.span:,} GPUs, {level.gbps_per_gpu:,.0f} Gbit/s"
            f" per GPU{planes}{mesh}, {100 * link.efficiency:.1f}% achievable,"
            f" {level.step_us:.1f} us per step"
            + (f", oversubscribed {taper:g}:1" if taper > 1 else "")
        )
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
    header.append("bottleneck")
    lines += ["", render_table(header, rows)]
    if not api.measured(target):
        lines.append(
            "projection: no published measurement exists for this system; "
            "the model's figures are not checked against one"
        )
    steps = api.workload_steps(target)
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
    header = [
        "workload",
        "GPUs",
        "comm ms/step",
        "compute ms/step",
        "comm %",
        "peak PF",
        "effective PF",
        "$/peak PF-h",
        "$/effective PF-h",
    ]
    lines += [
        "",
        "Reference workloads (dense BF16; no overlap of communication with compute):",
        render_table(header, rows),
    ]
    return "\n".join(lines)


def _usd(value: float | None) -> str:
    return "-" if value is None else f"{value:,.2f}"
