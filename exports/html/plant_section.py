"""The plant on the HTML report page: figures side by side, then per system its drawing and
failure domains."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..figures.plant_figures import PLANT_FIGURES
from .page import ELEVATION_MAX_WIDTH, inline_svg, side_by_side

if TYPE_CHECKING:
    from ...racks.plant.plan import PlantSummary


def _failures(plant: PlantSummary) -> str:
    rows = "".join(
        f'<tr><td class="text">{html.escape(d.component)}</td><td>{d.count:,}</td>'
        f"<td>{d.gpus_lost:,}</td><td>{d.domains_degraded:,}</td>"
        f'<td>{d.capacity_left_pct:.1f}</td><td class="text">{html.escape(d.detail)}</td></tr>'
        for d in plant.failure_domains
    )
    return (
        '<table class="tiers"><thead><tr><th>Component</th><th>Count</th><th>GPUs lost</th>'
        "<th>Domains degraded</th><th>Capacity left (%)</th><th>Note</th></tr></thead>"
        f"<tbody>{rows}</tbody></table>"
    )


def plant_part(systems: Sequence[tuple[str, PlantSummary, str]]) -> str:
    """(id, plant, drawing SVG) per system: a table of plant figures and a section each."""
    if not systems:
        return ""
    profile = systems[0][1]
    sections = "".join(
        f'<section class="plant" id="plant-{html.escape(name)}"><h2>{html.escape(name)}</h2>'
        + f"<p>As built: {html.escape(plant.as_built.text)}.</p>"
        + "".join(f'<p class="warning">{html.escape(w)}</p>' for w in plant.warnings)
        + f'<div class="drawing" style="max-width:{ELEVATION_MAX_WIDTH};margin:1rem 0">'
        + inline_svg(svg, f"plant-{name}")
        + "</div>"
        + _failures(plant)
        + "</section>"
        for name, plant, svg in systems
    )
    return (
        '<h1 id="plant">Power, cooling and floor</h1>'
        f'<p class="lead">Under plant profile {html.escape(profile.profile)}: feeds '
        f"{html.escape(profile.redundancy)} asked, breakers loaded to "
        f"{profile.continuous_load_fraction:.0%} of their rating continuous, "
        f"{html.escape(profile.fluid)} at a {profile.delta_t_k:g} K rise. Heat at nominal "
        "power, feeds and shelves at peak. Failure domains: the worst single failure of each "
        "kind; capacity left counts GPUs in full-size scale-up domains.</p>"
        + side_by_side(
            [name for name, _, _ in systems],
            [plant for _, plant, _ in systems],
            PLANT_FIGURES,
            "comparison plant",
        )
        + sections
    )
