"""The part of a cluster an output covers (`--scope`): a building, a hall, a row or racks.

One grammar for every command: `building=bldg02`, `hall=hall03`, `row=row04`, `rack=NAME` (the
last may repeat). Names are the run list's (`places.py`, `names.py`): rows are numbered over
every hall, so `row04` names one row of the cluster. A campus's core block is the hall `core`
(row `core` of hall01 where one hall holds everything); it stands in a building only where one
building holds every hall. A scope is parsed alone (`parse_scope`) and then bound to a cluster
(`bind_scope`), which checks every name against the floor.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from difflib import get_close_matches
from typing import TYPE_CHECKING, Literal

from ...components.errors import InputError
from ...components.records import record
from .names import rack_name, unit_prefix
from .row import COLUMNS

if TYPE_CHECKING:  # the cluster layer loads only where a scope is bound to a cluster
    from ..clusters.cluster_analysis import ClusterAnalysis
    from ..clusters.floor_index import FloorIndex
    from .network_racks import NetworkRack

Level = Literal["building", "hall", "row", "rack"]
LEVELS: tuple[Level, ...] = ("building", "hall", "row", "rack")
OPTION = "--scope"
NAME_CHARS_MAX = 200
"""Longest name a scope gives: longer than any rack name a design could make."""
CORE = "core"
MISSING_SHOWN = 3
"""Names a scope lacks that its error quotes and finds close matches for (each a search of every
rack of a million-GPU cluster)."""


@record
class Scope:
    """A level and the names at it: one building, hall or row, or one rack or more."""

    level: Level
    names: tuple[str, ...]

    def __str__(self) -> str:
        """`hall02`, `row04`, `core` (a name says its level), `rack NAME`, `racks A, B`."""
        if self.level != "rack":
            return self.names[0]
        noun = "racks" if len(self.names) > 1 else "rack"
        return f"{noun} {', '.join(self.names)}"


def parse_scope(values: Sequence[str]) -> Scope | None:
    """The scope `--scope LEVEL=NAME` values give (None for none); only racks may repeat."""
    if not values:
        return None
    parsed = [_parse_one(v) for v in values]
    levels = {level for level, _ in parsed}
    if len(levels) > 1:
        raise InputError(None, OPTION, f"give one level, not {' and '.join(sorted(levels))}")
    (level,) = levels
    names = tuple(dict.fromkeys(name for _, name in parsed))
    if level != "rack" and len(names) > 1:
        raise InputError(None, OPTION, f"names one {level}; only rack= may repeat")
    return Scope(level, names)


def _parse_one(text: str) -> tuple[Level, str]:
    level, sep, name = text.partition("=")
    if not sep or level not in LEVELS:
        raise InputError(
            None,
            OPTION,
            f"{text[:NAME_CHARS_MAX]!r} is not LEVEL=NAME for a level of "
            f"{', '.join(LEVELS)} (hall=hall02, row=row04)",
        )
    if not name or len(name) > NAME_CHARS_MAX or not name.isprintable() or name != name.strip():
        raise InputError(
            None, OPTION, f"{level}= needs a name of 1 to {NAME_CHARS_MAX} printable characters"
        )
    return level, name


def design_scoped(system_id: str) -> InputError:
    """The error for a scope on a design, which stands in no building, hall or row."""
    return InputError(None, OPTION, f"{system_id} is a design, not a cluster: scope a cluster")


@record
class FloorScope:
    """A scope bound to one cluster: the halls, rows or racks it holds, and the copies of the
    design with a rack in it."""

    scope: Scope
    halls: frozenset[str]
    rows: frozenset[str]
    racks: frozenset[str]
    copies: tuple[int, ...]
    """Copies of the design (from 0) with a compute rack in scope, in order."""

    def holds(self, hall: str, row: str, rack: str) -> bool:
        """Whether a rack standing in `hall` and `row` is in scope."""
        level = self.scope.level
        if level == "rack":
            return rack in self.racks
        if level == "row":
            return row in self.rows
        return hall in self.halls

    def columns(self) -> tuple[int, int, frozenset[str]]:
        """Where a run-list row's ends name this scope's level (the A and Z end's hall, row or
        rack, as `CableRow` indices) and the names in scope: a row's test in one look-up an
        end."""
        field = "hall" if self.scope.level == "building" else self.scope.level
        names = {"hall": self.halls, "row": self.rows, "rack": self.racks}[field]
        return COLUMNS.index(f"a_{field}"), COLUMNS.index(f"z_{field}"), names

    def holds_network(self, rack: NetworkRack) -> bool:
        """Whether a network rack is in scope."""
        return self.holds(rack.hall, rack.row, rack.name)

    def floor_rows(self, cluster: ClusterAnalysis) -> range:
        """The floor rows (from 0) of the halls in scope, which stand one after another."""
        from .places import floor_index, hall_name

        index = floor_index(cluster)
        held = [
            r
            for r in range(len(cluster.floor.rows))
            if hall_name(index.hall_of_row(r)) in self.halls
        ]
        return range(held[0], held[-1] + 1) if held else range(0)

    def copy_racks(self, cluster: ClusterAnalysis, copy: int) -> list[str]:
        """The design racks (by design name) of one copy that are in scope."""
        from .places import floor_index

        return self._copy_racks(cluster, floor_index(cluster), copy)

    def _copy_racks(self, cluster: ClusterAnalysis, index: FloorIndex, copy: int) -> list[str]:
        from .places import copy_floor

        prefix = unit_prefix(cluster.id, cluster.packing.unit_of(copy))
        floor = copy_floor(cluster, index, copy)
        return [
            r.name
            for r, (hall, row) in zip(cluster.rack.design.racks, floor, strict=True)
            if self.holds(hall, row, rack_name(prefix, r.name))
        ]


def bind_scope(
    scope: Scope, cluster: ClusterAnalysis, network: Callable[[], Iterable[NetworkRack]]
) -> FloorScope:
    """The scope on `cluster`'s floor; a name the floor lacks is an InputError with a hint.
    `network` gives the network racks, asked for only where racks are named."""
    from .places import building_name, floor_index, hall_name, row_name

    index = floor_index(cluster)
    floor = cluster.floor
    halls = [hall_name(h) for h in range(floor.halls)]
    rows = [row_name(r) for r in range(len(floor.rows))]
    core = [CORE] if floor.core_racks else []
    if scope.level == "building":
        buildings = index.building_of_hall(floor.halls - 1) + 1
        known = [building_name(b) for b in range(buildings)]
        _check(scope, known, cluster.id)
        (wanted,) = scope.names
        held = {
            h for i, h in enumerate(halls) if building_name(index.building_of_hall(i)) == wanted
        }
        if buildings == 1 and floor.halls > 1:
            held.add(CORE)
        return _bound(scope, cluster, halls=frozenset(held))
    if scope.level == "hall":
        _check(scope, halls + (core if floor.halls > 1 else []), cluster.id)
        return _bound(scope, cluster, halls=frozenset(scope.names))
    if scope.level == "row":
        _check(scope, rows + core, cluster.id)
        return _bound(scope, cluster, rows=frozenset(scope.names))
    names = [*_compute_racks(cluster), *(r.name for r in network())]
    _check(scope, names, cluster.id)
    return _bound(scope, cluster, racks=frozenset(scope.names))


def _bound(
    scope: Scope,
    cluster: ClusterAnalysis,
    halls: frozenset[str] = frozenset(),
    rows: frozenset[str] = frozenset(),
    racks: frozenset[str] = frozenset(),
) -> FloorScope:
    from .places import floor_index

    bound = FloorScope(scope, halls, rows, racks, ())
    index = floor_index(cluster)
    copies = tuple(c for c in range(cluster.copies) if bound._copy_racks(cluster, index, c))
    return FloorScope(scope, halls, rows, racks, copies)


def _compute_racks(cluster: ClusterAnalysis) -> Iterator[str]:
    """Every compute rack's name, floor unit by floor unit."""
    for unit in range(cluster.packing.units):
        prefix = unit_prefix(cluster.id, unit)
        for rack in cluster.rack.design.racks:
            yield rack_name(prefix, rack.name)


def _check(scope: Scope, known: Sequence[str], system_id: str) -> None:
    """Every name the scope gives is among `known`, or an InputError naming close ones."""
    have = set(known)
    missing = [n for n in scope.names if n not in have]
    if not missing:
        return
    shown = missing[:MISSING_SHOWN]
    close = {m for n in shown for m in get_close_matches(n, known, n=3, cutoff=0.6)}
    mean = f" (did you mean {', '.join(sorted(close))}?)" if close else ""
    more = f" and {len(missing) - len(shown):,} more" if len(missing) > len(shown) else ""
    raise InputError(
        None,
        OPTION,
        f"{system_id} has no {scope.level} {', '.join(shown)}{more}{mean}; "
        f"{scope.level}s are named like {_examples(known)}",
    )


def _examples(known: Sequence[str]) -> str:
    """Each kind of name (digits aside) as its first and last: `row01 to row05, core`."""
    kinds: dict[str, list[str]] = {}
    for name in known:
        kinds.setdefault(re.sub(r"\d+", "#", name), []).append(name)
    return ", ".join(
        names[0] if len(names) == 1 else f"{names[0]} to {names[-1]}" for names in kinds.values()
    )
