"""Racks, the devices placed in them and, for clusters, network racks and cable bundles.

Entries use the field names of the NetBox and Nautobot REST APIs (`rack`, `position`, `face`,
`device_type` by manufacturer and model), so a script with pynetbox or pynautobot creates each
one after looking up the ids of the names it refers to.
"""

from __future__ import annotations

import math
from typing import Any

from ..components.catalogue import Catalogue
from ..components.frames import RackFrame
from ..racks.build import BuiltDesign, BuiltRack
from ..racks.clusters.analysis import ClusterAnalysis
from .dcim_devicetypes import DeviceType

UNIT_MAPPING = (
    "Units: a DCIM rack counts whole units of one height. An Open Rack OU (48 mm) is counted as "
    "one rack unit, so u_height and positions are OU counts and the DCIM draws each OU 44.45 mm "
    "tall. Width: EIA frames are 19 in; Open Rack frames are given as 21 in, the DCIM's Open Rack "
    "width, with outer_width the frame's true outside width in mm (1200 for Open Rack Wide, whose "
    "1074 mm opening has no DCIM width choice)."
)


def rack_entry(name: str, frame: RackFrame, catalogue: Catalogue, note: str) -> dict[str, Any]:
    """One rack with its frame mapped onto the DCIM's widths and units."""
    source = catalogue.sources[frame.source]
    width = 19 if frame.unit_standard == "eia" else 21
    entry: dict[str, Any] = {
        "name": name,
        "status": "active",
        "u_height": frame.height_units,
        "width": width,
        "outer_width": round(frame.width_mm),
        "outer_unit": "mm",
    }
    if frame.depth_mm is not None:
        entry["outer_depth"] = round(frame.depth_mm)
    mapped = (
        f"{frame.height_units} OU of 48 mm counted as {frame.height_units} rack units; equipment "
        f"opening {frame.mounting_width_mm:g} mm given as width 21 in"
        if frame.unit_standard == "ocp"
        else f"{frame.height_units} U of 44.45 mm, 19 in"
    )
    entry["comments"] = (
        f"rackbom frame {frame.id} ({frame.name}); source {source.id} ({source.kind.value}). "
        f"{mapped}; outer width {frame.width_mm:g} mm. {note}"
    )
    return entry


def device_entry(
    name: str, device_type: DeviceType, role: str, rack: str, position: int, comments: str
) -> dict[str, Any]:
    """One device placed in a rack, front face."""
    return {
        "name": name,
        "device_type": {"manufacturer": device_type.manufacturer, "model": device_type.model},
        "role": role,
        "status": "active",
        "rack": rack,
        "position": position,
        "face": "front",
        "comments": comments,
    }


def design_racks(
    design: BuiltDesign, types: dict[str, DeviceType], suffix: str = ""
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The design's racks and placed trays; `suffix` names a copy in a cluster."""
    catalogue = design.catalogue
    placement = catalogue.sources[design.spec.sources.get("placements", design.spec.source)]
    where = f"placement from {placement.id} ({placement.kind.value})"
    racks, devices = [], []
    for rack in design.racks:
        name = f"{rack.name}{suffix}"
        racks.append(
            rack_entry(name, rack.frame, catalogue, f"Rack {rack.name} of {design.spec.id}.")
        )
        for tray in rack.trays:
            devices.append(
                device_entry(
                    f"{name}-{tray.label}",
                    types[tray.tray.id],
                    tray.tray.role.value,
                    name,
                    tray.position,
                    f"rackbom tray {tray.tray.id} at {tray.key} of design {design.spec.id}; "
                    f"{where}.",
                )
            )
    return racks, devices


def busbar_fed(design: BuiltDesign, rack: BuiltRack) -> bool:
    """Whether a rack's trays draw from power shelves on its busbar."""
    return any(
        design.part(line.part).supplies_power for tray in rack.trays for line in tray.tray.parts
    )


def network_racks(
    cluster: ClusterAnalysis, switch_type: DeviceType
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Network racks with the fabric's switch boxes: leaves in the rows, upper tiers in the core."""
    catalogue, frame, switch = cluster.catalogue, cluster.network_frame, cluster.switch
    per_rack = max(1, frame.height_units // switch.height_units)
    floor = cluster.floor
    leaf_racks = [
        f"row{row + 1:02d}-net{k + 1}"
        for row, count in enumerate(floor.row_network_racks)
        for k in range(count)
    ]
    core_racks = [f"core-{k + 1:03d}" for k in range(floor.core_racks)]
    roles = ("leaf", "spine", "core")
    racks: list[dict[str, Any]] = []
    devices: list[dict[str, Any]] = []
    for names, plans in ((leaf_racks, cluster.plans[:1]), (core_racks, cluster.plans[1:])):
        boxes = [(roles[p.tier - 1], k) for p in plans for k in range(p.switches)]
        fill = math.ceil(len(boxes) / len(names)) if boxes else 0
        if fill > per_rack:  # the floor layout counts units, not whole boxes per rack
            names = names + [
                f"{names[0].rsplit('-', 1)[0]}-extra{k + 1}"
                for k in range(math.ceil(len(boxes) / per_rack) - len(names))
            ]
            fill = per_rack
        for index, name in enumerate(names):
            racks.append(
                rack_entry(name, frame, catalogue, f"Network rack of cluster {cluster.id}.")
            )
            for slot, (role, k) in enumerate(boxes[index * fill : (index + 1) * fill]):
                devices.append(
                    device_entry(
                        f"{role}-{k + 1:04d}",
                        switch_type,
                        role,
                        name,
                        1 + slot * switch.height_units,
                        f"rackbom switch system {switch.id}, {role} {k + 1} of cluster "
                        f"{cluster.id}; the count sized by rackbom (derived); the boxes spread "
                        "evenly over the network racks of the floor layout.",
                    )
                )
    return racks, devices


def cable_bundles(cluster: ClusterAnalysis) -> list[dict[str, Any]]:
    """Per tier, the links into it as one bundle: counts, cable and optic parts, lengths."""
    out = []
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
