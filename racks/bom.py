"""The priced bill of materials: one line per part per placed tray, rolled up by tray and rack."""

from __future__ import annotations

from dataclasses import dataclass

from rackbom.components.parts import Item
from rackbom.components.trays import TrayPart

from .build import BuiltDesign, BuiltRack, PlacedTray


@dataclass(frozen=True)
class BomLine:
    """One BOM line; `source` is where the unit price comes from.

    `price_basis` is `priced`, `in tray price` (a fixed-price tray covers it) or `unpriced`.
    """

    rack: str
    tray: str
    tray_id: str | None
    category: str
    part_id: str
    description: str
    manufacturer: str
    part_number: str | None
    qty: int
    unit_price_usd: float | None
    power_each_w: float | None
    source: str | None
    price_basis: str = "priced"

    @property
    def extended_usd(self) -> float:
        """Quantity times unit price (nothing for lines priced in their tray)."""
        return 0.0 if self.unit_price_usd is None else self.qty * self.unit_price_usd

    @property
    def power_total_w(self) -> float:
        """Quantity times power each."""
        return 0.0 if self.power_each_w is None else self.qty * self.power_each_w


@dataclass(frozen=True)
class Bom:
    """All lines of a design, in rack order, top tray first, then rack-level lines."""

    lines: list[BomLine]

    @property
    def total_usd(self) -> float:
        """Sum of every line."""
        return sum(line.extended_usd for line in self.lines)

    def by_rack(self) -> dict[str, float]:
        """Totals per rack."""
        totals: dict[str, float] = {}
        for line in self.lines:
            totals[line.rack] = totals.get(line.rack, 0.0) + line.extended_usd
        return totals

    def by_tray(self) -> dict[str, float]:
        """Totals per placed tray (`rack/slot`); rack-level lines under `rack/rack`."""
        totals: dict[str, float] = {}
        for line in self.lines:
            key = f"{line.rack}/{line.tray}"
            totals[key] = totals.get(key, 0.0) + line.extended_usd
        return totals

    def unpriced(self) -> list[str]:
        """Part ids that carry no price and are not covered by a tray price."""
        return sorted({line.part_id for line in self.lines if line.price_basis == "unpriced"})


RACK_LEVEL = "rack"


def tray_price(design: BuiltDesign, tray: PlacedTray) -> float:
    """A tray's price: its fixed price, or its parts plus integration margin."""
    return sum(line.extended_usd for line in _tray_lines(design, tray))


def build_bom(design: BuiltDesign) -> Bom:
    """BOM lines for every rack of the design."""
    lines: list[BomLine] = []
    for rack in design.racks:
        for tray in sorted(rack.trays, key=lambda t: -t.position):
            lines.extend(_tray_lines(design, tray))
        lines.extend(_rack_lines(design, rack))
    return Bom(lines)


def _tray_lines(design: BuiltDesign, tray: PlacedTray) -> list[BomLine]:
    t = tray.tray
    fixed = t.price_usd is not None
    lines = [_part_line(design, tray.rack, tray.label, t.id, p, priced=not fixed) for p in t.parts]
    if fixed:
        lines.insert(
            0,
            BomLine(
                tray.rack,
                tray.label,
                t.id,
                "tray (fixed price)",
                t.id,
                t.name,
                "",
                None,
                1,
                t.price_usd,
                None,
                t.source_of("price_usd"),
            ),
        )
    elif t.integration_margin:
        parts = sum(line.extended_usd for line in lines)
        lines.append(
            BomLine(
                tray.rack,
                tray.label,
                t.id,
                "integration margin",
                f"{t.id}.margin",
                f"Integration margin {t.integration_margin:.0%} on parts",
                "",
                None,
                1,
                round(parts * t.integration_margin, 2),
                None,
                t.source_of("integration_margin"),
            )
        )
    return lines


def _rack_lines(design: BuiltDesign, rack: BuiltRack) -> list[BomLine]:
    frame = rack.frame
    lines = [
        _part_line(design, rack.name, RACK_LEVEL, None, item, priced=True) for item in rack.items
    ]
    if frame.price_usd is not None:
        lines.append(
            BomLine(
                rack.name,
                RACK_LEVEL,
                None,
                "rack frame",
                frame.id,
                frame.name,
                frame.manufacturer,
                None,
                1,
                frame.price_usd,
                None,
                frame.source_of("price_usd"),
            )
        )
    return lines


def _part_line(
    design: BuiltDesign, rack: str, slot: str, tray_id: str | None, line: TrayPart, priced: bool
) -> BomLine:
    part = design.part(line.part)
    category = part.category if isinstance(part, Item) else part.kind
    if not priced:
        price, source, basis = None, None, "in tray price"
    elif part.price_usd is None:
        price, source, basis = None, None, "unpriced"
    else:
        price, source, basis = part.price_usd, part.source_of("price_usd"), "priced"
    return BomLine(
        rack,
        slot,
        tray_id,
        category,
        part.id,
        part.name,
        part.manufacturer,
        part.part_number,
        line.qty,
        price,
        part.power_w,
        source,
        basis,
    )
