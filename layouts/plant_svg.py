"""The hall's power and cooling from above: per row its racks, busways A and B, and CDUs.

Rows alike are drawn as one band labelled with their count, so a 15-row hall and a one-rack
design draw alike. Feed A runs above each row and feed B below it, one segment per busway with
its load at peak against its continuous limit; the row's CDUs stand at its end, the N+1 spare
outlined. Plain SVG 1.1, deterministic, text escaped by svgwrite.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import svgwrite

from ..exports.figures.plant_figures import RowRun, row_runs
from .document import FONT_FAMILY, SvgDocument

if TYPE_CHECKING:
    from ..racks.plant.feeds import Feed
    from ..racks.plant.hall import RowPlant
    from ..racks.plant.plan import PlantSummary

FEED_COLOUR = {"A": "#d7301f", "B": "#2b8cbe"}
LIQUID, AIR, CDU_FILL, OVER = "#74a9cf", "#d9d9d9", "#41ae76", "#b30000"
WIDTH, MARGIN, TITLE_H, BAND_H, RACK_W = 1100.0, 20.0, 70.0, 92.0, 26.0
ROWS_W = 620.0
"""Room for a row's racks and busways; CDUs and labels follow."""


class PlantDrawing(SvgDocument):
    """A hall's (or one design's) power feeds and cooling, row by row."""

    def __init__(self, plant: PlantSummary, title: str, subtitle: str) -> None:
        self.plant = plant
        self.bands = row_runs(plant.rows)
        height = TITLE_H + len(self.bands) * BAND_H + 120
        self.dwg = svgwrite.Drawing(size=(f"{WIDTH:.0f}", f"{height:.0f}"), debug=False)
        self.dwg.viewbox(0, 0, WIDTH, height)
        self.dwg.add(self.dwg.rect((0, 0), (WIDTH, height), fill="white"))
        self._text(MARGIN, 24, f"{title} — power and cooling", 16, weight="bold")
        self._text(MARGIN, 44, subtitle, 11)
        p = plant
        self._text(
            MARGIN,
            60,
            f"profile {p.profile}, feeds {p.redundancy} asked; as built {p.as_built.text}; "
            "breakers at "
            f"{p.continuous_load_fraction:.0%} of rating continuous; {p.fluid} at a "
            f"{p.delta_t_k:g} K rise",
            10,
            fill="#444",
        )
        for index, band in enumerate(self.bands):
            self._band(band, TITLE_H + 10 + index * BAND_H)
        self._hall(TITLE_H + 10 + len(self.bands) * BAND_H + 10)

    def _text(self, x: float, y: float, words: str, size: float, **style: str) -> None:
        attrs = {"font_family": FONT_FAMILY, "font_size": f"{size:g}"}
        if "weight" in style:
            attrs["font_weight"] = style.pop("weight")
        if "anchor" in style:
            attrs["text_anchor"] = style.pop("anchor")
        self.dwg.add(self.dwg.text(words, insert=(round(x, 1), round(y, 1)), **attrs, **style))

    def _rect(self, x: float, y: float, w: float, h: float, fill: str, **style: object) -> None:
        style.setdefault("stroke", "#555")
        self.dwg.add(
            self.dwg.rect(
                (round(x, 1), round(y, 1)), (round(w, 1), round(h, 1)), fill=fill, **style
            )
        )

    def _band(self, band: RowRun, y: float) -> None:
        row = band.first
        label = band.name if band.count == 1 else f"{band.name} ({band.count} alike)"
        self._text(MARGIN, y + 10, label, 10, weight="bold")
        step = min(RACK_W + 4, (ROWS_W - 20) / max(row.racks, 1))
        x0, rack_y = MARGIN + 10, y + 36
        share = row.heat_liquid_w / (row.heat_liquid_w + row.heat_air_w) if row.racks else 0
        for k in range(row.racks):
            x = x0 + k * step
            self._rect(x, rack_y, step - 4, 22, AIR, stroke_width=0.5)
            self._rect(x, rack_y + 22 * (1 - share), step - 4, 22 * share, LIQUID, stroke_width=0)
        length = row.racks * step - 4
        for side, dy in (("A", -6), ("B", 28)):
            feeds = [f for f in row.busways if f" busway {side}" in f.name]
            self._feeds(feeds, x0, rack_y + dy, length, side)
        self._cdus(row, MARGIN + ROWS_W + 20, y + 32)

    def _feeds(self, feeds: list[Feed], x0: float, y: float, length: float, side: str) -> None:
        if not feeds:
            return
        each = length / len(feeds)
        for k, feed in enumerate(feeds):
            colour = OVER if feed.over else FEED_COLOUR[side]
            a, b = (
                (round(x0 + k * each, 1), round(y, 1)),
                (round(x0 + (k + 1) * each - 3, 1), round(y, 1)),
            )
            self.dwg.add(self.dwg.line(a, b, stroke=colour, stroke_width=3))
        first = feeds[0]
        text = (
            f"{side}: {len(feeds)} x {first.breaker_a or 0:,.0f} A busway · "
            f"{max(f.design_w for f in feeds) / 1000:,.0f} of {first.limit_w / 1000:,.0f} kW"
        )
        self._text(x0, y - 6 if side == "A" else y + 14, text, 9, fill=FEED_COLOUR[side])

    def _cdus(self, row: RowPlant, x: float, y: float) -> None:
        if not row.cdus:
            self._text(x, y + 18, "no liquid: air-cooled row", 10, fill="#444")
            return
        for k in range(row.cdus):
            spare = k == row.cdus - 1
            self._rect(
                x + 24 * k,
                y,
                20,
                30,
                "white" if spare else CDU_FILL,
                stroke=CDU_FILL,
                stroke_width=1.5,
                stroke_dasharray="3,2" if spare else "none",
            )
        self._text(
            x + 24 * row.cdus + 6,
            y + 12,
            f"{row.cdus_needed} + 1 CDUs of {row.cdu_capacity_w / 1e6:,.1f} MW",
            10,
        )
        self._text(
            x + 24 * row.cdus + 6,
            y + 26,
            f"{row.heat_liquid_w / 1000:,.0f} kW liquid · {row.coolant_lpm:,.0f} L/min",
            10,
            fill="#444",
        )

    def _hall(self, y: float) -> None:
        p = self.plant
        lines = [
            f"hall: input power {p.power_nominal_w / 1e3:,.0f} kW nominal, "
            f"{p.power_peak_w / 1e3:,.0f} kW at peak; facility {p.facility_peak_w / 1e3:,.0f} kW "
            "at peak",
            f"UPS modules {p.ups_modules} (N+1 per side) · generator sets {p.generators} (N+1) · "
            f"{p.feeds_over} feed(s) over their limit (rack feeds: a copy of the design, or a "
            "floor rack of packed servers)",
            f"facility water {p.facility_water_w / 1e3:,.0f} kW · air {p.heat_air_w / 1e3:,.0f} kW "
            f"· coolant {p.coolant_lpm:,.0f} L/min · {p.cdus} CDUs",
        ]
        for k, words in enumerate(lines):
            self._text(MARGIN, y + 14 * k, words, 10)
        legend = [
            (FEED_COLOUR["A"], "feed A"),
            (FEED_COLOUR["B"], "feed B"),
            (OVER, "over its limit"),
            (LIQUID, "heat to liquid"),
            (AIR, "heat to air"),
            (CDU_FILL, "CDU (dashed: the spare)"),
        ]
        x = MARGIN
        for fill, words in legend:
            self._rect(x, y + 46, 12, 10, fill, stroke_width=0.5)
            self._text(x + 16, y + 55, words, 10)
            x += 150

    def to_string(self) -> str:
        """The SVG document as text."""
        return self.dwg.tostring()
