"""The self-contained HTML comparison page: a table of key figures and the elevations inline."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...components.outputs import counted, xml_safe
from ...racks.summary import DesignSummary
from ..figures import KEY_FIGURES, switch_note
from .html_parts import ELEVATION_MAX_WIDTH, inline_svg, side_by_side

if TYPE_CHECKING:
    from ...racks.clusters.cluster_summary import ClusterSummary
    from .cluster_sections import ClusterEntry

STYLE = """
body { font-family: "DejaVu Sans", Arial, sans-serif; margin: 2rem; color: #1d2733; }
h1 { margin-bottom: 0.2rem; } p.lead { color: #4a5868; margin-top: 0; }
table { border-collapse: collapse; margin: 1rem 0; font-size: 0.9rem; }
th, td { border: 1px solid #c8d0d9; padding: 0.3rem 0.6rem; }
thead th { background: #eef2f6; } tbody th { text-align: left; font-weight: normal; }
td { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.text { text-align: left; }
section.design, section.cluster, section.tco {
  border-top: 2px solid #c8d0d9; margin-top: 2rem; padding-top: 1rem; }
.warning { color: #9a3412; }
details { margin: 0.5rem 0 1rem; } summary { cursor: pointer; }
"""


@dataclass(frozen=True)
class ReportEntry:
    """One design on the page: its summary, its elevation SVG and the files written for it."""

    summary: DesignSummary
    svg: str
    files: Sequence[tuple[str, str]]  # (label, relative href)


def figures_table(summary: DesignSummary) -> str:
    """The key figures of one design as a two-column table."""
    rows = "".join(
        f"<tr><th>{html.escape(figure.label)}</th><td>{html.escape(figure.text(summary))}</td></tr>"
        for figure in KEY_FIGURES
    )
    note = switch_note(summary)
    note_html = f'<p class="note">{html.escape(note)}</p>' if note else ""
    return f'<table class="figures"><tbody>{rows}</tbody></table>{note_html}'


def design_card(summary: DesignSummary, svg: str) -> str:
    """The elevation over the key figures, as wide as the page allows: a notebook display and a
    report section."""
    return (
        '<div class="card" style="display:flex;flex-wrap:wrap;gap:2rem;align-items:flex-start">'
        f'<div class="elevation" style="flex:1 1 100%;max-width:{ELEVATION_MAX_WIDTH}">'
        f"{inline_svg(svg, summary.design)}</div>"
        f'<div class="figures" style="flex:0 1 380px">{figures_table(summary)}</div></div>'
    )


def warnings_list(warnings: Sequence[str]) -> str:
    """Warnings as a list in the warning colour (set inline, so it shows in a notebook too)."""
    items = "".join(
        f'<li class="warning" style="color:#9a3412">{html.escape(w)}</li>' for w in warnings
    )
    return f"<ul>{items}</ul>" if items else ""


def comparison_table(summaries: Sequence[DesignSummary]) -> str:
    """Designs as columns, key figures as rows, with the assumed-switch footnotes."""
    table = side_by_side([s.design for s in summaries], summaries, KEY_FIGURES, "comparison")
    notes = "".join(
        f'<p class="note">{html.escape(n)}</p>' for s in summaries if (n := switch_note(s))
    )
    return table + notes


def _sources_table(summary: DesignSummary) -> str:
    rows = "".join(
        f'<tr><td class="text">{html.escape(s.kind)}</td>'
        f'<td class="text">{html.escape(s.id)}</td>'
        f'<td class="text">{html.escape(s.cite)}</td>'
        f'<td class="text">{html.escape(", ".join(s.figures))}</td></tr>'
        for s in summary.sources
    )
    assumptions = len(summary.assumptions)
    return (
        f"<details><summary>{counted(len(summary.sources), 'source')}, {assumptions} of them "
        "assumptions (listed first)</summary><table><thead><tr><th>Kind</th><th>Source</th>"
        f"<th>Cite</th><th>Figures</th></tr></thead><tbody>{rows}</tbody></table></details>"
    )


def _section(entry: ReportEntry) -> str:
    s = entry.summary
    links = " · ".join(
        f'<a href="{html.escape(href)}">{html.escape(label)}</a>' for label, href in entry.files
    )
    return (
        f'<section class="design" id="design-{html.escape(s.design)}">'
        f"<h2>{html.escape(s.design)}</h2><p>{links}</p>"
        + warnings_list(s.warnings)
        + design_card(s, entry.svg)
        + _sources_table(s)
        + "</section>"
    )


SECTION = re.compile(r'<section class="[\w-]+" id="([^"]+)"><h2>([^<]*)</h2>')
"""A section of the parts after the clusters (cost, collectives, goodput, power and cooling): its
anchor and its heading, as those parts write them."""
PART_NAMES = {
    "tco": "cost of ownership",
    "collectives": "collectives",
    "goodput": "goodput",
    "plant": "power and cooling",
    "uncertainty": "uncertainty",
}
"""What each of those parts is, by its anchors' prefix."""


def contents(
    designs: Sequence[DesignSummary], clusters: Sequence[ClusterSummary], tail: str
) -> str:
    """The page's table of contents: each part, and under it each design's or cluster's
    section by id and name, then each section of the parts after the clusters (`tail`)."""

    def part(anchor: str, title: str, items: list[tuple[str, str, str]]) -> str:
        links = "".join(
            f'<li><a href="#{html.escape(href)}">{html.escape(id_)}</a> {html.escape(name)}</li>'
            for href, id_, name in items
        )
        nested = f"<ul>{links}</ul>" if links else ""
        return f'<li><a href="#{anchor}">{title}</a>{nested}</li>'

    parts = []
    if designs:
        items = [(f"design-{s.design}", s.design, s.name) for s in designs]
        parts.append(part("designs", "Rack comparison", items))
    if clusters:
        items = [(f"cluster-{c.cluster}", c.cluster, c.name) for c in clusters]
        parts.append(part("clusters", "Cluster comparison", items))
    sections = SECTION.findall(tail)
    if sections:
        items = [
            (anchor, html.unescape(title), PART_NAMES.get(anchor.split("-")[0], ""))
            for anchor, title in sections
        ]
        top = "costs" if 'id="costs"' in tail else sections[0][0]
        parts.append(part(top, "Cost, collectives, goodput, power and cooling", items))
    return f'<nav class="contents"><h2>Contents</h2><ul>{"".join(parts)}</ul></nav>'


def render_report(
    entries: Sequence[ReportEntry],
    workbook_href: str,
    version: str,
    clusters: Sequence[ClusterEntry] = (),
    costs: str = "",
) -> str:
    """The whole page: no scripts, no external references, readable offline, well-formed XML.

    `costs` is the cost-of-ownership part (`tco_page.tco_part`), after the clusters."""
    from .cluster_sections import clusters_part

    summaries = [e.summary for e in entries]
    names = ", ".join([*(s.name for s in summaries), *(c.summary.name for c in clusters)])
    designs = (
        '<h1 id="designs">Rack comparison</h1>'
        f'<p class="lead">{counted(len(entries), "design")}, made by rackbom '
        f"{html.escape(version)}. "
        "Bandwidths per GPU are one way, in Gbit/s; totals are both ways, in TB/s; every "
        "figure traces to the sources listed under each design. "
        f'<a href="{html.escape(workbook_href)}">BOM workbook</a></p>'
        + contents(summaries, [c.summary for c in clusters], costs)
        + comparison_table(summaries)
        + "".join(_section(e) for e in entries)
        if entries
        else f'<p class="lead">Made by rackbom {html.escape(version)}. '
        f'<a href="{html.escape(workbook_href)}">BOM workbook</a></p>'
        + contents(summaries, [c.summary for c in clusters], costs)
    )
    return xml_safe(
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>rackbom report: {html.escape(names)}</title><style>{STYLE}</style></head><body>"
        + designs
        + clusters_part(clusters)
        + costs
        + "</body></html>\n"
    )
