"""One kind of NetBox object brought to what rackbom wants: created, updated or left unchanged.

An object is rackbom's when it carries the `rackbom` tag (templates: when their device type
does). Another object with the same key is used as it is where it already holds what rackbom
would write, and is a conflict otherwise: rackbom never changes what it did not create. A plan
(`apply=False`) only counts and finds conflicts, so a push checks everything before it writes.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ...components.errors import InputError
from .netbox_api import NetBox, Row, plain

TAG = "rackbom"
"""The tag of every object the push creates."""


@dataclass(frozen=True)
class Want:
    """One object as rackbom wants it: its key among its kind, its name, the fields to write."""

    key: Hashable
    name: str
    body: Row


def tagged(row: Row) -> bool:
    """Whether an object read from NetBox carries rackbom's tag."""
    return any(t.get("slug") == TAG for t in row.get("tags") or ())


UNCOMPARED = frozenset({"tags", "a_terminations", "b_terminations"})
"""Fields not compared: tags, and a cable's ends (its key)."""


def same(row: Row, body: Row) -> bool:
    """Whether an object already holds every field of `body`."""
    return all(plain(row.get(k)) == v for k, v in body.items() if k not in UNCOMPARED)


@dataclass
class Tally:
    """What a push did (or, planned, would do), per kind, and the conflicts it found."""

    apply: bool
    tag: int | None = None
    """The id of rackbom's tag, once NetBox has it."""
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


def sync(
    netbox: NetBox | None,
    tally: Tally,
    path: str,
    wants: Iterable[Want],
    existing: Mapping[Hashable, Row],
    owned: Callable[[Row], bool] = tagged,
    shared: bool = False,
) -> dict[Hashable, int]:
    """Bring `path`'s objects to `wants`, matched by key with `existing`; the id of each wanted
    object that exists or was created (none created in a plan). With `shared`, an object that is
    not rackbom's is used as it is."""
    ids: dict[Hashable, int] = {}
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
        if same(row, want.body) or (shared and not owned(row)):
            unchanged += 1
        elif owned(row):
            update.append({"id": row["id"], **want.body})
        else:
            tally.conflicts.append(f"{kind} {want.name!r} exists in NetBox, not made by rackbom")
    tally.add(kind, len(create), len(update), unchanged)
    if netbox is not None and tally.apply and not tally.conflicts:
        made = netbox.create(path, [w.body for w in create])
        ids.update({w.key: i for w, i in zip(create, made, strict=True)})
        netbox.update(path, update)
    return ids


def with_tag(body: Row, tally: Tally) -> Row:
    """A body that tags the object as rackbom's (in a plan, before the tag exists, unchanged)."""
    return body if tally.tag is None else {**body, "tags": [tally.tag]}


def keyed(rows: Iterable[Row], key: Callable[[Row], Any]) -> dict[Hashable, Row]:
    """Objects read from NetBox by their key."""
    return {key(r): r for r in rows}
