"""Cost of ownership on the HTML report page: the charts of `tco_charts.py`, inline."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..charts.tco_charts import capex_chart, tco_chart
from ..figures.tco_figures import TCO_FIGURES
from .html_parts import inline_svg, side_by_side

if TYPE_CHECKING:
    from ...components.cost_inputs import TcoProfile
    from ...racks.costs.results import TcoResult

CHART_MAX_WIDTH = "1100px"
GROUPS = (
    ("design", "Designs", "The racks alone: a bare design buys no scale-out network"),
    ("cluster", "Clusters", "The racks with the scale-out network, optics and cables they size"),
)


def chart_html(svg: str, prefix: str) -> str:
    """A matplotlib chart fit for a page: its document-wide style rule (`*{...}`) becomes
    attributes of its own root, so it styles no other drawing; metadata is dropped."""
    rule = re.search(r"<style[^>]*>\*\{([^}]*)\}</style>", svg)
    body = re.sub(r"\s*<metadata>.*?</metadata>", "", svg, flags=re.S)
    body = re.sub(r"\s*<defs>\s*<style[^>]*>[^<]*</style>\s*</defs>", "", body)
    if rule:
        pairs = (d.split(":", 1) for d in rule.group(1).split(";") if ":" in d)
        attributes = " ".join(f'{k.strip()}="{html.escape(v.strip())}"' for k, v in pairs)
        body = body.replace("<svg ", f"<svg {attributes} ", 1)
    return (
        f'<div class="chart" style="max-width:{CHART_MAX_WIDTH};margin:1rem 0">'
        f"{inline_svg(body, prefix)}</div>"
    )


def tco_part(groups: Sequence[Sequence[TcoResult]], profile: TcoProfile) -> str:
    """The page's cost part: per group (the designs' results, then the clusters', as `GROUPS`
    names them) capex per GPU, TCO per GPU-hour and TCO per dense FP4 PFLOPS-hour as bar charts,
    and every TCO figure in a table."""
    if not any(groups):
        return ""
    sections = []
    for (kind, title, what), mine in zip(GROUPS, groups, strict=True):
        if not mine:
            continue
        charts = (
            ("capex", capex_chart(mine)),
            ("tco", tco_chart(mine)),
            ("fp4", tco_chart(mine, "fp4")),
        )
        sections.append(
            f'<section class="tco" id="tco-{kind}s"><h2>{title}</h2>'
            f"<p>{html.escape(what)}.</p>"
            + "".join(chart_html(svg, f"tco-{kind}s-{name}") for name, svg in charts)
            + side_by_side([r.target for r in mine], mine, TCO_FIGURES, "tco-figures")
            + "</section>"
        )
    return (
        '<h1 id="costs">Cost of ownership</h1>'
        f'<p class="lead">Under TCO profile {html.escape(profile.id)} '
        f"({html.escape(profile.name)}): capital as annuities at "
        f"{profile.cost_of_capital:.0%} over each life, power at "
        f"${profile.electricity_usd_per_kwh:.4f} per kWh x PUE {profile.pue:g}, at "
        f"{profile.utilisation:.0%} utilisation. The workbook's TCO sheet computes the same "
        "figures from these inputs, as formulas you can edit. A design with no FP4 shows no "
        "bar per FP4 PFLOPS-hour.</p>" + "".join(sections)
    )
