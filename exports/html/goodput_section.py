"""Goodput on the HTML report page: ETTR against job size per group, the whole-system jobs, and
the published runs checked."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ..charts.goodput_chart import ettr_chart
from .tco_section import GROUPS, chart_html

if TYPE_CHECKING:
    from ...racks.goodput.results import GoodputCheck, GoodputResult


def goodput_part(
    groups: Sequence[Mapping[str, Sequence[GoodputResult]]],
    checks: Sequence[GoodputCheck],
) -> str:
    """Per group (the designs' sweeps by system id, then the clusters', as `GROUPS` names them)
    the ETTR chart and a table of the whole-system job (the last of each sweep); then the
    published runs checked."""
    if not any(groups):
        return ""
    sections = []
    for (kind, title, _), mine in zip(GROUPS, groups, strict=True):
        if not mine:
            continue
        sections.append(
            f'<section class="goodput" id="goodput-{kind}s"><h2>{title}</h2>'
            + chart_html(ettr_chart(mine), f"goodput-{kind}s")
            + _jobs_table([found[-1] for found in mine.values()])
            + "</section>"
        )
    return (
        '<h1 id="goodput">Goodput</h1>'
        '<p class="lead">A synchronous training job, 5% of its GPUs hot spares: interruptions '
        "from each kind of part's rate, the blast radius from the failure domains, Daly's "
        "checkpoint interval and the effective training time ratio (ETTR), with the cost per "
        "effective GPU-hour beside the nominal one.</p>" + "".join(sections) + _checks_table(checks)
    )


def _money(value: float | None) -> str:
    return "n/a" if value is None else f"${value:,.3f}"


def _optional(value: float | None, unit: str) -> str:
    return "n/a" if value is None else f"{value:,.1f} {unit}"


def _jobs_table(results: Sequence[GoodputResult]) -> str:
    head = "".join(
        f"<th>{h}</th>"
        for h in (
            "System", "GPUs", "Interruptions/day", "MTBI", "Interval", "Recovery", "ETTR",
            "TCO/GPU-h", "Per effective GPU-h",
        )
    )  # fmt: skip
    rows = "".join(
        "<tr>"
        f'<td class="text">{html.escape(r.system)}</td>'
        f"<td>{r.gpus:,}</td>"
        f"<td>{r.interruptions_per_day:,.2f}</td>"
        f"<td>{_optional(r.mtbi_h, 'h')}</td>"
        f"<td>{_optional(r.checkpoint_interval_min, 'min')}</td>"
        f"<td>{r.recovery_min:,.1f} min</td>"
        f"<td>{r.ettr:.1%}</td>"
        f"<td>{_money(r.tco_usd_per_gpu_hour)}</td>"
        f"<td>{_money(r.tco_usd_per_effective_gpu_hour)}</td>"
        "</tr>"
        for r in results
    )
    return f'<table class="checks"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'


def _checks_table(checks: Sequence[GoodputCheck]) -> str:
    if not checks:
        return ""
    head = "".join(
        f"<th>{h}</th>"
        for h in ("Published run", "GPUs", "Days", "Published/day", "rackbom/day", "ETTR", "Model")
    )
    rows = "".join(
        "<tr>"
        f'<td class="text">{html.escape(c.run.name)}</td>'
        f"<td>{c.run.gpus:,}</td>"
        f"<td>{c.run.days:g}</td>"
        f"<td>{c.published_per_day:,.2f}</td>"
        f"<td>{c.result.interruptions_per_day:,.2f}</td>"
        f"<td>{c.run.ettr:.0%}</td>"
        f"<td>{c.result.ettr:.1%}</td>"
        "</tr>"
        for c in checks
    )
    return (
        "<h2>Goodput against published runs</h2>"
        f'<table class="checks"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'
    )
