"""The self-contained HTML comparison page: a table of key figures and the elevations inline."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...components.outputs import counted, xml_safe
from ...components.records import record
from ..figures import KEY_FIGURES, switch_note
from .html_parts import ELEVATION_MAX_WIDTH, inline_svg, side_by_side

if TYPE_CHECKING:
    from ...racks.clusters.cluster_summary import ClusterSummary
    from ...racks.summary import DesignSummary
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
nav.contents details { margin: 0 0 0.2rem; } nav.contents li { margin: 0.1rem 0; }
"""


@record
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


HEADING = re.compile(
    r'<h1(?: id="([^"]+)")?>([^<]*)</h1>|<section class="[\w-]+" id="([^"]+)"><h2>([^<]*)</h2>'
)
"""A part's heading (its anchor, where it has one, and title) or one of its sections (anchor and
heading), as the parts after the clusters (cost, collectives, goodput, power and cooling) write
them."""
INLINE_MAX = 4
"""A part with this many sections or fewer lists them on its own line; more are collapsed."""

Link = tuple[str, str, str]
"""A section in the contents: its anchor, its id (or heading) and its name."""


def contents(
    designs: Sequence[DesignSummary], clusters: Sequence[ClusterSummary], tail: str
) -> str:
    """The page's table of contents: each part its own entry, with its sections (each design,
    cluster or system by id) under it, collapsed where there are more than `INLINE_MAX`."""
    parts: list[tuple[str, str, str, list[Link]]] = []
    if designs:
        items = [(f"design-{s.design}", s.design, s.name) for s in designs]
        parts.append(("designs", "Rack comparison", "design", items))
    if clusters:
        items = [(f"cluster-{c.cluster}", c.cluster, c.name) for c in clusters]
        parts.append(("clusters", "Cluster comparison", "cluster", items))
    for part_id, title, section_id, heading in HEADING.findall(tail):
        if title:
            parts.append((part_id, html.unescape(title), "section", []))
        elif parts:
            parts[-1][3].append((section_id, html.unescape(heading), ""))
    entries = "".join(_contents_entry(*part) for part in parts)
    return f'<nav class="contents"><h2>Contents</h2><ul>{entries}</ul></nav>'


def _contents_entry(anchor: str, title: str, noun: str, items: list[Link]) -> str:
    """One part: its title linked (to its first section where the heading has no anchor), its
    sections on one line, or in a list that opens on a click where they are many."""
    href = anchor or (items[0][0] if items else "")
    head = f'<a href="#{html.escape(href)}">{html.escape(title)}</a>' if href else title
    links = [
        f'<a href="#{html.escape(to)}">{html.escape(label)}</a>'
        + (f" {html.escape(name)}" if name else "")
        for to, label, name in items
    ]
    if len(links) <= INLINE_MAX:
        return f"<li>{head}" + (": " + " · ".join(links) if links else "") + "</li>"
    listed = "".join(f"<li>{link}</li>" for link in links)
    many = f"<details><summary>{counted(len(links), noun)}</summary><ul>{listed}</ul></details>"
    return f"<li>{head}{many}</li>"


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
