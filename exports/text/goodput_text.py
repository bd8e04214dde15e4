"""The goodput of a job as terminal text: the summary, the causes, the published checks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...components.outputs import counted
from .table import render_table

if TYPE_CHECKING:
    from ...racks.goodput.results import GoodputCheck, GoodputResult


def _money(value: float | None) -> str:
    return "n/a" if value is None else f"${value:,.3f}"


def _optional(value: float | None, unit: str) -> str:
    return "none (no interruptions)" if value is None else f"{value:,.1f} {unit}"


def render_goodput(result: GoodputResult) -> str:
    """The job, its interruptions and checkpoints, ETTR and costs; then one row per cause."""
    r = result
    job = f"{counted(r.gpus, 'GPU')} of {r.gpus_system:,}, {counted(r.spares, 'hot spare')}"
    lines = [
        f"{r.system}: a training job of {job}",
        f"  interruptions         {r.interruptions_per_day:,.2f} a day, one every "
        + _optional(r.mtbi_h, "h"),
        f"  checkpoint            {r.checkpoint_gb:g} GB per GPU at {r.write_gbps:g} Gb/s: "
        f"{r.checkpoint_write_s:,.1f} s to write",
        "  checkpoint interval   "
        + _optional(r.checkpoint_interval_min, "min (Daly)")
        + ("" if r.young_interval_min is None else f", {r.young_interval_min:,.1f} min (Young)"),
        f"  recovery              {r.recovery_min:,.1f} min per interruption on average, "
        f"{r.lost_per_interruption_min:,.1f} min with the work redone",
        f"  ETTR                  {r.ettr:.1%} ({r.ettr_low:.1%} to {r.ettr_high:.1%} over the "
        f"rates' ranges; with spares idle: {r.effective_share:.1%})",
        f"  TCO per GPU-hour      {_money(r.tco_usd_per_gpu_hour)} nominal, "
        f"{_money(r.tco_usd_per_effective_gpu_hour)} effective",
        f"  TCO per BF16 PF-hour  {_money(r.tco_usd_per_bf16_pflops_hour)} nominal, "
        f"{_money(r.tco_usd_per_effective_bf16_pflops_hour)} effective",
        "",
    ]
    rows = [
        [
            c.name,
            f"{c.rate_per_day:.3f}",
            f"{c.share:.1%}",
            f"{c.gpus_lost:,}",
            "yes" if c.restart else "no",
            f"{c.spare_cover:.0%}",
            f"{c.recovery_min:,.1f}",
        ]
        for c in sorted(r.by_cause, key=lambda c: -c.rate_per_day)
    ]
    header = ["cause", "per day", "share", "GPUs out", "restart", "spare", "recovery min"]
    return "\n".join(lines) + render_table(header, rows)


def render_goodput_block(result: GoodputResult | None, tco_profile: str) -> str:
    """`rackbom show`'s Goodput block: the whole-system job with the defaults, or why none."""
    if result is None:
        return "Goodput: no GPUs, so no training job to interrupt"
    head = (
        f"Goodput of a job on every GPU (TCO profile {tco_profile!r}; "
        f"`rackbom goodput {result.system} --gpus N` for another job)"
    )
    return head + "\n" + render_goodput(result)


def render_checks(checks: Sequence[GoodputCheck]) -> str:
    """rackbom's interruptions and ETTR beside each published run's."""
    rows = [
        [
            c.run.id,
            c.run.gpu,
            f"{c.run.gpus:,}",
            f"{c.run.days:g}",
            c.run.system,
            f"{c.published_per_day:.2f}",
            f"{c.result.interruptions_per_day:.2f}",
            f"{c.interruptions_error_pct:+.1f}",
            f"{c.run.ettr:.0%}",
            f"{c.result.ettr:.1%}",
        ]
        for c in checks
    ]
    header = [
        "published run", "GPU", "GPUs", "days", "modelled on",
        "published /day", "rackbom /day", "error %", "published ETTR", "rackbom ETTR",
    ]  # fmt: skip
    return render_table(header, rows)


def render_summary(results: Sequence[GoodputResult]) -> str:
    """One row per system: the job, its interruptions, checkpoints, ETTR and costs."""
    rows = [
        [
            r.system,
            f"{r.gpus:,}",
            f"{r.spares:,}",
            f"{r.interruptions_per_day:,.2f}",
            "n/a" if r.mtbi_h is None else f"{r.mtbi_h:,.1f}",
            "n/a" if r.checkpoint_interval_min is None else f"{r.checkpoint_interval_min:,.1f}",
            f"{r.recovery_min:,.1f}",
            f"{r.ettr:.1%}",
            _money(r.tco_usd_per_gpu_hour),
            _money(r.tco_usd_per_effective_gpu_hour),
        ]
        for r in results
    ]
    header = [
        "system", "GPUs", "spares", "interruptions/day", "MTBI h", "interval min",
        "recovery min", "ETTR", "TCO $/GPU-h", "per effective GPU-h",
    ]  # fmt: skip
    return render_table(header, rows)
