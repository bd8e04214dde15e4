"""The workbook's Collectives sheets: each system's collectives, its workload steps, the checks.

Figures are values computed by the model (not formulas): collective times come from closed
forms over each system's levels, which a spreadsheet formula would only restate.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...components.collective_data import OPS, collective_data
from ...components.cost_inputs import TcoProfile
from ...components.formats import DECIMAL
from ...racks.analysis import Analysis
from ...racks.collectives.collective_model import collective
from ...racks.collectives.held import held_runs
from ...racks.collectives.levels import Level, modelled_levels, system_levels
from ...racks.collectives.scoped import run_algorithm
from ...racks.collectives.workloads import workload_step
from ...racks.costs.ownership import tco
from ...racks.system_model import SystemModel
from ..charts.collectives_chart import size_text
from .cells import SheetData, number, text

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
CHECK_COLUMNS = (
    "Published run",
    "System",
    "GPUs",
    "Size",
    "Run's algorithm",
    "Published (GB/s)",
    "Model's algorithm",
    "Model",
    "Error",
)


Row = tuple[str, SystemModel, Analysis, float | None]
"""A system's id, its analysis, its design's analysis and its TCO per GPU-hour."""


def collectives_sheet(systems: Sequence[SystemModel], chosen: TcoProfile) -> list[SheetData]:
    """Each op at 1 GiB in a domain and across each system, workloads (their TCO under
    `chosen`), and the published runs, a sheet each."""
    sheet = SheetData("Collectives", freeze_column=3)
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
    rows: list[Row] = []
    for system in systems:
        design = system.rack
        cost = tco(system.cost_basis(), chosen).tco_usd_per_gpu_hour
        rows.append((system.id, system, design, cost))
    data = collective_data()
    steps_of = {name: modelled_levels(system, data) for name, system, _, _ in rows}
    _collectives(sheet, steps_of)
    workloads = _sheet("Collective workloads", "Communication workloads", chosen)
    _workloads(workloads, rows, steps_of)
    checks = _sheet("Collective checks", "The model against published runs", chosen)
    _checks(checks, rows)
    return [sheet, workloads, checks]


def _sheet(name: str, title: str, chosen: TcoProfile) -> SheetData:
    sheet = SheetData(name, freeze_column=3)
    sheet.add(text(title, "title"))
    note = f"As on the Collectives sheet; TCO under profile {chosen.id}."
    sheet.add(text(note, "note"))
    sheet.add()
    return sheet


def _collectives(sheet: SheetData, steps_of: dict[str, tuple[Level, ...]]) -> None:
    sheet.add()
    sheet.header(COLLECTIVE_COLUMNS)
    for name, steps in steps_of.items():
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


def _workloads(sheet: SheetData, rows: list[Row], steps_of: dict[str, tuple[Level, ...]]) -> None:
    sheet.header(WORKLOAD_COLUMNS)
    for name, _, design, cost in rows:
        steps = steps_of[name]
        peak = design.summary.compute["bf16"].per_gpu
        if not steps or not peak:
            continue
        for workload in collective_data().workloads.values():
            s = workload_step(steps, workload, peak, cost)
            sheet.add(
                text(name),
                text(workload.name),
                number(s.gpus, "int"),
                number(s.comm_ms_per_step, "decimal"),
                number(s.compute_ms_per_step, "decimal"),
                number(s.comm_share_pct / 100, "percent"),
                number(s.peak_pflops_per_gpu, "decimal"),
                number(s.effective_pflops_per_gpu, f"num:{DECIMAL.excel}"),
                number(s.tco_usd_per_peak_pflops_hour, "usd"),
                number(s.tco_usd_per_effective_pflops_hour, "usd"),
            )


def _checks(sheet: SheetData, rows: list[Row]) -> None:
    """The published runs taken on systems like the ones the workbook holds (`held_runs`), with
    the model's figure."""
    sheet.header(CHECK_COLUMNS)
    data = collective_data()
    held = [(m, found) for _, found, _, _ in rows for m in held_runs(found, data)]
    for m, system in held:
        steps = system_levels(system, data, m.scale_up_gbps_per_gpu)
        result = collective(steps, m.op, m.bytes, m.gpus, m.algorithm if m.pinned else None)
        model = result.busbw_gbps / 8
        sheet.add(
            text(m.name),
            text(m.system),
            number(m.gpus, "int"),
            text(size_text(m.bytes)),
            text(run_algorithm(m)),
            number(m.busbw_gbytes_per_s, "decimal"),
            text(result.algorithm),
            number(model, "decimal"),
            number(model / m.busbw_gbytes_per_s - 1, "percent"),
        )
