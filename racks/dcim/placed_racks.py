"""Racks as the DCIM holds them: rack types, sites, roles, placed devices and cables inside racks.

Rack and device names start with the design's or cluster's id, so exports of several clusters
load into one DCIM side by side; each export has its own site and hall (location). Racks are
produced one at a time, so a cluster of any size is written without holding it in memory.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterator, Mapping
from itertools import islice
from typing import TYPE_CHECKING

from ...components.catalogue import Catalogue
from ...components.frames import RackFrame
from ..build import BuiltDesign, BuiltRack
from ..built import PlacedTray
from ..cabling.names import (
    management_switch_port,
    network_aggregation,
    rack_name,
    tray_device,
)
from ..cabling.network_racks import NetworkRack, management_rows, own_ports
from ..cabling.runlist import RunList
from ..clusters.cluster_analysis import ClusterAnalysis
from ..management import own_port, rack_management
from ..packing import ALONE, Packing
from .dcim_model import (
    Cable,
    CableBundle,
    Device,
    DeviceType,
    Placed,
    Rack,
    RackType,
    Role,
    Site,
)
from .pdus import ac_inlets, pdus_per_side, with_pdus
from .power_feeds import PlantRacks, rack_power
from .type_library import library, slugify
from .type_names import plain_model, type_slug
from .vocabulary import Vocabulary

if TYPE_CHECKING:
    from .lanes import LaneRule


def site_for(system_id: str, what: str) -> Site:
    """The site (and hall) of one design's or cluster's racks."""
    return Site(
        name=system_id,
        slug=slugify(system_id),
        location=f"{system_id} hall",
        description=f"rackbom {what} {system_id}",
    )


def roles(names: set[str], racks: bool = False) -> list[Role]:
    """Roles with their colours, sorted by name."""
    lib = library()
    return [Role(n, slugify(n), lib.colour(n, racks)) for n in sorted(names)]


def rack_type(frame: RackFrame, catalogue: Catalogue) -> RackType:
    """A frame as a rack type: its true outer size in mm, empty weight and load rating."""
    source = catalogue.sources[frame.source]
    maker = library().manufacturer(frame.manufacturer)
    width = 19 if frame.unit_standard == "eia" else 21
    space = round(frame.height_units * frame.unit_mm)
    height = space if frame.height_mm is None else round(frame.height_mm)
    unit = "OU of 48 mm" if frame.unit_standard == "ocp" else "U of 44.45 mm"
    model = plain_model(frame.name, maker)
    return RackType(
        manufacturer=maker,
        model=model,
        slug=type_slug(maker, model),
        form_factor="4-post-cabinet",
        width=width,
        u_height=frame.height_units,
        outer_width=round(frame.width_mm),
        outer_height=height,
        outer_depth=None if frame.depth_mm is None else round(frame.depth_mm),
        max_weight=None if frame.max_weight_kg is None else math.floor(frame.max_weight_kg),
        weight=frame.weight_kg,
        comments=(
            f"rackbom frame {frame.id} ({frame.name}); source {source.id} ({source.kind.value}). "
            f"{frame.height_units} {unit}, {space:,} mm of unit space; equipment opening "
            f"{frame.mounting_width_mm:g} mm given as width {width} in. "
            + "; ".join(_frame_sizes(frame, catalogue))
            + "."
        ),
    )


def _frame_sizes(frame: RackFrame, catalogue: Catalogue) -> list[str]:
    """Each outer size and load figure of a frame with its source, or what stands in for it."""
    figures = (
        ("outer_width", "width_mm", frame.width_mm, "mm"),
        ("outer_height", "height_mm", frame.height_mm, "mm"),
        ("outer_depth", "depth_mm", frame.depth_mm, "mm"),
        ("weight", "weight_kg", frame.weight_kg, "kg"),
        ("max_weight", "max_weight_kg", frame.max_weight_kg, "kg"),
    )
    out = []
    for key, field_name, value, unit in figures:
        if value is None:
            gap = " (the unit space stands in)" if key == "outer_height" else ""
            out.append(f"{key}: not in the catalogue{gap}")
            continue
        cited = catalogue.sources[frame.source_of(field_name)]
        out.append(f"{key} {value:,g} {unit} from {cited.id} ({cited.kind.value})")
    return out


def _rack(name: str, site: Site, role: str, frame_type: RackType, note: str) -> Rack:
    return Rack(
        name=name,
        site=site.name,
        location=site.location,
        role=role,
        rack_type=frame_type,
        width=frame_type.width,
        u_height=frame_type.u_height,
        outer_width=frame_type.outer_width,
        outer_height=frame_type.outer_height,
        outer_depth=frame_type.outer_depth,
        comments=f"{note} Frame {frame_type.model}.",
    )


def busbar_fed(design: BuiltDesign, rack: BuiltRack) -> bool:
    """Whether a rack's trays draw from power shelves on its busbar."""
    return any(
        design.part(line.part).supplies_power for tray in rack.trays for line in tray.tray.parts
    )


def design_racks(
    design: BuiltDesign,
    types: Mapping[str, DeviceType],
    frames: Mapping[str, RackType],
    site: Site,
    prefix: str,
    plant: PlantRacks | None = None,
    packing: Packing = ALONE,
    stacked: int = 1,
    standing: BuiltRack | None = None,
) -> Iterator[Placed]:
    """The design's racks with their trays and in-rack cables; `prefix` names this floor unit,
    which holds `stacked` copies where `packing` stacks them; with `plant`, each rack's power
    feeds cabled to its inputs. `standing` is a floor rack of packed servers as it stands with
    its own management switch (`clusters/floor_switch.py`), whose management is cabled over the
    whole rack."""
    catalogue = design.catalogue
    placement = catalogue.sources[design.spec.sources.get("placements", design.spec.source)]
    where = f"placement from {placement.id} ({placement.kind.value})"
    for index, rack in enumerate(design.racks):
        name = rack_name(prefix, rack.name)
        copies = f"{stacked} copies of rack {rack.name}" if stacked > 1 else f"Rack {rack.name}"
        entry = _rack(
            name, site, "compute", frames[rack.frame.id], f"{copies} of {design.spec.id}."
        )
        devices: tuple[Device, ...] = ()
        cables: tuple[Cable, ...] = ()
        uncabled: tuple[str, ...] = ()
        for level in range(stacked):
            placed = tuple(
                _tray_device(design, tray, types, site, name, packing.slot(tray, level), where)
                for tray in rack.trays
            )
            devices += placed
            if standing is None:
                links, loose = _management_cables(design, rack, placed)
                cables, uncabled = cables + links, uncabled + loose
        if standing is not None:
            devices += (_floor_switch(design, standing.trays[-1], types, site, name),)
            cables, uncabled = _management_cables(design, standing, devices)
        power, unpowered = _power_cables(devices)
        placed_rack = Placed(entry, devices, cables + power, uncabled + unpowered)
        yield placed_rack if plant is None else fed_rack(placed_rack, plant, index)


def _tray_device(
    design: BuiltDesign,
    tray: PlacedTray,
    types: Mapping[str, DeviceType],
    site: Site,
    rack: str,
    slot: tuple[str, int],
    where: str,
) -> Device:
    """A tray as a device in rack `rack`, at `slot` (its slot name and lowest unit there)."""
    return Device(
        name=tray_device(rack, slot[0]),
        device_type=types[tray.tray.id],
        role=tray.tray.role.value,
        site=site.name,
        location=site.location,
        rack=rack,
        position=slot[1],
        comments=f"rackbom tray {tray.tray.id} at {tray.key} of design {design.spec.id}; {where}.",
    )


def _floor_switch(
    design: BuiltDesign, tray: PlacedTray, types: Mapping[str, DeviceType], site: Site, rack: str
) -> Device:
    """A floor rack's own management switch (`clusters/floor_switch.py`) as a device."""
    return Device(
        name=tray_device(rack, tray.label),
        device_type=types[tray.tray.id],
        role=tray.tray.role.value,
        site=site.name,
        location=site.location,
        rack=rack,
        position=tray.position,
        comments=(
            f"rackbom tray {tray.tray.id} at {tray.label}: the management switch of the packed "
            f"{design.spec.id} servers of the floor rack (rackbom's rule for a floor rack of "
            "packed servers)."
        ),
    )


def fed_rack(placed: Placed, plant: PlantRacks, index: int) -> Placed:
    """A design rack with its PDUs where its devices have AC inlets, and the plant's feeds."""
    feeds = plant.racks[index].feeds
    inlets = ac_inlets(placed.devices)
    per_side = max(1, len(feeds) // 2)
    if plant.pdu is not None and inlets:
        if pdus_per_side(placed, plant.pdu, plant.pdu_limit_w) > per_side:
            # more than the plant's PDUs carry: left unfed, as the plant warns
            loose = tuple(f"{d.name}:{p.name}" for d, p, _ in inlets)
            return dataclasses.replace(placed, uncabled=placed.uncabled + loose)
        placed = with_pdus(placed, plant.pdu, per_side)
    row = plant.rows[index]
    fed = rack_power(feeds, placed.rack.name, row, placed.devices, plant.profile, plant.most)
    return dataclasses.replace(
        placed, cables=placed.cables + fed.cables, draws=fed.draws, feeds=fed.feeds
    )


def _management_cables(
    design: BuiltDesign, rack: BuiltRack, devices: tuple[Device, ...]
) -> tuple[tuple[Cable, ...], tuple[str, ...]]:
    """Management ports to the rack's management switches, by the run list's rule
    (`racks/management.py`)."""
    by_tray = {id(t): d for t, d in zip(rack.trays, devices, strict=True)}
    plan = rack_management(design, rack)
    cables = tuple(
        Cable(
            by_tray[id(link.tray)].name,
            "dcim.interface",
            own_port(design.catalogue, link.tray.tray),
            by_tray[id(link.switch)].name,
            "dcim.interface",
            management_switch_port(link.port),
            "cat6",
        )
        for link in plan.links
    )
    uncabled = tuple(
        f"{by_tray[id(t)].name}:{own_port(design.catalogue, t.tray)}" for t in plan.uncabled
    )
    return cables, uncabled


def _power_cables(devices: tuple[Device, ...]) -> tuple[tuple[Cable, ...], tuple[str, ...]]:
    """Busbar inputs to the power shelves' outlets."""
    cables: list[Cable] = []
    uncabled: tuple[str, ...] = ()
    outlets = [
        (d.name, o.name)
        for d in devices
        if d.device_type.power_outlets
        for o in d.device_type.power_outlets
    ]
    shelves = sorted({d for d, _ in outlets})
    by_shelf = [[o for o in outlets if o[0] == s] for s in shelves]
    spread = [o for group in zip(*by_shelf, strict=False) for o in group]  # shelf by shelf
    inputs = [
        (d.name, p.name)
        for d in devices
        if not d.device_type.power_outlets
        for p in d.device_type.power_ports
        if p.type == "dc-terminal"
    ]
    cables += [
        Cable(dev, "dcim.powerport", port, shelf, "dcim.poweroutlet", outlet, "power")
        for (dev, port), (shelf, outlet) in zip(inputs, spread, strict=False)
    ]
    uncabled += tuple(f"{dev}:{port}" for dev, port in inputs[len(spread) :])
    return tuple(cables), uncabled


def network_racks(
    run: RunList,
    switch_type: DeviceType,
    management_type: DeviceType,
    aggregation_type: DeviceType | None,
    frame_type: RackType,
    site: Site,
    vocab: Vocabulary,
    lanes: LaneRule | None = None,
    keep: Callable[[NetworkRack], bool] | None = None,
) -> Iterator[Placed]:
    """Network racks with the fabric's switch boxes where the run list places them
    (`racks/cabling/places.py`): leaves in their rows' network racks, upper tiers in the core;
    each rack's management switches at its top and its management aggregation switch under them
    where it holds one, every box's and the aggregation switch's management port cabled to them
    by the run list's rule (`racks/cabling/network_racks.py`); only the racks `keep` holds, where
    given. `run` is the cluster's run list."""
    cluster = run.cluster
    management = cluster.sizer.management
    rows = management_rows(run.network_racks, management, 0, run.aggregated, own_ports(cluster))
    for rack in run.network_racks:
        held = rack.name in run.aggregated
        own = list(islice(rows, len(rack.boxes) + held))  # the rule runs over every rack
        if keep is not None and not keep(rack):
            continue
        boxes = _boxes(cluster, rack, switch_type, site, vocab)
        switches = _management_switches(cluster, rack, management_type, site)
        if held and aggregation_type is not None:
            switches += (_aggregation(cluster, rack, aggregation_type, site),)
        cables = tuple(
            Cable(
                row.a_device,
                "dcim.interface",
                row.a_port,
                row.z_device,
                "dcim.interface",
                row.z_port,
                "cat6",
            )
            for row in own
        )
        entry = _rack(
            rack.name, site, "network", frame_type, f"Network rack of cluster {cluster.id}."
        )
        laned = () if lanes is None else lanes.boxes(b.name for b in boxes)
        yield Placed(entry, boxes + switches, cables, (), laned=laned)


def _boxes(
    cluster: ClusterAnalysis,
    rack: NetworkRack,
    switch_type: DeviceType,
    site: Site,
    vocab: Vocabulary,
) -> tuple[Device, ...]:
    """A network rack's switch boxes."""
    return tuple(
        Device(
            name=box.device,
            device_type=switch_type,
            role=box.role,
            site=site.name,
            location=site.location,
            rack=rack.name,
            position=box.place.position,
            comments=(
                f"rackbom switch system {cluster.switch.id}, {box.role} {box.index + 1} of "
                f"cluster {cluster.id}; the count sized by rackbom (derived); placed as the "
                f"run list places it ({vocab.name})."
            ),
        )
        for box in rack.boxes
    )


def _aggregation(
    cluster: ClusterAnalysis, rack: NetworkRack, device_type: DeviceType, site: Site
) -> Device:
    """A network rack's management aggregation switch, under its management switches."""
    management = cluster.sizer.management
    return Device(
        name=network_aggregation(rack.name),
        device_type=device_type,
        role="management",
        site=site.name,
        location=site.location,
        rack=rack.name,
        position=management.aggregation_position(),
        comments=(
            f"rackbom tray {management.aggregation.id if management.aggregation else ''}, a "
            f"management aggregation switch of cluster {cluster.id} (derived)."
        ),
    )


def _management_switches(
    cluster: ClusterAnalysis, rack: NetworkRack, device_type: DeviceType, site: Site
) -> tuple[Device, ...]:
    """A network rack's management switches, at its top."""
    management = cluster.sizer.management
    return tuple(
        Device(
            name=name,
            device_type=device_type,
            role="management",
            site=site.name,
            location=site.location,
            rack=rack.name,
            position=position,
            comments=(
                f"rackbom tray {management.tray.id}, the out-of-band management switch of a "
                f"network rack of cluster {cluster.id} (derived)."
            ),
        )
        for name, position in rack.management_devices(management)
    )


BELOW_TIER_1 = "compute racks (scale-out NIC ports)"
"""What the links into tier 1 come from."""


def cable_bundles(cluster: ClusterAnalysis) -> tuple[CableBundle, ...]:
    """Per tier, the links into it as one bundle: counts, cable and optic parts, lengths."""
    return tuple(
        CableBundle(
            tier=tier.tier,
            to=tier.role,
            below=BELOW_TIER_1 if tier.tier == 1 else f"tier {tier.tier - 1}",
            links=tier.links,
            cables=tuple(tier.cables.items()),
            transceivers=tuple(tier.transceivers.items()),
            length_m_min=tier.link_length_m_min,
            length_m_max=tier.link_length_m_max,
            comments=(
                "Counted by rackbom's cluster layer (derived); port to port in "
                "`rackbom cables CLUSTER --netbox FILE`."
            ),
        )
        for tier in cluster.summary.tiers
    )
