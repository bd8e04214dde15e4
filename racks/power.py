"""Power per tray and per rack: parts plus overheads, all-in figures, budgets and warnings."""

from __future__ import annotations

from dataclasses import dataclass

from ..components.parts import PowerShelf
from ..components.trays import TrayPart
from .build import BuiltDesign, BuiltRack, PlacedTray


@dataclass(frozen=True)
class TrayPower:
    """IT power of one placed tray."""

    rack: str
    tray: str
    tray_id: str
    role: str
    parts_w: float
    overhead_w: float
    unknown_parts: list[str]

    @property
    def it_w(self) -> float:
        """Parts plus the tray's own overhead."""
        return self.parts_w + self.overhead_w


@dataclass(frozen=True)
class RackPower:
    """A rack's IT load, all-in power and the budgets it is held against."""

    rack: str
    trays: list[TrayPower]
    items_w: float
    conversion_efficiency: float
    cooling_overhead_fraction: float
    shelf_capacity_w: float | None
    frame_budget_w: float | None

    @property
    def it_w(self) -> float:
        """Trays plus rack-level items."""
        return sum(t.it_w for t in self.trays) + self.items_w

    @property
    def conversion_loss_w(self) -> float:
        """Lost between the grid and the busbar."""
        return self.it_w / self.conversion_efficiency - self.it_w

    @property
    def cooling_w(self) -> float:
        """Power spent removing the heat."""
        return self.it_w / self.conversion_efficiency * self.cooling_overhead_fraction

    @property
    def all_in_w(self) -> float:
        """IT load plus conversion losses plus cooling."""
        return self.it_w + self.conversion_loss_w + self.cooling_w

    def warnings(self) -> list[str]:
        """Budgets the rack overruns."""
        out = []
        if self.shelf_capacity_w is not None and self.it_w > self.shelf_capacity_w:
            out.append(
                f"rack {self.rack}: IT load {self.it_w / 1000:.1f} kW exceeds its power shelves' "
                f"{self.shelf_capacity_w / 1000:.1f} kW"
            )
        if self.frame_budget_w is not None and self.it_w > self.frame_budget_w:
            out.append(
                f"rack {self.rack}: IT load {self.it_w / 1000:.1f} kW exceeds the frame's "
                f"{self.frame_budget_w / 1000:.1f} kW budget"
            )
        return out


def parts_power(design: BuiltDesign, lines: list[TrayPart]) -> tuple[float, list[str]]:
    """Watts drawn by a list of part lines, and the ids of parts with no power figure."""
    watts = 0.0
    unknown = []
    for line in lines:
        part = design.part(line.part)
        if part.supplies_power:
            continue  # a shelf's own losses are counted through its efficiency
        if part.power_w is None:
            if not part.passive:
                unknown.append(part.id)
        else:
            watts += part.power_w * line.qty
    return watts, unknown


def tray_power(design: BuiltDesign, tray: PlacedTray) -> TrayPower:
    """IT power of one placed tray."""
    watts, unknown = parts_power(design, tray.tray.parts)
    return TrayPower(
        tray.rack,
        tray.key,
        tray.tray.id,
        tray.tray.role.value,
        watts,
        tray.tray.overhead_power_w,
        unknown,
    )


def rack_power(design: BuiltDesign, rack: BuiltRack) -> RackPower:
    """A rack's power, with the shelves' efficiency where it has shelves."""
    shelves = [
        (design.part(line.part, PowerShelf), line.qty)
        for tray in rack.trays
        for line in tray.tray.parts
        if design.part(line.part).supplies_power
    ]
    capacity = sum(s.capacity_w * q for s, q in shelves)
    if shelves:
        efficiency = sum(s.capacity_w * q * s.efficiency for s, q in shelves) / capacity
    else:
        efficiency = design.power_model.conversion_efficiency
    items_w, _ = parts_power(design, rack.items)
    return RackPower(
        rack=rack.name,
        trays=[tray_power(design, t) for t in rack.trays],
        items_w=items_w,
        conversion_efficiency=efficiency,
        cooling_overhead_fraction=design.power_model.cooling_overhead_fraction,
        shelf_capacity_w=capacity if shelves else None,
        frame_budget_w=rack.frame.max_power_w,
    )
