"""A cluster's breakout lanes and its cables between racks pushed into Nautobot, and the cable
sync both kinds of cable share there.

Nautobot has no cable profiles, so every lane stands alone: an interface of its device, created
in bulk with its racks' devices (`racks/dcim/lanes.py`), named as the cable import names it. The
cables between racks (`DcimPlan.fabric`: a breakout one cable per leg, each from lane to lane) go
in after every rack, a block at a time (`dcim_fabric.py`), planned as the NetBox push plans
them. A cable's ends are its `termination_a` and `termination_b`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...racks.dcim.dcim_model import DcimCable, Lane, Placed
from .dcim_api import Row, plain
from .dcim_fabric import CableWant, group_lanes
from .dcim_fabric import push_fabric as shared_fabric
from .dcim_sync import End, Tally, Want, keyed, sync, with_tag
from .dcim_sync import sync_cables as shared_sync
from .nautobot_api import Nautobot

Components = dict[End, tuple[str, str | None]]
"""Each cabled component: its id and the id of its cable, if any."""


def push_lanes(
    api: Nautobot, tally: Tally, group: list[Placed], devices: dict[str, str], active: str
) -> None:
    """A group's lanes, each an interface of its device standing alone."""
    lanes = [i for i in group_lanes(group) if isinstance(i, Lane)]
    ids = {devices[n] for n in {lane.device for lane in lanes} if n in devices}
    names = {i: n for n, i in devices.items()}
    rows = api.rows_of("dcim/interfaces", "device", ids)
    existing = keyed(rows, lambda r: (names.get(plain(r["device"])), r["name"]))
    wants = [
        Want(
            (lane.device, lane.name),
            f"{lane.device} {lane.name}",
            with_tag({**lane.data(), "device": devices.get(lane.device), "status": active}, tally),
        )
        for lane in lanes
    ]
    sync(api, tally, "dcim/interfaces", wants, existing)


def push_fabric(
    api: Nautobot, tally: Tally, cables: Iterator[DcimCable], hall: str | None, planned: str
) -> None:
    """The cables between racks, a block at a time, after every rack and device is in, in the
    `Planned` status (`planned`, its id)."""
    rows = api.rows("dcim/devices", location=hall) if hall else ()
    devices = {r["name"]: r["id"] for r in rows}
    names = {i: n for n, i in devices.items()}

    def interfaces(ids: set[str]) -> Iterator[tuple[str, str, str, str | None]]:
        for row in api.rows_of("dcim/interfaces", "device", ids):
            yield names.get(plain(row["device"]), ""), row["name"], row["id"], plain(row["cable"])

    def sync_block(wants: list[CableWant], held: dict[str, Row], components: Components) -> None:
        sync_cables(api, tally, wants, held, components)

    shared_fabric(api, cables, devices, interfaces, sync_block, planned)


def row_ends(row: Row, by_id: dict[tuple[str, str], End]) -> list[End]:
    """A cable's ends as rackbom names them (an end outside the components read by its kind and
    id)."""
    ends = []
    for side in ("a", "b"):
        kind, id_ = row[f"termination_{side}_type"], row[f"termination_{side}_id"]
        ends.append(by_id.get((kind, id_), (kind, "", str(id_))))
    return ends


def sync_cables(
    api: Nautobot,
    tally: Tally,
    cables: Iterable[CableWant],
    rows: dict[str, Row],
    components: Components,
) -> None:
    """Cables (their two ends, A first, the fields to write, a name) brought to Nautobot's, keyed
    by their ends among `rows` (`dcim_sync.sync_cables`)."""
    by_id = {(end[0], ids[0]): end for end, ids in components.items()}

    def terminations(ends: list[End]) -> Row:
        return {
            **_termination("a", ends[0], components),
            **_termination("b", ends[1], components),
        }

    shared_sync(api, tally, cables, rows, lambda r: row_ends(r, by_id), components, terminations)


def _termination(side: str, end: End, components: Components) -> Row:
    known = components.get(end)
    return {
        f"termination_{side}_type": end[0],
        f"termination_{side}_id": None if known is None else known[0],
    }
