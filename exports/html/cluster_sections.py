"""Clusters on the HTML report page: a comparison table and one section per cluster."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...components.outputs import counted, span_text
from ...components.records import record
from ..figures.cluster_figures import CLUSTER_FIGURES
from .html_parts import ELEVATION_MAX_WIDTH, inline_svg, side_by_side

if TYPE_CHECKING:
    from ...racks.clusters.cluster_summary import ClusterSummary


@record
class ClusterEntry:
    """One cluster on the page: its summary, its two drawings and the files written for it."""

    summary: ClusterSummary
    floor_svg: str
    fabric_svg: str
    files: Sequence[tuple[str, str]]  # (label, relative href)


def cluster_comparison_table(summaries: Sequence[ClusterSummary]) -> str:
    """Clusters as columns, cluster key figures as rows."""
    columns = [s.cluster for s in summaries]
    return side_by_side(columns, summaries, CLUSTER_FIGURES, "comparison clusters")


def _tiers_table(summary: ClusterSummary) -> str:
    rows = "".join(
        f'<tr><td class="text">{html.escape(t.role)}</td><td>{t.switches:,}</td>'
        f"<td>{t.ports_per_switch:,}</td><td>{t.ports_used:,}</td><td>{t.ports_unused:,}</td>"
        f"<td>{t.links:,}</td><td>{span_text(t.link_length_m_min, t.link_length_m_max)}</td></tr>"
        for t in summary.tiers
    )
    return (
        '<table class="tiers"><thead><tr><th>Tier</th><th>Switches</th><th>Ports each</th>'
        "<th>Used</th><th>Unused</th><th>Links in</th><th>Lengths (m)</th></tr></thead>"
        f"<tbody>{rows}</tbody></table>"
    )


def _drawing(svg: str, prefix: str) -> str:
    return (
        f'<div class="drawing" style="max-width:{ELEVATION_MAX_WIDTH};margin:1rem 0">'
        f"{inline_svg(svg, prefix)}</div>"
    )


def cluster_section(entry: ClusterEntry) -> str:
    """A cluster's section: files, warnings, tiers, floor plan and fabric diagram, sources."""
    s = entry.summary
    links = " · ".join(
        f'<a href="{html.escape(href)}">{html.escape(label)}</a>' for label, href in entry.files
    )
    warnings = "".join(f'<li class="warning">{html.escape(w)}</li>' for w in s.warnings)
    assumptions = ", ".join(a.id for a in s.assumptions)
    return (
        f'<section class="cluster" id="cluster-{html.escape(s.cluster)}">'
        f"<h2>{html.escape(s.cluster)}</h2><p>{links}</p>"
        f"<p>{s.design_copies:,} x {html.escape(s.design)} on {html.escape(s.profile)}, "
        f"{s.fabric_tiers}-tier {html.escape(s.topology.replace('_', '-'))}.</p>"
        + (f"<ul>{warnings}</ul>" if warnings else "")
        + _tiers_table(s)
        + _drawing(entry.floor_svg, f"{s.cluster}-floor")
        + _drawing(entry.fabric_svg, f"{s.cluster}-fabric")
        + f"<p>{counted(len(s.sources), 'source')}, {len(s.assumptions)} of them assumptions: "
        f"{html.escape(assumptions)}.</p></section>"
    )


def clusters_part(entries: Sequence[ClusterEntry]) -> str:
    """The page's cluster part: a heading, the comparison table and each cluster's section."""
    if not entries:
        return ""
    return (
        '<h1 id="clusters">Cluster comparison</h1>'
        f'<p class="lead">{counted(len(entries), "cluster")}: the racks, their scale-out '
        "fabric and its optics and cables, with capex per GPU split into compute, scale-up "
        "and scale-out.</p>"
        + cluster_comparison_table([e.summary for e in entries])
        + "".join(cluster_section(e) for e in entries)
    )
