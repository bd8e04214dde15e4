"""A hall elevation: many copies of a design side by side, in rows, seen from the front or rear.

One copy is drawn once, as a `<symbol>` (its racks, trays, port bars and captions, exactly as
the design's own elevation draws them), and placed with one `<use>` per copy, numbered; so a
hall of hundreds of racks costs one rack's drawing plus a line per copy. Where servers are
packed several to a floor rack, the hall's racks are those floor racks as they stand
(`floor_rack.py`), one symbol for every full one and one for a last part-full one, numbered as
the floor numbers them. Plain SVG 1.1, deterministic.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any

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
from .floor_rack import FloorRackElevation
from .geometry import CAPTION_MM, FOOTER_MM, MARGIN_MM, RACK_GAP_MM, UNIT_GUTTER_MM, Box

if TYPE_CHECKING:
    from ..racks.analysis import Analysis
    from ..racks.clusters.floor_switch import StandingRack

TITLE_MM, SUBTITLE_MM, NUMBER_MM = 120.0, 60.0, 48.0
"""Text sizes: the hall is seen from further away than one rack."""
HEADER_MM = 260.0
ROW_GAP_MM = 160.0
COPY_ID = "copy"


def _suffix_ids(element: Any, suffix: str) -> None:
    """Every id inside `element` (not its own) ends in `suffix`."""
    for child in getattr(element, "elements", ()):
        if "id" in getattr(child, "attribs", {}):
            child.attribs["id"] += suffix
        _suffix_ids(child, suffix)


def _symbol_id(index: int) -> str:
    """The id of drawing `index`'s symbol: the first is `copy`."""
    return COPY_ID if index == 0 else f"{COPY_ID}-{index + 1}"


class HallElevation(SvgDocument):
    """The `copies` of a design (from 0, numbered from 1 as the cluster numbers them: a hall of
    a larger cluster starts where the halls before it end) in rows of about `racks_per_row`
    racks, from `face`; with `packed`, `copies` are floor units of packed servers, each drawn
    as `packed` stands it."""

    def __init__(
        self,
        analysis: Analysis,
        copies: Sequence[int],
        title: str,
        racks_per_row: int = 16,
        width_px: float | None = None,
        face: str = "front",
        packed: Callable[[int], StandingRack] | None = None,
    ) -> None:
        if not copies:
            raise InputError(None, "copies", "a hall needs 1 copy or more, not 0")
        if racks_per_row < 1:
            raise InputError(
                None, "racks_per_row", f"racks per row must be 1 or more, not {racks_per_row}"
            )
        self.face = face
        self.analysis = analysis
        self.numbers = copies
        self.copies = len(copies)
        self.title = title
        self.drawings: list[Elevation] = [Elevation(analysis, face)]
        self.drawing_of = [0] * len(copies)
        """Which of `drawings` each number is drawn as."""
        self.packed = packed is not None
        self.servers = len(copies)
        """Copies of the design drawn."""
        self.switched = False
        """Whether each floor rack adds a management switch of its own."""
        if packed is not None:
            stood = [packed(unit) for unit in copies]
            self.switched = any(s.added for s in stood)
            kinds = sorted({s.copies for s in stood}, reverse=True)
            self.drawings = [
                FloorRackElevation(analysis, next(s for s in stood if s.copies == n), face)
                for n in kinds
            ]
            self.drawing_of = [kinds.index(s.copies) for s in stood]
            self.servers = sum(s.copies for s in stood)
        self.copy = self.drawings[0]
        per_copy = 1 if self.packed else len(analysis.design.racks)
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
        racks = self.copies * (1 if self.packed else len(self.analysis.design.racks))
        dwg.set_desc(title=f"{self.title}: hall elevation", desc=f"{racks:,} racks of {spec.id}")
        dwg.add(dwg.rect((0, 0), (svg_number(width), svg_number(height)), fill=BACKGROUND))
        for index, drawing in enumerate(self.drawings):
            symbol = dwg.symbol(id=_symbol_id(index))
            symbol.viewbox(box.x, box.y, box.width, box.height)
            for rack in drawing.geometry.racks:
                group = symbol.add(dwg.g(id=xml_id("rack", rack.rack.name)))
                drawing.draw_frame(dwg, group, rack)
                drawing.draw_units(dwg, group, rack)
                drawing.draw_trays(dwg, group, rack)
                drawing.draw_port_bars(dwg, group, rack)
                drawing.draw_rack_captions(dwg, group, rack)
            if index:  # the same racks and trays drawn again: their ids made its own
                _suffix_ids(symbol, f"-{index + 1}")
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
                    f"#{_symbol_id(self.drawing_of[index])}",
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
        count = self.servers
        copies = "copy" if count == 1 else "copies"
        how = "each copy drawn as in"
        if self.packed:
            switch = " with a management switch each" if self.switched else ""
            stand = "packed in floor racks" if count > racks else "one to a floor rack"
            how = f"{stand}{switch}, each server drawn as in"
        group.add(
            dwg.text(
                f"{self.face.capitalize()} elevation of {racks:,} racks: {count:,} {copies} "
                f"of {spec.id} in {rows:,} row{'s' if rows != 1 else ''}, {how} "
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
