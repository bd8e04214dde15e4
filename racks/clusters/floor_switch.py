"""The management switch of a floor rack of servers.

A one-rack design whose trays have a BMC but which holds no management tray (an 8-GPU server)
leaves its BMCs to the rack it stands in. A cluster stands its copies in floor racks, one or
several to a rack (`racks/packing.py`); each floor rack gets the management tray the network racks
take (the catalogue's management tray of the frame's unit standard with the slowest ports, then
the first by id; `network_management.management_trays`) at the top of its frame, however few
servers it holds, and the packing leaves it that room and its power. The floor rack as it
stands, its copies' trays raised to where they stand, then the switch, is cabled by the in-rack
rule of `racks/management.py`: each BMC, bottom up, takes the switch's next port; the switch's
uplink and its own management port leave the rack for the management aggregation, as a lone
management tray's do. The switch is bought, powered and drawn with the floor rack: its parts and
the cords in the network BOM's management lines, its power on the floor rack's PDUs.
"""

from __future__ import annotations

from collections import Counter

from ...components.catalogue import Catalogue
from ...components.errors import InputError
from ...components.records import record
from ...components.trays import TrayRole, TrayType
from ..built import BuiltDesign, BuiltRack, PlacedTray
from ..management import BMC_ROLES, RackManagement, rack_management
from ..packing import Packing, stacked_rack
from ..power import TrayPower, parts_power, tray_power
from .network_management import management_trays


@record
class FloorSwitch:
    """The management tray of a floor rack of packed servers, with what it adds to the rack."""

    tray: TrayType
    power_w: float
    """Its parts' power, as the network BOM counts a management switch's."""
    weight_kg: float
    """Its own weight, else its parts' known weight."""

    @property
    def units(self) -> int:
        """Units it takes at the top of the frame."""
        return self.tray.height_units


def rack_switch(design: BuiltDesign, catalogue: Catalogue, file: str | None) -> FloorSwitch | None:
    """The switch a floor rack of the design's packed copies gets; None for a design of several
    racks, or whose rack holds a management tray or no tray with a BMC. InputError where the
    catalogue has no management tray of the rack's unit standard."""
    if len(design.racks) != 1:
        return None
    (rack,) = design.racks
    roles = {t.tray.role for t in rack.trays}
    if TrayRole.MANAGEMENT in roles or not roles & set(BMC_ROLES):
        return None
    standard = rack.frame.unit_standard
    trays = management_trays(catalogue, standard)
    if not trays:
        raise InputError(
            file,
            "floor",
            f"a floor rack of packed {design.spec.id} servers needs a management tray of unit "
            f"standard {standard} for their BMCs; the catalogue has none",
        )
    tray = trays[0]
    power_w, _ = parts_power(design, tray.parts)
    weight = tray.weight_kg
    if weight is None:
        weights = ((design.part(line.part).weight_kg, line.qty) for line in tray.parts)
        weight = sum(w * q for w, q in weights if w is not None)
    return FloorSwitch(tray, power_w, weight)


@record
class StandingRack:
    """A floor rack of packed servers as it stands, for its drawing: the copies' trays raised,
    each with the key of the design tray it is (`origins`), then the switch the floor rack adds,
    with its power and price (the network BOM's: its parts at their prices)."""

    rack: BuiltRack
    copies: int
    origins: tuple[str, ...]
    """The design tray's key of each raised tray, in the rack's order."""
    added: tuple[tuple[PlacedTray, TrayPower, float], ...]
    """What the floor rack adds above the copies: its tray, power and price."""


def standing_rack(
    design: BuiltDesign, packing: Packing, copies: int, switch: FloorSwitch | None
) -> StandingRack:
    """A floor rack of `copies` packed copies of the design's one rack, with `switch` at the top
    where the floor rack gets one."""
    (rack,) = design.racks
    stood = stacked_rack(rack, packing, copies, None if switch is None else switch.tray)
    origins = tuple(t.key for _ in range(copies) for t in rack.trays)
    added = tuple(
        (t, tray_power(design, t), _parts_price(design, t.tray))
        for t in stood.trays[len(origins) :]
    )
    return StandingRack(stood, copies, origins, added)


def _parts_price(design: BuiltDesign, tray: TrayType) -> float:
    """A tray's parts at their prices (those without a price count nothing)."""
    prices = ((design.part(line.part).price_usd, line.qty) for line in tray.parts)
    return sum(price * qty for price, qty in prices if price is not None)


class FloorRacks:
    """A cluster's floor racks of packed servers with their management switch: each floor
    unit's rack as it stands and its management (worked out once per number of copies: every
    floor rack is full but perhaps the last)."""

    def __init__(self, design: BuiltDesign, packing: Packing, switch: FloorSwitch) -> None:
        self.design, self.packing, self.switch = design, packing, switch
        self._managed: dict[int, tuple[BuiltRack, RackManagement]] = {}

    def _of(self, unit: int) -> tuple[BuiltRack, RackManagement]:
        copies = len(self.packing.unit_copies(unit))
        if copies not in self._managed:
            rack = self._stand(copies)
            self._managed[copies] = (rack, rack_management(self.design, rack))
        return self._managed[copies]

    def rack(self, unit: int) -> BuiltRack:
        """Floor unit `unit`'s rack as it stands: its copies' trays bottom up, then the switch."""
        return self._of(unit)[0]

    def management(self, unit: int) -> RackManagement:
        """Floor unit `unit`'s management links, and the switch's links out of the rack."""
        return self._of(unit)[1]

    @property
    def links(self) -> int:
        """Management cables inside every floor rack."""
        return sum(len(self.management(u).links) for u in range(self.packing.units))

    def cords(self) -> Counter[str]:
        """Every floor rack's management cords, by part id."""
        out: Counter[str] = Counter()
        for unit in range(self.packing.units):
            out.update(self.management(unit).cables())
        return out

    def parts(self) -> Counter[str]:
        """Every floor rack's switch parts and cords, by part id."""
        out = self.cords()
        for line in self.switch.tray.parts:
            out[line.part] += self.packing.units * line.qty
        return out

    def _stand(self, copies: int) -> BuiltRack:
        (rack,) = self.design.racks
        return stacked_rack(rack, self.packing, copies, self.switch.tray)
