"""`rackbom export nautobot SYSTEM --url URL`: a design or cluster pushed into a running Nautobot.

Objects go in dependency order (tag, manufacturers, device types and their templates, roles,
location types, the site and hall locations, power panels, then racks with their devices, their
breakout lanes, their power ports' draws, power feeds and cables, a group of racks at a time,
then a cluster's cables between racks, `nautobot_fabric.py`), each kind in bulk requests,
planned in full before anything is written (`dcim_sync.plan_then_apply`). Nautobot has no rack
types: each rack carries its frame's size.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from ...racks.dcim.dcim_model import FEED, Cable, DcimPlan, Placed
from .dcim_api import Row, plain
from .dcim_sync import (
    COMPONENTS,
    End,
    Tally,
    Want,
    groups,
    keyed,
    plan_then_apply,
    power_port_wants,
    sync,
    with_tag,
)
from .nautobot_api import Nautobot
from .nautobot_fabric import Components, push_fabric, push_lanes, sync_cables
from .nautobot_places import place, power_panels, tag
from .nautobot_types import device_types, manufacturers, roles

RACK_FIELDS = ("width", "u_height", "outer_width", "outer_depth", "outer_unit", "comments")
"""The frame's size a rack keeps in Nautobot (no rack types, no outer height)."""


def push(api: Nautobot, plan: DcimPlan, apply: bool) -> Tally:
    """Plan the push of `plan` (and with `apply`, carry it out): what was or would be done."""
    return plan_then_apply(lambda tally: _run(api, plan, tally), Nautobot.product, apply)


def _run(api: Nautobot, plan: DcimPlan, tally: Tally) -> None:
    """Every object in dependency order."""
    status = api.statuses("Active", "Connected", "Planned")
    tag(api, tally)
    makers = manufacturers(api, tally, plan.manufacturers)
    types = device_types(api, tally, plan.types, makers)
    named = roles(api, tally, [*plan.device_roles, *plan.rack_roles])
    where = place(api, tally, plan.site, status["Active"])
    boards = power_panels(api, tally, plan.panels, where["hall"])
    for group in groups(plan.placed()):
        racks = _racks(api, tally, group, where["hall"], named, status["Active"])
        devices = _devices(api, tally, group, where["hall"], racks, named, types, status["Active"])
        push_lanes(api, tally, group, devices, status["Active"])
        _power_ports(api, tally, group, devices)
        _power_feeds(api, tally, group, boards, racks, status["Active"])
        cables = [c for p in group for c in p.cables]
        _cables(api, tally, cables, racks, devices, boards, status["Connected"])
    if plan.fabric is not None:
        push_fabric(api, tally, plan.fabric(), where["hall"], status["Planned"])


def _racks(
    api: Nautobot,
    tally: Tally,
    group: list[Placed],
    hall: str | None,
    named: dict[str, str],
    active: str,
) -> dict[str, str]:
    """A group's racks by name."""
    names = [p.rack.name for p in group]
    rows = api.rows("dcim/racks", location=hall, name=names) if hall else ()
    wants = []
    for p in group:
        data = p.rack.data()
        body = {
            "name": p.rack.name,
            "status": active,
            "role": named.get(p.rack.role),
            "location": hall,
            "type": data["form_factor"],
            **{k: data[k] for k in RACK_FIELDS if k in data},
        }
        wants.append(Want(p.rack.name, p.rack.name, with_tag(body, tally)))
    ids = sync(api, tally, "dcim/racks", wants, keyed(rows, lambda r: r["name"]))
    return {str(k): v for k, v in ids.items()}


def _devices(
    api: Nautobot,
    tally: Tally,
    group: list[Placed],
    hall: str | None,
    racks: dict[str, str],
    named: dict[str, str],
    types: dict[str, str],
    active: str,
) -> dict[str, str]:
    """A group's devices by name."""
    rows = api.rows_of("dcim/devices", "rack", racks.values()) if racks else ()
    wants = [
        Want(
            d.name,
            d.name,
            with_tag(
                {
                    "name": d.name,
                    "device_type": types.get(d.device_type.slug),
                    "role": named.get(d.role),
                    "status": active,
                    "location": hall,
                    "rack": racks.get(d.rack),
                    "position": d.position,
                    "face": "front",
                    "comments": d.comments,
                },
                tally,
            ),
        )
        for p in group
        for d in p.devices
    ]
    ids = sync(api, tally, "dcim/devices", wants, keyed(rows, lambda r: r["name"]))
    return {str(k): v for k, v in ids.items()}


def _power_ports(api: Nautobot, tally: Tally, group: list[Placed], devices: dict[str, str]) -> None:
    """The devices' power ports, brought to their device types' and their own draws."""
    names = {i: n for n, i in devices.items()}
    rows = api.rows_of("dcim/power-ports", "device", devices.values()) if devices else ()
    existing = keyed(rows, lambda r: (names.get(plain(r["device"])), r["name"]))
    wants = power_port_wants(group, existing)
    sync(api, tally, "dcim/power-ports", wants, existing, owned=lambda r: True)


def _power_feeds(
    api: Nautobot,
    tally: Tally,
    group: list[Placed],
    panels: dict[Hashable, str],
    racks: dict[str, str],
    active: str,
) -> None:
    """A group's power feeds by panel and name, on their panels and racks."""
    names = {i: n for n, i in panels.items()}
    rows = api.rows_of("dcim/power-feeds", "rack", racks.values()) if racks else ()
    wants = [
        Want(
            (f.panel, f.name),
            f.name,
            with_tag(
                {
                    **f.data(),
                    "status": active,
                    "power_panel": panels.get(f.panel),
                    "rack": racks.get(f.rack),
                },
                tally,
            ),
        )
        for p in group
        for f in p.feeds
    ]
    existing = keyed(rows, lambda r: (names.get(plain(r["power_panel"])), r["name"]))
    sync(api, tally, "dcim/power-feeds", wants, existing)


def _ends(cable: Cable) -> list[End]:
    return [
        (cable.a_type, cable.a_device, cable.a_name),
        (cable.b_type, cable.b_device, cable.b_name),
    ]


def _cables(
    api: Nautobot,
    tally: Tally,
    cables: list[Cable],
    racks: dict[str, str],
    devices: dict[str, str],
    panels: dict[Hashable, str],
    connected: str,
) -> None:
    """A group's cables, keyed by their two ends (`nautobot_fabric.sync_cables`)."""
    components = _components(api, cables, racks, devices, panels)
    rows = (
        {r["id"]: r for r in api.rows_of("dcim/cables", "rack_id", racks.values())} if racks else {}
    )
    wants = [
        (
            _ends(c),
            {
                "status": connected,
                **{k: v for k, v in (("type", c.type), ("label", c.label)) if v is not None},
            },
            f"{c.a_device}:{c.a_name}",
        )
        for c in cables
    ]
    sync_cables(api, tally, wants, rows, components)


def _components(
    api: Nautobot,
    cables: list[Cable],
    racks: dict[str, str],
    devices: dict[str, str],
    panels: dict[Hashable, str],
) -> Components:
    """The devices' components of the kinds and names the cables end on (a switch box's
    hundreds of ports are not read), and the racks' power feeds: each one's id and the id of its
    cable, if any."""
    out: Components = {}
    device_names = {i: n for n, i in devices.items()}
    panel_names = {i: str(n) for n, i in panels.items()}
    for kind, path in COMPONENTS.items():
        names = sorted({end[2] for c in cables for end in _ends(c) if end[0] == kind})
        if not devices or not names:
            continue
        for row in api.rows_of(path, "device", devices.values(), name=names):
            name = device_names.get(plain(row["device"]), "")
            out[(kind, name, row["name"])] = (row["id"], plain(row["cable"]))
    rows: Iterable[Row] = api.rows_of("dcim/power-feeds", "rack", racks.values()) if racks else ()
    for row in rows:
        panel = panel_names.get(plain(row["power_panel"]), "")
        out[(FEED, panel, row["name"])] = (row["id"], plain(row["cable"]))
    return out
