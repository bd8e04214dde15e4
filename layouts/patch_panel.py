"""A rack's patch panel: which of its ports leave for where, one drawing per rack.

Each device of the rack is a band, top of the rack first; each of its cabled ports is a cell of
three lines (the port, the far device, the far port), coloured by the far rack (the legend gives
each rack's colour and leg count). Names are shortened by what the drawing already says: a device
in this rack by the rack's name, any other by the system's id; the cell's tooltip keeps the full
names. A line too long for its cell is condensed to fit (`textLength`), never run into the next
cell. Cells wrap `CELLS_PER_LINE` to a line. Plain SVG 1.1, text escaped by svgwrite.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

import svgwrite

from ..components.errors import InputError
from ..components.records import record
from .document import FONT_FAMILY, GLYPH_EM, SvgDocument

if TYPE_CHECKING:
    from ..racks.cabling.row import CableRow

PALETTE = (
    "#a6cee3",
    "#b2df8a",
    "#fb9a99",
    "#fdbf6f",
    "#cab2d6",
    "#ffff99",
    "#8dd3c7",
    "#bebada",
    "#fb8072",
    "#80b1d3",
    "#fdb462",
    "#b3de69",
)
CELLS_PER_LINE = 16
CELL_W, CELL_H, LABEL_W, MARGIN, TITLE_H = 104.0, 40.0, 90.0, 20.0, 64.0
CELL_FONT, LABEL_FONT = 8.0, 10.0
_DIGITS = re.compile(r"(\d+)")


@record
class PanelPort:
    """One cabled port of the rack and where its leg goes."""

    position: int
    device: str
    port: str
    far_device: str
    far_port: str
    far_rack: str
    cable: str


def panel_ports(rows: Iterable[CableRow], rack: str) -> list[PanelPort]:
    """The rack's ends of every leg that touches it, top device first, ports in natural order."""
    ports = []
    for r in rows:
        if r.a_rack == rack:
            ports.append(
                PanelPort(
                    r.a_position, r.a_device, r.a_port, r.z_device, r.z_port, r.z_rack, r.cable_id
                )
            )
        if r.z_rack == rack:
            ports.append(
                PanelPort(
                    r.z_position, r.z_device, r.z_port, r.a_device, r.a_port, r.a_rack, r.cable_id
                )
            )
    ports.sort(key=lambda p: (-p.position, p.device, _natural(p.port)))
    return ports


def _n(count: int, noun: str) -> str:
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


def _natural(text: str) -> tuple[object, ...]:
    return tuple(int(t) if t.isdigit() else t for t in _DIGITS.split(text))


class PatchPanel(SvgDocument):
    """The patch panel of one rack of a system."""

    def __init__(self, system_id: str, rack: str, ports: list[PanelPort]) -> None:
        if not ports:
            raise InputError(None, "rack", f"{system_id} has no cabled rack named {rack!r}")
        self.system_id, self.rack, self.ports = system_id, rack, ports
        far = Counter(p.far_rack for p in ports)
        self.colours = {name: PALETTE[i % len(PALETTE)] for i, name in enumerate(sorted(far))}
        self.far = far

    def to_string(self) -> str:
        """The SVG document as text."""
        devices: dict[tuple[int, str], list[PanelPort]] = {}
        for port in self.ports:
            devices.setdefault((port.position, port.device), []).append(port)
        lines = sum(-(-len(p) // CELLS_PER_LINE) for p in devices.values())
        legend_lines = -(-len(self.far) // 4)
        width = MARGIN * 2 + LABEL_W + CELLS_PER_LINE * CELL_W
        height = TITLE_H + lines * CELL_H + len(devices) * 6 + legend_lines * 18 + MARGIN * 2
        dwg = svgwrite.Drawing(size=(f"{width:.0f}", f"{height:.0f}"), debug=False)
        dwg.viewbox(0, 0, width, height)
        dwg.add(dwg.rect((0, 0), (width, height), fill="white"))
        cables = len({p.cable for p in self.ports})
        self._text(dwg, MARGIN, 26, f"{self.rack} — patch panel ({self.system_id})", 16, "bold")
        self._text(
            dwg,
            MARGIN,
            46,
            f"{_n(len(self.ports), 'leg')} of {_n(cables, 'cable')} leave "
            f"{_n(len(devices), 'device')} for {_n(len(self.far), 'rack')}; each cell: the port, "
            "then the far device and port, coloured by the far rack",
            11,
        )
        y = TITLE_H
        for (_, device), ports in devices.items():
            label = self._short(device)
            self._text(dwg, MARGIN, y + CELL_H / 2 + 4, label, LABEL_FONT, "bold", LABEL_W - 6)
            for index, port in enumerate(ports):
                row, col = divmod(index, CELLS_PER_LINE)
                x = MARGIN + LABEL_W + col * CELL_W
                top = y + row * CELL_H
                cell = dwg.rect(
                    (round(x, 1), round(top, 1)),
                    (CELL_W - 2, CELL_H - 2),
                    fill=self.colours[port.far_rack],
                    stroke="#555",
                    stroke_width=0.5,
                )
                cell.set_desc(
                    title=f"{device} {port.port} → {port.far_device} {port.far_port} "
                    f"({port.far_rack}, cable {port.cable})"
                )
                dwg.add(cell)
                fit = CELL_W - 8
                self._text(dwg, x + 3, top + 11, f"{port.port} →", CELL_FONT, "bold", fit)
                self._text(dwg, x + 3, top + 22, self._short(port.far_device), CELL_FONT, fit=fit)
                self._text(dwg, x + 3, top + 33, port.far_port, CELL_FONT, fit=fit)
            y += -(-len(ports) // CELLS_PER_LINE) * CELL_H + 6
        y += 12
        for index, (name, count) in enumerate(sorted(self.far.items())):
            row, col = divmod(index, 4)
            x = MARGIN + col * (width - 2 * MARGIN) / 4
            dwg.add(dwg.rect((x, y + row * 18 - 10), (12, 12), fill=self.colours[name]))
            self._text(dwg, x + 16, y + row * 18, f"{name}: {_n(count, 'leg')}", 10)
        return str(dwg.tostring())

    def _short(self, device: str) -> str:
        """A device's name less what the drawing says already: this rack's or the system's name."""
        for prefix in (self.rack, self.system_id):
            if device.startswith(f"{prefix}-"):
                return device[len(prefix) + 1 :]
        return device

    @staticmethod
    def _text(
        dwg: svgwrite.Drawing,
        x: float,
        y: float,
        words: str,
        size: float,
        weight: str = "normal",
        fit: float | None = None,
    ) -> None:
        """Text at (x, y), condensed to `fit` px where it would be wider."""
        extra: dict[str, object] = {}
        if fit is not None and len(words) * size * GLYPH_EM > fit:
            extra = {"textLength": f"{fit:g}", "lengthAdjust": "spacingAndGlyphs"}
        dwg.add(
            dwg.text(
                words,
                insert=(round(x, 1), round(y, 1)),
                font_family=FONT_FAMILY,
                font_size=f"{size:g}",
                font_weight=weight,
                **extra,
            )
        )
