"""What NetBox's and Nautobot's pushes share: one kind of DCIM object brought to what rackbom
wants (created, updated or left unchanged), the plan made before any write, the report, racks a
group at a time, and the bodies both products take alike (component templates, power ports'
draws).

An object is rackbom's when it carries the `rackbom` tag (templates: when their device type
does). Another object with the same key is used as it is where it already holds what rackbom
would write, and is a conflict otherwise: rackbom never changes what it did not create. A plan
(`apply=False`) only counts and finds conflicts, so a push checks everything before it writes.
Racks go a group at a time, so memory stays flat in the system's size.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from dataclasses import field
from itertools import islice
from typing import Any

from ...components.errors import InputError
from ...components.records import record
from ...racks.dcim.dcim_model import DeviceType, Placed
from .dcim_api import Id, RestApi, Row, plain

TAG = "rackbom"
"""The tag of every object the push creates."""
RACKS_AT_ONCE = 16
"""Racks planned and written together."""
COMPONENTS = {
    "dcim.interface": "dcim/interfaces",
    "dcim.powerport": "dcim/power-ports",
    "dcim.poweroutlet": "dcim/power-outlets",
}
"""The kinds of device component a cable ends on, and their endpoints (the same in both
products)."""


@record
class Want:
    """One object as rackbom wants it: its key among its kind, its name, the fields to write."""

    key: Hashable
    name: str
    body: Row


UNCOMPARED = frozenset(
    {
        "tags",
        "a_terminations",
        "b_terminations",
        "termination_a_type",
        "termination_a_id",
        "termination_b_type",
        "termination_b_id",
    }
)
"""Fields not compared: tags, and a cable's ends (its key)."""


def same(row: Row, body: Row) -> bool:
    """Whether an object already holds every field of `body`."""
    return all(plain(row.get(k)) == v for k, v in body.items() if k not in UNCOMPARED)


@record(frozen=False)
class Tally:
    """What a push did (or, planned, would do), per kind, and the conflicts it found."""

    apply: bool
    product: str
    """The product pushed into, as conflicts name it."""
    tag: Hashable | None = None
    """The id of rackbom's tag, once the product has it."""
    counts: dict[str, list[int]] = field(default_factory=dict)
    conflicts: list[str] = field(default_factory=list)

    def add(self, kind: str, created: int, updated: int, unchanged: int) -> None:
        """Count one kind's objects."""
        now = self.counts.setdefault(kind, [0, 0, 0])
        for at, n in enumerate((created, updated, unchanged)):
            now[at] += n

    def totals(self) -> tuple[int, int, int]:
        """Created, updated and unchanged over every kind."""
        c, u, n = (sum(v[i] for v in self.counts.values()) for i in range(3))
        return c, u, n

    def check(self) -> None:
        """Raise the first conflict, naming the object, as bad input."""
        if self.conflicts:
            more = len(self.conflicts) - 1
            extra = f" (and {more} more)" if more else ""
            raise InputError("--url", None, f"{self.conflicts[0]}{extra}")

    def owns(self, row: Row) -> bool:
        """Whether an object read from the product carries rackbom's tag."""
        return self.tag is not None and any(plain(t) == self.tag for t in row.get("tags") or ())

    def conflict(self, kind: str, name: str) -> None:
        """Note an object of `name` that rackbom did not make and would have to change."""
        self.conflicts.append(f"{kind} {name!r} exists in {self.product}, not made by rackbom")

    def lines(self, system: str, api: RestApi[Any], scoped: str, dry_run: bool) -> list[str]:
        """The report: a dry run's counts per kind, then one line of the totals."""
        created, updated, unchanged = self.totals()
        where = f"{system} to {api.product} {api.version} at {api.url}"
        if not dry_run:
            counts = f"created {created}, updated {updated}, unchanged {unchanged}"
            return [f"pushed {where}: {counts}{scoped}"]
        kinds = [
            f"{kind}: create {c}, update {u}, unchanged {n}"
            for kind, (c, u, n) in self.counts.items()
        ]
        counts = f"would create {created}, would update {updated}, unchanged {unchanged}"
        return [*kinds, f"would push {where}: {counts}{scoped}"]


TEMPLATES = (
    ("dcim/console-port-templates", "console_ports"),
    ("dcim/power-port-templates", "power_ports"),
    ("dcim/power-outlet-templates", "power_outlets"),
    ("dcim/interface-templates", "interfaces"),
    ("dcim/module-bay-templates", "module_bays"),
)
"""Template endpoints and the device type's field, in the order they are made (outlets name
their power port)."""


def template_wants(
    types: Iterable[DeviceType],
    section: str,
    ids: Mapping[str, Hashable],
    unset: Row,
    port: tuple[str, Mapping[Any, Hashable]],
) -> list[Want]:
    """One kind of template of every device type (`section`: `interfaces`, ...), keyed by (device
    type id, name), its fields the export leaves out as `unset`; an outlet's power port under
    the product's field name (`port[0]`), by its id among the ports of the device type
    (`port[1]`)."""
    field_name, ports = port
    wants: list[Want] = []
    for t in types:
        parent = ids.get(t.slug)
        for item in getattr(t, section):
            data = item.data()
            power_port = data.pop("power_port", None)
            body: Row = {"device_type": parent, **unset, **data}
            if power_port is not None:
                body[field_name] = ports.get((parent, power_port))
            key: Hashable = (parent, item.name) if parent else (t.slug, item.name)
            wants.append(Want(key, f"{t.model} {item.name}", body))
    return wants


def plan_then_apply(run: Callable[[Tally], None], product: str, apply: bool) -> Tally:
    """Plan every object with `run` (reads only) and stop on a conflict; then, with `apply` and
    anything to do, run again to write: what was or would be done."""
    planned = Tally(apply=False, product=product)
    run(planned)
    planned.check()
    if not apply or planned.totals()[:2] == (0, 0):
        return planned
    done = Tally(apply=True, product=product)
    run(done)
    done.check()
    return done


def sync(
    api: RestApi[Id] | None,
    tally: Tally,
    path: str,
    wants: Iterable[Want],
    existing: Mapping[Hashable, Row],
    owned: Callable[[Row], bool] | None = None,
    shared: bool = False,
) -> dict[Hashable, Id]:
    """Bring `path`'s objects to `wants`, matched by key with `existing`; the id of each wanted
    object that exists or was created (none created in a plan). An object is rackbom's when
    `owned` says so (by default: when it carries the tag). With `shared`, an object that is not
    rackbom's is used as it is."""
    ours = tally.owns if owned is None else owned
    ids: dict[Hashable, Id] = {}
    create: list[Want] = []
    update: list[Row] = []
    unchanged = 0
    kind = path.split("/")[-1]
    for want in wants:
        row = existing.get(want.key)
        if row is None:
            create.append(want)
            continue
        ids[want.key] = row["id"]
        if same(row, want.body) or (shared and not ours(row)):
            unchanged += 1
        elif ours(row):
            update.append({"id": row["id"], **want.body})
        else:
            tally.conflict(kind, want.name)
    tally.add(kind, len(create), len(update), unchanged)
    if api is not None and tally.apply and not tally.conflicts:
        made = api.create(path, [w.body for w in create])
        ids.update({w.key: i for w, i in zip(create, made, strict=True)})
        api.update(path, update)
    return ids


def with_tag(body: Row, tally: Tally) -> Row:
    """A body that tags the object as rackbom's (in a plan, before the tag exists, unchanged)."""
    return body if tally.tag is None else {**body, "tags": [tally.tag]}


def keyed(rows: Iterable[Row], key: Callable[[Row], Any]) -> dict[Hashable, Row]:
    """Objects read from the product by their key."""
    return {key(r): r for r in rows}


def groups(placed: Iterator[Placed]) -> Iterator[list[Placed]]:
    """Racks a group at a time."""
    while group := list(islice(placed, RACKS_AT_ONCE)):
        yield group


def _draws(data: Row | None) -> Row:
    """A device's own draws on one port, without the names that key it."""
    return {} if data is None else {k: v for k, v in data.items() if k.endswith("_draw")}


def power_port_wants(group: list[Placed], existing: Mapping[Hashable, Row]) -> list[Want]:
    """The group's devices' power ports that the product holds (keyed by device and port name),
    as their device types give them now with the devices' own draws: the product makes a
    device's components from the templates once, so a changed draw is carried to the devices."""
    unset: Row = {"maximum_draw": None, "allocated_draw": None}
    own = {(w.device, w.name): w.data() for p in group for w in p.draws}
    return [
        Want(
            (d.name, port.name),
            f"{d.name} {port.name}",
            {**unset, **port.data(), **_draws(own.get((d.name, port.name)))},
        )
        for p in group
        for d in p.devices
        for port in d.device_type.power_ports
        if (d.name, port.name) in existing
    ]


End = tuple[str, str, str]
"""A cable's end as rackbom names it: (component kind, device or power panel name, component
name)."""


def sync_cables(
    api: RestApi[Id],
    tally: Tally,
    cables: Iterable[tuple[list[End], Row, str]],
    rows: dict[Id, Row],
    ends_of: Callable[[Row], Iterable[End]],
    components: Mapping[End, tuple[Id | None, Id | None]],
    terminations: Callable[[list[End]], Row],
) -> None:
    """Cables (their ends, A first, the fields to write, a name) brought to the product's
    `rows`, each keyed by its ends (`ends_of` names a row's as rackbom does; `components` holds
    each end's id and its cable's; `terminations` is the product's form of a cable's ends): a
    stale cable of rackbom's on a wanted end is removed; another's is a conflict."""
    existing: dict[Hashable, Row] = {frozenset(ends_of(r)): r for r in rows.values()}
    wants: list[Want] = []
    stale: set[Id] = set()
    for ends, fields, name in cables:
        key: Hashable = frozenset(ends)
        if key not in existing:
            for end in ends:
                held = components.get(end, (None, None))[1]
                if held is not None and held in rows and tally.owns(rows[held]):
                    stale.add(held)
                elif held is not None:
                    where = f"{end[2]} of {end[1]}"
                    tally.conflicts.append(f"{where} is cabled in {tally.product}, not by rackbom")
        wants.append(Want(key, name, with_tag({**terminations(ends), **fields}, tally)))
    if tally.apply and stale and not tally.conflicts:
        api.delete("dcim/cables", sorted(stale))
    sync(api, tally, "dcim/cables", wants, existing)
