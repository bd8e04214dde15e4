"""The text `rackbom collectives` prints: the levels, the table, the checks, the workloads."""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING

from rackbom.components.collective_data import OPS
from rackbom.exports.charts.collectives_chart import size_text
from rackbom.racks.collectives.collective_model import CollectiveResult
from rackbom.racks.collectives.workloads import WorkloadStep
from rackbom.textable import render_table

if TYPE_CHECKING:
    from rackbom.system import System


def render_collectives(
    target: System, results: tuple[CollectiveResult, ...], api: ModuleType
) -> str:
    """Levels, one row per result, and the communication workloads' steps."""
    lines = [f"{target.name} ({target.id})", "", *_level_lines(target, api)]
    lines += ["", _results_table(results)]
    if not api.measured(target):
        lines.append(
            "projection: no published measurement exists for this system; "
            "the model's figures are not checked against one"
        )
    lines += [
        "",
        "Communication workloads (dense BF16; no overlap of communication with compute):",
        _workloads_table(api.workload_steps(target)),
    ]
    return "\n".join(lines)


def _level_lines(target: System, api: ModuleType) -> list[str]:
    lines = []
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
    return lines


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


SUMMARY_SIZE = 2**30
SCOPES = (("one scale-up domain", 0), ("every GPU", -1))


def summary_results(target: System, api: ModuleType) -> list[tuple[str, CollectiveResult]]:
    """Each op at 1 GiB inside one scale-up domain and across the system, by scope."""
    levels = api.modelled(target)
    out = []
    for scope, index in SCOPES:
        if not levels or levels[index].span < 2 or (index == -1 and len(levels) == 1):
            continue
        for op in OPS:
            out.append((scope, api.collective(target, op, SUMMARY_SIZE, levels[index].span)))
    return out


def render_summary_block(target: System, api: ModuleType) -> str:
    """The block `show` prints: each op at 1 GiB in a domain and across the system."""
    found = summary_results(target, api)
    if not found:
        return "Collectives: nothing to model (no GPU links, or an interconnect the data lacks)"
    rows = [
        [r.op, scope, f"{r.gpus:,}", r.algorithm, f"{r.busbw_gbps / 8:,.1f}", r.bottleneck]
        for scope, r in found
    ]
    note = "" if api.measured(target) else " (a projection: no published run on this design)"
    return (
        f"Collectives at 1 GiB, busbw as nccl-tests defines it{note}; "
        "`rackbom collectives` for every size:\n"
        + render_table(["op", "group", "GPUs", "algorithm", "busbw GB/s", "bottleneck"], rows)
    )


def comparison_rows(targets: Sequence[System], api: ModuleType) -> list[list[str]]:
    """Rows for `compare`: each op's busbw at 1 GiB per scope, one column per system."""
    found = [dict(((scope, r.op), r) for scope, r in summary_results(t, api)) for t in targets]
    rows = []
    for scope, _ in SCOPES:
        for op in OPS:
            cells = [f.get((scope, op)) for f in found]
            if any(cells):
                label = f"{op} busbw at 1 GiB, {scope} (GB/s)"
                rows.append([label, *(f"{c.busbw_gbps / 8:,.1f}" if c else "-" for c in cells)])
    return rows


def render_checks(api: ModuleType) -> str:
    """The model beside every published run it is held to."""
    rows = [
        [
            c.measurement.id,
            c.measurement.system,
            f"{c.measurement.gpus:,}",
            size_text(c.measurement.bytes),
            f"{c.measurement.busbw_gbytes_per_s:,.1f}",
            f"{c.result.busbw_gbps / 8:,.1f}",
            f"{c.error_pct:+.1f}",
        ]
        for c in api.collective_checks()
    ]
    header = ["published run", "system", "GPUs", "size", "published GB/s", "model GB/s", "error %"]
    return render_table(header, rows)
