"""`rackbom export netbox SYSTEM --url URL`: a design or cluster pushed into a running NetBox.

Objects go in dependency order (tag, manufacturers, device types and their templates, roles,
site and hall, rack types, power panels, then racks with their devices, their breakout lanes,
their power ports' draws, power feeds and cables, a group of racks at a time so memory stays
flat in the cluster's size, then a cluster's cables between racks, `netbox_fabric.py`), each
kind in bulk requests. A push first plans
every object (reads only) and stops on any conflict before it writes, then applies the plan; a
second push of the same system finds everything unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...racks.dcim.dcim_model import FEED, Cable, DcimPlan, Placed, Site
from .dcim_api import plain
from .dcim_sync import (
    COMPONENTS,
    TAG,
    Tally,
    Want,
    groups,
    keyed,
    plan_then_apply,
    power_port_wants,
    sync,
    with_tag,
)
from .netbox_api import NetBox
from .netbox_fabric import Components, push_fabric, push_lanes, sync_cables
from .netbox_power import power_feeds, power_panels
from .netbox_types import device_types, manufacturers, rack_types, roles


def push(netbox: NetBox, plan: DcimPlan, apply: bool) -> Tally:
    """Plan the push of `plan` (and with `apply`, carry it out): what was or would be done."""
    return plan_then_apply(lambda tally: _run(netbox, plan, tally), NetBox.product, apply)


def _run(netbox: NetBox, plan: DcimPlan, tally: Tally) -> None:
    """Every object in dependency order."""
    tags = keyed(netbox.rows("extras/tags", slug=TAG), lambda r: r["slug"])
    body = {"name": TAG, "slug": TAG, "color": "9e9e9e", "description": "Made by rackbom"}
    tally.tag = sync(netbox, tally, "extras/tags", [Want(TAG, TAG, body)], tags).get(TAG)
    makers = manufacturers(netbox, tally, plan.manufacturers)
    types = device_types(netbox, tally, plan.types, makers)
    device_roles = roles(netbox, tally, "dcim/device-roles", plan.device_roles)
    rack_roles = roles(netbox, tally, "dcim/rack-roles", plan.rack_roles)
    frames = rack_types(netbox, tally, plan.frames, makers)
    place = _place(netbox, tally, plan.site)
    boards = power_panels(netbox, tally, plan.panels, place)
    for group in groups(plan.placed()):
        ids = _racks(netbox, tally, group, place, rack_roles, frames)
        _devices(netbox, tally, group, place, ids, device_roles, types)
        push_lanes(netbox, tally, group, list(ids.values()))
        _power_ports(netbox, tally, group, list(ids.values()))
        power_feeds(netbox, tally, group, boards, ids)
        _cables(netbox, tally, [c for p in group for c in p.cables], list(ids.values()))
    if plan.fabric is not None:
        push_fabric(netbox, tally, plan.fabric(), place["site"])


def _place(netbox: NetBox, tally: Tally, site: Site) -> dict[str, int | None]:
    """The site and its hall (a location): their ids, None where a plan has yet to make them."""
    sites = keyed(netbox.rows("dcim/sites", slug=site.slug), lambda r: r["slug"])
    body = {"name": site.name, "slug": site.slug, "status": "active"}
    want = Want(site.slug, site.name, with_tag({**body, "description": site.description}, tally))
    site_id = sync(netbox, tally, "dcim/sites", [want], sites).get(site.slug)
    hall = {"name": site.location, "slug": f"{site.slug}-hall", "site": site_id, "status": "active"}
    halls = keyed(
        netbox.rows("dcim/locations", site_id=site_id) if site_id else (), lambda r: r["slug"]
    )
    want = Want(hall["slug"], site.location, with_tag(hall, tally))
    hall_id = sync(netbox, tally, "dcim/locations", [want], halls).get(hall["slug"])
    return {"site": site_id, "location": hall_id}


def _racks(
    netbox: NetBox,
    tally: Tally,
    group: list[Placed],
    place: dict[str, int | None],
    rack_roles: dict[str, int],
    frames: dict[str, int],
) -> dict[str, int]:
    """A group's racks by name."""
    names = [p.rack.name for p in group]
    site = place["site"]
    rows = netbox.rows("dcim/racks", site_id=site, name=names) if site else ()
    wants = []
    for p in group:
        data = p.rack.data()
        frame = frames.get(p.rack.rack_type.slug) if p.rack.rack_type else None
        body = {**data, **place, "role": rack_roles.get(p.rack.role), "rack_type": frame}
        wants.append(Want(p.rack.name, p.rack.name, with_tag(body, tally)))
    ids = sync(netbox, tally, "dcim/racks", wants, keyed(rows, lambda r: r["name"]))
    return {str(k): v for k, v in ids.items()}


def _devices(
    netbox: NetBox,
    tally: Tally,
    group: list[Placed],
    place: dict[str, int | None],
    racks: dict[str, int],
    device_roles: dict[str, int],
    types: dict[str, int],
) -> None:
    """A group's devices by name."""
    rows = netbox.rows_of("dcim/devices", "rack_id", racks.values()) if racks else iter(())
    wants = [
        Want(
            d.name,
            d.name,
            with_tag(
                {
                    "name": d.name,
                    "device_type": types.get(d.device_type.slug),
                    "role": device_roles.get(d.role),
                    **place,
                    "rack": racks.get(d.rack),
                    "position": d.position,
                    "face": "front",
                    "status": "active",
                    "comments": d.comments,
                },
                tally,
            ),
        )
        for p in group
        for d in p.devices
    ]
    sync(netbox, tally, "dcim/devices", wants, keyed(rows, lambda r: r["name"]))


def _power_ports(netbox: NetBox, tally: Tally, group: list[Placed], racks: list[int]) -> None:
    """The devices' power ports, brought to their device types' and their own draws."""
    rows = netbox.rows_of("dcim/power-ports", "rack_id", racks) if racks else iter(())
    existing = keyed(rows, lambda r: (r["device"]["name"], r["name"]))
    wants = power_port_wants(group, existing)
    sync(netbox, tally, "dcim/power-ports", wants, existing, owned=lambda r: True)


def _cables(netbox: NetBox, tally: Tally, cables: list[Cable], racks: list[int]) -> None:
    """A group's cables, keyed by their two ends (`sync_cables`)."""
    rows = {r["id"]: r for r in netbox.rows_of("dcim/cables", "rack_id", racks)} if racks else {}
    wants = [
        (
            [(c.a_type, c.a_device, c.a_name), (c.b_type, c.b_device, c.b_name)],
            {k: v for k, v in c.data().items() if k in ("type", "status", "label")},
            f"{c.a_device}:{c.a_name}",
        )
        for c in cables
    ]
    sync_cables(netbox, tally, wants, rows, _components(netbox, racks))


def _components(netbox: NetBox, racks: Iterable[int]) -> Components:
    """Every cabled kind of component in the racks: its id and the id of its cable, if any."""
    racks = list(racks)
    out: Components = {}
    if not racks:
        return out
    for kind, path in COMPONENTS.items():
        for row in netbox.rows_of(path, "rack_id", racks, brief=True):
            out[(kind, row["device"]["name"], row["name"])] = (row["id"], plain(row["cable"]))
    for row in netbox.rows_of("dcim/power-feeds", "rack_id", racks):
        out[(FEED, row["power_panel"]["name"], row["name"])] = (row["id"], plain(row["cable"]))
    return out
