"""A floor rack of packed servers drawn as it stands: its copies of a one-rack design raised one
above the other, and the tray the floor rack adds (its management switch), each tray drawn as
the design's own elevation draws it (`racks/clusters/floor_switch.py` stands the rack)."""

from __future__ import annotations

import dataclasses
from functools import cached_property
from typing import TYPE_CHECKING

from ..components.parts import Gpu
from ..exports.figures import Unit
from .elevation import _COUNT, Elevation

if TYPE_CHECKING:
    from ..racks.analysis import Analysis
    from ..racks.built import BuiltDesign, BuiltRack, PlacedTray
    from ..racks.clusters.floor_switch import StandingRack
    from ..racks.port_types import TrayPorts
    from ..racks.power import TrayPower


class FloorRackElevation(Elevation):
    """One floor rack of packed copies of `analysis`'s design, from `face`."""

    def __init__(self, analysis: Analysis, standing: StandingRack, face: str = "front") -> None:
        super().__init__(analysis, face)
        self.standing = standing
        raised = standing.rack.trays
        self._origin = {t.key: origin for t, origin in zip(raised, standing.origins, strict=False)}
        self._added = {t.key: (power, price) for t, power, price in standing.added}

    @cached_property
    def drawn(self) -> BuiltDesign:
        """The floor rack alone, as it stands."""
        return dataclasses.replace(self.analysis.design, racks=[self.standing.rack])

    @cached_property
    def _tray_power(self) -> dict[str, TrayPower]:
        own = {t.tray: t for r in self.analysis.power for t in r.trays}
        out = {key: own[origin] for key, origin in self._origin.items()}
        out.update({key: power for key, (power, _) in self._added.items()})
        return out

    @cached_property
    def _tray_ports(self) -> dict[str, TrayPorts]:
        own = {t.tray: t for t in self.analysis.ports}
        return {
            key: dataclasses.replace(own[origin], tray=key)
            for key, origin in self._origin.items()
            if origin in own
        }

    def tray_price(self, placed: PlacedTray) -> float:
        """The design tray's price, or what the floor rack adds at its parts' prices."""
        if placed.key in self._added:
            return self._added[placed.key][1]
        return self.analysis.tray_prices[self._origin[placed.key]]

    def rack_footer(self, rack: BuiltRack) -> str:
        """The floor rack's own figures: all its copies' and what it adds."""
        design = self.analysis.design
        copies = self.standing.copies
        gpus = sum(
            line.qty
            for t in rack.trays
            for line in t.tray.parts
            if isinstance(design.part(line.part), Gpu)
        )
        (power,) = self.analysis.power
        added_w = sum(p.it_w for p, _ in self._added.values())
        all_in = copies * power.all_in_w + added_w
        price = copies * self._bom_by_rack.get(design.racks[0].name, 0.0)
        price += sum(usd for _, usd in self._added.values())
        used = sum(t.tray.height_units for t in rack.trays)
        return (
            f"{_COUNT.text(gpus)} GPUs \u00b7 {Unit.KW.text(all_in)} kW all-in \u00b7 "
            f"{Unit.USD.text(price)} \u00b7 {used}/{rack.frame.height_units} {rack.frame.unit_name}"
        )
