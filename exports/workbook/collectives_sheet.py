"""The workbook's Collectives sheets: each system's collectives, its workload steps, the checks.

Figures are values computed by the model (not formulas): collective times come from closed
forms over each system's levels, which a spreadsheet formula would only restate.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...components.formats import DECIMAL
from ..charts.collectives_chart import size_text
from .cells import SheetData, number, text

if TYPE_CHECKING:
    from ...racks.report.system_report import SystemReport
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


def collectives_sheet(reports: Sequence[SystemReport]) -> list[SheetData]:
    """Each op at the standard size in a domain and across each system, workloads (their TCO
    under the reports' profile), and the published runs, a sheet each."""
    chosen = reports[0].tco_profile.id if reports else ""
    sheet = SheetData("Collectives", freeze_column=3)
    sheet.add(text("Collectives", "title"))
    sheet.add(
        text(
            "Bus bandwidth as nccl-tests defines it, from each system's scale-up domain and "
            "scale-out fabric; interconnect shares of line rate and latencies are sourced data "
            "(rackbom/components/data/collectives.yaml). Workloads assume no overlap of "
            f"communication with compute; TCO under profile {chosen}.",
            "note",
        )
    )
    _collectives(sheet, reports)
    workloads = _sheet("Collective workloads", "Communication workloads", chosen)
    _workloads(workloads, reports)
    checks = _sheet("Collective checks", "The model against published runs", chosen)
    _checks(checks, reports)
    return [sheet, workloads, checks]


def _sheet(name: str, title: str, chosen: str) -> SheetData:
    sheet = SheetData(name, freeze_column=3)
    sheet.add(text(title, "title"))
    note = f"As on the Collectives sheet; TCO under profile {chosen}."
    sheet.add(text(note, "note"))
    sheet.add()
    return sheet


def _collectives(sheet: SheetData, reports: Sequence[SystemReport]) -> None:
    sheet.add()
    sheet.header(COLLECTIVE_COLUMNS)
    for report in reports:
        for r in report.collectives_by_group:
            sheet.add(
                text(report.id),
                text(r.op),
                text(size_text(r.bytes)),
                number(r.gpus, "int"),
                text(r.algorithm),
                number(r.time_us, "decimal"),
                number(r.algbw_gbps / 8, "decimal"),
                number(r.busbw_gbps / 8, "decimal"),
                text(r.bottleneck),
            )


def _workloads(sheet: SheetData, reports: Sequence[SystemReport]) -> None:
    sheet.header(WORKLOAD_COLUMNS)
    for report in reports:
        for s in report.workloads:
            sheet.add(
                text(report.id),
                text(s.name),
                number(s.gpus, "int"),
                number(s.comm_ms_per_step, "decimal"),
                number(s.compute_ms_per_step, "decimal"),
                number(s.comm_share_pct / 100, "percent"),
                number(s.peak_pflops_per_gpu, "decimal"),
                number(s.effective_pflops_per_gpu, f"num:{DECIMAL.excel}"),
                number(s.tco_usd_per_peak_pflops_hour, "usd"),
                number(s.tco_usd_per_effective_pflops_hour, "usd"),
            )


def _checks(sheet: SheetData, reports: Sequence[SystemReport]) -> None:
    """The published runs taken on systems like the ones the workbook holds, with the model's
    figure."""
    sheet.header(CHECK_COLUMNS)
    for check in (c for report in reports for c in report.checks):
        m, result = check.measurement, check.result
        model = result.busbw_gbps / 8
        sheet.add(
            text(m.name),
            text(m.system),
            number(m.gpus, "int"),
            text(size_text(m.bytes)),
            text(check.run_algorithm),
            number(m.busbw_gbytes_per_s, "decimal"),
            text(result.algorithm),
            number(model, "decimal"),
            number(model / m.busbw_gbytes_per_s - 1, "percent"),
        )
