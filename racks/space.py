"""Units used and free, and weight where it is known."""

from __future__ import annotations

from ..components.records import record
from .build import BuiltDesign, BuiltRack
from .copper_runs import CopperRun, copper_part


@record
class RackSpace:
    """Space and weight of one rack."""

    rack: str
    frame: str
    unit_name: str
    units_total: int
    units_used: int
    weight_kg: float
    weight_unknown: list[str]
    max_weight_kg: float | None

    @property
    def units_free(self) -> int:
        """Units with no tray in them."""
        return self.units_total - self.units_used

    def warnings(self) -> list[str]:
        """A rack heavier than its frame's rating."""
        if self.max_weight_kg is not None and self.weight_kg > self.max_weight_kg:
            return [
                f"rack {self.rack}: {self.weight_kg:,.0f} kg exceeds frame {self.frame}'s "
                f"{self.max_weight_kg:,.0f} kg rating"
            ]
        return []


def rack_space(design: BuiltDesign, rack: BuiltRack, copper: list[CopperRun]) -> RackSpace:
    """Units and weight of a rack: frame, trays (own weight or their parts'), items, copper."""
    unknown: list[str] = []
    weight = 0.0
    if rack.frame.weight_kg is None:
        unknown.append(rack.frame.id)
    else:
        weight += rack.frame.weight_kg
    for tray in rack.trays:
        if tray.tray.weight_kg is not None:
            weight += tray.tray.weight_kg
            continue
        for line in tray.tray.parts:
            w = design.part(line.part).weight_kg
            if w is None:
                unknown.append(f"{tray.key}:{line.part}")
            else:
                weight += w * line.qty
    for line in rack.items:
        w = design.part(line.part).weight_kg
        if w is None:
            unknown.append(line.part)
        else:
            weight += w * line.qty
    for run in copper:
        part = copper_part(design, run)
        if run.rack != rack.name or part is None:
            continue
        if part.weight_kg is None:
            unknown.append(part.id)
        else:
            weight += part.weight_kg * run.pairs
    return RackSpace(
        rack=rack.name,
        frame=rack.frame.id,
        unit_name=rack.frame.unit_name,
        units_total=rack.frame.height_units,
        units_used=sum(t.tray.height_units for t in rack.trays),
        weight_kg=weight,
        weight_unknown=sorted(set(unknown)),
        max_weight_kg=rack.frame.max_weight_kg,
    )
