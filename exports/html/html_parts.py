"""Pieces every HTML page shares: drawings inline and figures side by side."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from typing import Any

from ...components.outputs import SVG_STYLE

STICKY = "position:sticky;left:0;background:#fff;min-width:12rem;white-space:normal"
"""Figure names stay in view while a wide table scrolls sideways."""
ELEVATION_MAX_WIDTH = "1600px"
"""Beyond this, a wider window shows a drawing no larger."""


def inline_svg(svg: str, prefix: str) -> str:
    """SVG markup fit to sit inside HTML: no XML prolog, ids made unique with a prefix."""
    body = re.sub(r"^\s*<\?xml[^>]*\?>\s*", "", svg)
    body = re.sub(r"<!DOCTYPE[^>]*>\s*", "", body)
    slug = re.sub(r"[^A-Za-z0-9_-]", "_", prefix)
    body = re.sub(r'\bid="', f'id="{slug}-', body)
    body = re.sub(r'(href="#|url\(#)', rf"\g<1>{slug}-", body)
    return body.replace("<svg ", f'<svg style="{SVG_STYLE}" ', 1)


def side_by_side(
    columns: Sequence[str], summaries: Sequence[Any], figures: Sequence[Any], css: str
) -> str:
    """Figures as rows, one column per summary, in a box that scrolls sideways when the columns
    are wider than the page (the figure names stay in view)."""
    head = "".join(f"<th>{html.escape(c)}</th>" for c in columns)
    body = "".join(
        f'<tr><th style="{STICKY}">{html.escape(figure.label)}</th>'
        + "".join(f"<td>{html.escape(figure.text(s))}</td>" for s in summaries)
        + "</tr>"
        for figure in figures
    )
    return (
        f'<div class="scroll" style="overflow-x:auto;max-width:100%">'
        f'<table class="{css}"><thead><tr><th style="{STICKY}">Figure</th>{head}</tr></thead>'
        f"<tbody>{body}</tbody></table></div>"
    )
