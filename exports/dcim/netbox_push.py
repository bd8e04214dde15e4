"""`rackbom export netbox SYSTEM --url URL`: a design or cluster pushed into a running NetBox.

Objects go in dependency order (tag, manufacturers, device types and their templates, roles,
site and hall, rack types, power panels, then racks with their devices, their power ports'
draws, power feeds and cables, a group of racks at a
time so memory stays flat in the cluster's size), each kind in bulk requests. A push first plans
every object (reads only) and stops on any conflict before it writes, then applies the plan; a
second push of the same system finds everything unchanged.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator

from ...racks.dcim.dcim_model import FEED, Cable, DcimPlan, Placed, Site
from .dcim_api import Row, plain
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
from .netbox_power import power_feeds, power_panels
from .netbox_types import device_types, manufacturers, rack_types, roles

End = tuple[str, str, str]
"""(component kind, device name, component name)."""


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
        _power_ports(netbox, tally, group, list(ids.values()))
        power_feeds(netbox, tally, group, boards, ids)
        _cables(netbox, tally, [c for p in group for c in p.cables], list(ids.values()))


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


def _ends(cable: Cable) -> tuple[End, End]:
    return (cable.a_type, cable.a_device, cable.a_name), (
        cable.b_type,
        cable.b_device,
        cable.b_name,
    )


def _row_ends(row: Row, names: dict[tuple[str, int], End]) -> Iterator[End]:
    """A cable's ends as rackbom names them: a power feed's by its panel, read from `names`."""
    for side in ("a_terminations", "b_terminations"):
        for end in row[side]:
            item = end["object"]
            known = names.get((end["object_type"], end["object_id"]))
            if known is not None:
                yield known
            else:
                holder = item.get("device") or item.get("power_panel") or {}
                yield end["object_type"], holder.get("name", ""), item["name"]


def _cables(netbox: NetBox, tally: Tally, cables: list[Cable], racks: list[int]) -> None:
    """A group's cables, keyed by their two ends: a stale cable of rackbom's on a wanted end is
    removed; another's is a conflict."""
    rows = {r["id"]: r for r in netbox.rows_of("dcim/cables", "rack_id", racks)} if racks else {}
    components = _components(netbox, racks)
    names = {(end[0], ids[0]): end for end, ids in components.items()}
    existing: dict[Hashable, Row] = {frozenset(_row_ends(r, names)): r for r in rows.values()}
    wants: list[Want] = []
    stale: set[int] = set()
    for cable in cables:
        ends = _ends(cable)
        key: Hashable = frozenset(ends)
        if key not in existing:
            for end in ends:
                held = components.get(end, (0, None))[1]
                if held is not None and held in rows and tally.owns(rows[held]):
                    stale.add(held)
                elif held is not None:
                    where = f"{end[2]} of {end[1]}"
                    tally.conflicts.append(f"{where} is cabled in NetBox, not by rackbom")
        body = {
            "a_terminations": [_termination(ends[0], components)],
            "b_terminations": [_termination(ends[1], components)],
            **{k: v for k, v in cable.data().items() if k in ("type", "status", "label")},
        }
        wants.append(Want(key, f"{cable.a_device}:{cable.a_name}", with_tag(body, tally)))
    if tally.apply and stale and not tally.conflicts:
        netbox.delete("dcim/cables", sorted(stale))
    sync(netbox, tally, "dcim/cables", wants, existing)


def _termination(end: End, components: dict[End, tuple[int, int | None]]) -> Row:
    return {"object_type": end[0], "object_id": components.get(end, (None,))[0]}


def _components(netbox: NetBox, racks: Iterable[int]) -> dict[End, tuple[int, int | None]]:
    """Every cabled kind of component in the racks: its id and the id of its cable, if any."""
    racks = list(racks)
    out: dict[End, tuple[int, int | None]] = {}
    if not racks:
        return out
    for kind, path in COMPONENTS.items():
        for row in netbox.rows_of(path, "rack_id", racks, brief=True):
            out[(kind, row["device"]["name"], row["name"])] = (row["id"], plain(row["cable"]))
    for row in netbox.rows_of("dcim/power-feeds", "rack_id", racks):
        out[(FEED, row["power_panel"]["name"], row["name"])] = (row["id"], plain(row["cable"]))
    return out
