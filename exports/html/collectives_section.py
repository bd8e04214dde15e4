"""Delivered performance on the HTML report page: busbw charts per group and the checks table."""

from __future__ import annotations

import html
from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING

from ..charts.collectives_chart import busbw_chart, size_text
from .tco_section import GROUPS, chart_html

if TYPE_CHECKING:
    from ...racks.collectives.results import Check, CollectiveResult

CHART_OPS = (("all_reduce", "All-reduce"), ("all_to_all", "All-to-all"))
"""The ops the page draws, each over every GPU of each system."""


def collectives_part(
    groups: Sequence[Mapping[str, Mapping[str, Sequence[CollectiveResult]]]],
    projections: Collection[str],
    checks: Sequence[Check],
) -> str:
    """Per group (designs, clusters) a busbw chart per op, then the published runs checked.

    `groups` holds the designs' sweeps, then the clusters' (as `GROUPS` names them), each
    mapping system id -> op -> results.
    """
    if not any(groups):
        return ""
    sections = []
    for (kind, title, _), sweeps in zip(GROUPS, groups, strict=True):
        mine = list(sweeps)
        if not mine:
            continue
        charts = [
            chart_html(
                busbw_chart(
                    {n: sweeps[n][op] for n in mine},
                    projections,
                    f"{label}: bus bandwidth over every GPU of each system",
                ),
                f"coll-{kind}s-{op}",
            )
            for op, label in CHART_OPS
        ]
        sections.append(
            f'<section class="collectives" id="collectives-{kind}s"><h2>{title}</h2>'
            + "".join(charts)
            + "</section>"
        )
    return (
        '<h1 id="collectives">Delivered performance</h1>'
        '<p class="lead">Collective bus bandwidth (as nccl-tests defines it) from each system\'s '
        "scale-up domain and scale-out fabric, with the interconnects' achievable share of line "
        "rate and latencies as sourced data; each line is labelled with the algorithms chosen "
        "along it, as the collective library would. Dashed lines are projections: no published "
        "measurement exists for that design.</p>" + "".join(sections) + _checks_table(checks)
    )


def _checks_table(checks: Sequence[Check]) -> str:
    if not checks:
        return ""
    head = "".join(
        f"<th>{h}</th>"
        for h in (
            "Published run",
            "System",
            "GPUs",
            "Size",
            "Run's algorithm",
            "Published",
            "Model's algorithm",
            "Model",
            "Error",
        )
    )
    rows = "".join(
        "<tr>"
        f'<td class="text">{html.escape(c.measurement.name)}</td>'
        f'<td class="text">{html.escape(c.measurement.system)}</td>'
        f"<td>{c.measurement.gpus:,}</td>"
        f"<td>{size_text(c.measurement.bytes)}</td>"
        f'<td class="text">{html.escape(c.run_algorithm)}</td>'
        f"<td>{c.measurement.busbw_gbytes_per_s:,.1f} GB/s</td>"
        f'<td class="text">{html.escape(c.result.algorithm)}</td>'
        f"<td>{c.result.busbw_gbps / 8:,.1f} GB/s</td>"
        f"<td>{c.error_pct:+.1f}%</td>"
        "</tr>"
        for c in checks
    )
    return (
        "<h2>The model against published runs</h2>"
        f'<table class="checks"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'
    )
