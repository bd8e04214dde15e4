"""A design or cluster as files for NetBox and Nautobot: device types, manufacturers, racks.

The folder holds `manufacturers.yaml`, one devicetype-library file per tray type (and switch box)
under `device-types/<manufacturer>/`, and `racks.yaml`: the racks, the devices placed in them and,
for a cluster, its network racks, switch boxes and cable bundles, with the unit mapping stated.
"""

from __future__ import annotations

from typing import Any

import yaml

from ..racks.analysis import Analysis
from ..racks.clusters.analysis import ClusterAnalysis
from .dcim_devicetypes import DeviceType, slugify, switch_device_type, tray_device_type
from .dcim_racks import (
    UNIT_MAPPING,
    busbar_fed,
    cable_bundles,
    design_racks,
    network_racks,
)

CABLE_NOTE = (
    "Cables: rackbom's cluster layer sizes the scale-out links by counts and lengths and assigns "
    "no ports, so each tier's links are one bundle (count, cable and optic parts, lengths), not "
    "DCIM cable objects. Scale-up copper runs through backplanes and is not listed."
)


_BASE_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # libyaml where available: some
# fifty times faster than PyYAML's own emitter, and byte for byte the same output here


class _Dumper(_BASE_DUMPER):  # type: ignore[misc, valid-type]
    """Block style, text with line breaks as literal blocks."""


def _text(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _text)


def dump_yaml(data: Any, header: str = "") -> str:
    """YAML text in the key order given, with an optional comment header."""
    body = yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)
    lines = "".join(f"# {line}\n" if line else "#\n" for line in header.splitlines())
    return lines + body


def device_type_path(device_type: DeviceType) -> str:
    """Where a device type's file goes, as in the devicetype-library: by manufacturer."""
    return f"device-types/{slugify(device_type.manufacturer)}/{device_type.slug}.yaml"


def _design_types(analysis: Analysis, infiniband: bool = False) -> dict[str, DeviceType]:
    design = analysis.design
    types: dict[str, DeviceType] = {}
    for rack in design.racks:
        for tray in rack.trays:
            if tray.tray.id in types:
                continue
            holders = [r for r in design.racks if any(t.tray.id == tray.tray.id for t in r.trays)]
            busbar = any(busbar_fed(design, r) for r in holders)
            types[tray.tray.id] = tray_device_type(
                design, tray.tray, analysis.power, busbar, infiniband
            )
    return types


def _files(types: list[DeviceType], racks_data: dict[str, Any], header: str) -> dict[str, str]:
    files: dict[str, str] = {}
    makers = sorted({t.manufacturer for t in types})
    files["manufacturers.yaml"] = dump_yaml(
        [{"name": m, "slug": slugify(m)} for m in makers], "Manufacturers of the device types."
    )
    for device_type in types:
        files[device_type_path(device_type)] = dump_yaml(device_type.data)
    files["racks.yaml"] = dump_yaml(racks_data, header)
    return files


def design_files(analysis: Analysis) -> dict[str, str]:
    """Relative path -> text for one design."""
    types = _design_types(analysis)
    racks, devices = design_racks(analysis.design, types)
    header = f"rackbom design {analysis.id}: racks and placed devices.\n{UNIT_MAPPING}"
    data = {
        "rackbom": {"design": analysis.id, "mapping": UNIT_MAPPING},
        "racks": racks,
        "devices": devices,
    }
    return _files(list(types.values()), data, header)


def cluster_files(cluster: ClusterAnalysis) -> dict[str, str]:
    """Relative path -> text for a cluster: every copy of the design, network racks, bundles."""
    types = _design_types(cluster.rack, cluster.switch.protocol == "infiniband")
    switch_type = switch_device_type(cluster.catalogue, cluster.switch, cluster.unit.endpoint_gbps)
    racks: list[dict[str, Any]] = []
    devices: list[dict[str, Any]] = []
    for copy in range(cluster.copies):
        r, d = design_racks(cluster.rack.design, types, f"-{copy + 1:04d}")
        racks += r
        devices += d
    net_racks, switches = network_racks(cluster, switch_type)
    header = f"rackbom cluster {cluster.id}: racks, devices, cable bundles.\n{UNIT_MAPPING}\n"
    header += CABLE_NOTE
    data = {
        "rackbom": {"cluster": cluster.id, "mapping": UNIT_MAPPING, "cables": CABLE_NOTE},
        "racks": racks + net_racks,
        "devices": devices + switches,
        "cable_bundles": cable_bundles(cluster),
    }
    return _files([*types.values(), switch_type], data, header)
