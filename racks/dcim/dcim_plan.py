"""The DCIM plan of a design or cluster for one product: device types, rack types, makers, site,
roles, power panels, and racks with their devices, cables, lanes, PDUs and feeds.

A cluster's racks are the copies of its design where the floor places them, then its network
racks; each rack is made when the plan is read (written or pushed), so a plan of any size takes
flat memory. A scoped plan holds the racks of its scope and the links with both ends in it
(a breakout the product holds as one cable only where all its legs are in it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING

from ...components.catalogue import Catalogue
from ...components.errors import InputError
from ...components.plant_library import plant_rules
from ...components.records import record
from ...components.switch_systems import SwitchSystem
from ..analysis import Analysis
from ..build import BuiltDesign
from ..cabling.names import rack_name, unit_prefix
from ..cabling.runlist import RunList
from ..cabling.scope import FloorScope
from ..clusters.cluster_analysis import ClusterAnalysis
from ..plant.rack import stacked_plant
from ..plant.rack_limits import pdu_limit_w
from .breakouts import box_sub_ports, hub
from .cable_legs import dcim_cables
from .dcim_model import (
    DcimCable,
    DcimPlan,
    DeviceType,
    FloorUnit,
    Manufacturer,
    Placed,
    RackType,
    ScopedExport,
    Site,
)
from .device_types import draw_limit, pdu_device_type, switch_device_type, tray_device_type
from .lanes import lane_rule, with_tray_lanes
from .pdus import NETWORK, PLUGS, fed_network_rack
from .placed_racks import (
    busbar_fed,
    cable_bundles,
    design_racks,
    fed_rack,
    network_racks,
    rack_type,
    roles,
    site_for,
)
from .power_feeds import PlantRacks, panels, plant_racks, row_names
from .scoped_links import ScopedLinks, inside, scoped_links
from .type_names import maker_slug
from .vocabulary import Vocabulary

if TYPE_CHECKING:
    from ..cabling.network_racks import NetworkRack


def _design_types(
    design: BuiltDesign, vocab: Vocabulary, infiniband: bool = False
) -> dict[str, DeviceType]:
    types: dict[str, DeviceType] = {}
    for rack in design.racks:
        for tray in rack.trays:
            if tray.tray.id in types:
                continue
            holders = [r for r in design.racks if any(t.tray.id == tray.tray.id for t in r.trays)]
            busbar = any(busbar_fed(design, r) for r in holders)
            types[tray.tray.id] = tray_device_type(design, tray.tray, vocab, busbar, infiniband)
    return types


def _one_maker_spelling(types: dict[str, DeviceType]) -> dict[str, DeviceType]:
    """Manufacturers told apart case-insensitively: each keeps the first spelling in order."""
    spelling: dict[str, str] = {}
    for name in sorted({t.manufacturer for t in types.values()}):
        spelling.setdefault(name.casefold(), name)
    return {
        key: t.model_copy(update={"manufacturer": spelling[t.manufacturer.casefold()]})
        for key, t in types.items()
    }


def _check_unique(types: list[DeviceType], file: str | None) -> None:
    """One content per slug and per (manufacturer, model), as the DCIM keeps them."""
    seen: dict[tuple[str, str], DeviceType] = {}
    for t in types:
        for key in ((t.manufacturer.casefold(), t.model), ("slug", t.slug)):
            other = seen.setdefault(key, t)
            if other != t:
                raise InputError(
                    file, None, f"two device types export as {key[1]!r} with different content"
                )


RACK_ROLES = tuple(roles({"compute", "network"}, racks=True))
PDU, SWITCH, MANAGEMENT = "rack pdu", "switch box", "network management"
AGGREGATION = "management aggregation"
"""Keys of the types besides the trays' while makers' spellings are made one."""


def _makers(
    types: Sequence[DeviceType], frames: Iterable[RackType]
) -> tuple[tuple[Manufacturer, ...], tuple[RackType, ...]]:
    """The makers of the device and rack types, one spelling each (the device types', else the
    first frame's), and the rack types with their makers so spelled."""
    spelling = {t.manufacturer.casefold(): t.manufacturer for t in types}
    for frame in frames:
        spelling.setdefault(frame.manufacturer.casefold(), frame.manufacturer)
    makers = sorted(spelling.values(), key=str.casefold)
    spelled = tuple(
        dataclasses.replace(f, manufacturer=spelling[f.manufacturer.casefold()]) for f in frames
    )
    return tuple(Manufacturer(m, maker_slug(m)) for m in makers), spelled


def profile_switch_types(catalogue: Catalogue, vocab: Vocabulary) -> list[DeviceType]:
    """The switch box of every network profile in the catalogue, as device types."""
    boxes = sorted({p.switch for p in catalogue.network_profiles.values()})
    return [switch_device_type(catalogue, catalogue.part(b, SwitchSystem), vocab) for b in boxes]


def design_plan(analysis: Analysis, vocab: Vocabulary) -> DcimPlan:
    """One design's plan for `vocab`'s product."""
    design = analysis.design
    rules = plant_rules()
    types = _design_types(design, vocab)
    if any(p.type in PLUGS for t in types.values() if not t.power_outlets for p in t.power_ports):
        types[PDU] = pdu_device_type(design.catalogue, rules.pdu(design.catalogue), vocab)
    types = _one_maker_spelling(types)
    _check_unique(list(types.values()), design.file)
    frames = {r.frame.id: rack_type(r.frame, design.catalogue) for r in design.racks}
    site = site_for(analysis.id, "design")
    names = {t.tray.role.value for r in design.racks for t in r.trays}
    names |= {"power"} if PDU in types else set()
    rows = row_names([len(design.racks)])
    pdu = types.pop(PDU) if PDU in types else None
    plant = plant_racks(analysis, rows, rules, pdu, draw_limit(vocab))

    def unit_racks(unit: FloorUnit) -> Iterator[Placed]:
        rowed = dataclasses.replace(plant, rows=unit.rows)
        return design_racks(design, types, frames, site, unit.prefix, rowed)

    kinds = (*types.values(), *([plant.pdu] if plant.pdu else []))
    makers, spelled = _makers(kinds, frames.values())
    return DcimPlan(
        what="design",
        system_id=analysis.id,
        target=vocab.name,
        contents="racks and placed devices",
        types=kinds,
        frames=spelled,
        manufacturers=makers,
        site=site,
        device_roles=tuple(roles(names)),
        rack_roles=RACK_ROLES,
        panels=tuple(panels(sorted(set(plant.rows)), site.name, site.location)),
        units=(FloorUnit(analysis.id, plant.rows),),
        unit_racks=unit_racks,
        network_racks=lambda: iter(()),
    )


def _cluster_units(cluster: ClusterAnalysis) -> list[FloorUnit]:
    """Each floor unit of a cluster: its name prefix and its racks' rows (a copy's racks stand
    where the floor places them; a floor rack of packed servers in its row)."""
    packing = cluster.packing
    per_unit = len(cluster.rack.design.racks)
    rows = row_names(cluster.floor.rows)
    return [
        FloorUnit(
            unit_prefix(cluster.id, unit),
            tuple(rows[unit * per_unit + i] for i in range(per_unit)),
            stacked=len(packing.unit_copies(unit)),
            index=unit,
        )
        for unit in range(packing.units)
    ]


@record
class _ClusterTypes:
    """A cluster's device types: its design's trays', the switch box's, the network racks'
    management switch's and the rack PDU's, each maker spelled one way."""

    trays: dict[str, DeviceType]
    switch: DeviceType
    management: DeviceType
    aggregation: DeviceType | None
    pdu: DeviceType

    @property
    def kinds(self) -> tuple[DeviceType, ...]:
        """Every type once."""
        extra = [
            t
            for t in (self.management, self.aggregation)
            if t is not None and t not in self.trays.values()
        ]
        return (*self.trays.values(), *extra, self.switch, self.pdu)


def _cluster_types(cluster: ClusterAnalysis, vocab: Vocabulary) -> _ClusterTypes:
    design = cluster.rack.design
    infiniband = cluster.switch.protocol == "infiniband"
    types = _design_types(design, vocab, infiniband)
    if cluster.floor_switch is not None:  # each floor rack of packed servers holds one
        tray = cluster.floor_switch.tray
        types[tray.id] = tray_device_type(design, tray, vocab, busbar=False)
    management = cluster.sizer.management
    types[MANAGEMENT] = tray_device_type(design, management.tray, vocab, busbar=False)
    if management.aggregation is not None:
        types[AGGREGATION] = tray_device_type(design, management.aggregation, vocab, busbar=False)
    types[SWITCH] = switch_device_type(cluster.catalogue, cluster.switch, vocab)
    pdu = plant_rules().pdu(cluster.catalogue)
    types[PDU] = pdu_device_type(cluster.catalogue, pdu, vocab)
    types = _one_maker_spelling(types)
    switch, management_type, pdu_type = types.pop(SWITCH), types.pop(MANAGEMENT), types.pop(PDU)
    aggregation = types.pop(AGGREGATION, None)
    extra = [aggregation] if aggregation else []
    _check_unique([*types.values(), switch, management_type, *extra, pdu_type], None)
    return _ClusterTypes(types, switch, management_type, aggregation, pdu_type)


def cluster_plan(
    cluster: ClusterAnalysis,
    vocab: Vocabulary,
    scope: FloorScope | None = None,
    run: RunList | None = None,
) -> DcimPlan:
    """A cluster's plan: every floor unit, network racks with their PDUs, cable
    bundles, power panels; with a `scope`, only its racks, their devices and the links with both
    ends in it. `run` is the cluster's run list where the caller has made it already."""
    design = cluster.rack.design
    kinds = _cluster_types(cluster, vocab)
    frames = {r.frame.id: rack_type(r.frame, cluster.catalogue) for r in design.racks}
    frames.setdefault(cluster.network_frame.id, rack_type(cluster.network_frame, cluster.catalogue))
    site = site_for(cluster.id, "cluster")
    names = {t.tray.role.value for r in design.racks for t in r.trays}
    names |= set(cluster.fabric.roles) | {"management", "power"}
    run = RunList(cluster) if run is None else run
    kept = _kept_units(cluster, scope, _cluster_units(cluster))
    held = None if scope is None else scope.holds_network
    cages = [i.name for i in kinds.switch.interfaces if not i.mgmt_only]
    lanes = cache(lambda: lane_rule(run, cages, vocab))  # one pass over the fabric, when read
    base = plant_racks(cluster.rack, (), plant_rules(), kinds.pdu, draw_limit(vocab))

    def unit_racks(unit: FloorUnit) -> Iterator[Placed]:
        for rack in _unit_placed(cluster, unit, kinds.trays, frames, site, base):
            if unit.keep is None or rack.rack.name in unit.keep:
                yield with_tray_lanes(rack, lanes())

    def network() -> Iterator[Placed]:
        """The network racks (those in scope), each with its PDUs and feeds."""
        rules = plant_rules()
        limit = pdu_limit_w(rules, cluster.catalogue)
        frame = frames[cluster.network_frame.id]
        types = (kinds.switch, kinds.management, kinds.aggregation)
        boxes = network_racks(run, *types, frame, site, vocab, lanes(), held)
        for rack in boxes:
            yield fed_network_rack(rack, kinds.pdu, rules, limit, draw_limit(vocab))

    links = None if scope is None else _links(run, scope, cages, vocab)
    makers, spelled = _makers(kinds.kinds, frames.values())
    return DcimPlan(
        what="cluster",
        system_id=cluster.id,
        target=vocab.name,
        contents="racks, devices, cables",
        types=kinds.kinds,
        frames=spelled,
        manufacturers=makers,
        site=site,
        device_roles=tuple(roles(names)),
        rack_roles=RACK_ROLES,
        panels=tuple(panels(_panel_rows(cluster, kept, run, held), site.name, site.location)),
        units=tuple(kept),
        unit_racks=unit_racks,
        network_racks=network,
        bundles=cable_bundles(cluster) if links is None else links.bundles,
        scoped=None if scope is None or links is None else _scoped(cluster, scope, run, links),
        fabric=_fabric(run, vocab, scope),
    )


def _links(run: RunList, scope: FloorScope, cages: list[str], vocab: Vocabulary) -> ScopedLinks:
    """The links in `scope`, a breakout the product holds as one cable told by its hub cage
    (`cages`, the switch box's in order)."""
    subs = box_sub_ports(run, cages)
    return scoped_links(run, scope, lambda legs: hub(legs, subs, vocab) is not None)


def _fabric(
    run: RunList, vocab: Vocabulary, scope: FloorScope | None
) -> Callable[[], Iterator[DcimCable]]:
    """A cluster's cables between racks as the cable import has them: with a `scope`, those
    with both ends in it (`cable_legs.kept_legs`)."""
    kept = None if scope is None else inside(scope)
    return lambda: dcim_cables(run.rows(), run, run.cluster.catalogue, vocab, kept)


def _panel_rows(
    cluster: ClusterAnalysis,
    kept: Sequence[FloorUnit],
    run: RunList,
    held: Callable[[NetworkRack], bool] | None,
) -> list[str]:
    """The rows whose power panels the planned racks' feeds hang from: every row and the
    network's, or those of the racks in a scope."""
    rows = [*dict.fromkeys(row_names(cluster.floor.rows)), NETWORK]
    if held is None:
        return rows
    used = {row for copy in kept for row in copy.rows}
    if any(held(r) for r in run.network_racks):
        used.add(NETWORK)
    return [r for r in rows if r in used]


def _unit_placed(
    cluster: ClusterAnalysis,
    unit: FloorUnit,
    types: Mapping[str, DeviceType],
    frames: Mapping[str, RackType],
    site: Site,
    base: PlantRacks,
) -> Iterable[Placed]:
    """A floor unit's racks with their devices, in-rack cables, PDUs and feeds."""
    design = cluster.rack.design
    plant = dataclasses.replace(base, rows=unit.rows)
    if not cluster.in_floor_racks:
        return design_racks(design, types, frames, site, unit.prefix, plant)
    floor = cluster.floor_racks
    standing = None if floor is None else floor.rack(unit.index)
    packed = design_racks(
        design, types, frames, site, unit.prefix, None, cluster.packing, unit.stacked, standing
    )
    return [_stacked_fed(rack, plant, unit.stacked, cluster) for rack in packed]


def _stacked_fed(
    placed: Placed, plant: PlantRacks, copies: int, cluster: ClusterAnalysis
) -> Placed:
    """A floor rack of `copies` packed servers, and its management switch where it has one,
    with the plant's PDUs and feeds for all of them."""
    design = cluster.rack.design
    frame_kg = design.racks[0].frame.weight_kg or 0.0
    (one,) = plant.racks
    switch = cluster.floor_switch
    stacked = stacked_plant(plant_rules(), design.catalogue, one, copies, frame_kg, switch)
    return fed_rack(placed, dataclasses.replace(plant, racks=(stacked,)), 0)


def _kept_units(
    cluster: ClusterAnalysis, scope: FloorScope | None, units: list[FloorUnit]
) -> list[FloorUnit]:
    """Each floor unit planned, with the names of its racks kept (None: all)."""
    if scope is None:
        return units
    whole = len(cluster.rack.design.racks)
    kept: dict[int, FloorUnit] = {}
    for copy in scope.copies:
        index = cluster.packing.unit_of(copy)
        if index in kept:
            continue
        unit = units[index]
        racks = scope.copy_racks(cluster, copy)
        keep = frozenset(rack_name(unit.prefix, r) for r in racks)
        kept[index] = dataclasses.replace(unit, keep=None if len(racks) == whole else keep)
    return list(kept.values())


def _scoped(
    cluster: ClusterAnalysis, scope: FloorScope, run: RunList, links: ScopedLinks
) -> ScopedExport:
    """What a scoped plan holds: its racks, the cable legs leaving it, the breakouts it splits."""
    unit_of = cluster.packing.unit_of
    compute = len({(unit_of(c), r) for c in scope.copies for r in scope.copy_racks(cluster, c)})
    network = sum(1 for r in run.network_racks if scope.holds_network(r))
    return ScopedExport(str(scope.scope), compute + network, links.left_out, links.split)
