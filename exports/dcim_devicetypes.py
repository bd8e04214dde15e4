"""Tray types and switch boxes as device types in the netbox-community/devicetype-library format.

What maps how (also written into every file's `comments`):

- `u_height` is the tray's unit count. An Open Rack OU (48 mm) counts as one rack unit; the DCIM
  draws every unit 44.45 mm tall, so only unit counts and positions carry over, not millimetres.
- `interfaces` are the ports that leave the tray by cable: scale-out and front-end NIC ports,
  management-switch ports and switch-box cages. Scale-up lanes through a backplane or flyover
  copper are not interfaces (no DCIM type exists for them; they are not cabled by hand).
- `power-ports`: trays fed by a rack's power shelves draw from its busbar (`dc-terminal`); a power
  shelf takes AC (`hardwired`); a tray in a rack without shelves has its own supplies, assumed to
  take IEC 60320 C20 inlets. rackbom models one typical draw per tray, given as both
  `maximum_draw` and `allocated_draw` (no peak is modelled); a shelf's maximum is its rated
  output at its efficiency.
- `module-bays`: one per power supply of a power shelf. `console-ports`: one RJ-45 on every
  switch box and management switch (an assumption: managed switches have one).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from ..components.catalogue import Catalogue
from ..components.errors import InputError
from ..components.parts import ManagementSwitch, Nic, PartType, PowerShelf
from ..components.switch_systems import SwitchSystem
from ..components.trays import PartUse, TrayType
from ..racks.build import BuiltDesign
from ..racks.power import RackPower, parts_power

GENERIC = "Generic"
"""The manufacturer of a tray the catalogue names no maker for."""
MODEL_MAX = 100  # characters of a model name in the devicetype-library schema
PART_NUMBER_MAX = 50
DRAW_MAX = 32_767
"""Watts one power port may state: Nautobot stores draws as small integers."""

NIC_CAGE = "osfp"
"""The catalogue gives NIC speeds, not cages; from 400G up OSFP is assumed."""
INTERFACE_TYPES: dict[tuple[str, float], str] = {
    ("rj45", 1): "1000base-t",
    ("rj45", 10): "10gbase-t",
    ("sfp28", 25): "25gbase-x-sfp28",
    ("qsfp28", 100): "100gbase-x-qsfp28",
    ("qsfp56", 200): "200gbase-x-qsfp56",
    ("osfp", 400): "400gbase-x-osfp",
    ("qsfp112", 400): "400gbase-x-qsfp112",
    ("qsfp-dd", 400): "400gbase-x-qsfpdd",
    ("osfp", 800): "800gbase-x-osfp",
    ("qsfp-dd", 800): "800gbase-x-qsfpdd",
    ("osfp", 1600): "1600gbase-x-osfp",
}
"""(cage, Gbit/s) -> the NetBox/Nautobot interface type."""
INFINIBAND_TYPES: dict[float, str] = {
    100: "infiniband-edr",
    200: "infiniband-hdr",
    400: "infiniband-ndr",
    800: "infiniband-xdr",
}
"""InfiniBand port speed, Gbit/s -> the NetBox/Nautobot interface type."""
NIC_CAGES: dict[float, str] = {1: "rj45", 10: "rj45", 25: "sfp28", 100: "qsfp28", 200: "qsfp56"}
"""Cages assumed for NIC speeds below 400G."""


def slugify(text: str) -> str:
    """Lower case letters, digits and single hyphens, as the devicetype-library slug pattern."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"


def type_slug(manufacturer: str, entry_id: str) -> str:
    """The device type's slug: the maker's slug, then the rackbom id (once)."""
    maker, own = slugify(manufacturer), slugify(entry_id)
    return own if own.startswith(f"{maker}-") else f"{maker}-{own}"


def interface_type(cage: str, gbps: float, file: str | None, where: str) -> str:
    """The DCIM interface type of a port; an InputError where no real type matches."""
    key = (cage.lower().replace("_", "-"), gbps)
    if key not in INTERFACE_TYPES:
        raise InputError(file, where, f"no NetBox interface type for a {gbps:g}G {cage} port")
    return INTERFACE_TYPES[key]


def infiniband_type(gbps: float, file: str | None, where: str) -> str:
    """The DCIM interface type of an InfiniBand port."""
    if gbps not in INFINIBAND_TYPES:
        raise InputError(file, where, f"no NetBox interface type for {gbps:g}G InfiniBand")
    return INFINIBAND_TYPES[gbps]


def model_name(name: str, file: str | None, where: str) -> str:
    """A name as a device type's model, which may hold at most `MODEL_MAX` characters."""
    if len(name) > MODEL_MAX:
        raise InputError(
            file, where, f"longer than the {MODEL_MAX} characters a device type's model may have"
        )
    return name


@dataclass(frozen=True)
class DeviceType:
    """One device type: its file's content, and the names a device refers to it by."""

    manufacturer: str
    model: str
    slug: str
    data: dict[str, Any]


class Provenance:
    """Lines of `comments`: each exported figure with its rackbom source id and kind."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue
        self.lines: list[str] = []

    def source(self, source_id: str) -> str:
        """`id (kind)`."""
        return f"{source_id} ({self.catalogue.sources[source_id].kind.value})"

    def add(self, line: str) -> None:
        """One line."""
        self.lines.append(line)

    def text(self) -> str:
        """The comments text."""
        return "\n".join(self.lines)


def tray_device_type(
    design: BuiltDesign,
    tray: TrayType,
    power: list[RackPower],
    busbar: bool,
    infiniband: bool = False,
) -> DeviceType:
    """A tray type as a device type, with its ports, power and provenance.

    `infiniband`: the scale-out fabric is InfiniBand, so scale-out NIC ports are typed as such.
    """
    catalogue = design.catalogue
    manufacturer = tray.manufacturer or GENERIC
    file = catalogue.origin.get(("trays", tray.id))
    model = model_name(tray.name, file, f"trays(id={tray.id}).name")
    notes = Provenance(catalogue)
    notes.add(
        f"rackbom tray type {tray.id} ({tray.role.value}), design {design.spec.id}; "
        f"source {notes.source(tray.source)}."
    )
    if tray.manufacturer is None:
        notes.add(f"manufacturer: the catalogue names none; {GENERIC!r} stands in.")
    data: dict[str, Any] = {"manufacturer": manufacturer, "model": model}
    data["slug"] = type_slug(manufacturer, tray.id)
    part_number = tray.part_number or tray.id
    if len(part_number) <= PART_NUMBER_MAX:
        data["part_number"] = part_number
        if tray.part_number is None:
            notes.add("part_number: the rackbom tray id (no maker's part number is known).")
    unit = "OU (48 mm)" if tray.unit_standard == "ocp" else "U (44.45 mm)"
    data["u_height"] = tray.height_units
    notes.add(
        f"u_height: {tray.height_units} {unit}, one rack unit each; "
        f"from {notes.source(tray.source_of('height_units'))}."
    )
    data["is_full_depth"] = True
    notes.add("is_full_depth: rackbom trays span the rack's depth (none is half depth).")
    if tray.airflow is not None:
        data["airflow"] = tray.airflow
    weight = _weight(design, tray, notes)
    if weight is not None:
        data["weight"] = weight
        data["weight_unit"] = "kg"
    interfaces, consoles, bays = _ports(design, tray, file, notes, infiniband)
    if consoles:
        data["console-ports"] = consoles
    power_ports = _power_ports(design, tray, power, busbar, notes)
    if power_ports:
        data["power-ports"] = power_ports
    if interfaces:
        data["interfaces"] = interfaces
    if bays:
        data["module-bays"] = bays
    data["comments"] = notes.text()
    return DeviceType(manufacturer, model, data["slug"], _ordered(data))


def switch_device_type(catalogue: Catalogue, switch: SwitchSystem, link_gbps: float) -> DeviceType:
    """A scale-out switch box as a device type: its ports, console and power.

    An Ethernet box has one interface per cage (a breakout is configuration); an InfiniBand box
    one per InfiniBand port at the fabric's link speed (`link_gbps`), as the DCIM models them.
    """
    file = catalogue.origin.get(("parts", switch.id))
    where = f"parts(id={switch.id})"
    notes = Provenance(catalogue)
    notes.add(f"rackbom switch system {switch.id}; source {notes.source(switch.source)}.")
    data: dict[str, Any] = {
        "manufacturer": switch.manufacturer,
        "model": model_name(switch.name, file, f"{where}.name"),
        "slug": type_slug(switch.manufacturer, switch.id),
    }
    if switch.part_number and len(switch.part_number) <= PART_NUMBER_MAX:
        data["part_number"] = switch.part_number
    data["u_height"] = switch.height_units
    data["is_full_depth"] = True
    notes.add(
        f"u_height: {switch.height_units} U from {notes.source(switch.source_of('height_units'))}."
    )
    if switch.weight_kg is not None:
        data["weight"] = switch.weight_kg
        data["weight_unit"] = "kg"
        notes.add(f"weight: from {notes.source(switch.source_of('weight_kg'))}.")
    data["console-ports"] = [{"name": "console", "type": "rj-45"}]
    notes.add("console-ports: one RJ-45 assumed, as on managed switches.")
    if switch.power_w is not None:
        watts = math.ceil(switch.power_w)
        data["power-ports"] = [
            {
                "name": "power",
                "type": "iec-60320-c14",
                "maximum_draw": watts,
                "allocated_draw": watts,
            }
        ]
        notes.add(
            f"power-ports: {watts} W from {notes.source(switch.source_of('power_w'))}; "
            "IEC 60320 C14 inlet assumed (one port carries the whole draw)."
        )
    data["interfaces"] = _switch_interfaces(switch, link_gbps, file, where, notes)
    data["interfaces"].append({"name": "mgmt", "type": "1000base-t", "mgmt_only": True})
    notes.add("interfaces: one 1G management port assumed.")
    data["comments"] = notes.text()
    return DeviceType(switch.manufacturer, data["model"], data["slug"], _ordered(data))


def _switch_interfaces(
    switch: SwitchSystem, link_gbps: float, file: str | None, where: str, notes: Provenance
) -> list[dict[str, Any]]:
    """The switch's data interfaces, one per cage or per InfiniBand port, noted with source."""
    cited = notes.source(switch.source_of("ports"))
    if switch.protocol == "infiniband":
        ways = switch.split_at(link_gbps)
        kind = infiniband_type(link_gbps, file, f"{where}.port_gbps")
        notes.add(
            f"interfaces: {switch.ports} {switch.cage} cages of {switch.port_gbps:g}G, each "
            f"{ways} InfiniBand port(s) of {link_gbps:g}G, from {cited}."
        )
        return [
            {"name": f"p{i}/{k}" if ways > 1 else f"p{i}", "type": kind}
            for i in range(1, switch.ports + 1)
            for k in range(1, ways + 1)
        ]
    kind = interface_type(switch.cage, switch.port_gbps, file, f"{where}.cage")
    notes.add(f"interfaces: {switch.ports} x {switch.port_gbps:g}G {switch.cage} from {cited}.")
    return [{"name": f"p{i}", "type": kind} for i in range(1, switch.ports + 1)]


def _ordered(data: dict[str, Any]) -> dict[str, Any]:
    """Keys in the order devicetype-library files use."""
    order = (
        "manufacturer",
        "model",
        "slug",
        "part_number",
        "u_height",
        "is_full_depth",
        "airflow",
        "weight",
        "weight_unit",
        "comments",
        "console-ports",
        "power-ports",
        "interfaces",
        "module-bays",
    )
    return {key: data[key] for key in order if key in data}


def _weight(design: BuiltDesign, tray: TrayType, notes: Provenance) -> float | None:
    if tray.weight_kg is not None:
        notes.add(
            f"weight: {tray.weight_kg:g} kg from {notes.source(tray.source_of('weight_kg'))}."
        )
        return tray.weight_kg
    parts = [(design.part(line.part), line.qty) for line in tray.parts]
    if not parts or any(p.weight_kg is None for p, _ in parts):
        return None
    total = sum((p.weight_kg or 0.0) * q for p, q in parts)
    cited = sorted({notes.source(p.source_of("weight_kg")) for p, _ in parts})
    notes.add(f"weight: {total:g} kg, the sum of its parts' weights (from {', '.join(cited)}).")
    return total


def _ports(
    design: BuiltDesign, tray: TrayType, file: str | None, notes: Provenance, infiniband: bool
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    interfaces: list[dict[str, Any]] = []
    consoles: list[dict[str, Any]] = []
    bays: list[dict[str, Any]] = []
    prefixes = {PartUse.SCALE_OUT: "so", PartUse.FRONT_END: "fe"}
    counters = dict.fromkeys(prefixes.values(), 0) | {"mgmt": 0}
    lanes_skipped: list[str] = []
    for index, line in enumerate(tray.parts):
        part: PartType = design.part(line.part)
        where = f"trays(id={tray.id}).parts[{index}]"
        if isinstance(part, Nic) and line.use in prefixes:
            cage = NIC_CAGE if part.port_gbps >= 400 else NIC_CAGES.get(part.port_gbps, "NIC")
            kind = interface_type(cage, part.port_gbps, file, where)
            speaks = f"cage not in the catalogue, {cage.upper()} assumed"
            if infiniband and line.use == PartUse.SCALE_OUT:
                kind = infiniband_type(part.port_gbps, file, where)
                speaks = "InfiniBand, as the cluster's scale-out fabric"
            prefix = prefixes[line.use]
            for _ in range(line.qty * part.ports):
                counters[prefix] += 1
                interfaces.append(
                    {"name": f"{prefix}{counters[prefix]}", "label": part.label_name, "type": kind}
                )
            notes.add(
                f"interfaces {prefix}*: {line.qty * part.ports} x {part.port_gbps:g}G "
                f"({part.id}, {line.use.value}) from {notes.source(part.source_of('port_gbps'))}; "
                f"{speaks}."
            )
        elif isinstance(part, ManagementSwitch):
            kind = interface_type("rj45", part.port_gbps, file, where)
            for _ in range(line.qty * part.ports):
                counters["mgmt"] += 1
                interfaces.append({"name": f"ge{counters['mgmt']}", "type": kind})
            consoles.append({"name": "console", "type": "rj-45"})
            notes.add(
                f"interfaces ge*: {line.qty * part.ports} x {part.port_gbps:g}G RJ-45 ({part.id}) "
                f"from {notes.source(part.source_of('ports'))}; console-ports: one RJ-45 assumed."
            )
        elif isinstance(part, PowerShelf):
            for _ in range(line.qty * part.psus):
                bays.append({"name": f"PSU{len(bays) + 1}", "position": str(len(bays) + 1)})
            notes.add(
                f"module-bays: {line.qty * part.psus} power supplies ({part.id}) "
                f"from {notes.source(part.source_of('psus'))}."
            )
        elif part.graph_node == "switch_chip":
            lanes_skipped.append(f"{line.qty} x {part.label_name}")
    if lanes_skipped:
        notes.add(
            f"not interfaces: the scale-up lanes of {', '.join(lanes_skipped)}, which run through "
            "the backplane or flyover copper (no DCIM interface type; not cabled by hand)."
        )
    return interfaces, consoles, bays


def _split(name: str, kind: str, maximum: float, allocated: float, ports: int) -> list[dict]:
    """`ports` equal power ports sharing the draws, named `name1`... where there are several."""
    return [
        {
            "name": f"{name}{k + 1}" if ports > 1 else name,
            "type": kind,
            "maximum_draw": math.ceil(maximum / ports),
            "allocated_draw": math.ceil(allocated / ports),
        }
        for k in range(ports)
    ]


def _power_ports(
    design: BuiltDesign, tray: TrayType, power: list[RackPower], busbar: bool, notes: Provenance
) -> list[dict[str, Any]]:
    shelves = [
        (design.part(line.part, PowerShelf), line.qty)
        for line in tray.parts
        if design.part(line.part).supplies_power
    ]
    if shelves:
        rated = sum(s.capacity_w * q / s.efficiency for s, q in shelves)
        loads = [
            rack.it_w / rack.shelves * sum(q for _, q in shelves) / rack.conversion_efficiency
            for rack in power
            if rack.shelves and any(t.tray_id == tray.id for t in rack.trays)
        ]
        allocated = min(max(loads, default=rated), rated)
        psus = sum(s.psus * q for s, q in shelves)
        cited = sorted({notes.source(s.source_of("capacity_w")) for s, _ in shelves})
        notes.add(
            f"power-ports: one AC input per power supply ({psus}, hardwired); maximum_draw the "
            f"rated output over the efficiency, {rated:,.0f} W in all (from {', '.join(cited)}); "
            f"allocated_draw its share of its rack's IT load over that efficiency, "
            f"{allocated:,.0f} W in all (derived by rackbom)."
        )
        return _split("psu-input", "hardwired", rated, allocated, psus)
    watts, unknown = parts_power(design, tray.parts)
    total = watts + tray.overhead_power_w
    if total <= 0:
        return []
    cited = sorted(
        {
            notes.source(design.part(line.part).source_of("power_w"))
            for line in tray.parts
            if design.part(line.part).power_w is not None
        }
    )
    overhead = ""
    if tray.overhead_power_w:
        overhead = (
            f" + overhead {tray.overhead_power_w:g} W "
            f"(from {notes.source(tray.source_of('overhead_power_w'))})"
        )
    missing = f"; no power figure for {', '.join(unknown)}, not counted" if unknown else ""
    kind, name, feed = (
        ("dc-terminal", "busbar", "the rack busbar")
        if busbar
        else ("iec-60320-c20", "power", "its own supplies, IEC 60320 C20 inlet assumed")
    )
    ports = math.ceil(total / DRAW_MAX)
    split = f", split over {ports} ports (the DCIM holds at most {DRAW_MAX:,} W on one)"
    notes.add(
        f"power-ports: {total:,.0f} W from {feed} = parts {watts:,.0f} W (from {', '.join(cited)})"
        f"{overhead}{missing}; given as maximum_draw and allocated_draw (one typical draw)"
        f"{split if ports > 1 else ''}."
    )
    return _split(name, kind, total, total, ports)
