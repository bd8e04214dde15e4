"""Tray types and switch boxes as device types of one DCIM product (devicetype-library format).

What maps how (also written into every type's `comments`, each figure with its source):

- `u_height` is the tray's unit count. An Open Rack OU (48 mm) counts as one rack unit; the
  rack's true height is carried by its rack type (`outer_height`).
- `interfaces`: the ports that leave the tray by cable (scale-out and front-end NIC ports,
  management-switch ports, switch-box cages) and a management (BMC) port on every compute tray,
  server and switch, management switches included. Scale-up lanes through a backplane or
  flyover copper are not interfaces. A port the product has no type for is `other`, with what it
  is in its `description`.
- Power: a tray in a rack with power shelves has a busbar input (`dc-terminal`) drawing its
  typical draw; a power shelf has one AC input per supply and DC outlets the trays are cabled
  to; a server or tray with its own supplies has N+1 inlets; switch boxes have their real inlets.
- Content depends on the tray and its variant only (never on the design it came from), so a slug
  means one content across every export. Variants have their own model and slug: `InfiniBand`
  (scale-out NIC ports typed InfiniBand) and `AC` (a tray with its own AC supplies, outside a
  busbar rack).
- Names (`type_names.py`): boxes the devicetype-library holds keep its manufacturer, model, slug,
  part number and port names; any other type's model is its catalogue name without its maker
  and notes, its slug `<maker>-<model>`, and its part number the catalogue's, where it has one
  (none otherwise). The full catalogue name is the description.
- A switch's own management port is named as its operating system names it
  (`components/network_os.py`); a compute tray's, server's or switch tray's BMC is `bmc`. A NIC
  port's card is named in the interface's description (its label is left for what is printed
  at the port); Nautobot's device-type import keeps no interface description, so there the
  card is named in the type's comments only.
"""

from __future__ import annotations

import math
from dataclasses import field
from typing import Literal, TypedDict

from ...components.catalogue import Catalogue
from ...components.errors import InputError
from ...components.network_os import OsNaming, os_naming
from ...components.parts import Gpu, ManagementSwitch, Nic, PartType, PowerShelf
from ...components.plant_library import plant_rules
from ...components.plant_parts import Busway, circuit_w
from ...components.records import record
from ...components.switch_systems import SwitchSystem
from ...components.trays import Airflow, PartUse, TrayRole, TrayType
from ..build import BuiltDesign
from ..cabling.names import management_switch_port, management_uplink_port
from ..management import BMC_PORT, BMC_ROLES, switch_os
from ..plant.rack import transient_factor
from ..power import parts_power
from .dcim_model import (
    ConsolePort,
    DeviceType,
    Interface,
    ModuleBay,
    PowerOutlet,
    PowerPort,
)
from .type_library import KnownSwitch, Library, library
from .type_names import plain_model, type_slug
from .vocabulary import PortType, Vocabulary

_PHASES: tuple[Literal["A", "B", "C"], ...] = ("A", "B", "C")
"""The phases of a three-phase PDU's banks, in order."""


class WeightFields(TypedDict, total=False):
    """A device type's weight fields."""

    weight: float
    weight_unit: Literal["kg"]


MODEL_MAX = 100  # characters of a model name in the devicetype-library schema
DRAW_MAX = 32_767
"""Watts one power port may state in Nautobot, which stores draws as small integers; a tray's
busbar inputs are split to stay under it in either product."""
NETBOX_DRAW_MAX = 2_147_483_647
"""Watts one power port may state in NetBox (a positive integer)."""


def draw_limit(vocab: Vocabulary) -> int:
    """The most watts one power port of `vocab`'s product holds."""
    return NETBOX_DRAW_MAX if vocab.target == "netbox" else DRAW_MAX


NIC_CAGE = "osfp"
"""The catalogue gives NIC speeds, not cages; from 400G up OSFP is assumed."""
NIC_CAGES: dict[float, str] = {1: "rj45", 10: "rj45", 25: "sfp28", 100: "qsfp28", 200: "qsfp56"}
"""Cages assumed for NIC speeds below 400G."""
MANAGED_ROLES = (*BMC_ROLES, TrayRole.MANAGEMENT)
"""Tray roles whose type has a management port: those with a BMC, cabled in the rack, and
management switches, whose own port leaves the rack."""


@record(frozen=False)
class Notes:
    """Lines of `comments`: each exported figure with its rackbom source id and kind."""

    catalogue: Catalogue
    lines: list[str] = field(default_factory=list)

    def source(self, source_id: str) -> str:
        """`id (kind)`."""
        return f"{source_id} ({self.catalogue.sources[source_id].kind.value})"

    def add(self, line: str) -> None:
        """One line."""
        self.lines.append(line)

    def text(self) -> str:
        """The comments text."""
        return "\n".join(self.lines)


def _model(model: str, file: str | None, where: str) -> str:
    """A device type's model, which may hold at most `MODEL_MAX` characters."""
    if len(model) > MODEL_MAX:
        raise InputError(
            file, where, f"longer than the {MODEL_MAX} characters a device type's model may have"
        )
    return model


def _airflow(
    value: Airflow | None, lib: Library, notes: Notes, cited: str | None = None
) -> Airflow:
    if value is not None:
        notes.add(f"airflow: {value}" + (f" from {notes.source(cited)}." if cited else "."))
        return value
    notes.add(f"airflow: {lib.airflow.value} from {notes.source(lib.airflow.source)}.")
    return lib.airflow.value


def _port(kind: PortType, name: str, card: str | None = None) -> Interface:
    """An interface of `kind`; a NIC's port names its card in the description."""
    text = "; ".join(t for t in (card, kind.description) if t)
    return Interface.model_construct(name=name, type=kind.type, description=text[:200] or None)


def _described(interfaces: list[Interface], vocab: Vocabulary) -> tuple[Interface, ...]:
    """The interfaces as `vocab`'s product keeps them: without descriptions where its import
    drops them (the type's comments say what the ports are)."""
    if vocab.keeps_interface_description:
        return tuple(interfaces)
    return tuple(i.model_copy(update={"description": None}) for i in interfaces)


def _management_ports(
    part: ManagementSwitch,
    qty: int,
    vocab: Vocabulary,
    interfaces: list[Interface],
    counters: dict[str, int],
) -> None:
    """A management switch's ports (`ge1` at 1G, `sfp1` faster) and uplinks (`up1`)."""
    kind = vocab.ethernet_port(part.cage, part.port_gbps)
    for _ in range(qty * part.ports):
        interfaces.append(_port(kind, management_switch_port(counters["mgmt"], part.port_gbps)))
        counters["mgmt"] += 1
    uplink = vocab.ethernet_port(part.uplink_cage or "unknown", part.uplink_gbps or 0.0)
    for _ in range(qty * part.uplink_ports):
        interfaces.append(_port(uplink, management_uplink_port(counters["up"])))
        counters["up"] += 1


def _management_port(lib: Library, notes: Notes, naming: OsNaming | None) -> Interface:
    """A tray's BMC (`bmc`), or a switch's own management port as its OS (`naming`) names it."""
    rule = lib.management
    if naming is None:
        port = BMC_PORT
        notes.add(f"interfaces {port}: management (BMC) port from {notes.source(rule.source)}.")
    else:
        port = naming.management_port
        notes.add(
            f"interfaces {port}: management port, as {naming.name} names it, from "
            f"{notes.source(naming.source)}; one 1000BASE-T port from {notes.source(rule.source)}."
        )
    return Interface.model_construct(name=port, type=rule.type or "1000base-t", mgmt_only=True)


def _leading_maker(design: BuiltDesign, tray: TrayType) -> str | None:
    """The maker of a tray's GPUs: an AMD or NVIDIA compute tray or server is theirs, not a
    generic one (a switch tray's maker is not its chip's, so it stays as the catalogue says)."""
    parts = design.catalogue.parts
    gpus = [parts[p.part] for p in tray.parts if isinstance(parts.get(p.part), Gpu)]
    return next((g.manufacturer for g in gpus if g.manufacturer), None)


def tray_device_type(
    design: BuiltDesign, tray: TrayType, vocab: Vocabulary, busbar: bool, infiniband: bool = False
) -> DeviceType:
    """A tray type as a device type of `vocab`'s product, with its ports, power and provenance.

    `busbar`: the tray's rack has power shelves. `infiniband`: the cluster's scale-out fabric is
    InfiniBand, so its scale-out NIC ports are typed as such (a variant with its own slug).
    """
    catalogue, lib = design.catalogue, library()
    maker = lib.manufacturer(tray.manufacturer or _leading_maker(design, tray) or "generic")
    notes = Notes(catalogue)
    notes.add(
        f"rackbom tray type {tray.id} ({tray.role.value}); source {notes.source(tray.source)}."
    )
    if tray.manufacturer is None:
        notes.add(f"manufacturer: none in the catalogue; {maker!r}, its GPUs' if any, stands in.")
    ib = infiniband and _has_scale_out(design, tray)
    own = not busbar and not _is_shelf(design, tray)
    file = catalogue.origin.get(("trays", tray.id))
    model = plain_model(tray.name, maker) + _variant(ib, own, notes)
    model = _model(model, file, f"trays(id={tray.id}).name")
    unit = "OU (48 mm)" if tray.unit_standard == "ocp" else "U (44.45 mm)"
    notes.add(
        f"u_height: {tray.height_units} {unit}, one rack unit each; "
        f"from {notes.source(tray.source_of('height_units'))}."
    )
    airflow = _airflow(tray.airflow, lib, notes, tray.source_of("airflow"))
    weight = _weight(design, tray, notes)
    interfaces, consoles, bays = _ports(design, tray, vocab, notes, infiniband)
    if tray.role in MANAGED_ROLES:
        interfaces = [_management_port(lib, notes, switch_os(catalogue, tray)), *interfaces]
    power_ports, outlets = _power(design, tray, busbar, notes, draw_limit(vocab))
    return DeviceType.model_construct(
        manufacturer=maker,
        model=model,
        slug=type_slug(maker, model),
        u_height=tray.height_units,
        part_number=tray.part_number,
        is_full_depth=True,
        airflow=airflow,
        **_weight_fields(weight),
        description=tray.name[:200],
        comments=notes.text(),
        console_ports=tuple(consoles),
        power_ports=tuple(power_ports),
        power_outlets=tuple(outlets),
        interfaces=_described(interfaces, vocab),
        module_bays=tuple(bays),
    )


def _variant(infiniband: bool, own: bool, notes: Notes) -> str:
    """The words a variant's model ends with (` InfiniBand`, ` AC`), noted in its comments."""
    held = [
        (word, what)
        for word, what, on in (
            ("InfiniBand", "scale-out NIC ports typed InfiniBand", infiniband),
            ("AC", "its own AC supplies, outside a rack with power shelves", own),
        )
        if on
    ]
    for word, what in held:
        notes.add(f"model: {word!r} names the variant with {what}.")
    return "".join(f" {word}" for word, _ in held)


def _weight_fields(kg: float | None) -> WeightFields:
    """A weight in kg as a device-type file states it (to 10 g)."""
    if kg is None:
        return {}
    return {"weight": round(kg, 2), "weight_unit": "kg"}


def _has_scale_out(design: BuiltDesign, tray: TrayType) -> bool:
    return any(
        isinstance(design.part(line.part), Nic) and line.use == PartUse.SCALE_OUT
        for line in tray.parts
    )


def _is_shelf(design: BuiltDesign, tray: TrayType) -> bool:
    return any(design.part(line.part).supplies_power for line in tray.parts)


def switch_ways(switch: SwitchSystem) -> int:
    """Ports one cage is exported as: an InfiniBand cage's ports (twin-port OSFP), else one."""
    if switch.protocol == "infiniband" and switch.breakouts:
        return min(switch.breakouts)
    return 1


def switch_device_type(catalogue: Catalogue, switch: SwitchSystem, vocab: Vocabulary) -> DeviceType:
    """A scale-out switch box as a device type: cages, management, console, inlets.

    An Ethernet box has one interface per cage (a breakout is configuration); an InfiniBand box
    one per InfiniBand port of its cages. The content depends on the box only.
    """
    lib = library()
    known = lib.switch(switch, catalogue)
    notes = Notes(catalogue)
    notes.add(f"rackbom switch system {switch.id}; source {notes.source(switch.source)}.")
    maker = lib.manufacturer(switch.manufacturer)
    model, slug, part_number = _switch_names(catalogue, switch, known, maker, notes)
    notes.add(
        f"u_height: {switch.height_units} U from {notes.source(switch.source_of('height_units'))}."
    )
    weight = _switch_weight(switch, known, lib, notes)
    airflow = _airflow(
        known.airflow if known else None, lib, notes, known.source if known else None
    )
    interfaces = [_management_port(lib, notes, os_naming(switch.network_os))]
    interfaces += _cages(switch, switch_ways(switch), vocab, known, notes)
    console = known.console if known else "console"
    if known is None:
        notes.add("console-ports: one RJ-45, as on managed switches (assumed).")
    return DeviceType.model_construct(
        manufacturer=maker,
        model=model,
        slug=slug,
        u_height=switch.height_units,
        part_number=part_number,
        is_full_depth=True,
        airflow=airflow,
        **_weight_fields(weight),
        description=switch.name[:200] if known is None else None,
        comments=notes.text(),
        console_ports=(ConsolePort.model_construct(name=console, type="rj-45"),),
        power_ports=tuple(_switch_inlets(switch, known, lib, notes)),
        interfaces=_described(interfaces, vocab),
    )


def pdu_device_type(catalogue: Catalogue, pdu: Busway, vocab: Vocabulary) -> DeviceType:
    """A rack PDU (0U) as a device type: its inlet, rated V x I, and its C13 and C19 outlets in
    one bank per phase, each outlet on its bank's phase."""
    notes = Notes(catalogue)
    notes.add(f"rackbom rack PDU {pdu.id}; source {notes.source(pdu.source)}.")
    maker = library().manufacturer(pdu.manufacturer)
    model = _part_model(catalogue, pdu, maker)
    rated = math.floor(circuit_w(pdu.voltage_v, pdu.phases, pdu.current_a, 1.0))
    inlet = PowerPort.model_construct(
        name="inlet", type=pdu.inlet or "hardwired", maximum_draw=min(rated, draw_limit(vocab))
    )
    banks = pdu.phases
    notes.add(
        f"power-ports: one {inlet.type} inlet, maximum_draw {rated:,} W ({pdu.voltage_v:g} V x "
        f"{pdu.current_a:g} A{' x sqrt 3' if banks == 3 else ''}); power-outlets: "
        f"{pdu.c13_outlets} C13 and {pdu.c19_outlets} C19 in {banks} bank(s), one per phase, from "
        f"{notes.source(pdu.source_of('c13_outlets'))}."
    )
    outlets = [
        PowerOutlet.model_construct(
            name=f"Bank{bank + 1}-{plug.upper()}-{k + 1}",
            type=f"iec-60320-{plug}",
            power_port=inlet.name,
            feed_leg=_PHASES[bank] if banks == 3 else None,
        )
        for bank in range(banks)
        for plug, count in (("c13", pdu.c13_outlets), ("c19", pdu.c19_outlets))
        for k in range(count // banks + (bank < count % banks))
    ]
    if pdu.weight_kg is not None:
        notes.add(f"weight: {pdu.weight_kg:g} kg from {notes.source(pdu.source_of('weight_kg'))}.")
    notes.add("airflow: passive (a PDU has no fans).")
    return DeviceType.model_construct(
        manufacturer=maker,
        model=model,
        slug=type_slug(maker, model),
        u_height=0,
        part_number=pdu.part_number,
        is_full_depth=True,
        airflow="passive",
        **_weight_fields(pdu.weight_kg),
        description=pdu.name[:200],
        comments=notes.text(),
        power_ports=(inlet,),
        power_outlets=tuple(outlets),
    )


def _switch_names(
    catalogue: Catalogue,
    switch: SwitchSystem,
    known: KnownSwitch | None,
    maker: str,
    notes: Notes,
) -> tuple[str, str, str | None]:
    """Model, slug and part number: the library's for a box it holds, else the catalogue's."""
    if known is not None:
        notes.add(
            f"manufacturer, model, slug, part number and port names: the devicetype-library's, "
            f"from {notes.source(known.source)}."
        )
        return known.model, known.slug, known.part_number
    model = _part_model(catalogue, switch, maker)
    return model, type_slug(maker, model), switch.part_number


def _part_model(catalogue: Catalogue, part: PartType, maker: str) -> str:
    """A part's model: its maker's part number where the catalogue has one (as the library
    models PDUs and Arista's boxes), else its name without its maker and notes."""
    where = f"parts(id={part.id}).{'part_number' if part.part_number else 'name'}"
    model = plain_model(part.part_number or part.name, maker)
    return _model(model, catalogue.origin.get(("parts", part.id)), where)


def _switch_weight(
    switch: SwitchSystem, known: KnownSwitch | None, lib: Library, notes: Notes
) -> float:
    """The library's weight, else the catalogue's, else the per-unit assumption."""
    if known is not None:
        notes.add(f"weight: {known.weight_kg:g} kg from {notes.source(known.source)}.")
        return known.weight_kg
    if switch.weight_kg is not None:
        cited = notes.source(switch.source_of("weight_kg"))
        notes.add(f"weight: {switch.weight_kg:g} kg from {cited}.")
        return switch.weight_kg
    weight = (lib.switch_weight.kg_per_unit or 12) * switch.height_units
    notes.add(f"weight: {weight:g} kg from {notes.source(lib.switch_weight.source)}.")
    return weight


def _cages(
    switch: SwitchSystem,
    ways: int,
    vocab: Vocabulary,
    known: KnownSwitch | None,
    notes: Notes,
) -> list[Interface]:
    """One interface per cage, or per InfiniBand port of a cage, named as the library does, else
    as the box's port naming names a cage (the run list's port at full speed)."""
    speed = switch.port_gbps / ways
    if switch.protocol == "infiniband":
        kind = vocab.infiniband_port(speed)
        what = f"{ways} InfiniBand port(s) of {speed:g}G ({kind.type})"
    else:
        kind = vocab.ethernet_port(switch.cage, switch.port_gbps)
        what = f"one interface ({kind.type})"
    notes.add(
        f"interfaces: {switch.ports} {switch.cage} cages of {switch.port_gbps:g}G, each {what}, "
        f"from {notes.source(switch.source_of('ports'))}."
    )
    if known is None and ways == 1:
        return [_port(kind, switch.port_name(cage, 0, 1)) for cage in range(switch.ports)]
    pattern = known.ports if known else "p{cage}/{split}"
    first = known.first_cage if known else 1
    return [
        _port(kind, pattern.format(cage=cage + first, split=k + 1, split0=k))
        for cage in range(switch.ports)
        for k in range(ways)
    ]


def _switch_inlets(
    switch: SwitchSystem, known: KnownSwitch | None, lib: Library, notes: Notes
) -> list[PowerPort]:
    inlets = known.inlets if known else None
    rule = lib.switch_psus
    count = inlets.count if inlets else rule.count or 2
    kind = inlets.type if inlets else rule.type or "iec-60320-c20"
    cited = notes.source(known.source if inlets and known else rule.source)
    if switch.power_w is None:
        notes.add(f"power-ports: {count} x {kind} from {cited}; no draw known.")
        return _psus(count, kind)
    watts = math.ceil(switch.power_w)
    share = math.ceil(watts / count)
    maximum = inlets.maximum_draw if inlets and inlets.maximum_draw else min(watts, DRAW_MAX)
    notes.add(
        f"power-ports: {count} x {kind} from {cited}; maximum_draw {maximum:,} W each; "
        f"allocated_draw the box's {watts:,} W "
        f"(from {notes.source(switch.source_of('power_w'))}) shared, {share:,} W each."
    )
    return _psus(count, kind, maximum, share)


def _psus(
    count: int, kind: str, maximum: int | None = None, share: int | None = None
) -> list[PowerPort]:
    """The inlets of `count` power supplies alike, `PSU1` up, each with the same draws."""
    return [
        PowerPort.model_construct(
            name=f"PSU{k + 1}", type=kind, maximum_draw=maximum, allocated_draw=share
        )
        for k in range(count)
    ]


def _weight(design: BuiltDesign, tray: TrayType, notes: Notes) -> float | None:
    if tray.weight_kg is not None:
        notes.add(
            f"weight: {tray.weight_kg:g} kg from {notes.source(tray.source_of('weight_kg'))}."
        )
        return tray.weight_kg
    parts = [(design.part(line.part), line.qty) for line in tray.parts]
    if not parts or any(p.weight_kg is None for p, _ in parts):
        notes.add("weight: not known (neither the tray's nor every part's weight is sourced).")
        return None
    total = sum((p.weight_kg or 0.0) * q for p, q in parts)
    cited = sorted({notes.source(p.source_of("weight_kg")) for p, _ in parts})
    notes.add(f"weight: {total:g} kg, the sum of its parts' weights (from {', '.join(cited)}).")
    return total


def _ports(
    design: BuiltDesign, tray: TrayType, vocab: Vocabulary, notes: Notes, infiniband: bool
) -> tuple[list[Interface], list[ConsolePort], list[ModuleBay]]:
    interfaces: list[Interface] = []
    consoles: list[ConsolePort] = []
    bays: list[ModuleBay] = []
    prefixes = {PartUse.SCALE_OUT: "so", PartUse.FRONT_END: "fe"}
    counters = dict.fromkeys(prefixes.values(), 0) | {"mgmt": 0, "up": 0}
    lanes_skipped: list[str] = []
    for line in tray.parts:
        part: PartType = design.part(line.part)
        if isinstance(part, Nic) and line.use in prefixes:
            cage = NIC_CAGE if part.port_gbps >= 400 else NIC_CAGES.get(part.port_gbps, "NIC")
            kind = vocab.ethernet_port(cage, part.port_gbps)
            speaks = f"cage not in the catalogue, {cage.upper()} assumed"
            if infiniband and line.use == PartUse.SCALE_OUT:
                kind = vocab.infiniband_port(part.port_gbps)
                speaks = "InfiniBand, as the cluster's scale-out fabric"
            prefix = prefixes[line.use]
            for _ in range(line.qty * part.ports):
                counters[prefix] += 1
                name = f"{prefix}{counters[prefix]}"
                interfaces.append(_port(kind, name, part.label_name))
            typed = kind.type + (f" ({kind.description})" if kind.description else "")
            notes.add(
                f"interfaces {prefix}*: {line.qty * part.ports} x {part.port_gbps:g}G "
                f"{part.label_name} ({part.id}, {line.use.value}) as {typed} from "
                f"{notes.source(part.source_of('port_gbps'))}; {speaks}."
            )
        elif isinstance(part, ManagementSwitch):
            _management_ports(part, line.qty, vocab, interfaces, counters)
            consoles.append(ConsolePort.model_construct(name="console", type="rj-45"))
            notes.add(
                f"interfaces {management_switch_port(0, part.port_gbps)[:-1]}*: "
                f"{line.qty * part.ports} x {part.port_gbps:g}G {part.cage} ({part.id}) "
                f"from {notes.source(part.source_of('ports'))}; console-ports: one RJ-45 assumed."
            )
            if part.uplink_ports:
                notes.add(
                    f"interfaces up*: {line.qty * part.uplink_ports} x {part.uplink_gbps:g}G "
                    f"{part.uplink_cage or 'cage not in the catalogue'} uplinks from "
                    f"{notes.source(part.source_of('uplink_ports'))}."
                )
        elif isinstance(part, PowerShelf):
            for _ in range(line.qty * part.psus):
                number = str(len(bays) + 1)
                bays.append(ModuleBay.model_construct(name=f"PSU{number}", position=number))
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


def _peak_w(design: BuiltDesign, tray: TrayType, notes: Notes) -> float:
    """What a tray's GPUs add at peak over their typical draw: each GPU's transient factor, or
    the default plant profile's for a GPU that states none."""
    rules = plant_rules()
    extra = 0.0
    for line in tray.parts:
        part = design.part(line.part)
        if isinstance(part, Gpu) and part.power_w:
            extra += (transient_factor(rules, part) - 1) * part.power_w * line.qty
    if extra:
        source = rules.sources[rules.profile.source_of("transient_factor")]
        cited = f"{source.id} ({source.kind.value})"
        notes.add(
            f"peak: the GPUs' transient factor (their own, else {rules.profile.transient_factor:g}"
            f" from {cited}) adds {extra:,.0f} W."
        )
    return extra


def _power(
    design: BuiltDesign, tray: TrayType, busbar: bool, notes: Notes, limit: int
) -> tuple[list[PowerPort], list[PowerOutlet]]:
    lib = library()
    supplies = [
        (design.part(line.part, PowerShelf), line.qty)
        for line in tray.parts
        if design.part(line.part).supplies_power
    ]
    if supplies and tray.role == TrayRole.POWER:
        return _shelf_power(supplies, lib, notes, limit)
    watts, unknown = parts_power(design, tray.parts)
    total = watts + tray.overhead_power_w
    if total <= 0:
        return [], []
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
    notes.add(
        f"power: {total:,.0f} W typical = parts {watts:,.0f} W (from {', '.join(cited)})"
        f"{overhead}{missing}."
    )
    peak = total + _peak_w(design, tray, notes)
    if busbar and not supplies:
        return _busbar_inputs(total, peak, notes), []
    return _inlets(total, supplies, lib, notes), []


def _inlets(
    total: float, supplies: list[tuple[PowerShelf, int]], lib: Library, notes: Notes
) -> list[PowerPort]:
    """A server's AC inlets: one per power supply it holds, else N+1 supplies by the rule."""
    rule = lib.server_psus
    kind = rule.type or "iec-60320-c20"
    if supplies:
        units = [s for s, q in supplies for _ in range(q)]
        share = math.ceil(total / len(units))
        cited = sorted({notes.source(s.source_of("capacity_w")) for s, _ in supplies})
        notes.add(
            f"power-ports: one {kind} inlet (from {notes.source(rule.source)}) per power supply "
            f"({len(units)}), maximum_draw the supply's rated output over its efficiency (from "
            f"{', '.join(cited)}), allocated_draw the typical draw shared, {share:,} W each."
        )
        return [
            PowerPort.model_construct(
                name=f"PSU{k + 1}",
                type=kind,
                maximum_draw=math.ceil(s.capacity_w / s.efficiency),
                allocated_draw=share,
            )
            for k, s in enumerate(units)
        ]
    rating = rule.watts or 3300
    count = math.ceil(total / rating) + (rule.spare or 0)
    share = math.ceil(total / count)
    notes.add(
        f"power-ports: {count} supplies of {rating:,} W on {kind} inlets (N+{rule.spare}), "
        f"maximum_draw the supply's rating, allocated_draw the typical draw shared, {share:,} W "
        f"each, from {notes.source(rule.source)}."
    )
    return _psus(count, kind, rating, share)


def _busbar_inputs(total: float, peak: float, notes: Notes) -> list[PowerPort]:
    """A tray's busbar inputs: as few as hold its peak, the draw shared between them."""
    ports = math.ceil(peak / DRAW_MAX)
    draw, most = math.ceil(total / ports), math.ceil(peak / ports)
    notes.add(
        f"power-ports: {ports} busbar input(s) (dc-terminal), each allocated_draw {draw:,} W "
        f"(the typical draw) and maximum_draw {most:,} W (the peak), cabled to a power shelf's "
        "outlet."
    )
    names = [f"busbar{k + 1}" if ports > 1 else "busbar" for k in range(ports)]
    return [
        PowerPort.model_construct(
            name=n, type="dc-terminal", maximum_draw=most, allocated_draw=draw
        )
        for n in names
    ]


def _shelf_power(
    shelves: list[tuple[PowerShelf, int]], lib: Library, notes: Notes, limit: int
) -> tuple[list[PowerPort], list[PowerOutlet]]:
    """One AC input per shelf (its one rack feed, as the plant has it) feeding its own busbar
    outlets; the input's allocated draw is the rack's, set per device from the plant."""
    count = sum(q for _, q in shelves)
    units = [s for s, q in shelves for _ in range(q)]
    cited = sorted({notes.source(s.source_of("capacity_w")) for s, _ in shelves})
    rated = [math.ceil(s.capacity_w / s.efficiency) for s in units]
    notes.add(
        f"power-ports: one AC input per shelf ({count}, hardwired, one rack feed each), "
        f"maximum_draw the shelf's rated output over its efficiency, "
        f"{', '.join(f'{w:,} W' for w in rated)} (from {', '.join(cited)}); allocated_draw "
        "is set on each device: its share of the rack's input from rackbom's plant."
    )
    names = [f"ac-input{k + 1}" if count > 1 else "ac-input" for k in range(count)]
    if max(rated) > limit:
        notes.add(f"maximum_draw: held at {limit:,} W, the most a power port stores here.")
    inputs = [
        PowerPort.model_construct(name=n, type="hardwired", maximum_draw=min(w, limit))
        for n, w in zip(names, rated, strict=True)
    ]
    rule = lib.shelf_outlets
    per = rule.count or 8
    notes.add(
        f"power-outlets: {per * count} busbar outlets (dc-terminal), {per} fed by each shelf's "
        f"input, from {notes.source(rule.source)}."
    )
    outlets = [
        PowerOutlet.model_construct(
            name=f"busbar{k + 1}", type=rule.type or "dc-terminal", power_port=inputs[k // per].name
        )
        for k in range(per * count)
    ]
    return inputs, outlets
