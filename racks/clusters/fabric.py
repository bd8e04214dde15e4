"""Fabrics as built: planes of fat trees, sized for one choice, and the cheapest choice.

A NIC port of `g` Gbit/s on `l` lanes splits into `P` planes (P divides `l`) of `g / P` each; every
plane is an independent fat tree of 1 to 3 tiers of the profile's switch box, broken out to the
plane's speed. A plane is sized once (`sizing.py`) and the fabric is `P` copies of it; the floor
and the optics and cables follow from the totals. The options are every planes x tiers the switch
and the file allow; the chosen one is the cheapest per GPU, then the lowest network power.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cached_property

from ...components.catalogue import Catalogue
from ...components.errors import InputError
from ...components.frames import RackFrame
from ...components.network_profiles import NetworkProfile
from ...components.parts import PartType
from ...components.records import record
from ...components.rounding import TOLERANCE
from ...components.switch_systems import SwitchSystem
from ..management import RackManagement
from ..packing import Packing
from .cages import CageRun, RackPorts, fabric_cages
from .cluster_spec import FabricPlan, FloorSpec
from .cluster_summary import NetworkLine
from .floor import FloorLayout, NetworkSpace
from .floor_index import FloorIndex
from .floor_switch import FloorRacks
from .halls import lay_out_halls
from .links import LinkChooser, LinkEnd, TierLinkParts
from .management_aggregation import Aggregation, ManagementFloor
from .network_management import (
    LeafFloor,
    NetworkManagement,
    network_management,
    network_rack_count,
)
from .sizing import FabricTooSmall, TierPlan, joined, max_endpoints, size_fabric, split
from .unit import DesignUnit
from .uplinks import PlaneShape

ROLES = {1: ("leaf",), 2: ("leaf", "spine"), 3: ("leaf", "spine", "core")}
CAMPUS = "campus"
"""The tier joining the buildings' top tiers, where a cluster spans buildings."""
TIERS = (1, 2, 3)
MANAGEMENT = "management"
"""The network BOM's tier name of the network racks' management switches and cords."""


@record
class FabricChoice:
    """Planes per NIC port, each plane's link speed, and tiers per plane."""

    planes: int
    plane_gbps: float
    tiers: int


@record
class SizedFabric:
    """One fabric choice sized for the cluster: tiers summed over planes, floor, optics, BOM."""

    choice: FabricChoice
    radix: int
    """Switch ports at the plane's speed."""
    plane_max_endpoints: int
    plans: tuple[TierPlan, ...]
    """Per tier, summed over the planes."""
    floor: FloorLayout
    link_parts: tuple[TierLinkParts, ...]
    cages: tuple[tuple[CageRun, ...], ...]
    """Per tier, leaves first: the cages its links' cables hold (`cages.py`)."""
    lines: tuple[NetworkLine, ...]
    rails: int
    """Rails of the endpoints: each compute tray's port `r` on rail `r` (1: not rail-optimised)."""
    network_racks: tuple[int, ...]
    """Network racks per management group: each row's (extra racks included), then the core
    block's (`management_aggregation.py`)."""

    @property
    def roles(self) -> tuple[str, ...]:
        """Tier names, leaves first (the campus tier last where the cluster spans buildings)."""
        campus = (CAMPUS,) if len(self.plans) > self.choice.tiers else ()
        return ROLES[self.choice.tiers] + campus

    @property
    def scale_out_usd(self) -> float:
        """Switches, optics and cables, priced."""
        return sum(n.extended_usd for n in self.lines)

    @property
    def power_w(self) -> float:
        """Switches, optics and active cables, powered."""
        return sum(n.power_total_w for n in self.lines)

    @property
    def switches(self) -> int:
        """Switch boxes over all tiers and planes."""
        return sum(p.switches for p in self.plans)

    @property
    def transceivers(self) -> int:
        """Optical modules over all tiers."""
        return sum(sum(p.transceivers.values()) for p in self.link_parts)

    @property
    def cables(self) -> int:
        """Physical cables over all tiers."""
        return sum(sum(p.cables.values()) for p in self.link_parts)


@record(frozen=False)
class FabricSizer:
    """What sizing a fabric needs: the design's ports, the switch, the profile and the floor."""

    catalogue: Catalogue
    profile: NetworkProfile
    switch: SwitchSystem
    unit: DesignUnit
    copies: int
    floor: FloorSpec
    network_frame: RackFrame
    rack_pitch_m: float
    rack_endpoints: tuple[int, ...]
    """NIC ports in each rack on the floor."""
    racks_per_hall: int
    halls_per_building: int
    """Halls one building holds; 0 where one building holds the cluster."""
    gpus_per_copy: int
    file: str | None
    rack_management: tuple[RackManagement, ...]
    """Each design rack's in-rack management."""
    packing: Packing
    """The copies on their floor units."""
    floor_racks: FloorRacks | None
    """The floor racks of packed servers with their management switch (`floor_switch.py`)."""

    @property
    def nic_lanes(self) -> int:
        """Electrical lanes of one NIC port at the switch's lane speed."""
        lane_gbps = self.switch.port_gbps / self.switch.lanes_per_port
        return max(1, round(self.unit.endpoint_gbps / lane_gbps))

    @cached_property
    def nic_ports(self) -> int:
        """Scale-out NIC ports across the cluster (each plane links every one of them)."""
        return self.copies * self.unit.endpoints

    def choices(self, plan: FabricPlan) -> list[FabricChoice]:
        """Every planes x tiers the switch and the file's pinned fields allow."""
        gbps, lanes = self.unit.endpoint_gbps, self.nic_lanes
        if plan.planes is not None and lanes % plan.planes:
            divisors = ", ".join(str(p) for p in range(1, lanes + 1) if lanes % p == 0)
            raise InputError(
                self.file,
                "fabric.planes",
                f"{plan.planes} planes do not divide the {gbps:g}G NIC port's {lanes} lanes "
                f"(planes: {divisors})",
            )
        if plan.plane_gbps is not None:
            planes = gbps / plan.plane_gbps
            whole = round(planes)
            if abs(planes - whole) > TOLERANCE or whole < 1 or lanes % whole:
                raise InputError(
                    self.file,
                    "fabric.plane_gbps",
                    f"{plan.plane_gbps:g}G does not split the {gbps:g}G NIC port's {lanes} lanes "
                    "evenly",
                )
            if plan.planes is not None and plan.planes != whole:
                raise InputError(
                    self.file,
                    "fabric.plane_gbps",
                    f"{plan.planes} planes of {plan.plane_gbps:g}G do not make the "
                    f"{gbps:g}G NIC port",
                )
            try:
                self.switch.split_at(plan.plane_gbps)
            except ValueError as exc:
                raise InputError(self.file, "fabric.plane_gbps", str(exc)) from None
        counts = [p for p in range(1, lanes + 1) if lanes % p == 0]
        if plan.planes is not None:
            counts = [plan.planes]
        elif plan.plane_gbps is not None:
            counts = [round(gbps / plan.plane_gbps)]
        speeds = [(p, gbps / p) for p in counts if self._offers(gbps / p)]
        if not speeds:
            raise InputError(
                self.file,
                "fabric.planes" if plan.planes is not None else "profile",
                f"{self.switch.id} cannot break out to "
                f"{', '.join(f'{gbps / p:g}G' for p in counts)} links (offers "
                f"{', '.join(f'{s:g}G' for s in self.switch.link_speeds())})",
            )
        tiers = TIERS if plan.tiers is None else (plan.tiers,)
        return [FabricChoice(p, s, t) for p, s in speeds for t in tiers]

    def _offers(self, gbps: float) -> bool:
        try:
            self.switch.split_at(gbps)
        except ValueError:
            return False
        return True

    def size(self, choice: FabricChoice, plan: FabricPlan) -> SizedFabric:
        """The fabric of one choice; FabricTooSmall where its tiers cannot reach the cluster."""
        radix = self.switch.radix_at(choice.plane_gbps)
        ratios = tuple(plan.ratio(t) for t in range(1, choice.tiers))
        per_plane = self._plane(radix, choice.tiers, ratios)
        plans = tuple(p.times(choice.planes) for p in per_plane)
        floor = self._lay_out(plans, choice.planes)
        chooser = LinkChooser(self.catalogue, self.profile, self.file)
        if floor.campus is not None:
            self._campus_reach(chooser, floor, choice)
        roles = ROLES[choice.tiers] + ((CAMPUS,) if len(plans) > choice.tiers else ())
        cages = self._cages(choice, radix, plans, floor)
        parts = tuple(
            chooser.choose(role, runs, choice.plane_gbps, self._ends(tier, choice))
            for tier, role, runs in zip(range(1, len(plans) + 1), roles, cages, strict=True)
        )
        lines = [_line(self.switch, role, p.switches) for role, p in zip(roles, plans, strict=True)]
        for role, tier_parts in zip(roles, parts, strict=True):
            for table in (tier_parts.transceivers, tier_parts.cables):
                lines.extend(_line(self.catalogue.parts[i], role, q) for i, q in table.items())
        network_racks = self._network_racks(floor, plans, choice)
        lines += self._management_lines(floor, network_racks, plans)
        return SizedFabric(
            choice=choice,
            radix=radix,
            plane_max_endpoints=self._max_endpoints(radix, choice.tiers, ratios),
            plans=plans,
            floor=floor,
            link_parts=parts,
            cages=cages,
            lines=tuple(lines),
            rails=self.unit.rails,
            network_racks=network_racks,
        )

    def _campus_reach(self, chooser: LinkChooser, floor: FloorLayout, choice: FabricChoice) -> None:
        """InputError naming the longest link between buildings where no optic reaches it."""
        site, longest = floor.campus, floor.lengths[-1][-1][0]
        cage = self._ends(len(floor.lengths), choice)[1]
        reach = chooser.reach(cage)
        if site is None or longest <= reach:
            return
        pairs = [(a, b) for a in range(site.buildings) for b in range(a + 1, site.buildings)]
        a, b = max(pairs, key=lambda p: site.road_m(*p))
        raise InputError(
            self.file,
            "floor.building_gap_m",
            f"the campus link bldg{a + 1:02d} to bldg{b + 1:02d} runs {longest:,.0f} m, beyond "
            f"the {reach:,.0f} m every {cage.module_gbps:g}G optic of profile {self.profile.id} "
            "reaches at most",
        )

    def _plane(self, radix: int, tiers: int, ratios: tuple[float, ...]) -> list[TierPlan]:
        """One plane's tiers: one fat tree, or one per building joined by a campus tier."""
        rails = self.unit.rails
        if not self.halls_per_building:
            return size_fabric(self.nic_ports, radix, tiers, ratios, rails)
        if tiers == 1:
            raise FabricTooSmall("one tier (a switch per plane) cannot stand in every building")
        sized: dict[int, list[TierPlan]] = {}
        buildings = []
        for count in self.building_ports():
            if count not in sized:
                sized[count] = size_fabric(count, radix, tiers, ratios, rails)
            buildings.append(sized[count])
        return joined(buildings, radix, self.floor.campus_oversubscription)

    @property
    def racks_per_building(self) -> int:
        """Racks on the floor of one building (every rack where one building holds them)."""
        return self.halls_per_building * self.racks_per_hall or len(self.rack_endpoints)

    def building_ports(self) -> list[int]:
        """NIC ports of each building, in order."""
        per, ends = self.racks_per_building, self.rack_endpoints
        return [sum(ends[start : start + per]) for start in range(0, len(ends), per)]

    def _max_endpoints(self, radix: int, tiers: int, ratios: tuple[float, ...]) -> int:
        """The most endpoints the tiers reach: a campus tier multiplies one building's reach (its
        top tier's ports down) by the buildings it links, one per campus switch port."""
        most = max_endpoints(radix, tiers, ratios)
        if not self.halls_per_building:
            return most
        return most * split(radix, self.floor.campus_oversubscription)

    def options(self, plan: FabricPlan) -> list[SizedFabric]:
        """Every feasible fabric; InputError naming the limit where none is."""
        sized: list[SizedFabric] = []
        too_small: list[tuple[int, FabricTooSmall]] = []
        refused: list[InputError] = []
        for choice in self.choices(plan):
            try:
                sized.append(self.size(choice, plan))
            except FabricTooSmall as exc:
                radix = self.switch.radix_at(choice.plane_gbps)
                ratios = tuple(plan.ratio(t) for t in range(1, choice.tiers))
                too_small.append((max_endpoints(radix, choice.tiers, ratios), exc))
            except InputError as exc:
                refused.append(exc)
        if sized:
            return sized
        if refused:
            raise refused[-1]
        reach, widest = max(too_small, key=lambda r: r[0])
        gpus = reach // self.unit.endpoints * self.gpus_per_copy
        raise InputError(self.file, "fabric.tiers", f"{widest} ({gpus:,} GPUs at most)")

    def reaches(self, plan: FabricPlan) -> tuple[int, ...]:
        """GPUs of the most whole copies of the design each choice's tiers reach, smallest
        first: the cluster sizes past which a choice drops out (the fabric's tier steps)."""
        return tuple(sorted({self._reach(choice, plan) for choice in self.choices(plan)}))

    def _reach(self, choice: FabricChoice, plan: FabricPlan) -> int:
        """The most GPUs of whole copies one choice's tiers size (rails can stop it short of
        `max_endpoints`), by bisection over copies: sizing is by counts, so each try is cheap."""
        radix = self.switch.radix_at(choice.plane_gbps)
        ratios = tuple(plan.ratio(t) for t in range(1, choice.tiers))
        ports = self.unit.endpoints
        low, high = 0, max_endpoints(radix, choice.tiers, ratios) // ports
        while low < high:
            mid = (low + high + 1) // 2
            try:
                size_fabric(mid * ports, radix, choice.tiers, ratios, self.unit.rails)
            except FabricTooSmall:
                high = mid - 1
            else:
                low = mid
        return low * self.gpus_per_copy

    @cached_property
    def management(self) -> NetworkManagement:
        """The management switches and cords of a network rack."""
        return network_management(
            self.catalogue, self.network_frame, self.switch.height_units, self.file
        )

    def _network_racks(
        self, floor: FloorLayout, plans: tuple[TierPlan, ...], choice: FabricChoice
    ) -> tuple[int, ...]:
        """Network racks per management group: each row's, then the core block's."""
        leaves = LeafFloor(
            index=self._index(floor),
            rack_endpoints=self.rack_endpoints,
            rails=self.unit.rails if choice.tiers > 1 else 1,
            down_ports=plans[0].down_ports,
            leaves_per_plane=plans[0].switches // choice.planes,
            planes=choice.planes,
            racks_per_building=self.racks_per_building,
        )
        upper = sum(p.switches for p in plans[1:])
        rows, core = network_rack_count(
            leaves,
            floor.row_network_racks,
            floor.core_racks,
            upper,
            self.management.boxes_per_rack,
        )
        return (*rows, core)

    def plane_shape(
        self, choice: FabricChoice, radix: int, plans: Sequence[TierPlan]
    ) -> PlaneShape:
        """One plane of a fabric choice by counts, as the run list spreads its links."""
        return PlaneShape(
            building_ports=tuple(self.building_ports()),
            rails=self.unit.rails if choice.tiers > 1 else 1,
            radix=radix,
            downs=tuple(p.down_ports for p in plans),
            tiers=choice.tiers,
        )

    def _cages(
        self, choice: FabricChoice, radix: int, plans: tuple[TierPlan, ...], floor: FloorLayout
    ) -> tuple[tuple[CageRun, ...], ...]:
        """Every tier's cages of a fabric choice on its floor."""
        racks = RackPorts(
            ports=self.rack_endpoints,
            per_building=self.racks_per_building,
            ends_m=self.floor.ends_m,
            split=self.switch.split_at(choice.plane_gbps),
        )
        shape = self.plane_shape(choice, radix, plans)
        return fabric_cages(shape, choice.planes, floor, self._index(floor), racks)

    def _index(self, floor: FloorLayout) -> FloorIndex:
        return FloorIndex(
            self.racks_per_hall, self.floor.racks_per_row, floor.halls, self.halls_per_building
        )

    def aggregation(self, floor: FloorLayout, network_racks: tuple[int, ...]) -> Aggregation:
        """The management aggregation of a fabric's floor."""
        where = ManagementFloor(
            floor=floor,
            index=self._index(floor),
            network_racks=network_racks,
            racks=self.rack_management,
            floor_rack=None if self.floor_racks is None else self.floor_racks.management(0),
            packing=self.packing,
            ends_m=self.floor.ends_m,
        )
        return Aggregation(self.catalogue, self.management, where, self.file)

    def _management_lines(
        self, floor: FloorLayout, network_racks: tuple[int, ...], plans: tuple[TierPlan, ...]
    ) -> list[NetworkLine]:
        """Each network rack's management trays' parts, a cord per switch box and aggregation
        switch, the aggregation switches with their uplinks' cables and modules, and the floor
        racks' management switches with their cords."""
        management = self.management
        aggregation = self.aggregation(floor, network_racks)
        racks = sum(network_racks)
        qty: Counter[str] = Counter()
        for line in management.tray.parts:
            qty[line.part] += racks * management.trays * line.qty
        for line in management.aggregation.parts if management.aggregation else []:
            qty[line.part] += aggregation.switches * line.qty
        qty[management.cord.id] += sum(p.switches for p in plans) + aggregation.switches
        cables, modules = aggregation.parts()
        qty.update(cables)
        qty.update(modules)
        if self.floor_racks is not None:
            qty.update(self.floor_racks.parts())
        parts = self.catalogue.parts
        return [_line(parts[part], MANAGEMENT, n) for part, n in qty.items()]

    def _lay_out(self, plans: tuple[TierPlan, ...], planes: int) -> FloorLayout:
        space = NetworkSpace(
            rack_width_m=self.network_frame.width_mm / 1000,
            rack_units=self.management.boxes_per_rack * self.switch.height_units,
            leaf_units=self.switch.height_units,
            upper_units=self.switch.height_units,
        )
        tops = max(1, len(plans) - (2 if self.halls_per_building else 1))
        return lay_out_halls(
            self.floor,
            self.rack_pitch_m,
            [n * planes for n in self.rack_endpoints],
            plans[0].switches,
            [p.links_in for p in plans],
            sum(p.switches for p in plans[1:]),
            sum(p.switches for p in plans[tops:]),
            self.racks_per_hall,
            space,
            self.halls_per_building,
        )

    def link_ends(self, tier: int, choice: FabricChoice) -> tuple[LinkEnd, LinkEnd]:
        """A tier's two link ends, lower first (the rule `size` counts optics by)."""
        return self._ends(tier, choice)

    def _ends(self, tier: int, choice: FabricChoice) -> tuple[LinkEnd, LinkEnd]:
        """A tier's two link ends: the NIC (its port shared by the planes) or a switch cage."""
        split = self.switch.split_at(choice.plane_gbps)
        cage = LinkEnd(self.switch.port_gbps, self.switch.lanes_per_port, split)
        nic = LinkEnd(self.unit.endpoint_gbps, self.nic_lanes, choice.planes)
        return (nic if tier == 1 else cage, cage)


def cheapest(options: Iterable[SizedFabric]) -> SizedFabric:
    """The lowest capex, then the lowest power, then fewer planes and tiers."""
    return min(
        options,
        key=lambda f: (
            round(f.scale_out_usd, 2),
            round(f.power_w, 3),
            f.choice.planes,
            f.choice.tiers,
        ),
    )


def _line(part: PartType, tier: str, qty: int) -> NetworkLine:
    price, power = part.price_usd, part.power_w
    return NetworkLine(
        category=part.kind_label,
        part=part.id,
        name=part.name,
        tier=tier,
        qty=qty,
        unit_price_usd=price,
        extended_usd=qty * (price or 0.0),
        power_each_w=power,
        power_total_w=qty * (power or 0.0),
        source=part.source_of("price_usd") if price is not None else None,
    )
