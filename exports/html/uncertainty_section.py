"""A comparison's uncertainty as an HTML table, the rows the text table has, and the report
page's Uncertainty part: per comparison its interval chart and that table."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..charts.uncertainty_chart import uncertainty_chart
from ..text.uncertainty_text import uncertainty_rows
from .html_parts import STICKY
from .tco_section import chart_html

if TYPE_CHECKING:
    from ...racks.uncertainty.compare import Uncertainty


def uncertainty_table(u: Uncertainty) -> str:
    """Each figure's intervals, sign share and drivers, in a box that scrolls sideways."""
    header, rows = uncertainty_rows(u)
    head = "".join(f"<th>{html.escape(c)}</th>" for c in header[1:])
    body = "".join(
        f'<tr><th style="{STICKY}">{html.escape(row[0])}</th>'
        + "".join(f"<td>{html.escape(c)}</td>" for c in row[1:])
        + "</tr>"
        for row in rows
    )
    caption = html.escape(
        f"{u.draws:,} draws (seed {u.seed}) over {len(u.inputs)} ranged inputs, profile "
        f"{u.profile}; 'first lower': the share of draws in which {u.first} is below {u.second}"
    )
    return (
        '<div class="scroll" style="overflow-x:auto;max-width:100%">'
        f"<table><caption>{caption}</caption><thead><tr><th>Figure</th>{head}</tr></thead>"
        f"<tbody>{body}</tbody></table></div>"
    )


def uncertainty_part(found: Sequence[Uncertainty]) -> str:
    """One section per comparison: the difference's interval chart, then its table."""
    if not found:
        return ""
    sections = [
        f'<section class="uncertainty" id="uncertainty-{n}">'
        f"<h2>{html.escape(u.first)} against {html.escape(u.second)}</h2>"
        + chart_html(uncertainty_chart(u), f"uncertainty-{n}")
        + uncertainty_table(u)
        + "</section>"
        for n, u in enumerate(found, start=1)
    ]
    return (
        '<h1 id="uncertainty">Uncertainty</h1>'
        '<p class="lead">Each compared figure at the inputs\' values and over draws of every '
        "ranged input (part prices and powers, margins, the profile's figures), an input both "
        "systems read taking the same draw on both: the bar is where 90 % of the draws put the "
        "difference, 'first lower' the share of draws in which the first system's figure is "
        "the lower. The workbook's Uncertainty sheet lists every input with its range and "
        "sources.</p>" + "".join(sections)
    )
