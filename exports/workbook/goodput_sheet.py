"""The workbook's Goodput sheets: each system's whole-system training job, and its causes of
interruption on a sheet of their own.

Figures are values computed by the model (Daly's closed form, Poisson spare cover), with the
defaults of `rackbom/components/data/reliability.yaml`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ...components.cost_inputs import TcoProfile
from ...components.reliability import reliability_data
from ...components.tco_library import profile
from ...racks.goodput.goodput import GoodputResult
from ...racks.goodput.jobs import system_goodput
from ...racks.systems import Analysed
from .cells import SheetData, number, text

JOB_COLUMNS = (
    "System",
    "GPUs",
    "Hot spares",
    "Interruptions/day",
    "MTBI (h)",
    "Checkpoint (s)",
    "Interval (min)",
    "Recovery (min)",
    "ETTR",
    "TCO $/GPU-h",
    "TCO $/effective GPU-h",
    "TCO $/effective BF16 PFLOPS-h",
)
CAUSE_COLUMNS = (
    "System",
    "Cause",
    "Per day",
    "Share",
    "GPUs out",
    "Restart",
    "Spare cover",
    "Recovery (min)",
    "Source",
)


def goodput_sheet(
    systems: Sequence[Analysed], tco_profile: TcoProfile | str | Path | None = None
) -> list[SheetData]:
    """A whole-system job per system, and a sheet of its causes of interruption."""
    chosen = profile(tco_profile)
    sheet = SheetData("Goodput", freeze_column=2)
    sheet.add(text("Goodput", "title"))
    sheet.add(
        text(
            "A training job on every GPU of each system, 5% of them hot spares: interruptions "
            "from each kind of part's rate (rackbom/components/data/reliability.yaml), the "
            "blast radius from the failure domains, Daly's checkpoint interval and effective "
            f"training time ratio (ETTR); TCO under profile {chosen.id}.",
            "note",
        )
    )
    data = reliability_data()
    trained = [s for s in systems if s.gpus]  # a system without GPUs runs no training job
    results = [system_goodput(s, [None], data, tco_profile=chosen)[0] for s in trained]
    sheet.add()
    sheet.header(JOB_COLUMNS)
    for r in results:
        _job_row(sheet, r)
    causes = SheetData("Goodput causes", freeze_column=3)
    causes.add(text("Causes of interruption", "title"))
    causes.add(text("Of each system's job on the Goodput sheet, by kind of part.", "note"))
    causes.add()
    causes.header(CAUSE_COLUMNS)
    for r in results:
        for c in r.by_cause:
            causes.add(
                text(r.system),
                text(c.name),
                number(c.rate_per_day, "decimal"),
                number(c.share, "percent"),
                number(c.gpus_lost, "int"),
                text("yes" if c.restart else "no"),
                number(c.spare_cover, "percent"),
                number(c.recovery_min, "decimal"),
                text(c.source),
            )
    return [sheet, causes]


def _job_row(sheet: SheetData, r: GoodputResult) -> None:
    sheet.add(
        text(r.system),
        number(r.gpus, "int"),
        number(r.spares, "int"),
        number(r.interruptions_per_day, "decimal"),
        number(r.mtbi_h, "decimal"),
        number(r.checkpoint_write_s, "decimal"),
        number(r.checkpoint_interval_min, "decimal"),
        number(r.recovery_min, "decimal"),
        number(r.ettr, "percent"),
        number(r.tco_usd_per_gpu_hour, "usd"),
        number(r.tco_usd_per_effective_gpu_hour, "usd"),
        number(r.tco_usd_per_effective_bf16_pflops_hour, "usd"),
    )
