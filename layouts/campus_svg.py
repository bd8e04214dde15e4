"""The floor plan of a cluster over several buildings: the campus plot from above, to scale.

Each building is an outlined block labelled with its name and MW, its halls inside as filled
blocks labelled with their global names, its core room (its top tier and its share of the campus
tier) at its middle; a note gives the campus tier's links, lengths and oversubscription.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..components.outputs import span_text
from ..racks.clusters.cluster_summary import CampusSummary, ClusterSummary
from .cluster_svg import CORE_FILL, MARGIN, NOTE_H, RACK_FILL, TITLE_H, _Drawing, text_width

if TYPE_CHECKING:
    from ..racks.clusters.campus import CampusLayout
    from ..racks.clusters.floor import FloorLayout

BUILDING_FILL = "#f4f4f4"
LABEL = 11.0
HALL_LABEL = 8.0


class CampusPlan(_Drawing):
    """Buildings of halls on the campus plot, to scale, with the campus tier in a note."""

    WIDTH = 1100.0

    def __init__(
        self, summary: ClusterSummary, floor: FloorLayout, site: CampusLayout, campus: CampusSummary
    ) -> None:
        self.site, self.floor_layout = site, floor
        self.scale = (self.WIDTH - 2 * MARGIN) / site.length_m
        self.top = TITLE_H + NOTE_H + MARGIN + LABEL + 4
        height = self.top + site.width_m * self.scale + MARGIN + 30
        super().__init__(summary, self.WIDTH, height, "campus plan", _note(floor, campus))
        for building in range(site.buildings):
            self._draw_building(building)
        self._draw_legend(height - MARGIN, campus)

    def _at(self, x_m: float, y_m: float) -> tuple[float, float]:
        return MARGIN + x_m * self.scale, self.top + y_m * self.scale

    def _draw_building(self, building: int) -> None:
        site, s = self.site, self.scale
        x, y = self._at(*site.building_origin(building))
        w, d = site.building_length_m * s, site.building_width_m * s
        self.rect(x, y, w, d, BUILDING_FILL, "#222")
        label = f"bldg{building + 1:02d} · {site.building_mw:g} MW"
        size = min(LABEL, w / text_width(label, 1.0))
        self.text(x, y - 4, label, size=round(size, 1), weight="bold")
        halls = self.floor_layout.halls
        first = building * site.halls_per_building
        for hall in range(first, min(first + site.halls_per_building, halls)):
            self._draw_hall(hall)
        core = 0.08 * min(w, d)
        cx, cy = self._at(*site.core_room(building))
        self.rect(cx - core / 2, cy - core / 2, core, core, CORE_FILL)

    def _draw_hall(self, hall: int) -> None:
        site, s = self.site, self.scale
        gap = self.floor_layout.row_pitch_m * s
        x, y = self._at(*site.hall_origin(hall))
        w, d = site.hall_length_m * s - gap, site.hall_width_m * s - gap
        self.rect(x + gap / 2, y + gap / 2, w, d, RACK_FILL)
        name = f"hall{hall + 1:02d}"
        if text_width(name, HALL_LABEL) < w:
            self.text(x + gap / 2 + 2, y + gap / 2 + HALL_LABEL + 2, name, size=HALL_LABEL)

    def _draw_legend(self, y: float, campus: CampusSummary) -> None:
        items = [
            (BUILDING_FILL, "building"),
            (RACK_FILL, "hall (racks and rows)"),
            (CORE_FILL, "core room (top and campus tiers)"),
        ]
        x = self.keys(y, items)
        self.text(x, y, f"to scale: {campus.length_m:,.0f} m across", size=10)


def _note(floor: FloorLayout, c: CampusSummary) -> str:
    """The buildings, the plot and the campus tier in a line."""
    return (
        f"{floor.halls} halls in {c.buildings} buildings on a {c.length_m:,.0f} m x "
        f"{c.width_m:,.0f} m campus; campus tier {c.oversubscription:g}:1, {c.links:,} links of "
        f"{span_text(c.link_length_m_min, c.link_length_m_max)} m between core rooms"
    )
