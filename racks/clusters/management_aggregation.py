"""The management aggregation of a cluster: every management switch's uplink, and each own
management port no other management switch of its rack takes, lands on an aggregation switch.

One rule for every cluster. The floor falls into groups: each row (its compute racks and its
network racks, extra racks included) and the core block. In a group, in order, each compute
rack's management trays with uplink ports (floor order, copy by copy, as `racks/management.py`
lists them; a floor rack of packed servers' own switch after the first copy standing in it,
`floor_switch.py`) take one aggregation port each for their uplink, then the rack's lone
management tray its own management port; then each network rack's management trays (in order)
one port for their uplink and one for their own management port (a network rack's trays all land
on the aggregation). Port `g` of a group is port `g mod P` of its aggregation switch `g div P`,
for `P` ports of the aggregation switch, so a group has `A = ceil(ports used / P)` of them;
aggregation switch `k` stands in the group's network rack `k * n div A` of its `n` (spread
evenly, in the unit each network rack keeps for one, `network_management.py`), and a group
needing more than its network racks is refused.

Lengths follow the floor the run list measures: a compute rack's runs to its row's network
racks as its fabric links to the leaves (`FloorLayout.rack_x` to `network_x`, twice the rise,
the slack); a network rack's to the network rack of its aggregation switch, the racks' distance
apart plus the same rise and slack. An uplink takes the cheapest kind (DAC, AEC, AOC) of the
catalogue's cables rated at the uplink's speed that reaches, shortest first; an own management
port a Cat6 cord (`racks/management.py`'s `cord`) and, at the aggregation switch's cage, the
cheapest catalogue module of the port's speed for twisted pair (`fibre: copper`). The
aggregation switches' own management ports are cabled in their network racks
(`network_management.py`), and each uplinks once, out of the cluster to the site's network,
where its tray has uplink ports (`Aggregation.leaving`).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator

from ...components.cabling import Cable, Transceiver
from ...components.catalogue import Catalogue
from ...components.errors import InputError
from ...components.parts import ManagementSwitch
from ...components.records import record
from ..built import PlacedTray
from ..management import RackManagement, cord, management_cords
from ..packing import Packing
from .floor import FloorLayout
from .floor_index import FloorIndex
from .links import cable_preference
from .network_management import NetworkManagement

UPLINK_KINDS = ("dac", "aec", "aoc")
"""Cables that plug into a cage at both ends: an uplink needs no module."""


@record
class Drop:
    """One link to an aggregation switch: a management tray's uplink or own management port."""

    group: int
    copy: int | None
    """The compute rack's copy of the design; None for a network rack's tray."""
    rack: int
    """The design rack's index, or the network rack's in its group."""
    tray: PlacedTray | int
    """The compute rack's management tray, or the network rack's management tray index."""
    uplink: bool
    length_m: float
    aggregation: int
    """The aggregation switch's index in its group."""
    port: int
    cable: Cable
    module: Transceiver | None
    """The module at the aggregation switch's cage (an own management port's)."""


@record
class ManagementFloor:
    """What the rule reads of a cluster's floor and design."""

    floor: FloorLayout
    index: FloorIndex
    network_racks: tuple[int, ...]
    """Network racks per group: each row's, extra racks included, then the core block's."""
    racks: tuple[RackManagement, ...]
    """Each design rack's in-rack management."""
    floor_rack: RackManagement | None
    """A floor rack of packed servers' management, where it has a switch of its own
    (`floor_switch.py`): its links out of the rack land after its first copy's."""
    packing: Packing
    """The copies on their floor units."""
    ends_m: float
    """What a drop adds to its run along the floor: a rise at each end and the slack."""


class Aggregation:
    """A cluster's management aggregation, by the rule above."""

    def __init__(
        self,
        catalogue: Catalogue,
        management: NetworkManagement,
        floor: ManagementFloor,
        file: str | None,
    ) -> None:
        self.catalogue, self.management, self.floor, self.file = catalogue, management, floor, file
        tray = management.aggregation
        switches = [
            catalogue.part(line.part, ManagementSwitch)
            for line in (tray.parts if tray else [])
            if isinstance(catalogue.parts[line.part], ManagementSwitch)
        ]
        self.ports = sum(s.ports for s in switches)
        self.uplinked = any(s.uplink_ports for s in switches)
        """Whether the aggregation switch has uplink ports: then each uplinks once, to the
        site's network, out of the cluster."""
        access = [
            p
            for line in management.tray.parts
            if isinstance(p := catalogue.parts[line.part], ManagementSwitch)
        ]
        self.uplink_gbps = max((p.uplink_gbps or 0.0 for p in access), default=0.0)
        self.port_gbps = min((p.port_gbps for p in access), default=0.0)
        self.cables = sorted(
            (
                c
                for c in catalogue.parts.values()
                if isinstance(c, Cable)
                and c.cable_type in UPLINK_KINDS
                and c.max_gbps == self.uplink_gbps
            ),
            key=cable_preference,
        )
        self.cords = management_cords(catalogue)
        self.modules = sorted(
            (
                t
                for t in catalogue.parts.values()
                if isinstance(t, Transceiver)
                and t.fibre == "copper"
                and t.port_gbps == self.port_gbps
            ),
            key=lambda t: (math.inf if t.price_usd is None else t.price_usd, t.id),
        )
        self.counts = self._counts()

    def _counts(self) -> tuple[int, ...]:
        """Aggregation switches per group; InputError where a group's network racks cannot
        hold them."""
        used: Counter[int] = Counter()
        for copy, r, plan in self._leaving():
            used[self._place(copy, r)[1]] += plan.leaving
        per_rack = self.management.trays * (2 if self.uplink_gbps > 0 else 1)
        for group, count in enumerate(self.floor.network_racks):
            used[group] += count * per_rack
        if used and not self.ports:
            raise InputError(
                self.file,
                "floor.network_frame",
                f"no management aggregation tray in the catalogue has ports at the "
                f"{self.uplink_gbps:g}G uplinks of management tray {self.management.tray.id}",
            )
        self.links = sum(used.values())
        """Links to the aggregation switches (uplinks and own management ports)."""
        counts = tuple(
            math.ceil(used[g] / self.ports) if used[g] else 0
            for g in range(len(self.floor.network_racks))
        )
        for group, (need, have) in enumerate(zip(counts, self.floor.network_racks, strict=True)):
            if need > have:
                raise InputError(
                    self.file,
                    "floor.racks_per_row",
                    f"group {group + 1} of the floor needs {need} management aggregation "
                    f"switches, more than its {have} network racks hold (one each)",
                )
        return counts

    def rack_of(self, group: int, aggregation: int) -> int:
        """The network rack (its index in the group) of aggregation switch `aggregation`:
        spread evenly over the group's network racks."""
        return aggregation * self.floor.network_racks[group] // self.counts[group]

    @property
    def switches(self) -> int:
        """Aggregation switches in the cluster."""
        return sum(self.counts)

    @property
    def leaving(self) -> int:
        """Uplinks out of the cluster: one from each aggregation switch with uplink ports."""
        return self.switches if self.uplinked else 0

    def _racks(self) -> Iterator[tuple[int, int, int, RackManagement, float]]:
        """Each compute rack with drops, copy by copy: group (its row), copy, design rack, its
        management, the length of its drops."""
        floor, layout = self.floor, self.floor.floor
        for copy, r, plan in self._leaving():
            _, row, position = self._place(copy, r)
            length = round(
                abs(layout.rack_x(position, row) - layout.network_x(row)) + floor.ends_m, 2
            )
            yield row, copy, r, plan, length

    def _leaving(self) -> Iterator[tuple[int, int, RackManagement]]:
        """Each compute rack's management with links out of it, copy by copy: copy, design rack,
        management; a floor rack's own switch after the first copy standing in it."""
        floor = self.floor
        for copy in range(floor.packing.copies):
            for r, plan in enumerate(floor.racks):
                if plan.leaving:
                    yield copy, r, plan
            if floor.floor_rack is not None and floor.packing.level(copy) == 0:
                yield copy, 0, floor.floor_rack

    def _place(self, copy: int, rack: int) -> tuple[int, int, int]:
        """Hall, row and position of design rack `rack` of copy `copy` on the floor."""
        floor = self.floor
        return floor.index.locate(floor.packing.unit_of(copy) * len(floor.racks) + rack)

    def drops(self) -> Iterator[Drop]:
        """Every link to an aggregation switch, in the rule's order."""
        for group, copy, rack, tray, uplink, length, aggregation, port in self._placed():
            cable, module = self._parts(uplink, length)
            yield Drop(group, copy, rack, tray, uplink, length, aggregation, port, cable, module)

    def _placed(
        self,
    ) -> Iterator[tuple[int, int | None, int, PlacedTray | int, bool, float, int, int]]:
        """Each drop's far end with its length, aggregation switch and port."""
        used: Counter[int] = Counter()
        for group, copy, rack, plan, length in self._racks():
            for uplink, trays in plan.leaving_trays():
                for tray in trays:
                    aggregation, port = divmod(used[group], self.ports)
                    used[group] += 1
                    yield group, copy, rack, tray, uplink, length, aggregation, port
        yield from self._network_placed(used)

    def _network_placed(
        self, used: Counter[int]
    ) -> Iterator[tuple[int, None, int, int, bool, float, int, int]]:
        """Each network rack's drops, placed after the compute racks' (`used`: ports taken per
        group)."""
        floor = self.floor
        width = floor.floor.network_rack_width_m
        kinds = (True, False) if self.uplink_gbps > 0 else (False,)
        for group, count in enumerate(floor.network_racks):
            for rack in range(count):
                for tray in range(self.management.trays):
                    for uplink in kinds:
                        aggregation, port = divmod(used[group], self.ports)
                        used[group] += 1
                        length = round(
                            abs(rack - self.rack_of(group, aggregation)) * width + floor.ends_m, 2
                        )
                        yield group, None, rack, tray, uplink, length, aggregation, port

    def _parts(self, uplink: bool, length: float) -> tuple[Cable, Transceiver | None]:
        """An uplink's cable, or an own management port's cord and module."""
        if not uplink:
            if not self.modules:
                raise InputError(
                    self.file,
                    "floor.network_frame",
                    f"no {self.port_gbps:g}G twisted-pair module (kind transceiver, fibre "
                    "copper) in the catalogue to take a management port into an aggregation "
                    "switch",
                )
            return cord(self.cords, length, self.file, "floor"), self.modules[0]
        for cable in self.cables:
            if cable.length_m >= length:
                return cable, None
        longest = f"the longest is {self.cables[-1].length_m:g} m" if self.cables else "none"
        raise InputError(
            self.file,
            "floor",
            f"a management uplink of {length:g} m needs a {self.uplink_gbps:g}G DAC, AEC or "
            f"AOC that long in the catalogue; {longest}",
        )

    def parts(self) -> tuple[Counter[str], Counter[str]]:
        """Cables and modules of every drop, by part id (counted by kind and length, each
        chosen once)."""
        runs: Counter[tuple[bool, float]] = Counter()
        used: Counter[int] = Counter()
        for group, _, _, plan, length in self._racks():  # rack by rack, not drop by drop
            for uplink, trays in plan.leaving_trays():
                if trays:
                    runs[uplink, length] += len(trays)
            used[group] += plan.leaving
        runs.update((end[4], end[5]) for end in self._network_placed(used))
        cables: Counter[str] = Counter()
        modules: Counter[str] = Counter()
        for (uplink, length), n in runs.items():
            cable, module = self._parts(uplink, length)
            cables[cable.id] += n
            if module is not None:
                modules[module.id] += n
        return cables, modules
