"""Cluster drawings: the floor plan from above and the fabric as tiers of switches.

Both aggregate: a rack is one rectangle, a row's links to its leaves one label, a row's uplinks
to the core one line with its count, and a tier of hundreds of switches a few boxes and a count,
so 16 racks and 1,400 racks draw alike. Plain SVG 1.1, deterministic, text escaped by svgwrite.
"""

from __future__ import annotations

import math
from itertools import pairwise
from typing import TYPE_CHECKING

import svgwrite

from ..components.outputs import counted, span_text
from ..components.records import record
from ..exports.figures.cluster_figures import CLUSTER_FIGURE
from .document import FONT_FAMILY, GLYPH_EM, SvgDocument

if TYPE_CHECKING:
    from ..racks.clusters.cluster_summary import ClusterSummary, TierSummary
    from ..racks.clusters.floor import FloorLayout

RACK_FILL, NET_FILL, CORE_FILL = "#a6cee3", "#cab2d6", "#b2df8a"
TIER_COLOUR = {1: "#1f78b4", 2: "#6a3d9a", 3: "#33a02c", 4: "#b15928"}
MARGIN, TITLE_H, NOTE_H = 20.0, 60.0, 16.0


def text_width(words: str, size: float) -> float:
    """About how wide `words` are at `size`: an upper bound, so that labels never meet."""
    return len(words) * size * GLYPH_EM


class _Drawing(SvgDocument):
    """An SVG document with the title block every cluster drawing has.

    The title shrinks to fit the width; a `note` (a long qualifier) takes a line of its own
    under the key figures, and `top` is where the drawing below the block starts.
    """

    def __init__(
        self, summary: ClusterSummary, width: float, height: float, title: str, note: str = ""
    ) -> None:
        self.summary = summary
        self.dwg = svgwrite.Drawing(size=(f"{width:.0f}", f"{height:.0f}"), debug=False)
        self.dwg.viewbox(0, 0, width, height)
        self.dwg.add(self.dwg.rect((0, 0), (width, height), fill="white"))
        s = summary
        heading = f"{s.name} — {title}"
        size = min(16.0, (width - 2 * MARGIN) / text_width(heading, 1.0))
        self.text(MARGIN, 24, heading, size=round(size, 1), weight="bold")
        self.text(
            MARGIN,
            44,
            f"{CLUSTER_FIGURE['gpus'].text(s)} GPUs in {counted(s.racks, 'rack')} of {s.design} · "
            f"{s.profile} · {s.fabric_tiers}-tier {s.topology.replace('_', '-')}"
            f"{' + campus tier' if s.campus else ''} · "
            f"{CLUSTER_FIGURE['switches'].text(s)} switches · "
            f"{CLUSTER_FIGURE['capex_usd_per_gpu.total_usd'].text(s)} per GPU",
            size=11,
        )
        if note:
            self.text(MARGIN, 44 + NOTE_H, note, size=11, fill="#444")

    def text(self, x: float, y: float, words: str, size: float = 10, **style: str) -> None:
        attrs = {"font_family": FONT_FAMILY, "font_size": f"{size:g}"}
        if "weight" in style:
            attrs["font_weight"] = style.pop("weight")
        if "anchor" in style:
            attrs["text_anchor"] = style.pop("anchor")
        self.dwg.add(self.dwg.text(words, insert=(round(x, 1), round(y, 1)), **attrs, **style))

    def keys(self, y: float, items: list[tuple[str, str]], step: float | None = None) -> float:
        """A legend line from the left margin: a swatch and its words per item, each `step`
        apart (None: after its words); where the line goes on."""
        x = MARGIN
        for fill, words in items:
            self.rect(x, y - 9, 12, 10, fill)
            self.text(x + 16, y, words, size=10)
            x += step if step is not None else 16 + text_width(words, 10) + 14
        return x

    def rect(self, x: float, y: float, w: float, h: float, fill: str, stroke: str = "#555") -> None:
        self.dwg.add(
            self.dwg.rect(
                (round(x, 1), round(y, 1)),
                (round(w, 1), round(h, 1)),
                fill=fill,
                stroke=stroke,
                stroke_width=0.5,
            )
        )

    def line(
        self, a: tuple[float, float], b: tuple[float, float], colour: str, width: float
    ) -> None:
        a, b = (round(a[0], 1), round(a[1], 1)), (round(b[0], 1), round(b[1], 1))
        self.dwg.add(self.dwg.line(a, b, stroke=colour, stroke_width=round(width, 2)))

    def to_string(self) -> str:
        """The SVG document as text."""
        return self.dwg.tostring()


@record
class _Band:
    """Rows drawn as one: the first and last row (0-based), racks per row, links summed."""

    first: int
    last: int
    racks: int
    network_racks: int
    down: int
    up: int
    fewest: int
    """Racks in its shortest row (its longest is drawn)."""

    @property
    def rows(self) -> int:
        """Rows in the band."""
        return self.last - self.first + 1


def _band_label(band: _Band) -> str:
    """`row 3`, `rows 1-55 (55 alike)`, or where their racks differ, `rows 21-22 (6-16
    racks)`."""
    if band.rows == 1:
        return f"row {band.first + 1}"
    rows = f"rows {band.first + 1}-{band.last + 1}"
    if band.fewest < band.racks:
        return f"{rows} ({band.fewest}-{band.racks} racks)"
    return f"{rows} ({band.rows} alike)"


def _bands(floor: FloorLayout, shown: range, most: int) -> list[_Band]:
    """The rows `shown`, grouped into at most `most` bands of alike consecutive rows."""
    size = math.ceil(len(shown) / most)
    bands = []
    for start in range(0, len(shown), size):
        span = shown[start : start + size]
        first, last = span[0], span[-1]
        bands.append(
            _Band(
                first,
                last,
                max(floor.rows[r] for r in span),
                max(floor.row_network_racks[r] for r in span),
                sum(floor.row_links[r][0] for r in span),
                sum(floor.row_links[r][1] for r in span),
                min(floor.rows[r] for r in span),
            )
        )
    return bands


class FloorPlan(_Drawing):
    """Rows of racks seen from above, each row's network racks, the core, and link bundles.

    Up to `MAX_BANDS` rows are drawn one by one; a bigger hall draws bands of consecutive rows,
    each as one row of racks labelled with its row count, so 16 or 1,400 racks draw alike.
    `rows` (from 0) draws those rows only, named by `scope` (a hall or building), the core whole.
    """

    WIDTH, MAX_BANDS, LABEL_W, CORE_GAP, CORE_SHARE = 1100.0, 16, 120.0, 60.0, 0.4
    LABEL_SIZE = 9.0

    def __init__(
        self,
        summary: ClusterSummary,
        floor: FloorLayout,
        rows: range | None = None,
        scope: str = "",
    ) -> None:
        self.floor = floor
        self.bands = _bands(floor, range(len(floor.rows)) if rows is None else rows, self.MAX_BANDS)
        self._layout()
        self.pitch = min(max(floor.row_pitch_m * self.scale, 40.0), 64.0)
        note = ""
        if rows is not None:
            note = (
                f"{scope}: rows {rows.start + 1}-{rows.stop} of {len(floor.rows)} in "
                f"{counted(floor.halls, 'hall')}; the core (upper tiers) drawn whole"
            )
        elif floor.halls > 1:
            note = (
                f"{floor.halls} halls on a {floor.campus_length_m:,.0f} m x "
                f"{floor.campus_width_m:,.0f} m campus, their rows in bands, the top tier "
                "in a central core"
            )
        self.top = TITLE_H + (NOTE_H if note else 0.0)
        height = self.top + MARGIN + len(self.bands) * self.pitch + MARGIN + 30
        super().__init__(summary, self.WIDTH, height, "floor plan", note)
        self._draw_core()
        self._draw_rows()
        self._draw_legend(height - MARGIN)

    def _layout(self) -> None:
        """The scale, and the columns: rows (never narrower than their labels), link counts,
        the core. A campus core that would take more than `CORE_SHARE` of the width at the rows'
        scale is drawn at that share, not to scale, so the rows stay legible."""
        f = self.floor
        core_m = _core_cols(f) * f.network_rack_width_m
        room = self.WIDTH - 2 * MARGIN - self.LABEL_W - self.CORE_GAP
        self.scale = min(room / (f.row_length_m + core_m), 40.0)
        self.core_w = core_m * self.scale
        self.core_to_scale = self.core_w <= room * self.CORE_SHARE
        if not self.core_to_scale:
            self.core_w = room * self.CORE_SHARE
            self.scale = min((room - self.core_w) / f.row_length_m, 40.0)
        labels = max(text_width(_band_label(b), self.LABEL_SIZE) for b in self.bands)
        self.rows_w = max(f.row_length_m * self.scale, labels)
        self.core_w = min(self.core_w, room - self.rows_w)
        self.core_x = MARGIN + self.rows_w + self.LABEL_W + self.CORE_GAP

    def _band_y(self, index: int) -> float:
        return self.top + MARGIN + index * self.pitch

    def _draw_rows(self) -> None:
        f, s = self.floor, self.scale
        depth = min(f.row_pitch_m * 0.4 * s, self.pitch * 0.5)
        most_up = max((b.up for b in self.bands), default=0)
        row_end = MARGIN + self.rows_w
        for index, band in enumerate(self.bands):
            y = self._band_y(index)
            gap = band.racks if f.network_position == "end" else (band.racks + 1) // 2
            x = MARGIN
            for position in range(band.racks):
                if position == gap:
                    x += band.network_racks * f.network_rack_width_m * s
                self.rect(x, y, f.rack_pitch_m * s * 0.95, depth, RACK_FILL)
                x += f.rack_pitch_m * s
            net_x = MARGIN + gap * f.rack_pitch_m * s
            self.rect(net_x, y, band.network_racks * f.network_rack_width_m * s, depth, NET_FILL)
            self.text(MARGIN, y + depth + 11, _band_label(band), size=self.LABEL_SIZE, fill="#444")
            self.text(row_end + 6, y + 9, f"{band.down:,} ↓ to leaves", size=9, fill=TIER_COLOUR[1])
            if band.up:
                self.text(
                    row_end + 6, y + 21, f"{band.up:,} ↑ to spines", size=9, fill=TIER_COLOUR[2]
                )
                weight = 0.8 + 3.2 * band.up / most_up
                end_y = self.core_top + self.core_h * (index + 0.5) / len(self.bands)
                self.line(
                    (row_end + self.LABEL_W, y + depth / 2),
                    (self.core_x, end_y),
                    TIER_COLOUR[2],
                    weight,
                )

    def _draw_core(self) -> None:
        f = self.floor
        top, bottom = self._band_y(0), self._band_y(len(self.bands) - 1) + self.pitch * 0.5
        self.core_top, self.core_h = top, max(bottom - top, 40.0)
        self.rect(self.core_x, top, self.core_w, self.core_h, CORE_FILL)
        upper = [t for t in self.summary.tiers if t.tier > 1]
        scale = "" if self.core_to_scale else " (not to scale)"
        lines = [f"core: {f.core_racks:,} network racks{scale}"] + [
            f"{t.switches:,} {t.role} switches" for t in upper
        ]
        for i, words in enumerate(lines):
            self.text(self.core_x + 4, top + 14 + 12 * i, words, size=9)

    def _draw_legend(self, y: float) -> None:
        items = [
            (RACK_FILL, "compute rack"),
            (NET_FILL, "network racks (leaves)"),
            (CORE_FILL, "core (upper tiers)"),
        ]
        x = self.keys(y, items, step=170)
        t1 = self.summary.tiers[0]
        self.text(
            x,
            y,
            f"leaf links {span_text(t1.link_length_m_min, t1.link_length_m_max)} m; "
            "lines: uplinks, thicker for more",
            size=10,
        )


class FabricDiagram(_Drawing):
    """Tiers as rows of switches with counts, the links between them, one rail traced."""

    WIDTH, SHOWN, BOX_W, BOX_H, ROW_H = 1100.0, 12, 60.0, 22.0, 95.0

    def __init__(self, summary: ClusterSummary) -> None:
        height = TITLE_H + (len(summary.tiers) + 1) * self.ROW_H + 2 * MARGIN
        super().__init__(summary, self.WIDTH, height, "scale-out fabric")
        tiers = summary.tiers
        rows_y = {t.tier: TITLE_H + MARGIN + (len(tiers) - t.tier) * self.ROW_H for t in tiers}
        endpoint_y = TITLE_H + MARGIN + len(tiers) * self.ROW_H
        for tier in tiers:
            self._draw_tier(tier, rows_y[tier.tier])
            below = endpoint_y if tier.tier == 1 else rows_y[tier.tier - 1]
            self._draw_bundle(tier, rows_y[tier.tier] + self.BOX_H, below)
        self._draw_endpoints(endpoint_y)
        self._draw_rail(rows_y, endpoint_y)

    def _slots(self, count: int) -> list[float]:
        shown = min(count, self.SHOWN)
        span = self.WIDTH - 2 * MARGIN - 260
        step = span / max(shown, 1)
        return [MARGIN + i * step + (step - self.BOX_W) / 2 for i in range(shown)]

    def _draw_tier(self, tier: TierSummary, y: float) -> None:
        slots = self._slots(tier.switches)
        for i, x in enumerate(slots):
            if tier.switches > self.SHOWN and i == len(slots) - 2:
                self.text(x + self.BOX_W / 2, y + 15, "…", size=14, anchor="middle")
                continue
            self.rect(x, y, self.BOX_W, self.BOX_H, "#eeeeee", TIER_COLOUR[tier.tier])
        label_x = self.WIDTH - MARGIN - 250
        self.text(
            label_x,
            y + 9,
            f"{tier.role}: {tier.switches:,} x {tier.switch}",
            size=10,
            weight="bold",
        )
        self.text(
            label_x,
            y + 22,
            f"{tier.ports_per_switch} ports each; {tier.ports_used:,} used, "
            f"{tier.ports_unused:,} unused ({tier.ports_unused_pct:.1f} %)",
            size=9,
        )

    def _draw_bundle(self, tier: TierSummary, top: float, bottom: float) -> None:
        x = (self.WIDTH - 260) / 2
        self.line((x, top), (x, bottom), TIER_COLOUR[tier.tier], 6)
        items = [f"{n:,} {p}" for p, n in {**tier.cables, **tier.transceivers}.items()]
        self.text(
            x + 8,
            (top + bottom) / 2 - 4,
            f"{tier.links:,} links, {span_text(tier.link_length_m_min, tier.link_length_m_max)} m",
            size=9,
            fill=TIER_COLOUR[tier.tier],
        )
        for i, line in enumerate(_wrapped(items, self.WIDTH - MARGIN - x - 8, 8.0)):
            self.text(x + 8, (top + bottom) / 2 + 8 + 10 * i, line, size=8, fill="#444")

    def _draw_endpoints(self, y: float) -> None:
        s = self.summary
        self.rect(MARGIN, y, self.WIDTH - 2 * MARGIN - 260, self.BOX_H, RACK_FILL)
        self.text(
            self.WIDTH - MARGIN - 250,
            y + 9,
            f"{s.nic_ports:,} NIC ports at {s.endpoint_gbps:g}G",
            size=10,
            weight="bold",
        )
        planes = (
            f", {s.planes} x {s.plane_gbps:g}G planes ({s.endpoints:,} plane links)"
            if s.planes > 1
            else ""
        )
        self.text(
            self.WIDTH - MARGIN - 250,
            y + 22,
            f"{counted(s.racks, 'rack')}, {counted(s.rails, 'rail')}{planes}",
            size=9,
        )

    def _draw_rail(self, rows_y: dict[int, float], endpoint_y: float) -> None:
        """Rail 1: an endpoint to the first leaf, up through the first switch of each tier."""
        x = self._slots(self.summary.tiers[0].switches)[0] + self.BOX_W / 2
        points = [(x, endpoint_y)] + [
            (self._slots(t.switches)[0] + self.BOX_W / 2, rows_y[t.tier] + self.BOX_H / 2)
            for t in self.summary.tiers
        ]
        for a, b in pairwise(points):
            self.line(a, b, "#e31a1c", 2)
        self.text(points[0][0] + 6, endpoint_y - 4, "rail 1", size=9, fill="#e31a1c")


def _wrapped(items: list[str], width: float, size: float) -> list[str]:
    """`items` joined by commas into lines no wider than `width` at `size`."""
    lines = [""]
    for item in items:
        joined = f"{lines[-1]}, {item}" if lines[-1] else item
        if lines[-1] and text_width(joined + ",", size) > width:
            lines[-1] += ","
            lines.append(item)
        else:
            lines[-1] = joined
    return lines


def _core_cols(floor: FloorLayout) -> int:
    return -(-floor.core_racks // floor.core_rows)
