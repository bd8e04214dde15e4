"""A hall elevation: many copies of a design side by side, in rows, seen from the front or rear.

One copy is drawn once, as a `<symbol>` (its racks, trays, port bars and captions, exactly as
the design's own elevation draws them), and placed with one `<use>` per copy, numbered; so a
hall of hundreds of racks costs one rack's drawing plus a line per copy. Plain SVG 1.1,
deterministic.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from functools import cached_property
from typing import TYPE_CHECKING

import svgwrite

from ..components.errors import InputError
from .document import FONT_FAMILY, SvgDocument
from .elevation import (
    BACKGROUND,
    BOLD,
    INK,
    MUTED_INK,
    PX_PER_MM,
    XML_DECLARATION,
    Elevation,
    svg_number,
    xml_id,
)
from .geometry import CAPTION_MM, FOOTER_MM, MARGIN_MM, RACK_GAP_MM, UNIT_GUTTER_MM, Box

if TYPE_CHECKING:
    from ..racks.analysis import Analysis

TITLE_MM, SUBTITLE_MM, NUMBER_MM = 120.0, 60.0, 48.0
"""Text sizes: the hall is seen from further away than one rack."""
HEADER_MM = 260.0
ROW_GAP_MM = 160.0
COPY_ID = "copy"


class HallElevation(SvgDocument):
    """The `copies` of a design (from 0, numbered from 1 as the cluster numbers them: a hall of
    a larger cluster starts where the halls before it end) in rows of about `racks_per_row`
    racks, from `face`."""

    def __init__(
        self,
        analysis: Analysis,
        copies: Sequence[int],
        title: str,
        racks_per_row: int = 16,
        width_px: float | None = None,
        face: str = "front",
    ) -> None:
        if not copies:
            raise InputError(None, "copies", "a hall needs 1 copy or more, not 0")
        if racks_per_row < 1:
            raise InputError(
                None, "racks_per_row", f"racks per row must be 1 or more, not {racks_per_row}"
            )
        self.copy = Elevation(analysis, face)
        self.face = face
        self.analysis = analysis
        self.numbers = copies
        self.copies = len(copies)
        self.title = title
        per_copy = len(analysis.design.racks)
        self.per_row = max(1, racks_per_row // per_copy)
        self.width_px = width_px

    @cached_property
    def copy_box(self) -> Box:
        """One copy's racks with their captions, in the design elevation's millimetres."""
        frames = self.copy.geometry.frames_box
        return Box(
            frames.x - UNIT_GUTTER_MM,
            frames.y - CAPTION_MM,
            frames.width + UNIT_GUTTER_MM,
            frames.height + CAPTION_MM + FOOTER_MM,
        )

    def to_string(self) -> str:
        """The SVG document as text."""
        return self._document

    @cached_property
    def _document(self) -> str:
        box = self.copy_box
        rows = math.ceil(self.copies / self.per_row)
        step_x, step_y = box.width + RACK_GAP_MM, box.height + NUMBER_MM + ROW_GAP_MM
        width = 2 * MARGIN_MM + self.per_row * step_x - RACK_GAP_MM
        height = 2 * MARGIN_MM + HEADER_MM + rows * step_y - ROW_GAP_MM
        width_px = self.width_px if self.width_px is not None else width * PX_PER_MM
        dwg = svgwrite.Drawing(
            size=(svg_number(width_px), svg_number(width_px * height / width)),
            viewBox=f"0 0 {svg_number(width)} {svg_number(height)}",
            profile="full",
            debug=False,
            font_family=FONT_FAMILY,
        )
        spec = self.analysis.design.spec
        racks = self.copies * len(self.analysis.design.racks)
        dwg.set_desc(title=f"{self.title}: hall elevation", desc=f"{racks:,} racks of {spec.id}")
        dwg.add(dwg.rect((0, 0), (svg_number(width), svg_number(height)), fill=BACKGROUND))
        symbol = dwg.symbol(id=COPY_ID)
        symbol.viewbox(box.x, box.y, box.width, box.height)
        for rack in self.copy.geometry.racks:
            group = symbol.add(dwg.g(id=xml_id("rack", rack.rack.name)))
            self.copy.draw_frame(dwg, group, rack)
            self.copy.draw_units(dwg, group, rack)
            self.copy.draw_trays(dwg, group, rack)
            self.copy.draw_port_bars(dwg, group, rack)
            self.copy.draw_rack_captions(dwg, group, rack)
        dwg.defs.add(symbol)
        self._header(dwg, racks, rows)
        copies = dwg.add(dwg.g(id="copies"))
        numbers = dwg.add(
            dwg.g(id="numbers", fill=INK, font_size=svg_number(NUMBER_MM), font_weight=BOLD)
        )
        top = MARGIN_MM + HEADER_MM
        for index, copy in enumerate(self.numbers):
            row, column = divmod(index, self.per_row)
            if self.face == "rear":  # seen from behind, a row runs right to left
                column = self.per_row - 1 - column
            x, y = MARGIN_MM + column * step_x, top + row * step_y
            copies.add(
                dwg.use(
                    f"#{COPY_ID}",
                    insert=(svg_number(x), svg_number(y)),
                    size=(svg_number(box.width), svg_number(box.height)),
                )
            )
            numbers.add(
                dwg.text(
                    f"#{copy + 1:,}",
                    insert=(svg_number(x + UNIT_GUTTER_MM), svg_number(y + box.height + NUMBER_MM)),
                )
            )
        root = dwg.get_xml()
        ET.indent(root, space=" ")
        return XML_DECLARATION + ET.tostring(root, encoding="unicode") + "\n"

    def _header(self, dwg: svgwrite.Drawing, racks: int, rows: int) -> None:
        spec = self.analysis.design.spec
        group = dwg.add(dwg.g(id="header"))
        group.add(
            dwg.text(
                self.title,
                insert=(svg_number(MARGIN_MM), svg_number(MARGIN_MM + TITLE_MM)),
                font_size=svg_number(TITLE_MM),
                font_weight=BOLD,
            )
        )
        copies = "copy" if self.copies == 1 else "copies"
        group.add(
            dwg.text(
                f"{self.face.capitalize()} elevation of {racks:,} racks: {self.copies:,} {copies} "
                f"of {spec.id} in {rows:,} row{'s' if rows != 1 else ''}, each copy drawn as in "
                f"`rackbom svg {spec.id}{' --face rear' if self.face == 'rear' else ''}`"
                " · to scale in millimetres",
                insert=(
                    svg_number(MARGIN_MM),
                    svg_number(MARGIN_MM + TITLE_MM + 1.6 * SUBTITLE_MM),
                ),
                font_size=svg_number(SUBTITLE_MM),
                fill=MUTED_INK,
            )
        )
