"""Racks as the DCIM holds them: rack types, sites, roles, placed devices and cables inside racks.

Rack and device names start with the design's or cluster's id, so exports of several clusters
load into one DCIM side by side; each export has its own site and hall (location). Racks are
produced one at a time, so a cluster of any size is written without holding it in memory.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping

from ...components.catalogue import Catalogue
from ...components.frames import RackFrame
from ...components.trays import TrayRole
from ...racks.build import BuiltDesign, BuiltRack
from ...racks.clusters.cluster_analysis import ClusterAnalysis
from .dcim_model import Cable, Device, DeviceType, Placed, Rack, RackType, Role, Site
from .type_library import RACKBOM, library, slugify
from .vocabulary import Vocabulary

UNIT_MAPPING = (
    "Units: a DCIM rack counts whole units of one height. An Open Rack OU (48 mm) is counted as "
    "one rack unit, so u_height and positions are OU counts; the rack type's outer_height gives "
    "the frame's true unit space in mm (46 OU = 2,208 mm), so the true height shows. Width: EIA "
    "frames are 19 in; Open Rack frames are 21 in, the DCIM's Open Rack width, with outer_width "
    "the frame's true outside width in mm."
)
CABLE_NOTE = (
    "Cables: management (BMC) ports are cabled to the management switch in their rack and busbar "
    "inputs to the power shelves' outlets. rackbom's cluster layer sizes the scale-out links by "
    "counts and lengths and assigns no ports, so each tier's links are one bundle (count, cable "
    "and optic parts, lengths), not DCIM cable objects. Scale-up copper runs through backplanes "
    "and is not listed."
)


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
    """A frame as a rack type: its true outer size in mm and its load rating."""
    source = catalogue.sources[frame.source]
    maker = library().manufacturer(frame.manufacturer)
    width = 19 if frame.unit_standard == "eia" else 21
    height = round(frame.height_units * frame.unit_mm)
    unit = "OU of 48 mm" if frame.unit_standard == "ocp" else "U of 44.45 mm"
    return RackType(
        manufacturer=maker,
        model=frame.name,
        slug=f"{slugify(maker)}-{RACKBOM}-{slugify(frame.id)}",
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
            f"{frame.height_units} {unit}: outer_height {height:,} mm is the unit space (the "
            f"frame's own outside height is not in the catalogue); equipment opening "
            f"{frame.mounting_width_mm:g} mm given as width {width} in; outer width "
            f"{frame.width_mm:g} mm."
        ),
    )


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
) -> Iterator[Placed]:
    """The design's racks with their trays and in-rack cables; `prefix` names this copy."""
    catalogue = design.catalogue
    placement = catalogue.sources[design.spec.sources.get("placements", design.spec.source)]
    where = f"placement from {placement.id} ({placement.kind.value})"
    for rack in design.racks:
        name = prefix if rack.name == prefix else f"{prefix}-{rack.name}"
        entry = _rack(
            name,
            site,
            "compute",
            frames[rack.frame.id],
            f"Rack {rack.name} of {design.spec.id}.",
        )
        devices = tuple(
            Device(
                name=f"{name}-{tray.label}",
                device_type=types[tray.tray.id],
                role=tray.tray.role.value,
                site=site.name,
                location=site.location,
                rack=name,
                position=tray.position,
                comments=(
                    f"rackbom tray {tray.tray.id} at {tray.key} of design {design.spec.id}; "
                    f"{where}."
                ),
            )
            for tray in rack.trays
        )
        cables, uncabled = _in_rack_cables(devices)
        yield Placed(entry, devices, cables, uncabled)


def _in_rack_cables(devices: tuple[Device, ...]) -> tuple[tuple[Cable, ...], tuple[str, ...]]:
    """Management ports to the rack's management switches, busbar inputs to shelf outlets. A
    management switch's own management port goes out of the rack, so it is not cabled here."""
    mgmt = TrayRole.MANAGEMENT.value
    switch_ports = [
        (d.name, i.name)
        for d in devices
        if d.role == mgmt
        for i in d.device_type.interfaces
        if not i.mgmt_only
    ]
    managed = [
        (d.name, d.device_type.management)
        for d in devices
        if d.device_type.management is not None and d.role != mgmt
    ]
    cables = [
        Cable(dev, "dcim.interface", port, sw, "dcim.interface", sw_port, "cat6")
        for (dev, port), (sw, sw_port) in zip(managed, switch_ports, strict=False)
    ]
    uncabled = tuple(f"{dev}:{port}" for dev, port in managed[len(switch_ports) :])
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
    cluster: ClusterAnalysis,
    switch_type: DeviceType,
    frame_type: RackType,
    site: Site,
    vocab: Vocabulary,
) -> Iterator[Placed]:
    """Network racks with the fabric's switch boxes: leaves in the rows, upper tiers in the core."""
    frame, switch = cluster.network_frame, cluster.switch
    per_rack = max(1, frame.height_units // switch.height_units)
    floor = cluster.floor
    leaf_racks = [
        f"row{row + 1:02d}-net{k + 1}"
        for row, count in enumerate(floor.row_network_racks)
        for k in range(count)
    ]
    core_racks = [f"core-{k + 1:03d}" for k in range(floor.core_racks)]
    tier_roles = ("leaf", "spine", "core")
    for names, plans in ((leaf_racks, cluster.plans[:1]), (core_racks, cluster.plans[1:])):
        boxes = [(tier_roles[p.tier - 1], k) for p in plans for k in range(p.switches)]
        fill = math.ceil(len(boxes) / len(names)) if boxes and names else 0
        if boxes and (fill > per_rack or not names):  # the floor counts units, not whole boxes
            base = names[0].rsplit("-", 1)[0] if names else "net"
            names = names + [
                f"{base}-extra{k + 1}" for k in range(math.ceil(len(boxes) / per_rack) - len(names))
            ]
            fill = per_rack
        for index, short in enumerate(names):
            name = f"{cluster.id}-{short}"
            rack = _rack(
                name, site, "network", frame_type, f"Network rack of cluster {cluster.id}."
            )
            devices = tuple(
                Device(
                    name=f"{cluster.id}-{role}-{k + 1:04d}",
                    device_type=switch_type,
                    role=role,
                    site=site.name,
                    location=site.location,
                    rack=name,
                    position=1 + slot * switch.height_units,
                    comments=(
                        f"rackbom switch system {switch.id}, {role} {k + 1} of cluster "
                        f"{cluster.id}; the count sized by rackbom (derived); the boxes spread "
                        f"evenly over the network racks of the floor layout ({vocab.name})."
                    ),
                )
                for slot, (role, k) in enumerate(boxes[index * fill : (index + 1) * fill])
            )
            unmanaged = tuple(f"{d.name}:{switch_type.management}" for d in devices)
            yield Placed(rack, devices, (), unmanaged)  # no management switch in a network rack


def cable_bundles(cluster: ClusterAnalysis) -> list[dict[str, object]]:
    """Per tier, the links into it as one bundle: counts, cable and optic parts, lengths."""
    out: list[dict[str, object]] = []
    for tier in cluster.summary.tiers:
        below = "compute racks (scale-out NIC ports)" if tier.tier == 1 else f"tier {tier.tier - 1}"
        out.append(
            {
                "tier": tier.tier,
                "to": tier.role,
                "from": below,
                "links": tier.links,
                "cables": dict(tier.cables),
                "transceivers": dict(tier.transceivers),
                "length_m_min": tier.link_length_m_min,
                "length_m_max": tier.link_length_m_max,
                "comments": "Counted by rackbom's cluster layer (derived); ports not assigned.",
            }
        )
    return out
