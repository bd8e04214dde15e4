"""Elevation geometry: where frames, units, trays, port bars and text sit, in millimetres.

One user unit of the drawing is one millimetre, so every frame keeps its true proportions: an
EIA unit is 44.45 mm, an Open Rack unit 48 mm, and the Open Rack Wide frame twice as wide as an
ORV3 rack. Units count from 1 at the bottom; y grows downward as in SVG. Nothing here draws.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from ..components.records import record
from ..racks.built import BuiltDesign, BuiltRack, PlacedTray
from ..racks.port_types import ChipPorts, TrayPorts

MARGIN_MM = 40.0
HEADER_MM = 150.0
CAPTION_MM = 150.0
FOOTER_MM = 80.0
FRAME_CAP_MM = 30.0
UNIT_GUTTER_MM = 80.0
RACK_GAP_MM = 100.0
TITLE_GAP_MM = 120.0
TITLE_BLOCK_MM = 960.0

TITLE_SIZE_MM = 60.0
SUBTITLE_SIZE_MM = 30.0
RACK_NAME_SIZE_MM = 40.0
RACK_TEXT_SIZE_MM = 26.0
CAPTION_LEADING = 1.35
BLOCK_HEADING_SIZE_MM = 40.0
BLOCK_TEXT_SIZE_MM = 30.0
BLOCK_ROW_MM = 52.0
BLOCK_PAD_MM = 36.0
SWATCH_MM = (72.0, 36.0)
SCALE_BAR_MM = 500.0
BLOCK_ROOM_MM = TITLE_BLOCK_MM - 2 * BLOCK_PAD_MM
"""Width of a line of text in the title block."""

UNIT_NUMBER_RATIO = 0.42
LABEL_RATIO = 0.5
BAR_TEXT_RATIO = 0.4
BAR_HEIGHT_RATIO = 0.62
TRAY_PAD_RATIO = 0.25
LABEL_SHARE_MAX = 0.42
MIN_SHRINK = 0.75
BASELINE_SHIFT = 0.35
ELLIPSIS = "\u2026"
SEPARATOR = " \u00b7 "
"""Between the items of a label; a label too long loses whole items from its end first."""

BOLD_WIDTH = 1.1
_EM = {
    **dict.fromkeys(" .,:;!|'`()[]/\u00b7-ijltfrI", 0.4),
    **dict.fromkeys("0123456789$#?_+=<>~*^", 0.66),
    **dict.fromkeys("mwMW@%\u00d7\u2026", 1.0),
}
_EM_UPPER = 0.75
_EM_OTHER = 0.62


def mm(value: float) -> float:
    """A coordinate rounded to a hundredth of a millimetre."""
    return round(value, 2) + 0.0


def _em(char: str) -> float:
    return _EM.get(char, _EM_UPPER if char.isupper() else _EM_OTHER)


@lru_cache(maxsize=4096)
def text_width(text: str, size: float, bold: bool = False) -> float:
    """Estimated advance of a line in DejaVu Sans, on the wide side so that text stays inside.

    Cached: racks drawn alike measure the same words again and again."""
    return sum(map(_em, text)) * size * (BOLD_WIDTH if bold else 1.0)


@lru_cache(maxsize=4096)
def fit_text(text: str, width: float, size: float, bold: bool = False) -> tuple[str, float]:
    """The text and font size that fit a width: shrink to MIN_SHRINK, then drop whole trailing
    ` · ` items, then cut what is left with an ellipsis.

    The cut keeps the longest start that fits with the ellipsis, so no word is cut where a
    shorter list of whole items fits.
    """
    natural = text_width(text, size, bold)
    if natural <= width:
        return text, size
    smaller = size * max(MIN_SHRINK, width / natural)
    if text_width(text, smaller, bold) <= width:
        return text, mm(smaller)
    items = text.split(SEPARATOR)
    for count in range(len(items) - 1, 0, -1):
        shorter = SEPARATOR.join(items[:count])
        if text_width(shorter, smaller, bold) <= width:
            return shorter, mm(smaller)
    factor = BOLD_WIDTH if bold else 1.0
    ellipsis, em, end = _em(ELLIPSIS), 0.0, 0
    for char in text:
        em += _em(char)
        if (em + ellipsis) * smaller * factor > width:  # as text_width(cut + ELLIPSIS)
            break
        end += 1
    return text[:end].rstrip(" \u00b7,:") + ELLIPSIS, mm(smaller)


def wrap_words(text: str, width: float, size: float) -> list[str]:
    """The text broken at spaces into lines that fit a width (a longer word gets a line)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


@record
class Box:
    """An axis-aligned rectangle."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        """x of the right edge."""
        return mm(self.x + self.width)

    @property
    def bottom(self) -> float:
        """y of the bottom edge."""
        return mm(self.y + self.height)


@record
class Text:
    """A line of text: `x` is its anchor, `y` its baseline."""

    text: str
    x: float
    y: float
    size: float


@record
class Line:
    """Room for one line of text: left edge, baseline, width available and font size."""

    x: float
    y: float
    width: float
    size: float

    def fit(self, text: str, bold: bool = False) -> Text:
        """The text anchored at the left edge, shrunk or cut to the width."""
        fitted, size = fit_text(text, self.width, self.size, bold)
        return Text(fitted, self.x, self.y, size)


@record
class PortBar:
    """A switch chip's ports: the whole bar is its ports, `used_width` the share in use."""

    chip: ChipPorts
    box: Box
    used_width: float
    caption: Text | None


@record
class TrayShape:
    """A placed tray's box, its label and, on the front of switch trays, its port bars.

    Chips with the same port counts may share one caption across their bars (`bars_caption`)
    when the words do not fit a single bar.
    """

    placed: PlacedTray
    box: Box
    label: Text
    port_bars: tuple[PortBar, ...]
    bars_caption: Text | None = None


@record
class UnitSlot:
    """One unit of the frame's opening and its number in the gutter."""

    number: int
    box: Box
    empty: bool
    number_label: Text


@record
class RackShape:
    """A rack: outer frame, equipment opening, units, trays and its caption lines."""

    rack: BuiltRack
    frame: Box
    opening: Box
    units: tuple[UnitSlot, ...]
    trays: tuple[TrayShape, ...]
    unit_heading: Text
    name_line: Line
    frame_lines: tuple[Line, Line]
    footer_line: Line


@record
class TitleBlockShape:
    """The shared title block: key figures, any warnings, legend rows with swatches, a scale bar."""

    box: Box
    heading: Line
    figure_rows: tuple[Line, ...]
    warnings_heading: Line | None
    warning_rows: tuple[Line, ...]
    legend_heading: Line
    swatches: tuple[Box, ...]
    legend_rows: tuple[Line, ...]
    scale_bar: Box
    scale_label: Line


@record
class ElevationGeometry:
    """The racks side by side (in one row, or several), and the title block to their right."""

    width: float
    height: float
    title: Line
    subtitle: Line
    racks: tuple[RackShape, ...]
    title_block: TitleBlockShape

    @property
    def frames_box(self) -> Box:
        """The box around every frame (what a reader sees as the racks)."""
        left = min(r.frame.x for r in self.racks)
        top = min(r.frame.y for r in self.racks)
        right = max(r.frame.right for r in self.racks)
        bottom = max(r.frame.bottom for r in self.racks)
        return Box(left, top, mm(right - left), mm(bottom - top))


TrayLabel = Callable[[PlacedTray], str]
BarCaptions = Callable[[ChipPorts], Sequence[str]]


def frame_height(rack: BuiltRack) -> float:
    """Outer height of a frame: its units plus the top and bottom members."""
    return rack.frame.height_units * rack.frame.unit_mm + 2 * FRAME_CAP_MM


def unit_top(opening: Box, rack: BuiltRack, unit: int) -> float:
    """y of the top edge of a unit (1 = bottom unit)."""
    return mm(opening.y + (rack.frame.height_units - unit) * rack.frame.unit_mm)


def tray_box(opening: Box, rack: BuiltRack, placed: PlacedTray) -> Box:
    """Where a placed tray sits: the opening's width, from its top unit down its height."""
    height = placed.tray.height_units * rack.frame.unit_mm
    return Box(opening.x, unit_top(opening, rack, placed.top), opening.width, mm(height))


def elevation_geometry(
    design: BuiltDesign,
    ports: Sequence[TrayPorts],
    *,
    label: TrayLabel,
    bar_captions: BarCaptions | None,
    figure_rows: int,
    legend_rows: int,
    warning_rows: int = 0,
    from_behind: bool = False,
    racks_per_row: int | None = None,
) -> ElevationGeometry:
    """Lay out every rack of a design and the title block.

    `label` gives each tray's text; `bar_captions` gives each chip's caption candidates, widest
    first (None: no port bars, as on the rear face). `from_behind` puts the racks in the order
    seen from their rear: the last rack on the left. `racks_per_row` breaks a pod into rows
    (default: one row), each on its own floor line.
    """
    chips = {t.tray: t.chips for t in ports} if bar_captions is not None else {}
    tallest = max(frame_height(r) for r in design.racks)
    racks = list(reversed(design.racks) if from_behind else design.racks)
    per_row = racks_per_row or len(racks)
    floor = MARGIN_MM + HEADER_MM + CAPTION_MM + tallest
    shapes = []
    for start in range(0, len(racks), per_row):
        if start:
            floor += FOOTER_MM + CAPTION_MM + tallest
        x = MARGIN_MM
        for rack in racks[start : start + per_row]:
            shape = _rack_shape(rack, x + UNIT_GUTTER_MM, floor, label, chips, bar_captions)
            shapes.append(shape)
            x = shape.frame.right + RACK_GAP_MM
    block_x = max(s.frame.right for s in shapes) + TITLE_GAP_MM
    block_y = min(s.frame.y for s in shapes)
    block = _title_block(block_x, block_y, figure_rows, warning_rows, legend_rows)
    width = block.box.right + MARGIN_MM
    height = max(floor + FOOTER_MM, block.box.bottom) + MARGIN_MM
    room = width - 2 * MARGIN_MM
    title_y = MARGIN_MM + TITLE_SIZE_MM
    return ElevationGeometry(
        width=mm(width),
        height=mm(height),
        title=Line(MARGIN_MM, mm(title_y), mm(room), TITLE_SIZE_MM),
        subtitle=Line(MARGIN_MM, mm(title_y + 1.7 * SUBTITLE_SIZE_MM), mm(room), SUBTITLE_SIZE_MM),
        racks=tuple(shapes),
        title_block=block,
    )


def _rack_shape(
    rack: BuiltRack,
    x: float,
    floor: float,
    label: TrayLabel,
    chips: dict[str, list[ChipPorts]],
    bar_captions: BarCaptions | None,
) -> RackShape:
    frame = rack.frame
    outer = Box(mm(x), mm(floor - frame_height(rack)), frame.width_mm, mm(frame_height(rack)))
    post = (frame.width_mm - frame.mounting_width_mm) / 2
    opening = Box(
        mm(x + post),
        mm(outer.y + FRAME_CAP_MM),
        frame.mounting_width_mm,
        mm(frame.height_units * frame.unit_mm),
    )
    number_size = mm(UNIT_NUMBER_RATIO * frame.unit_mm)
    number_x = mm(x - 0.3 * UNIT_GUTTER_MM)
    trays = tuple(
        _tray_shape(rack, opening, placed, label(placed), chips.get(placed.key, []), bar_captions)
        for placed in rack.trays
    )
    caption_width = mm(UNIT_GUTTER_MM + frame.width_mm + RACK_GAP_MM)
    caption_x = mm(x - UNIT_GUTTER_MM)
    return RackShape(
        rack=rack,
        frame=outer,
        opening=opening,
        units=_unit_slots(rack, opening, number_x, number_size),
        trays=trays,
        unit_heading=Text(
            frame.unit_name, number_x, mm(outer.y + FRAME_CAP_MM - 0.4 * number_size), number_size
        ),
        name_line=Line(
            caption_x,
            mm(outer.y - 30 - 2 * CAPTION_LEADING * RACK_TEXT_SIZE_MM),
            caption_width,
            RACK_NAME_SIZE_MM,
        ),
        frame_lines=(
            Line(
                caption_x,
                mm(outer.y - 22 - CAPTION_LEADING * RACK_TEXT_SIZE_MM),
                caption_width,
                RACK_TEXT_SIZE_MM,
            ),
            Line(caption_x, mm(outer.y - 22), caption_width, RACK_TEXT_SIZE_MM),
        ),
        footer_line=Line(
            caption_x, mm(outer.bottom + 22 + RACK_TEXT_SIZE_MM), caption_width, RACK_TEXT_SIZE_MM
        ),
    )


def _unit_slots(
    rack: BuiltRack, opening: Box, number_x: float, number_size: float
) -> tuple[UnitSlot, ...]:
    """Every unit of the rack, top down, numbered in the gutter, marked free or occupied."""
    frame = rack.frame
    occupied = {u for t in rack.trays for u in range(t.position, t.top + 1)}
    units = []
    for number in range(frame.height_units, 0, -1):
        box = Box(opening.x, unit_top(opening, rack, number), opening.width, frame.unit_mm)
        baseline = mm(box.y + box.height / 2 + BASELINE_SHIFT * number_size)
        units.append(
            UnitSlot(
                number,
                box,
                number not in occupied,
                Text(str(number), number_x, baseline, number_size),
            )
        )
    return tuple(units)


def _tray_shape(
    rack: BuiltRack,
    opening: Box,
    placed: PlacedTray,
    text: str,
    chips: list[ChipPorts],
    bar_captions: BarCaptions | None,
) -> TrayShape:
    box = tray_box(opening, rack, placed)
    unit = rack.frame.unit_mm
    pad = TRAY_PAD_RATIO * unit
    inner = box.width - 2 * pad
    label_room = inner if not chips else LABEL_SHARE_MAX * inner
    label_text, size = fit_text(text, label_room, LABEL_RATIO * unit)
    middle = box.y + box.height / 2
    label = Text(label_text, mm(box.x + pad), mm(middle + BASELINE_SHIFT * size), size)
    if not chips or bar_captions is None:
        return TrayShape(placed, box, label, ())
    used_room = min(text_width(label_text, size), label_room)
    start = box.x + pad + used_room + pad
    bars = _port_bars(chips, start, box.right - pad, middle, unit, pad, bar_captions)
    return TrayShape(placed, box, label, bars, _shared_caption(bars, middle, unit, bar_captions))


def _shared_caption(
    bars: tuple[PortBar, ...], middle: float, unit: float, bar_captions: BarCaptions
) -> Text | None:
    """One caption across bars that have none of their own (their chips count alike, and the
    words fit across them but not on one)."""
    if any(bar.caption is not None for bar in bars):
        return None
    left, right = bars[0].box.x, bars[-1].box.right
    words = bar_captions(bars[0].chip)[0]
    size = BAR_TEXT_RATIO * unit
    return Text(words, mm((left + right) / 2), mm(middle + BASELINE_SHIFT * size), size)


def _port_bars(
    chips: list[ChipPorts],
    left: float,
    right: float,
    middle: float,
    unit: float,
    gap: float,
    bar_captions: BarCaptions,
) -> tuple[PortBar, ...]:
    count = len(chips)
    gap = min(gap, (right - left) / (2 * count))  # many chips: narrower gaps, never negative bars
    width = (right - left - gap * (count - 1)) / count
    height = BAR_HEIGHT_RATIO * unit
    size = BAR_TEXT_RATIO * unit
    room = width - gap
    alike = len({(c.ports_used, c.ports_total) for c in chips}) == 1
    span = right - left - gap
    bars = []
    for index, chip in enumerate(chips):
        x = left + index * (width + gap)
        box = Box(mm(x), mm(middle - height / 2), mm(width), mm(height))
        share = chip.ports_used / chip.ports_total if chip.ports_total else 0.0
        candidates = list(bar_captions(chip))
        fits = [c for c in candidates if text_width(c, size, bold=True) <= room]
        full = text_width(candidates[0], size, bold=True)
        text: Text | None = None  # the bars share one caption
        if not (alike and room < full <= span):
            words, smaller = (fits[0], size) if fits else fit_text(candidates[-1], room, size, True)
            text = Text(words, mm(x + width / 2), mm(middle + BASELINE_SHIFT * smaller), smaller)
        bars.append(PortBar(chip, box, mm(width * share), text))
    return tuple(bars)


def _title_block(
    x: float, y: float, figure_rows: int, warning_rows: int, legend_rows: int
) -> TitleBlockShape:
    left = x + BLOCK_PAD_MM
    room = BLOCK_ROOM_MM
    heading_y = y + BLOCK_PAD_MM + BLOCK_HEADING_SIZE_MM

    def rows(below: float, count: int) -> tuple[Line, ...]:
        return tuple(
            Line(mm(left), mm(below + (i + 1.2) * BLOCK_ROW_MM), mm(room), BLOCK_TEXT_SIZE_MM)
            for i in range(count)
        )

    figures = rows(heading_y, figure_rows)
    next_y = heading_y + (figure_rows + 2.2) * BLOCK_ROW_MM
    warnings_heading = None
    if warning_rows:
        warnings_heading = Line(mm(left), mm(next_y), mm(room), BLOCK_HEADING_SIZE_MM)
    warnings = rows(next_y, warning_rows)
    if warning_rows:
        next_y += (warning_rows + 2.2) * BLOCK_ROW_MM
    legend_y = next_y
    swatch_w, swatch_h = SWATCH_MM
    swatches, labels = [], []
    for i in range(legend_rows):
        baseline = legend_y + (i + 1.2) * BLOCK_ROW_MM
        middle = baseline - BASELINE_SHIFT * BLOCK_TEXT_SIZE_MM
        swatches.append(Box(mm(left), mm(middle - swatch_h / 2), swatch_w, swatch_h))
        labels.append(
            Line(
                mm(left + swatch_w + 24), mm(baseline), mm(room - swatch_w - 24), BLOCK_TEXT_SIZE_MM
            )
        )
    bar_y = legend_y + (legend_rows + 1) * BLOCK_ROW_MM
    bottom = bar_y + 2 * BLOCK_ROW_MM + BLOCK_PAD_MM
    return TitleBlockShape(
        box=Box(mm(x), mm(y), TITLE_BLOCK_MM, mm(bottom - y)),
        heading=Line(mm(left), mm(heading_y), mm(room), BLOCK_HEADING_SIZE_MM),
        figure_rows=figures,
        warnings_heading=warnings_heading,
        warning_rows=warnings,
        legend_heading=Line(mm(left), mm(legend_y), mm(room), BLOCK_HEADING_SIZE_MM),
        swatches=tuple(swatches),
        legend_rows=tuple(labels),
        scale_bar=Box(mm(left), mm(bar_y), SCALE_BAR_MM, mm(0.3 * BLOCK_ROW_MM)),
        scale_label=Line(
            mm(left),
            mm(bar_y + 0.3 * BLOCK_ROW_MM + 1.2 * BLOCK_TEXT_SIZE_MM),
            mm(room),
            BLOCK_TEXT_SIZE_MM,
        ),
    )
