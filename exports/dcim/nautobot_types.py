"""The Nautobot push's shared objects: manufacturers, device types with their component
templates, roles.

Nautobot keeps no slug: a manufacturer and a role are keyed by name, a device type by its
manufacturer and model. Manufacturers and roles are organizational objects, which Nautobot does
not tag: one of the same name is used where it holds what rackbom would write (a role: its colour
and both racks and devices among its content types) and is a conflict otherwise, so rackbom never
changes one. A device type carries the tag; its templates are rackbom's when it is.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from ...racks.dcim.dcim_model import DeviceType, Manufacturer, Role
from .dcim_api import Row, plain
from .dcim_sync import TEMPLATES, Tally, Want, keyed, sync, template_wants, with_tag
from .nautobot_api import Nautobot

TYPE_FIELDS = ("model", "part_number", "u_height", "is_full_depth", "comments")
"""The device-type fields Nautobot has besides its manufacturer (`device_type_fields` of
`racks/dcim/data/nautobot.yaml`)."""
UNSET: dict[str, Row] = {
    "power_ports": {"maximum_draw": None, "allocated_draw": None},
    "power_outlets": {"power_port_template": None},
    "interfaces": {"label": "", "description": "", "mgmt_only": False},
}
"""What a template's field holds when the export leaves it out, so a push clears it."""
ROLE_TYPES = ["dcim.device", "dcim.rack"]
"""What a role is for: one role of a name serves racks and devices alike."""


def never(row: Row) -> bool:
    """An organizational object, which carries no tag: never rackbom's to change."""
    return False


def holding(rows: Iterable[Row], needed: list[str]) -> list[Row]:
    """Objects whose content types are cut to those rackbom needs, sorted as it writes them: one
    holding more holds what rackbom needs."""
    return [{**r, "content_types": sorted(set(r["content_types"]) & set(needed))} for r in rows]


def manufacturers(
    api: Nautobot, tally: Tally, makers: Iterable[Manufacturer]
) -> dict[Hashable, str]:
    """Every maker by name: an existing one of the name, else a new one."""
    rows = keyed(api.rows("dcim/manufacturers"), lambda r: r["name"])
    wants = [Want(m.name, m.name, {"name": m.name}) for m in sorted(makers, key=lambda m: m.name)]
    return sync(api, tally, "dcim/manufacturers", wants, rows, owned=never, shared=True)


def device_types(
    api: Nautobot, tally: Tally, types: Iterable[DeviceType], makers: dict[Hashable, str]
) -> dict[str, str]:
    """Device types by slug (rackbom's key, which Nautobot does not keep), then their
    templates."""
    types = list(types)
    rows = keyed(
        api.rows("dcim/device-types", model=sorted({t.model for t in types})),
        lambda r: (plain(r["manufacturer"]), r["model"]),
    )
    wants = []
    for t in types:
        data = t.data()
        body = {
            "manufacturer": makers.get(t.manufacturer),
            **{k: data[k] for k in TYPE_FIELDS if k in data},
        }
        wants.append(Want((makers.get(t.manufacturer), t.model), t.model, with_tag(body, tally)))
    found = sync(api, tally, "dcim/device-types", wants, rows)
    ids = {t.slug: found[w.key] for t, w in zip(types, wants, strict=True) if w.key in found}
    ours = {r["id"] for r in rows.values() if tally.owns(r)} | {
        i for k, i in found.items() if k not in rows
    }
    for path, section in TEMPLATES:
        _templates(api, tally, path, section, types, ids, ours)
    return ids


def _templates(
    api: Nautobot,
    tally: Tally,
    path: str,
    section: str,
    types: list[DeviceType],
    ids: dict[str, str],
    ours: set[str],
) -> None:
    """One kind of template of every device type, keyed by (device type, name)."""
    known = list(ids.values())
    rows = keyed(
        api.rows_of(path, "device_type", known) if known else (),
        lambda r: (plain(r["device_type"]), r["name"]),
    )
    ports: dict[tuple[str, str], str] = {}
    if section == "power_outlets" and known:
        ports = {
            (plain(r["device_type"]), r["name"]): r["id"]
            for r in api.rows_of("dcim/power-port-templates", "device_type", known)
        }
    port = ("power_port_template", ports)
    wants = template_wants(types, section, ids, UNSET.get(section, {}), port)
    sync(api, tally, path, wants, rows, owned=lambda r: plain(r["device_type"]) in ours)


def roles(api: Nautobot, tally: Tally, wanted: Iterable[Role]) -> dict[str, str]:
    """Roles by name, each for racks and devices (the first of a name gives its colour)."""
    first: dict[str, Role] = {}
    for role in wanted:
        first.setdefault(role.name, role)
    rows = keyed(
        holding(api.rows("extras/roles", name=list(first)), ROLE_TYPES), lambda r: r["name"]
    )
    wants = [
        Want(r.name, r.name, {"name": r.name, "color": r.color, "content_types": ROLE_TYPES})
        for r in first.values()
    ]
    return {
        str(k): v for k, v in sync(api, tally, "extras/roles", wants, rows, owned=never).items()
    }
