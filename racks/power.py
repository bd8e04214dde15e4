"""Power per tray and per rack: IT, rack input, all-in and facility levels, budgets, redundancy."""

from __future__ import annotations

from ..components.parts import Nic, PowerShelf
from ..components.records import record
from ..components.rounding import ceil_div
from ..components.tco_library import site_pue
from ..components.trays import PartUse, TrayPart
from .build import BuiltDesign, BuiltRack, PlacedTray

OVERHEAD_SUSPECT_W = 10.0
"""A tray overhead below this, and below 1% of its parts' power, is probably kW typed as W."""


@record
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

    def overhead_warning(self) -> str | None:
        """A warning where the overhead looks typed in kW: under 10 W and 1% of the parts'."""
        if not 0 < self.overhead_w < OVERHEAD_SUSPECT_W or self.overhead_w >= self.parts_w / 100:
            return None
        return (
            f"tray type {self.tray_id}: overhead_power_w {self.overhead_w:g} W beside "
            f"{self.parts_w:,.0f} W of parts; is it in kW ({self.overhead_w * 1000:,.0f} W)?"
        )


@record
class RackPower:
    """A rack's power levels and the budgets it is held against.

    IT (trays + rack items) -> rack input (after conversion) -> all-in (plus the rack's share of
    the scale-out network) -> facility (x PUE, cooling and building overheads, the default TCO
    profile's site).
    """

    rack: str
    trays: list[TrayPower]
    items_w: float
    conversion_efficiency: float
    scale_out_gbps: float
    network_w_per_gbps: float
    pue: float
    shelf_capacity_w: float | None
    shelves: int
    frame_budget_w: float | None

    @property
    def it_w(self) -> float:
        """Trays plus rack-level items."""
        return sum(t.it_w for t in self.trays) + self.items_w

    @property
    def rack_input_w(self) -> float:
        """Drawn from the grid by the rack: IT load over the conversion efficiency."""
        return self.it_w / self.conversion_efficiency

    @property
    def network_w(self) -> float:
        """The rack's share of the scale-out network: switch ports and optics for its NICs."""
        return self.scale_out_gbps * self.network_w_per_gbps

    @property
    def all_in_w(self) -> float:
        """Rack input plus the rack's share of the scale-out network."""
        return self.rack_input_w + self.network_w

    @property
    def facility_w(self) -> float:
        """All-in power times PUE: what the facility draws, cooling included."""
        return self.all_in_w * self.pue

    @property
    def shelves_needed(self) -> int | None:
        """Shelves the IT load needs (N), or None for a rack without shelves."""
        if not self.shelves or self.shelf_capacity_w is None:
            return None
        return max(1, ceil_div(self.it_w, self.shelf_capacity_w / self.shelves))

    @property
    def redundancy(self) -> str:
        """2N, N+k, N, `below N`, or `none` where the rack has no power shelves."""
        needed = self.shelves_needed
        if needed is None:
            return "none"
        return redundancy_label(self.shelves, needed)

    def warnings(self) -> list[str]:
        """Budgets the rack overruns, and a rack with no spare power shelf."""
        out = []
        if self.shelf_capacity_w is not None and self.it_w > self.shelf_capacity_w:
            out.append(
                f"rack {self.rack}: IT power {self.it_w / 1000:,.1f} kW exceeds its power shelves' "
                f"{self.shelf_capacity_w / 1000:,.1f} kW"
            )
        elif self.redundancy == "none":
            out.append(f"rack {self.rack}: no power shelves, so no power redundancy is modelled")
        elif self.redundancy == "N":
            assert self.shelf_capacity_w is not None
            out.append(
                f"rack {self.rack}: power shelves N, no redundancy "
                f"({self.it_w / self.shelf_capacity_w:.0%} loaded)"
            )
        if self.frame_budget_w is not None and self.it_w > self.frame_budget_w:
            out.append(
                f"rack {self.rack}: IT power {self.it_w / 1000:,.1f} kW exceeds the frame's "
                f"{self.frame_budget_w / 1000:,.1f} kW budget"
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
    model = design.power_model
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
        efficiency = model.conversion_efficiency
    items_w, _ = parts_power(design, rack.items)
    return RackPower(
        rack=rack.name,
        trays=[tray_power(design, t) for t in rack.trays],
        items_w=items_w,
        conversion_efficiency=efficiency,
        scale_out_gbps=scale_out_gbps(design, rack),
        network_w_per_gbps=model.network_w_per_gbps,
        pue=site_pue(),
        shelf_capacity_w=capacity if shelves else None,
        shelves=sum(q for _, q in shelves),
        frame_budget_w=rack.frame.max_power_w,
    )


def conversion_text(design: BuiltDesign, rack: BuiltRack, efficiency: float) -> str:
    """What converts a rack's IT power to its input: `efficiency 0.975 of power shelves x`."""
    shelves = sorted(
        {
            line.part
            for tray in rack.trays
            for line in tray.tray.parts
            if design.part(line.part).supplies_power
        }
    )
    if shelves:
        return f"efficiency {efficiency:.3g} of power shelves {', '.join(shelves)}"
    return f"efficiency {efficiency:.3g} of power model {design.power_model.id}"


def scale_out_gbps(design: BuiltDesign, rack: BuiltRack) -> float:
    """Scale-out NIC bandwidth of a rack's trays, Gbit/s one way."""
    total = 0.0
    for tray in rack.trays:
        for line in tray.tray.parts:
            part = design.part(line.part)
            if isinstance(part, Nic) and line.use == PartUse.SCALE_OUT:
                total += part.port_gbps * part.ports * line.qty
    return total


def redundancy_label(units: int, needed: int) -> str:
    """`units` supplies where the load needs `needed`: 2N with as many spares as needed, N+k
    with k spares, N with none, `below N` short of the load (one vocabulary for every output)."""
    spare = units - needed
    if spare < 0:
        return "below N"
    if spare == 0:
        return "N"
    return "2N" if spare >= needed else f"N+{spare}"
