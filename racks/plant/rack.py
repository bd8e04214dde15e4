"""One rack's demands on the building: peak power, its supplies and feeds, heat, floor load.

Power assignment: power shelves in a tray of role `power` feed the rack's busbar, so every tray
without supplies of its own; supplies inside any other tray (server PSUs) feed that tray only.
Each supply (or, in a rack without busbar shelves, each of its two rack PDUs) has one feed, the
feeds alternating between sides A and B.
"""

from __future__ import annotations

import dataclasses
import math
from typing import TYPE_CHECKING

from ...components.catalogue import Catalogue
from ...components.parts import Gpu, PowerShelf
from ...components.plant_library import PlantRules
from ...components.records import record
from ...components.rounding import TOLERANCE
from ...components.trays import TrayRole
from ..analysis import Analysis
from ..build import BuiltRack
from ..power import RackPower
from ..space import RackSpace
from .feeds import Feed, continuous_limit_w, rack_feed
from .rack_limits import check_rack_input, pdu_limit_w

if TYPE_CHECKING:
    from ..clusters.floor_switch import FloorSwitch

PDUS_PER_RACK = 2
"""Racks without busbar shelves hang their servers' supplies on one PDU per side."""


@record
class SupplyGroup:
    """Supplies sharing one load: a rack busbar's shelves, or one server's PSUs."""

    name: str
    trays: tuple[str, ...]
    supplies: int
    supply_w: float
    load_w: float
    """Nominal IT load the group carries."""
    peak_w: float

    def survives(self, lost: int) -> bool:
        """Whether the group still carries its nominal load with `lost` supplies down."""
        return (self.supplies - lost) * self.supply_w >= self.load_w * (1 - TOLERANCE)


@record
class RackPlant:
    """A design rack's power, heat and floor figures (one copy of it)."""

    rack: str
    gpus: int
    power_nominal_w: float
    """Rack input at nominal load (IT over conversion efficiency)."""
    power_peak_w: float
    """Rack input at peak: GPU power times its transient factor."""
    it_peak_w: float
    groups: tuple[SupplyGroup, ...]
    feeds: tuple[Feed, ...]
    heat_liquid_w: float
    heat_air_w: float
    coolant_lpm: float
    weight_kg: float
    footprint_m2: float
    floor_load_kg_m2: float
    point_load_kg: float
    warnings: tuple[str, ...]

    @property
    def feed_use_pct(self) -> float:
        """The rack's nominal input over its feeds' continuous limits, percent (a DCIM's rack
        power utilisation)."""
        return 100 * self.power_nominal_w / sum(f.limit_w for f in self.feeds)

    @property
    def heat_w(self) -> float:
        """All the rack's heat: liquid plus air (equals its nominal input power)."""
        return self.heat_liquid_w + self.heat_air_w


@record
class FloorLoad:
    """A floor rack's load on the floor, with a warning for each rating it exceeds."""

    floor_kg_m2: float
    """Its weight over its footprint."""
    point_kg: float
    """Its weight on each foot."""
    warnings: tuple[str, ...]


def floor_load(rules: PlantRules, rack: str, weight_kg: float, footprint_m2: float) -> FloorLoad:
    """The load of a rack of `weight_kg` standing on `footprint_m2`, against the hall's ratings."""
    profile = rules.profile
    floor = weight_kg / footprint_m2
    point = weight_kg / profile.feet_per_rack
    warnings = []
    if floor > profile.floor_rating_kg_m2:
        warnings.append(
            f"rack {rack}: {floor:,.0f} kg/m2 over its footprint exceeds the hall's "
            f"{profile.floor_rating_kg_m2:,.0f} kg/m2 rating"
        )
    if point > profile.point_load_rating_kg:
        warnings.append(
            f"rack {rack}: {point:,.0f} kg on each of {profile.feet_per_rack} feet exceeds "
            f"the floor's {profile.point_load_rating_kg:,.0f} kg point-load rating"
        )
    return FloorLoad(floor, point, tuple(warnings))


def switch_load(rack: RackPlant, switch: FloorSwitch) -> RackPlant:
    """A floor rack's own management switch as a load of its row, beside the servers' `rack`:
    its power nominal and at peak, all of it heat to air; no GPUs, supplies or feeds of its own
    (it hangs on the floor rack's PDUs)."""
    watts = switch.power_w
    return dataclasses.replace(
        rack,
        rack=f"{rack.rack} management switch",
        gpus=0,
        power_nominal_w=watts,
        power_peak_w=watts,
        it_peak_w=watts,
        groups=(),
        feeds=(),
        heat_liquid_w=0.0,
        heat_air_w=watts,
        coolant_lpm=0.0,
        weight_kg=switch.weight_kg,
        floor_load_kg_m2=0.0,
        point_load_kg=0.0,
        warnings=(),
    )


def stacked_plant(
    rules: PlantRules,
    catalogue: Catalogue,
    rack: RackPlant,
    copies: int,
    frame_kg: float,
    switch: FloorSwitch | None,
) -> RackPlant:
    """A floor rack holding `copies` copies of a one-rack design's `rack` (servers packed
    several to a floor rack), and its management `switch` where it has one: their loads on as
    many rack PDUs a side as one side's PDUs need to carry the whole rack's nominal input
    continuously, one feed each, and their weight on its floor. The switch draws its power
    nominal and at peak, all of it as heat to air."""
    switch_w = 0.0 if switch is None else switch.power_w
    nominal = rack.power_nominal_w * copies + switch_w
    peak = rack.power_peak_w * copies + switch_w
    per_side = max(1, math.ceil(nominal / pdu_limit_w(rules, catalogue) - TOLERANCE))
    name = f"{rack.rack} ({copies} to a floor rack)"
    feeds = side_feeds(rules, name, 2 * per_side, nominal, peak)
    weight = copies * rack.weight_kg - (copies - 1) * frame_kg  # one frame, not one per copy
    weight += 0.0 if switch is None else switch.weight_kg
    load = floor_load(rules, name, weight, rack.footprint_m2)
    return dataclasses.replace(
        rack,
        rack=name,
        gpus=rack.gpus * copies,
        power_nominal_w=nominal,
        power_peak_w=peak,
        it_peak_w=rack.it_peak_w * copies + switch_w,
        groups=rack.groups * copies,
        feeds=feeds,
        heat_liquid_w=rack.heat_liquid_w * copies,
        heat_air_w=rack.heat_air_w * copies + switch_w,
        coolant_lpm=rack.coolant_lpm * copies,
        weight_kg=weight,
        floor_load_kg_m2=load.floor_kg_m2,
        point_load_kg=load.point_kg,
        warnings=tuple(feeds_warning(rules, name, feeds)) + load.warnings,
    )


def transient_factor(rules: PlantRules, gpu: Gpu) -> float:
    """Peak over nominal power of one GPU part: its own figure, else the profile's."""
    return gpu.transient_factor or rules.profile.transient_factor


def liquid_heat_w(rules: PlantRules, rack: BuiltRack, power: RackPower) -> float:
    """The rack's heat taken by liquid: each tray's share by how it is cooled."""
    heat = rules.profile.heat_to_liquid
    trays = zip(rack.trays, power.trays, strict=True)
    return sum(t.it_w * heat.of(placed.tray.cooling) for placed, t in trays)


def flow_lpm(
    heat_w: float, specific_heat: float, density_kg_per_l: float, delta_t_k: float
) -> float:
    """Coolant flow that carries `heat_w` at a rise of `delta_t_k`: Q = m c_p dT, in L/min."""
    kg_per_s = heat_w / (specific_heat * delta_t_k)
    return kg_per_s / density_kg_per_l * 60


def rack_plant(
    analysis: Analysis, index: int, rules: PlantRules, catalogue: Catalogue
) -> RackPlant:
    """Power, heat and floor figures of the design's rack `index`."""
    design = analysis.design
    rack: BuiltRack = design.racks[index]
    power: RackPower = analysis.power[index]
    space: RackSpace = analysis.space[index]
    profile = rules.profile
    extra_w: dict[str, float] = {}
    gpus = 0
    for tray, tray_power in zip(rack.trays, power.trays, strict=True):
        extra = 0.0
        for line in tray.tray.parts:
            part = design.part(line.part)
            if isinstance(part, Gpu):
                gpus += line.qty
                extra += (transient_factor(rules, part) - 1) * (part.power_w or 0) * line.qty
        extra_w[tray_power.tray] = extra
    it_peak = power.it_w + sum(extra_w.values())
    check_rack_input(analysis, index, it_peak, rules, catalogue)
    efficiency = power.conversion_efficiency
    nominal, peak = power.rack_input_w, it_peak / efficiency
    groups = supply_groups(analysis, index, extra_w)
    feeds = rack_feeds(rules, rack.name, groups, nominal, peak)
    _, c_p, rho = rules.fluid(catalogue)
    liquid = liquid_heat_w(rules, rack, power)
    depth = rack.frame.depth_mm or profile.rack_depth_mm
    footprint = rack.frame.width_mm * depth / 1e6
    warnings = feeds_warning(rules, rack.name, feeds)
    warnings += shelf_warnings(rack.name, groups)
    load = floor_load(rules, rack.name, space.weight_kg, footprint)
    warnings += load.warnings
    return RackPlant(
        rack=rack.name,
        gpus=gpus,
        power_nominal_w=nominal,
        power_peak_w=peak,
        it_peak_w=it_peak,
        groups=groups,
        feeds=feeds,
        heat_liquid_w=liquid,
        heat_air_w=nominal - liquid,
        coolant_lpm=flow_lpm(liquid, c_p, rho, profile.delta_t_k),
        weight_kg=space.weight_kg,
        footprint_m2=footprint,
        floor_load_kg_m2=load.floor_kg_m2,
        point_load_kg=load.point_kg,
        warnings=tuple(warnings),
    )


def supply_groups(
    analysis: Analysis, index: int, extra_w: dict[str, float]
) -> tuple[SupplyGroup, ...]:
    """The rack's busbar (its power trays' shelves) and each tray with supplies of its own."""
    design = analysis.design
    rack = design.racks[index]
    power = analysis.power[index]
    busbar_trays: list[str] = []
    busbar_load = busbar_extra = 0.0
    busbar_supplies, busbar_w = 0, 0.0
    groups: list[SupplyGroup] = []
    for tray, tray_power in zip(rack.trays, power.trays, strict=True):
        shelves = [
            (design.part(line.part, PowerShelf), line.qty)
            for line in tray.tray.parts
            if design.part(line.part).supplies_power
        ]
        if tray.tray.role == TrayRole.POWER:
            busbar_supplies += sum(q for _, q in shelves)
            busbar_w += sum(s.capacity_w * q for s, q in shelves)
        elif shelves:
            count = sum(q for _, q in shelves)
            groups.append(
                SupplyGroup(
                    name=tray.key,
                    trays=(tray.key,),
                    supplies=count,
                    supply_w=sum(s.capacity_w * q for s, q in shelves) / count,
                    load_w=tray_power.it_w,
                    peak_w=tray_power.it_w + extra_w[tray.key],
                )
            )
        else:
            busbar_trays.append(tray.key)
            busbar_load += tray_power.it_w
            busbar_extra += extra_w[tray.key]
    if busbar_supplies:
        busbar = SupplyGroup(
            name=f"{rack.name} busbar",
            trays=tuple(busbar_trays),
            supplies=busbar_supplies,
            supply_w=busbar_w / busbar_supplies,
            load_w=busbar_load + power.items_w,
            peak_w=busbar_load + busbar_extra + power.items_w,
        )
        groups.insert(0, busbar)
    return tuple(groups)


def rack_feeds(
    rules: PlantRules, rack: str, groups: tuple[SupplyGroup, ...], nominal: float, peak: float
) -> tuple[Feed, ...]:
    """One feed per busbar shelf, A and B alternately; else one rack PDU per side."""
    busbar = next((g for g in groups if g.name.endswith(" busbar")), None)
    count = busbar.supplies if busbar is not None else PDUS_PER_RACK
    return side_feeds(rules, rack, count, nominal, peak)


def side_feeds(
    rules: PlantRules, rack: str, count: int, nominal: float, peak: float
) -> tuple[Feed, ...]:
    """`count` feeds of a rack, A and B alternately, sharing its load; at peak with a side lost
    (2N) or one feed lost (N+1), the rest carry it."""
    if count == 1:
        return (rack_feed(rules.profile, f"rack {rack} feed A1", nominal, peak),)
    # 2N: the smaller side carries the whole rack; N+1: all feeds but one do.
    carrying = count // 2 if rules.profile.redundancy == "2N" else count - 1
    feeds = []
    for k in range(count):
        side = "AB"[k % 2]
        name = f"rack {rack} feed {side}{k // 2 + 1}"
        feeds.append(rack_feed(rules.profile, name, nominal / count, peak / carrying))
    return tuple(feeds)


def feeds_warning(rules: PlantRules, rack: str, feeds: tuple[Feed, ...]) -> list[str]:
    """One line naming the rack's feeds that no allowed breaker carries at peak."""
    over = [f for f in feeds if f.over]
    if not over:
        return []
    profile = rules.profile
    names = ", ".join(f.name.rsplit(" ", 1)[-1] for f in over)
    worst = max(f.design_w for f in over)
    limit = continuous_limit_w(profile, profile.max_rack_breaker_a)
    return [
        f"rack {rack} feeds {names}: up to {worst / 1000:,.1f} kW each at peak with one side "
        f"lost, over the {limit / 1000:,.1f} kW a {profile.max_rack_breaker_a:g} A breaker "
        f"carries continuously ({profile.continuous_load_fraction:.0%} of its rating)"
    ]


def shelf_warnings(rack: str, groups: tuple[SupplyGroup, ...]) -> list[str]:
    """A busbar whose shelves cannot carry the peak, or not with one shelf failed."""
    out = []
    for group in groups:
        if not group.name.endswith(" busbar"):
            continue
        capacity = group.supplies * group.supply_w
        if group.peak_w > capacity * (1 + TOLERANCE):
            out.append(
                f"{group.name}: {group.peak_w / 1000:,.1f} kW IT at peak exceeds its "
                f"{group.supplies} shelves' {capacity / 1000:,.1f} kW"
            )
        elif group.peak_w > (capacity - group.supply_w) * (1 + TOLERANCE):
            out.append(
                f"{group.name}: with one of {group.supplies} shelves failed, "
                f"{(capacity - group.supply_w) / 1000:,.1f} kW is under the "
                f"{group.peak_w / 1000:,.1f} kW IT peak"
            )
    return out
