"""The workbook's Collectives sheet: each system's collectives and workload steps, the checks.

Figures are values computed by the model (not formulas): collective times come from closed
forms over each system's levels, which a spreadsheet formula would only restate.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..components.collectives import OPS, collective_data
from ..components.tco import TcoProfile
from ..components.tco_library import profile
from ..racks.analysis import Analysis
from ..racks.clusters import ClusterAnalysis
from ..racks.collectives.levels import levels_of, modelled_levels
from ..racks.collectives.model import collective
from ..racks.collectives.workloads import workload_step
from ..racks.costs.basis import cluster_basis, design_basis
from ..racks.costs.tco import tco
from .collectives_chart import size_text
from .workbook_cells import SheetData, number, text

SIZE = 2**30
COLLECTIVE_COLUMNS = (
    "System",
    "Op",
    "Size",
    "GPUs",
    "Algorithm",
    "Time (us)",
    "algbw (GB/s)",
    "busbw (GB/s)",
    "Bottleneck",
)
WORKLOAD_COLUMNS = (
    "System",
    "Workload",
    "GPUs",
    "Comm (ms/step)",
    "Compute (ms/step)",
    "Comm share",
    "Peak BF16 PFLOPS/GPU",
    "Effective PFLOPS/GPU",
    "TCO $/peak PFLOPS-h",
    "TCO $/effective PFLOPS-h",
)
CHECK_COLUMNS = ("Published run", "System", "GPUs", "Size", "Published (GB/s)", "Model", "Error")


def collectives_sheet(
    analyses: Sequence[Analysis],
    clusters: Sequence[ClusterAnalysis] = (),
    tco_profile: TcoProfile | str | Path | None = None,
) -> SheetData:
    """Each op at 1 GiB in a domain and across each system, workloads, and the published runs."""
    data = collective_data()
    chosen = profile(tco_profile)
    sheet = SheetData("Collectives", freeze_column=2)
    sheet.add(text("Collectives", "title"))
    sheet.add(
        text(
            "Bus bandwidth as nccl-tests defines it, from each system's scale-up domain and "
            "scale-out fabric; interconnect shares of line rate and latencies are sourced data "
            "(rackbom/components/data/collectives.yaml). Workloads assume no overlap of "
            f"communication with compute; TCO under profile {chosen.id}.",
            "note",
        )
    )
    sheet.add()
    sheet.header(COLLECTIVE_COLUMNS)
    systems: list[tuple[str, Analysis | ClusterAnalysis, Analysis, float | None]] = []
    for analysis in analyses:
        cost = tco(design_basis(analysis), chosen).tco_usd_per_gpu_hour
        systems.append((analysis.id, analysis, analysis, cost))
    for cluster in clusters:
        cost = tco(cluster_basis(cluster.summary), chosen).tco_usd_per_gpu_hour
        systems.append((cluster.id, cluster, cluster.rack, cost))
    steps_of = {name: modelled_levels(system, data) for name, system, _, _ in systems}
    for name, _, _, _ in systems:
        steps = steps_of[name]
        groups = sorted({s for s in (steps[0].span, steps[-1].span) if s >= 2}) if steps else []
        for group in groups:
            for op in OPS:
                r = collective(steps, op, SIZE, group)
                sheet.add(
                    text(name),
                    text(op),
                    text(size_text(SIZE)),
                    number(group, "int"),
                    text(r.algorithm),
                    number(r.time_us, "decimal"),
                    number(r.algbw_gbps / 8, "decimal"),
                    number(r.busbw_gbps / 8, "decimal"),
                    text(r.bottleneck),
                )
    sheet.add()
    sheet.add(text("Reference workloads", "section"))
    sheet.header(WORKLOAD_COLUMNS)
    for name, _, design, cost in systems:
        steps = steps_of[name]
        peak = design.summary.bf16_dense_pflops_per_gpu
        if not steps or not peak:
            continue
        for workload in data.workloads.values():
            s = workload_step(steps, workload, peak, cost)
            sheet.add(
                text(name),
                text(workload.name),
                number(s.gpus, "int"),
                number(s.comm_ms_per_step, "decimal"),
                number(s.compute_ms_per_step, "decimal"),
                number(s.comm_share_pct / 100, "percent"),
                number(s.peak_pflops_per_gpu, "decimal"),
                number(s.effective_pflops_per_gpu, "num:#,##0.00"),
                number(s.tco_usd_per_peak_pflops_hour, "usd"),
                number(s.tco_usd_per_effective_pflops_hour, "usd"),
            )
    sheet.add()
    sheet.add(text("The model against published runs", "section"))
    sheet.header(CHECK_COLUMNS)
    for m in data.measurements:
        system = next((found for name, found, _, _ in systems if name == m.system), None)
        if system is None:
            continue
        steps = levels_of(system, data, m.scale_up_gbps_per_gpu)
        model = collective(steps, m.op, m.bytes, m.gpus).busbw_gbps / 8
        sheet.add(
            text(m.name),
            text(m.system),
            number(m.gpus, "int"),
            text(size_text(m.bytes)),
            number(m.busbw_gbytes_per_s, "decimal"),
            number(model, "decimal"),
            number(model / m.busbw_gbytes_per_s - 1, "percent"),
        )
    return sheet
