"""The push's shared objects: manufacturers, device types with their component templates, roles,
rack types.

Manufacturers are shared with whatever else NetBox holds: one of the same name is used as it is.
A device type's templates are rackbom's when the device type is.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...racks.dcim.dcim_model import DeviceType, Manufacturer, RackType, Role
from .dcim_api import Row, plain
from .dcim_sync import TEMPLATES, Tally, Want, keyed, sync, template_wants, with_tag
from .netbox_api import NetBox

UNSET: dict[str, Row] = {
    "power_ports": {"maximum_draw": None, "allocated_draw": None},
    "power_outlets": {"power_port": None},
    "interfaces": {"label": "", "description": "", "mgmt_only": False},
}
"""What a template's field holds when the export leaves it out, so a push clears it."""


def manufacturers(
    netbox: NetBox | None, tally: Tally, makers: Iterable[Manufacturer]
) -> dict[str, int]:
    """Every maker by name: an existing one of the name, else a new one tagged rackbom's."""
    rows = keyed(netbox.rows("dcim/manufacturers") if netbox else (), lambda r: r["name"])
    wants = [
        Want(m.name, m.name, with_tag(m.data(), tally))
        for m in sorted(makers, key=lambda m: m.name)
    ]
    ids = sync(netbox, tally, "dcim/manufacturers", wants, rows, shared=True)
    return {str(k): v for k, v in ids.items()}


def _type_body(t: DeviceType, maker: int | None) -> Row:
    data = t.data()
    keys = ("model", "slug", "part_number", "u_height", "is_full_depth", "airflow")
    body = {k: data[k] for k in keys if k in data}
    body |= {k: data[k] for k in ("weight", "weight_unit", "description", "comments") if k in data}
    return {"manufacturer": maker, **body}


def device_types(
    netbox: NetBox | None, tally: Tally, types: Iterable[DeviceType], makers: dict[str, int]
) -> dict[str, int]:
    """Device types by slug, then their templates."""
    types = list(types)
    slugs = [t.slug for t in types]
    rows = keyed(
        netbox.rows("dcim/device-types", slug=slugs) if netbox else (), lambda r: r["slug"]
    )
    wants = [
        Want(t.slug, t.model, with_tag(_type_body(t, makers.get(t.manufacturer)), tally))
        for t in types
    ]
    ids = {str(k): v for k, v in sync(netbox, tally, "dcim/device-types", wants, rows).items()}
    ours = {r["id"] for r in rows.values() if tally.owns(r)} | {
        i for s, i in ids.items() if s not in rows
    }
    for path, section in TEMPLATES:
        _templates(netbox, tally, path, section, types, ids, ours)
    return ids


def _templates(
    netbox: NetBox | None,
    tally: Tally,
    path: str,
    section: str,
    types: list[DeviceType],
    ids: dict[str, int],
    ours: set[int],
) -> None:
    """One kind of template of every device type, keyed by (device type, name)."""
    known = list(ids.values())
    rows = keyed(
        netbox.rows_of(path, "device_type_id", known) if netbox and known else (),
        lambda r: (plain(r["device_type"]), r["name"]),
    )
    ports: dict[tuple[int, str], int] = {}
    if section == "power_outlets" and netbox and known:
        ports = {
            (plain(r["device_type"]), r["name"]): r["id"]
            for r in netbox.rows_of("dcim/power-port-templates", "device_type_id", known)
        }
    wants = template_wants(types, section, ids, UNSET.get(section, {}), ("power_port", ports))
    sync(netbox, tally, path, wants, rows, owned=lambda r: plain(r["device_type"]) in ours)


def roles(netbox: NetBox | None, tally: Tally, path: str, wanted: Iterable[Role]) -> dict[str, int]:
    """Device or rack roles by name."""
    rows = keyed(netbox.rows(path) if netbox else (), lambda r: r["slug"])
    wants = [Want(r.slug, r.name, with_tag(r.data(), tally)) for r in wanted]
    by_slug = sync(netbox, tally, path, wants, rows)
    return {r.name: by_slug[r.slug] for r in wanted if r.slug in by_slug}


def rack_types(
    netbox: NetBox | None, tally: Tally, frames: Iterable[RackType], makers: dict[str, int]
) -> dict[str, int]:
    """Rack types by slug."""
    frames = list(frames)
    slugs = [f.slug for f in frames]
    rows = keyed(netbox.rows("dcim/rack-types", slug=slugs) if netbox else (), lambda r: r["slug"])
    wants = [
        Want(
            f.slug,
            f.model,
            with_tag({**f.data(), "manufacturer": makers.get(f.manufacturer)}, tally),
        )
        for f in frames
    ]
    return {str(k): v for k, v in sync(netbox, tally, "dcim/rack-types", wants, rows).items()}
