"""The priced bill of materials: one line per part per placed tray, rolled up by tray and rack."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..components.copper_parts import ScaleUpCopper
from ..components.parts import Connector
from ..components.records import record
from ..components.trays import TrayPart, TrayRole
from .build import BuiltDesign, BuiltRack, PlacedTray
from .copper_runs import CopperRun, copper_part
from .management import rack_management

if TYPE_CHECKING:
    from ..components.catalogue import Catalogue


@record
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


@record
class IntegrationBase:
    """The price of the parts the buyer's integration margin is charged on (the margins table's,
    not a tray's own figure) and the buyer's markup they are priced at."""

    compute_usd: float
    """In trays other than switch trays."""
    scale_up_usd: float
    """In switch trays, which buy the scale-up fabric."""
    markup: float


@record
class Bom:
    """A design's lines: per rack, a block per tray group (top first), then rack-level lines."""

    lines: list[BomLine]
    vendor_margin_base_usd: float
    """The price of the parts a vendor's gross margin is charged on (`VENDOR_MARGIN` lines)."""
    integration: IntegrationBase

    @property
    def vendor_margin_usd(self) -> float:
        """The vendor's gross margin in the BOM (NVIDIA's on NVLink switch trays and copper)."""
        return sum(line.extended_usd for line in self.lines if line.category == VENDOR_MARGIN)

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

    def by_tray_type(self) -> dict[str | None, float]:
        """Totals per tray type id, in BOM order; rack-level lines (frames, items) under None."""
        totals: dict[str | None, float] = {}
        for line in self.lines:
            totals[line.tray_id] = totals.get(line.tray_id, 0.0) + line.extended_usd
        return totals

    def unpriced(self) -> list[str]:
        """Part ids that carry no price and are not covered by a tray price."""
        return sorted({line.part_id for line in self.lines if line.price_basis == "unpriced"})

    def scale_up_lines(self, catalogue: Catalogue) -> list[bool]:
        """Per line, whether it buys the scale-up fabric: switch trays, connectors, rack cabling
        (with a vendor's margin on it)."""
        out = []
        for line in self.lines:
            tray = catalogue.trays.get(line.tray_id) if line.tray_id else None
            in_switch_tray = tray is not None and tray.role == TrayRole.SWITCH
            is_connector = isinstance(catalogue.parts.get(line.part_id), Connector)
            rack_cabling = tray is None and line.category in (SCALE_UP_CABLING, VENDOR_MARGIN)
            out.append(in_switch_tray or is_connector or rack_cabling)
        return out

    def scale_up_usd(self, catalogue: Catalogue) -> float:
        """The part of the BOM that buys the scale-up fabric (see `scale_up_lines`)."""
        lines = zip(self.lines, self.scale_up_lines(catalogue), strict=True)
        return sum(line.extended_usd for line, up in lines if up)


RACK_LEVEL = "rack"
SCALE_UP_CABLING = "cable"
"""Rack-level items of this BOM category carry the scale-up fabric (copper backplanes, spines)."""
VENDOR_MARGIN = "vendor margin"
"""The BOM category of a system vendor's gross margin on its switch trays and copper."""
INTEGRATION_MARGIN = "integration margin"
"""The BOM category of an integrator's margin on a tray built from parts."""


@record
class TrayGroup:
    """The trays of one type in one rack, top first: they share one block of BOM lines."""

    rack: str
    trays: list[PlacedTray]

    @property
    def label(self) -> str:
        """Their slots as unit ranges, with the count: `OU5-OU13, OU20-OU28 (18 trays)`."""
        height = self.trays[0].tray.height_units
        runs: list[list[PlacedTray]] = []
        for tray in sorted(self.trays, key=lambda t: t.position):
            if runs and tray.position == runs[-1][-1].position + height:
                runs[-1].append(tray)
            else:
                runs.append([tray])
        unit = self.trays[0].unit_name
        slots = ", ".join(
            r[0].label if len(r) == 1 else f"{r[0].label}-{unit}{r[-1].position}" for r in runs
        )
        return slots if len(self.trays) == 1 else f"{slots} ({len(self.trays)} trays)"


def tray_groups(rack: BuiltRack) -> list[TrayGroup]:
    """A rack's trays grouped by type, in the order of each type's topmost tray."""
    groups: dict[str, list[PlacedTray]] = {}
    for tray in sorted(rack.trays, key=lambda t: -t.position):
        groups.setdefault(tray.tray.id, []).append(tray)
    return [TrayGroup(rack.name, trays) for trays in groups.values()]


def tray_price(design: BuiltDesign, tray: PlacedTray) -> float:
    """A tray's price: its fixed price, or its parts plus integration margin."""
    return sum(line.extended_usd for line in _group_lines(design, TrayGroup(tray.rack, [tray])))


def build_bom(design: BuiltDesign, copper: list[CopperRun]) -> Bom:
    """BOM lines for every rack: a block per tray group, then the rack-level lines.

    Scale-up copper is a rack-level line per run, its quantity the run's differential pairs;
    management cords a rack-level line per cord part (`management.py`).
    """
    lines: list[BomLine] = []
    for rack in design.racks:
        for group in tray_groups(rack):
            lines.extend(_group_lines(design, group))
        lines.extend(_copper_lines(design, [r for r in copper if r.rack == rack.name]))
        lines.extend(_management_lines(design, rack))
        lines.extend(_rack_lines(design, rack))
    return Bom(
        lines,
        sum(_vendor_margin_base(design, line) for line in lines),
        IntegrationBase(
            sum(_integration_base(design, line, switch=False) for line in lines),
            sum(_integration_base(design, line, switch=True) for line in lines),
            design.catalogue.margins[design.buyer].markup,
        ),
    )


def _integration_base(design: BuiltDesign, line: BomLine, switch: bool) -> float:
    """For the buyer's integration-margin line of a tray (a switch tray's or another's), the
    price of the parts it is on."""
    if line.category != INTEGRATION_MARGIN or line.tray_id is None:
        return 0.0
    tray = design.catalogue.trays[line.tray_id]
    if tray.integration_margin is not None or (tray.role == TrayRole.SWITCH) != switch:
        return 0.0  # a tray's own figure is not the buyer's
    return line.extended_usd / design.catalogue.tray_margin(tray, design.buyer)[0]


def _vendor_margin_base(design: BuiltDesign, line: BomLine) -> float:
    """For a vendor-margin line, the price of the parts it is charged on; else nothing."""
    if line.category != VENDOR_MARGIN:
        return 0.0
    if line.tray_id is not None:
        markup = design.catalogue.tray_margin(design.catalogue.trays[line.tray_id], design.buyer)[0]
    else:
        copper = design.part(line.part_id.removesuffix(".margin"), ScaleUpCopper)
        markup = design.catalogue.copper_margin(copper)[0]
    return line.extended_usd / markup


def _copper_lines(design: BuiltDesign, runs: list[CopperRun]) -> list[BomLine]:
    lines = []
    for run in runs:
        part = copper_part(design, run)
        if part is None:
            continue
        # counted here, not read from a file: nothing to validate (and no schema to build)
        counted = TrayPart.model_construct(part=part.id, qty=run.pairs)
        line = _part_line(design, run.rack, RACK_LEVEL, None, counted, priced=True)
        lines.append(line)
        markup, source = design.catalogue.copper_margin(part)
        if markup and line.unit_price_usd is not None:
            lines.append(
                BomLine(
                    run.rack,
                    RACK_LEVEL,
                    None,
                    VENDOR_MARGIN,
                    f"{part.id}.margin",
                    f"Vendor margin {markup:.0%} on {part.name}",
                    "",
                    None,
                    run.pairs,
                    round(line.unit_price_usd * markup, 4),
                    None,
                    source,
                )
            )
    return lines


def _management_lines(design: BuiltDesign, rack: BuiltRack) -> list[BomLine]:
    cords = rack_management(design, rack).cables()
    return [
        _part_line(
            design,
            rack.name,
            RACK_LEVEL,
            None,
            TrayPart.model_construct(part=part, qty=n),
            priced=True,
        )
        for part, n in sorted(cords.items())
    ]


def _group_lines(design: BuiltDesign, group: TrayGroup) -> list[BomLine]:
    """Each part line's quantity is per tray times the trays in the group."""
    t = group.trays[0].tray
    count, label = len(group.trays), group.label
    fixed = t.price_usd is not None
    lines = [
        _part_line(design, group.rack, label, t.id, p, priced=not fixed, trays=count)
        for p in t.parts
    ]
    if fixed:
        lines.insert(
            0,
            BomLine(
                group.rack,
                label,
                t.id,
                "tray (fixed price)",
                t.id,
                t.name,
                "",
                None,
                count,
                t.price_usd,
                None,
                t.source_of("price_usd"),
            ),
        )
    elif (margin := design.catalogue.tray_margin(t, design.buyer))[0]:
        markup, source = margin
        charged = [line.margin for line in t.parts]
        per_tray = sum(x.extended_usd for x, c in zip(lines, charged, strict=True) if c) / count
        vendor = t.margin_kind == "vendor"
        lines.append(
            BomLine(
                group.rack,
                label,
                t.id,
                VENDOR_MARGIN if vendor else INTEGRATION_MARGIN,
                f"{t.id}.margin",
                f"{'Vendor' if vendor else 'Integration'} margin {markup:.0%} on "
                f"{'bought-in ' if not all(charged) else ''}parts, per tray",
                "",
                None,
                count,
                round(per_tray * markup, 2),
                None,
                source,
            ),
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
    design: BuiltDesign,
    rack: str,
    slot: str,
    tray_id: str | None,
    line: TrayPart,
    priced: bool,
    trays: int = 1,
) -> BomLine:
    part = design.part(line.part)
    category = part.bom_category
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
        line.qty * trays,
        price,
        part.power_w,
        source,
        basis,
    )
