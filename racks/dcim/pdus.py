"""Rack PDUs: a rack whose devices have AC inlets (servers with their own supplies, a network
rack's switch boxes) gets PDUs on sides A and B, every inlet cabled to an outlet of its plug.

A device's inlets alternate between the sides (its supplies A, B, A, ...), each taken by the
side's next PDU with an outlet of the plug free, so the load spreads over a side's PDUs. A
network rack has as many PDUs per side as its load (one side carrying it all, 2N) and its inlets
need; its feeds are the plant's rule for a rack's PDUs (`side_feeds`), on the hall's network
panels.
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter

from ...components.plant_library import PlantRules
from ..plant.rack import side_feeds
from .dcim_model import Cable, Device, DeviceType, Placed, PowerPort
from .power_feeds import rack_power

PLUGS = {"iec-60320-c20": "iec-60320-c19", "iec-60320-c14": "iec-60320-c13"}
"""The outlet each inlet plugs into."""
NETWORK = "network"
"""The row name of the network racks' panels: the plant feeds the network from the hall."""


def ac_inlets(devices: tuple[Device, ...]) -> list[tuple[Device, PowerPort, str]]:
    """Every AC inlet a PDU takes, with the side it goes to (a device's inlets alternate)."""
    return [
        (d, port, "AB"[k % 2])
        for d in devices
        if not d.device_type.power_outlets
        for k, port in enumerate(p for p in d.device_type.power_ports if p.type in PLUGS)
    ]


def pdus_per_side(placed: Placed, pdu: DeviceType, limit_w: float) -> int:
    """PDUs a side needs: for the whole rack's draw, and for its inlets of each plug."""
    inlets = ac_inlets(placed.devices)
    load = sum(port.allocated_draw or 0 for _, port, _ in inlets)
    need = max(1, math.ceil(load / limit_w - 1e-9))
    plugs = Counter((side, PLUGS[port.type]) for _, port, side in inlets)
    have = Counter(o.type for o in pdu.power_outlets)
    for (_, plug), count in plugs.items():
        if have[plug]:
            need = max(need, math.ceil(count / have[plug]))
    return need


def with_pdus(placed: Placed, pdu: DeviceType, per_side: int) -> Placed:
    """The rack with `per_side` PDUs on each side (`{rack}-PDU-A1`, `-B1`, `-A2`, ...) and its
    inlets cabled."""
    rack = placed.rack
    pdus = tuple(
        Device(
            name=f"{rack.name}-PDU-{side}{k + 1}",
            device_type=pdu,
            role="power",
            site=rack.site,
            location=rack.location,
            rack=rack.name,
            position=None,
            comments=f"rackbom rack PDU, side {side}, {k + 1} of {per_side} (derived).",
        )
        for k in range(per_side)
        for side in "AB"
    )
    free = {
        (d.name, plug): [o.name for o in pdu.power_outlets if o.type == plug]
        for d in pdus
        for plug in set(PLUGS.values())
    }
    turn = Counter[str]()
    cables, loose = [], []
    for device, port, side in ac_inlets(placed.devices):
        plug = PLUGS[port.type]
        ring = [p.name for p in pdus if p.name.rsplit("-", 1)[1][0] == side]
        start = turn[side]
        turn[side] += 1
        order = [ring[(start + k) % per_side] for k in range(per_side)]
        held = next((name for name in order if free[(name, plug)]), None)
        if held is None:
            loose.append(f"{device.name}:{port.name}")
            continue
        outlet = free[(held, plug)].pop(0)
        cables.append(
            Cable(
                device.name, "dcim.powerport", port.name, held, "dcim.poweroutlet", outlet, "power"
            )
        )
    return dataclasses.replace(
        placed,
        devices=placed.devices + pdus,
        cables=placed.cables + tuple(cables),
        uncabled=placed.uncabled + tuple(loose),
    )


def fed_network_rack(
    placed: Placed, pdu: DeviceType, rules: PlantRules, limit_w: float, most: int
) -> Placed:
    """A network rack with its PDUs, their feeds on the network panels, each PDU inlet's draw its
    feed's share of what the rack's boxes draw."""
    per_side = pdus_per_side(placed, pdu, limit_w)
    placed = with_pdus(placed, pdu, per_side)
    load = float(sum(port.allocated_draw or 0 for _, port, _ in ac_inlets(placed.devices)))
    feeds = side_feeds(rules, placed.rack.name, 2 * per_side, load, load)
    fed = rack_power(feeds, placed.rack.name, NETWORK, placed.devices, rules.profile, most)
    return dataclasses.replace(
        placed,
        cables=placed.cables + fed.cables,
        draws=placed.draws + fed.draws,
        feeds=placed.feeds + fed.feeds,
    )
