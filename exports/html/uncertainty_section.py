"""A comparison's uncertainty as an HTML table, the rows the text table has."""

from __future__ import annotations

import html

from ...racks.uncertainty.compare import Uncertainty
from ..text.uncertainty_text import uncertainty_rows
from .html_parts import STICKY


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
