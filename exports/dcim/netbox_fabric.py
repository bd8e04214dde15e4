"""A cluster's breakout lanes and its cables between racks pushed into NetBox, and the cable sync
both kinds of cable share.

Lanes go in with their racks' devices: a hub cage's channel count is set on the interface
NetBox made from the device type, then its channels (`parent` the cage, `channel_id`) and the
lanes that stand alone are created in bulk (`racks/dcim/lanes.py`). The cables between racks
(`DcimPlan.fabric`, as the cable import has them: a breakout one cable with its profile, the
cage at A and its legs' far ends at B in channel order) go in after every rack, a block at a
time (`dcim_fabric.py`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...racks.dcim.dcim_model import Channelised, DcimCable, Lane, Placed
from .dcim_api import Row, plain
from .dcim_fabric import CableWant, group_lanes
from .dcim_fabric import push_fabric as shared_fabric
from .dcim_sync import End, Tally, Want, keyed, sync, with_tag
from .dcim_sync import sync_cables as shared_sync
from .netbox_api import NetBox

Components = dict[End, tuple[int, int | None]]
"""Each cabled component: its id and the id of its cable, if any."""


def push_lanes(netbox: NetBox, tally: Tally, group: list[Placed], racks: list[int]) -> None:
    """A group's lanes: hub cages channelised, their channels and the lanes standing alone."""
    items = group_lanes(group)
    if not items:
        return
    existing = keyed(
        netbox.rows_of("dcim/interfaces", "rack_id", racks) if racks else (),
        lambda r: (r["device"]["name"], r["name"]),
    )
    cages = [
        Want((c.device, c.name), f"{c.device} {c.name}", {"channels": c.channels})
        for c in items
        if isinstance(c, Channelised) and (c.device, c.name) in existing
    ]
    sync(netbox, tally, "dcim/interfaces", cages, existing, owned=lambda r: True)
    devices = {r["device"]["name"]: r["device"]["id"] for r in existing.values()}
    wants = []
    for lane in (i for i in items if isinstance(i, Lane)):
        body = {**lane.data(), "device": devices.get(lane.device)}
        if lane.channel is not None:
            cage = existing.get((lane.device, lane.cage))
            body["parent"] = None if cage is None else cage["id"]
        wants.append(Want((lane.device, lane.name), f"{lane.device} {lane.name}", body))
    sync(netbox, tally, "dcim/interfaces", [_tagged(w, tally) for w in wants], existing)


def _tagged(want: Want, tally: Tally) -> Want:
    return Want(want.key, want.name, with_tag(want.body, tally))


def push_fabric(
    netbox: NetBox, tally: Tally, cables: Iterator[DcimCable], site: int | None
) -> None:
    """The cables between racks, a block at a time, after every rack and device is in."""
    rows = netbox.rows("dcim/devices", site_id=site, brief=True) if site else ()

    def interfaces(ids: set[int]) -> Iterator[tuple[str, str, int, int | None]]:
        for row in netbox.rows_of("dcim/interfaces", "device_id", ids, brief=True):
            yield row["device"]["name"], row["name"], row["id"], plain(row["cable"])

    def sync_block(wants: list[CableWant], held: dict[int, Row], components: Components) -> None:
        sync_cables(netbox, tally, wants, held, components)

    devices = {r["name"]: r["id"] for r in rows}
    shared_fabric(netbox, cables, devices, interfaces, sync_block, "planned")


def row_ends(row: Row, names: dict[tuple[str, int], End]) -> Iterator[End]:
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


def sync_cables(
    netbox: NetBox,
    tally: Tally,
    cables: Iterable[CableWant],
    rows: dict[int, Row],
    components: Components,
) -> None:
    """Cables (their ends, A first, the fields to write, a name) brought to NetBox's, keyed by
    their ends among `rows` (`dcim_sync.sync_cables`): a breakout's far ends all at B."""
    names = {(end[0], ids[0]): end for end, ids in components.items()}

    def terminations(ends: list[End]) -> Row:
        return {
            "a_terminations": [_termination(ends[0], components)],
            "b_terminations": [_termination(end, components) for end in ends[1:]],
        }

    shared_sync(netbox, tally, cables, rows, lambda r: row_ends(r, names), components, terminations)


def _termination(end: End, components: Components) -> Row:
    return {"object_type": end[0], "object_id": components.get(end, (None,))[0]}
