"""The SVG renderer: a design's analysis drawn as rack elevations, one `draw_*` step per layer.

Positions come from `geometry` (one user unit = one millimetre); this module chooses the words,
colours and strokes. Output is plain SVG 1.1: no scripts, no external references, every text
escaped, and the same analysis always gives the same bytes.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Sequence
from functools import cached_property
from typing import TYPE_CHECKING

import svgwrite
from svgwrite.container import Group

from ..components.errors import InputError
from ..components.limits import PIXELS_MAX
from ..components.outputs import SVG_STYLE, finite, xml_safe
from ..components.parts import Gpu
from ..components.trays import TrayPart, TrayRole
from ..exports.figures import ASSUMED_MARK, KEY_FIGURE, Unit, switch_note
from .document import FONT_FAMILY, SvgDocument
from .geometry import (
    BLOCK_ROOM_MM,
    BLOCK_TEXT_SIZE_MM,
    Box,
    ElevationGeometry,
    Line,
    PortBar,
    RackShape,
    Text,
    TrayShape,
    elevation_geometry,
    fit_text,
    wrap_words,
)

if TYPE_CHECKING:
    from ..racks.analysis import Analysis
    from ..racks.built import BuiltDesign, BuiltRack, PlacedTray
    from ..racks.port_types import ChipPorts, TrayPorts
    from ..racks.power import TrayPower
    from ..racks.summary import DesignSummary

FACES = ("front", "rear")
PX_PER_MM = 0.4

ROLE_FILL = {
    TrayRole.COMPUTE: "#a6cee3",
    TrayRole.SWITCH: "#cab2d6",
    TrayRole.POWER: "#fdbf6f",
    TrayRole.MANAGEMENT: "#ffff99",
    TrayRole.COOLING: "#8dd3c7",
    TrayRole.OTHER: "#d9d9d9",
}
ROLE_LEGEND = {
    TrayRole.COMPUTE: "Compute tray",
    TrayRole.SWITCH: "Switch tray",
    TrayRole.POWER: "Power shelf",
    TrayRole.MANAGEMENT: "Management",
    TrayRole.COOLING: "Cooling",
    TrayRole.OTHER: "Other",
}
BACKGROUND = "#ffffff"
INK = "#1a1a1a"
MUTED_INK = "#707070"
FRAME_FILL = "#555555"
OPENING_FILL = "#ffffff"
EMPTY_FILL = "#f5f5f5"
EMPTY_STROKE = "#bdbdbd"
EMPTY_DASH = "8,6"
TRAY_STROKE = "#333333"
TRAY_STROKE_MM = 2.0
NO_REAR_FILL = "#ececec"
PORT_USED = "#2e7d32"
PORT_UNUSED = "#d32f2f"
BAR_INK = "#ffffff"
BAR_STROKE_MM = 1.0
BAR_HALO = "#1a1a1a"  # outlines a caption that spans bars and the gaps between them
BAR_HALO_SHARE = 0.22
WARNING_INK = "#9a3412"
BLOCK_FILL = "#fafafa"
BLOCK_STROKE = "#9e9e9e"
BLOCK_STROKE_MM = 2.0
PORT_SWATCH_USED_SHARE = 0.75
BOLD = "bold"

XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>\n'
_ID_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]")


def svg_number(value: float) -> str:
    """A number as SVG text: at most two decimals, no trailing zeros; never inf or NaN."""
    text = f"{finite(value, 'drawing'):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def xml_id(*parts: str) -> str:
    """A valid, stable XML id from names (characters outside [A-Za-z0-9_.-] become _xx_)."""
    raw = "-".join(parts)
    return _ID_UNSAFE.sub(lambda m: f"_{ord(m.group()):x}_", raw)


class Elevation(SvgDocument):
    """The elevation drawing of one design: every rack side by side, with a shared title block.

    `face` is `front` or `rear`; `width_px` sets the displayed width (the height follows the
    drawing's proportions; default 0.4 px per millimetre). `racks_per_row` lays a pod out in
    rows (one rack per row keeps a pod legible in a narrow page); by default, one row.
    """

    def __init__(
        self,
        analysis: Analysis,
        face: str = "front",
        width_px: float | None = None,
        racks_per_row: int | None = None,
    ):
        design = analysis.design
        if face not in FACES:
            raise InputError(None, "face", f"face must be front or rear, not {face!r}")
        if width_px is not None and not 0 < width_px <= PIXELS_MAX:
            raise InputError(
                None,
                "width",
                f"width must be a positive number of pixels up to {PIXELS_MAX:,.0f}, "
                f"not {width_px}",
            )
        if racks_per_row is not None and racks_per_row < 1:
            raise InputError(
                None, "racks_per_row", f"racks per row must be 1 or more, not {racks_per_row}"
            )
        if face == "rear" and not any(_rear_parts(t) for t in design.placed):
            raise InputError(
                design.file, "face", f"design {design.spec.id!r} has no rear-facing parts to draw"
            )
        self.analysis = analysis
        self.face = face
        self.width_px = width_px
        self.racks_per_row = racks_per_row

    # --- public interface -----------------------------------------------------------------
    @cached_property
    def geometry(self) -> ElevationGeometry:
        """Where everything sits, in millimetres."""
        return elevation_geometry(
            self.drawn,
            list(self._tray_ports.values()),
            label=self.tray_label,
            bar_captions=_bar_captions if self.face == "front" else None,
            figure_rows=len(self.figures) + len(self.note_lines),
            warning_rows=len(self.warning_lines),
            legend_rows=len(self.legend),
            from_behind=self.face == "rear",
            racks_per_row=self.racks_per_row,
        )

    @property
    def drawn(self) -> BuiltDesign:
        """The racks drawn, with their trays where they stand: the design's."""
        return self.analysis.design

    def to_string(self) -> str:
        """The SVG document as text."""
        return self._document

    def _repr_html_(self) -> str:
        """The drawing inline, scaled to the width of a notebook's output area."""
        body = self._document.removeprefix(XML_DECLARATION)
        return body.replace("<svg ", f'<svg style="{SVG_STYLE}" ', 1)

    def __repr__(self) -> str:
        g = self.geometry
        return f"<Elevation {self.analysis.id} {self.face}: {g.width:,.0f} x {g.height:,.0f} mm>"

    # --- words ------------------------------------------------------------------------------
    @cached_property
    def figures(self) -> list[tuple[str, str]]:
        """Title-block rows: (label, value), each value written by its key figure's format."""
        s = self.analysis.summary
        domains = s.scale_up_domains
        world = f"{_figure('world_size', s)} GPUs" + (
            f" ({_figure('scale_up_domains', s)} domains)" if domains > 1 else ""
        )
        total = s.switch_ports_total
        unused = (
            f"{_figure('switch_ports_unused', s)} of {_COUNT.text(total)} "
            f"({_figure('switch_ports_unused_pct', s)}%)"
        )
        unit_names = "/".join(sorted({space.unit_name for space in self.analysis.space}))
        return [
            ("GPUs", _figure("gpus", s)),
            ("World size", world),
            (
                "Power, all-in",
                f"{_figure('power_all_in_w', s)} kW (IT {_figure('power_it_w', s)} kW)",
            ),
            ("BOM total", _figure("bom_usd", s)),
            ("Cost per GPU", _figure("bom_usd_per_gpu", s) if s.gpus else "-"),
            ("Unused switch ports", _marked(unused, s) if total else "no switch chips"),
            ("Racks", _figure("racks", s)),
            (
                "Units used",
                f"{_figure('units_used', s)} of {_COUNT.text(s.units_total)} {unit_names}",
            ),
        ]

    @cached_property
    def note_lines(self) -> list[str]:
        """Under the key figures, why some are marked `*` (an assumed switch chip), in lines
        that fit the title block."""
        note = switch_note(self.analysis.summary)
        return [] if note is None else wrap_words(note, BLOCK_ROOM_MM, BLOCK_TEXT_SIZE_MM)

    @cached_property
    def warning_lines(self) -> list[str]:
        """The design's warnings, each broken into lines that fit the title block."""
        return [
            line
            for warning in self.analysis.warnings()
            for line in wrap_words(warning, BLOCK_ROOM_MM, BLOCK_TEXT_SIZE_MM)
        ]

    @cached_property
    def legend(self) -> list[tuple[str, str]]:
        """Legend rows: (kind of swatch, label); kind is a role, `empty`, `ports` or `no-rear`."""
        placed = self.analysis.design.placed
        roles = {t.tray.role for t in placed if self.face == "front" or _rear_parts(t)}
        rows = [(role.value, ROLE_LEGEND[role]) for role in TrayRole if role in roles]
        rows.append(("empty", "Empty unit"))
        if self.face == "front" and self.analysis.ports:
            rows.append(("ports", "Switch ports per chip: used / unused"))
        if self.face == "rear" and any(not _rear_parts(t) for t in placed):
            rows.append(("no-rear", "Nothing reached from the rear"))
        return rows

    def tray_label(self, placed: PlacedTray) -> str:
        """The words drawn on a tray for this face."""
        tray = placed.tray
        if self.face == "rear":
            rear = _rear_parts(placed)
            if not rear:
                return tray.short_label
            return " \u00b7 ".join(
                f"{line.qty} \u00d7 {self.analysis.design.part(line.part).label_name}"
                for line in rear
            )
        design = self.analysis.design
        counts: Counter[str] = Counter()
        names: dict[str, str] = {}
        for line in tray.parts:
            if design.part(line.part).named_in_labels:
                counts[line.part] += line.qty
                names[line.part] = self.analysis.design.part(line.part).label_name
        words = [tray.short_label, *(f"{n} \u00d7 {names[p]}" for p, n in counts.items())]
        return " \u00b7 ".join(words)

    def tray_tooltip(self, placed: PlacedTray) -> str:
        """A tray's contents, power and price, one fact per line."""
        design = self.analysis.design
        units = placed.label if placed.tray.height_units == 1 else f"{placed.label}-{placed.top}"
        lines = [f"{placed.tray.name}", f"{placed.rack} {units} ({placed.tray.id})"]
        for line in placed.tray.parts:
            part = design.part(line.part)
            notes = [
                w
                for w in (
                    line.use.value.replace("_", "-") if line.use else None,
                    "rear" if line.face == "rear" else None,
                )
                if w
            ]
            lines.append(
                f"{line.qty} \u00d7 {part.name}" + (f" ({', '.join(notes)})" if notes else "")
            )
        power = self._tray_power[placed.key]
        lines.append(
            f"Power: {power.it_w:,.0f} W (parts {power.parts_w:,.0f} W + overhead "
            f"{power.overhead_w:,.0f} W)"
        )
        lines.append(f"Price: ${self.tray_price(placed):,.0f}")
        ports = self._tray_ports.get(placed.key)
        if ports is not None:
            lines.append(
                f"Switch ports: {ports.ports_used:,} of {ports.ports_total:,} used, "
                f"{ports.ports_unused:,} unused"
            )
        return "\n".join(lines)

    def tray_price(self, placed: PlacedTray) -> float:
        """A placed tray's price: its fixed price, or its parts plus integration margin."""
        return self.analysis.tray_prices[placed.key]

    def chip_tooltip(self, bar: PortBar, index: int, count: int) -> str:
        """A switch chip's port usage in words."""
        chip = bar.chip
        name = self.analysis.design.part(chip.part).name
        return (
            f"{name}, chip {index} of {count}: {chip.ports_used:,} of {chip.ports_total:,} "
            f"ports used, {chip.ports_unused:,} unused ({chip.port_gbps:g} Gbit/s ports)"
        )

    def rack_footer(self, rack: BuiltRack) -> str:
        """One rack's own figures."""
        a = self.analysis
        index = a.design.racks.index(rack)
        gpus = sum(
            line.qty
            for t in rack.trays
            for line in t.tray.parts
            if isinstance(a.design.part(line.part), Gpu)
        )
        space = a.space[index]
        return (
            f"{_COUNT.text(gpus)} GPUs \u00b7 {Unit.KW.text(a.power[index].all_in_w)} kW all-in"
            f" \u00b7 {Unit.USD.text(self._bom_by_rack.get(rack.name, 0.0))} \u00b7 "
            f"{space.units_used} of {space.units_total} {space.unit_name} used"
        )

    def _body_key(self, rack: RackShape) -> tuple[object, ...]:
        """What a rack's units, trays and port bars show: racks alike are drawn once."""
        ports = self._tray_ports
        return (
            rack.rack.frame.id,
            tuple(
                (
                    t.position,
                    t.tray.id,
                    tuple(
                        (c.part, c.port_gbps, c.ports_total, c.ports_used)
                        for c in (ports[t.key].chips if t.key in ports else ())
                    ),
                )
                for t in rack.rack.trays
            ),
        )

    @cached_property
    def _sharing(self) -> dict[tuple[object, ...], list[str]]:
        """The names of the racks drawn alike, by what they show."""
        racks: dict[tuple[object, ...], list[str]] = {}
        for rack in self.geometry.racks:
            racks.setdefault(self._body_key(rack), []).append(rack.rack.name)
        return racks

    @cached_property
    def _bom_by_rack(self) -> dict[str, float]:
        return self.analysis.bom.by_rack()

    @cached_property
    def _tray_power(self) -> dict[str, TrayPower]:
        return {t.tray: t for r in self.analysis.power for t in r.trays}

    @cached_property
    def _tray_ports(self) -> dict[str, TrayPorts]:
        return {t.tray: t for t in self.analysis.ports}

    # --- drawing ------------------------------------------------------------------------------
    @cached_property
    def _document(self) -> str:
        g = self.geometry
        width_px = self.width_px if self.width_px is not None else g.width * PX_PER_MM
        height_px = width_px * g.height / g.width
        dwg = svgwrite.Drawing(
            size=(svg_number(width_px), svg_number(height_px)),
            viewBox=f"0 0 {svg_number(g.width)} {svg_number(g.height)}",
            profile="full",
            debug=False,
            font_family=FONT_FAMILY,
        )
        spec = self.analysis.design.spec
        dwg.set_desc(
            title=f"{spec.name}: {self.face} elevation",
            desc=spec.description or f"Rack elevation of design {spec.id}",
        )
        self.draw_background(dwg)
        self.draw_header(dwg)
        drawn: dict[tuple[object, ...], RackShape] = {}
        for rack in g.racks:
            group = dwg.add(dwg.g(id=xml_id("rack", rack.rack.name)))
            self.draw_frame(dwg, group, rack)
            key = self._body_key(rack)
            first = drawn.get(key)
            if first is not None:  # the same units, trays and ports: place the first's drawing
                dx, dy = rack.opening.x - first.opening.x, rack.opening.y - first.opening.y
                body = f"#{xml_id('rack', first.rack.name, 'body')}"
                group.add(dwg.use(body, insert=(svg_number(dx), svg_number(dy))))
            else:
                drawn[key] = rack
                shared = self._sharing.get(key, [])
                body = group
                if len(shared) > 1:
                    body = group.add(dwg.g(id=xml_id("rack", rack.rack.name, "body")))
                self.draw_units(dwg, body, rack)
                self.draw_trays(dwg, body, rack, shared)
                self.draw_port_bars(dwg, body, rack)
            self.draw_rack_captions(dwg, group, rack)
        self.draw_title_block(dwg)
        self.draw_warnings(dwg)
        self.draw_legend(dwg)
        root = dwg.get_xml()
        ET.indent(root, space=" ")
        return XML_DECLARATION + xml_safe(ET.tostring(root, encoding="unicode")) + "\n"

    def draw_background(self, dwg: svgwrite.Drawing) -> None:
        """A white sheet, so the drawing reads the same on dark pages."""
        g = self.geometry
        dwg.add(
            dwg.rect(
                insert=(0, 0),
                size=(svg_number(g.width), svg_number(g.height)),
                fill=BACKGROUND,
                id="background",
            )
        )

    def draw_header(self, dwg: svgwrite.Drawing) -> None:
        """The design's name and what the drawing shows."""
        g, spec = self.geometry, self.analysis.design.spec
        group = dwg.add(dwg.g(id="header"))
        group.add(_text(dwg, g.title.fit(spec.name, bold=True), weight=BOLD))
        racks = len(self.analysis.design.racks)
        per_row = self.racks_per_row or racks
        layout = {racks: " side by side", 1: ", one per row"}.get(per_row, f", {per_row} per row")
        subtitle = (
            f"{self.face.capitalize()} elevation of {spec.id}"
            + (f", {racks} racks{layout}" if racks > 1 else "")
            + (" as seen from behind" if racks > 1 and self.face == "rear" else "")
            + " \u00b7 drawn to scale in millimetres"
        )
        group.add(_text(dwg, g.subtitle.fit(subtitle), fill=MUTED_INK))

    def draw_frame(self, dwg: svgwrite.Drawing, group: Group, rack: RackShape) -> None:
        """The frame's posts and caps at true size, and its equipment opening."""
        frame_id = xml_id("rack", rack.rack.name)
        frame = group.add(_rect(dwg, rack.frame, fill=FRAME_FILL, id=f"{frame_id}-frame"))
        frame.set_desc(
            title=f"{rack.rack.frame.name}: {rack.rack.frame.width_mm:,.0f} mm wide, "
            f"{rack.rack.frame.height_units} {rack.rack.frame.unit_name} of "
            f"{rack.rack.frame.unit_mm:g} mm"
        )
        group.add(_rect(dwg, rack.opening, fill=OPENING_FILL, id=f"{frame_id}-opening"))

    def draw_units(self, dwg: svgwrite.Drawing, group: Group, rack: RackShape) -> None:
        """Unit numbers down the side, and every empty unit as a dashed slot."""
        numbers = group.add(
            dwg.g(id=xml_id("rack", rack.rack.name, "units"), fill=MUTED_INK, text_anchor="end")
        )
        numbers.add(_text(dwg, rack.unit_heading, weight=BOLD))
        for slot in rack.units:
            numbers.add(_text(dwg, slot.number_label))
        empty = group.add(
            dwg.g(
                id=xml_id("rack", rack.rack.name, "empty"),
                fill=EMPTY_FILL,
                stroke=EMPTY_STROKE,
                stroke_dasharray=EMPTY_DASH,
            )
        )
        for slot in rack.units:
            if slot.empty:
                inset = Box(slot.box.x + 4, slot.box.y + 4, slot.box.width - 8, slot.box.height - 8)
                empty.add(_rect(dwg, inset, id=xml_id("empty", rack.rack.name, str(slot.number))))

    def draw_trays(
        self, dwg: svgwrite.Drawing, group: Group, rack: RackShape, shared: Sequence[str] = ()
    ) -> None:
        """Each tray as a box coloured by role, labelled, with its contents as a tooltip (which
        names the racks it stands for where several racks share one drawing)."""
        for shape in rack.trays:
            placed = shape.placed
            muted = self.face == "rear" and not _rear_parts(placed)
            tray = group.add(dwg.g(id=xml_id("tray", placed.key), **{"class": "tray"}))
            tooltip = self.tray_tooltip(placed)
            if len(shared) > 1:
                tooltip += f"\nDrawn alike in {len(shared):,} racks: {_names(shared)}"
            tray.set_desc(title=tooltip)
            fill = NO_REAR_FILL if muted else ROLE_FILL[placed.tray.role]
            tray.add(
                _rect(
                    dwg,
                    shape.box,
                    fill=fill,
                    stroke=TRAY_STROKE,
                    stroke_width=svg_number(TRAY_STROKE_MM),
                )
            )
            tray.add(_text(dwg, shape.label, fill=MUTED_INK if muted else INK))

    def draw_port_bars(self, dwg: svgwrite.Drawing, group: Group, rack: RackShape) -> None:
        """Per switch chip, a bar of its ports: used in green, unused in red, counts as text."""
        for shape in rack.trays:
            self._draw_tray_bars(dwg, group, shape)

    def _draw_tray_bars(self, dwg: svgwrite.Drawing, group: Group, shape: TrayShape) -> None:
        for index, bar in enumerate(shape.port_bars, start=1):
            chip_id = xml_id("ports", shape.placed.key, str(index))
            g = group.add(dwg.g(id=chip_id, **{"class": "port-bar"}))
            g.set_desc(title=self.chip_tooltip(bar, index, len(shape.port_bars)))
            g.add(
                _rect(
                    dwg,
                    bar.box,
                    fill=PORT_UNUSED,
                    stroke=TRAY_STROKE,
                    stroke_width=svg_number(BAR_STROKE_MM),
                    id=f"{chip_id}-total",
                )
            )
            used = Box(bar.box.x, bar.box.y, bar.used_width, bar.box.height)
            g.add(_rect(dwg, used, fill=PORT_USED, id=f"{chip_id}-used"))
            if bar.caption is not None:
                g.add(
                    _text(
                        dwg,
                        bar.caption,
                        fill=BAR_INK,
                        anchor="middle",
                        weight=BOLD,
                        id=f"{chip_id}-caption",
                    )
                )
        shared = shape.bars_caption
        if shared is not None:  # over a dark outline of itself, legible across the gaps too
            group.add(
                _text(
                    dwg,
                    shared,
                    fill=BAR_HALO,
                    anchor="middle",
                    weight=BOLD,
                    stroke=BAR_HALO,
                    stroke_width=svg_number(BAR_HALO_SHARE * shared.size),
                    stroke_linejoin="round",
                    **{"class": "port-caption-halo"},
                )
            )
            group.add(
                _text(
                    dwg,
                    shared,
                    fill=BAR_INK,
                    anchor="middle",
                    weight=BOLD,
                    id=xml_id("ports", shape.placed.key, "caption"),
                    **{"class": "port-caption"},
                )
            )

    def draw_rack_captions(self, dwg: svgwrite.Drawing, group: Group, rack: RackShape) -> None:
        """The rack's name and frame above it, its own figures below it."""
        frame = rack.rack.frame
        group.add(_text(dwg, rack.name_line.fit(rack.rack.name, bold=True), weight=BOLD))
        first, second = rack.frame_lines
        group.add(_text(dwg, first.fit(frame.name), fill=MUTED_INK))
        group.add(
            _text(
                dwg,
                second.fit(
                    f"{frame.width_mm:,.0f} mm wide \u00b7 "
                    f"{frame.height_units} {frame.unit_name} of {frame.unit_mm:g} mm"
                ),
                fill=MUTED_INK,
            )
        )
        group.add(_text(dwg, rack.footer_line.fit(self.rack_footer(rack.rack))))

    def draw_title_block(self, dwg: svgwrite.Drawing) -> None:
        """The key figures of the whole design, label on the left and value on the right."""
        block = self.geometry.title_block
        group = dwg.add(dwg.g(id="title-block"))
        group.add(
            _rect(
                dwg,
                block.box,
                fill=BLOCK_FILL,
                stroke=BLOCK_STROKE,
                stroke_width=svg_number(BLOCK_STROKE_MM),
            )
        )
        group.add(_text(dwg, block.heading.fit("Key figures", bold=True), weight=BOLD))
        rows = block.figure_rows
        for words, line in zip(self.note_lines, rows[len(self.figures) :], strict=True):
            group.add(_text(dwg, line.fit(words), fill=MUTED_INK))
        for (label, value), line in zip(self.figures, rows[: len(self.figures)], strict=True):
            value_text, value_size = fit_text(value, line.width * 0.62, line.size, bold=True)
            group.add(
                _text(
                    dwg,
                    Line(line.x, line.y, line.width * 0.36, line.size).fit(label),
                    fill=MUTED_INK,
                )
            )
            group.add(
                _text(
                    dwg,
                    Text(value_text, line.x + line.width, line.y, value_size),
                    anchor="end",
                    weight=BOLD,
                )
            )

    def draw_warnings(self, dwg: svgwrite.Drawing) -> None:
        """The design's warnings (budgets overrun, figures missing) under the key figures."""
        block = self.geometry.title_block
        if block.warnings_heading is None:
            return
        group = dwg.add(dwg.g(id="warnings", fill=WARNING_INK))
        group.add(_text(dwg, block.warnings_heading.fit("Warnings", bold=True), weight=BOLD))
        for words, line in zip(self.warning_lines, block.warning_rows, strict=True):
            group.add(_text(dwg, line.fit(words)))

    def draw_legend(self, dwg: svgwrite.Drawing) -> None:
        """What the colours mean, and a scale bar."""
        block = self.geometry.title_block
        group = dwg.add(dwg.g(id="legend"))
        group.add(_text(dwg, block.legend_heading.fit("Legend", bold=True), weight=BOLD))
        for (kind, label), swatch, line in zip(
            self.legend, block.swatches, block.legend_rows, strict=True
        ):
            group.add(_swatch(dwg, kind, swatch))
            group.add(_text(dwg, line.fit(label)))
        bar = block.scale_bar
        half = Box(bar.x, bar.y, bar.width / 2, bar.height)
        group.add(
            _rect(dwg, bar, fill=BACKGROUND, stroke=INK, stroke_width=svg_number(BLOCK_STROKE_MM))
        )
        group.add(_rect(dwg, half, fill=INK))
        group.add(_text(dwg, block.scale_label.fit(f"{bar.width:,.0f} mm at drawing scale")))


_COUNT = Unit.COUNT


def _figure(key: str, summary: DesignSummary) -> str:
    """A key figure's value in its format, unmarked (a row marks itself once, `_marked`)."""
    return KEY_FIGURE[key].plain_text(summary)


def _marked(row: str, summary: DesignSummary) -> str:
    """A title-block row of switch-port figures, marked `*` as the text table marks them where
    they rest on an assumed switch chip (the note under the figures says which)."""
    return row + ASSUMED_MARK if summary.assumed_switch_chips else row


def _names(names: Sequence[str], shown: int = 4) -> str:
    """Names in a list, the middle left out where there are many (`a, b, c, …, z`)."""
    if len(names) <= shown:
        return ", ".join(names)
    return ", ".join([*names[: shown - 1], "\u2026", names[-1]])


def _rear_parts(placed: PlacedTray) -> list[TrayPart]:
    return [line for line in placed.tray.parts if line.face == "rear"]


def _bar_captions(chip: ChipPorts) -> Sequence[str]:
    """A chip's port usage in words, widest first: `432 of 512 ports used \u00b7 80 unused`."""
    used, total, unused = chip.ports_used, chip.ports_total, chip.ports_unused
    rest = f" \u00b7 {unused:,} unused" if unused else ""
    return (
        f"{used:,} of {total:,} ports used{rest}",
        f"{used:,} of {total:,} used{rest}",
        f"{used:,} of {total:,} used",
    )


def _rect(dwg: svgwrite.Drawing, box: Box, **extra: str) -> svgwrite.shapes.Rect:
    return dwg.rect(
        insert=(svg_number(box.x), svg_number(box.y)),
        size=(svg_number(box.width), svg_number(box.height)),
        **extra,
    )


def _text(
    dwg: svgwrite.Drawing,
    text: Text,
    *,
    fill: str | None = None,
    anchor: str | None = None,
    weight: str | None = None,
    **extra: str,
) -> svgwrite.text.Text:
    attrs = {"font_size": svg_number(text.size), **extra}
    if fill is not None:
        attrs["fill"] = fill
    if anchor is not None:
        attrs["text_anchor"] = anchor
    if weight is not None:
        attrs["font_weight"] = weight
    return dwg.text(text.text, insert=(svg_number(text.x), svg_number(text.y)), **attrs)


def _swatch(dwg: svgwrite.Drawing, kind: str, box: Box) -> Group:
    group = dwg.g()
    if kind == "ports":
        used = Box(box.x, box.y, box.width * PORT_SWATCH_USED_SHARE, box.height)
        group.add(
            _rect(
                dwg,
                box,
                fill=PORT_UNUSED,
                stroke=TRAY_STROKE,
                stroke_width=svg_number(BAR_STROKE_MM),
            )
        )
        group.add(_rect(dwg, used, fill=PORT_USED))
    elif kind == "empty":
        group.add(
            _rect(dwg, box, fill=EMPTY_FILL, stroke=EMPTY_STROKE, stroke_dasharray=EMPTY_DASH)
        )
    else:
        fill = NO_REAR_FILL if kind == "no-rear" else ROLE_FILL[TrayRole(kind)]
        group.add(
            _rect(dwg, box, fill=fill, stroke=TRAY_STROKE, stroke_width=svg_number(TRAY_STROKE_MM))
        )
    return group
