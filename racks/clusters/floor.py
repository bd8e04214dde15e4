"""The floor layout: where racks and network racks stand, and how long each link runs.

Racks fill rows of `racks_per_row` in order. Each row's leaves stand in its network racks, at the
row's end or in its middle; the upper tiers stand in a core block one aisle past the row ends,
level with the middle row. A link runs up to the cable tray, along it at right angles (along the
row, then across rows) and down: `|dx| + |dy| + 2 * rise + slack`. Links inside the core block
take the mean distance between two points of the block, a third of its width plus depth.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace

from ...components.records import record
from .campus import CampusLayout
from .cluster_spec import FloorSpec

Lengths = tuple[tuple[float, int], ...]
"""(length in metres, links of that length), shortest first."""


@record
class NetworkSpace:
    """What the network racks hold: switch heights and how many units one network rack has."""

    rack_width_m: float
    rack_units: int
    leaf_units: int
    upper_units: int


@record
class FloorLayout:
    """Rows of racks with their network racks, the core block, and link lengths per tier."""

    rows: tuple[int, ...]
    """Compute racks in each row."""
    row_network_racks: tuple[int, ...]
    core_racks: int
    core_rows: int
    rack_pitch_m: float
    row_pitch_m: float
    network_rack_width_m: float
    network_position: str
    lengths: tuple[Lengths, ...]
    """Per tier, leaves first: the lengths of the links into that tier."""
    row_links: tuple[tuple[int, int], ...]
    """Per row: links from its racks to its leaves, and from its leaves up to the core."""
    halls: int = 1
    campus_length_m: float = 0.0
    """Several halls: the campus they stand on (0 for one hall)."""
    campus_width_m: float = 0.0
    campus: CampusLayout | None = None
    """Several buildings: where they stand (None for one building)."""

    @property
    def buildings(self) -> int:
        """Buildings the halls stand in."""
        return 1 if self.campus is None else self.campus.buildings

    @property
    def row_length_m(self) -> float:
        """The longest row, network racks included."""
        return max(
            n * self.rack_pitch_m + k * self.network_rack_width_m
            for n, k in zip(self.rows, self.row_network_racks, strict=True)
        )

    def _gap(self, row: int) -> int:
        """Racks before the row's network racks."""
        in_row = self.rows[row]
        return in_row if self.network_position == "end" else (in_row + 1) // 2

    def rack_x(self, position: int, row: int) -> float:
        """How far along its row the middle of a compute rack stands."""
        shift = self.row_network_racks[row] * self.network_rack_width_m
        return (position + 0.5) * self.rack_pitch_m + (shift if position >= self._gap(row) else 0.0)

    def network_x(self, row: int) -> float:
        """How far along its row the middle of its network racks stands."""
        width = self.row_network_racks[row] * self.network_rack_width_m
        return self._gap(row) * self.rack_pitch_m + width / 2

    def rack_length_m(self, row: int, position: int, ends_m: float) -> float:
        """A compute rack's links to its row's network racks, with `ends_m` (rises, slack)."""
        return round(abs(self.rack_x(position, row) - self.network_x(row)) + ends_m, 2)


def lay_out(
    floor: FloorSpec,
    rack_pitch_m: float,
    endpoints_per_rack: list[int],
    leaves: int,
    links_per_tier: list[int],
    upper_switches: int,
    space: NetworkSpace,
) -> FloorLayout:
    """Place the racks and measure every link, by counts."""
    per_row = floor.racks_per_row
    racks = len(endpoints_per_rack)
    rows = tuple(min(per_row, racks - start) for start in range(0, racks, per_row))
    row_endpoints = [
        sum(endpoints_per_rack[start : start + per_row]) for start in range(0, racks, per_row)
    ]
    total = sum(row_endpoints)
    row_leaves = [math.ceil(leaves * e / total) if total else 0 for e in row_endpoints]
    row_net = tuple(max(1, math.ceil(n * space.leaf_units / space.rack_units)) for n in row_leaves)
    core_racks = max(1, math.ceil(upper_switches * space.upper_units / space.rack_units))
    core_cols, core_rows = min(core_racks, per_row), math.ceil(core_racks / per_row)
    ends = floor.ends_m
    net_w = space.rack_width_m
    layout = FloorLayout(
        rows=rows,
        row_network_racks=row_net,
        core_racks=core_racks,
        core_rows=core_rows,
        rack_pitch_m=rack_pitch_m,
        row_pitch_m=floor.row_pitch_m,
        network_rack_width_m=net_w,
        network_position=floor.network_racks,
        lengths=(),
        row_links=(),
    )
    tier1: Counter[float] = Counter()
    for index, count in enumerate(endpoints_per_rack):
        if count:
            row, position = divmod(index, per_row)
            tier1[layout.rack_length_m(row, position, ends)] += count
    lengths: list[Lengths] = [tuple(sorted(tier1.items()))]
    core_x = per_row * rack_pitch_m + max(row_net) * net_w + floor.row_pitch_m
    core_x += core_cols * net_w / 2
    core_y = (len(rows) - 1) * floor.row_pitch_m / 2
    shares = _shares(links_per_tier[1], row_endpoints) if len(links_per_tier) > 1 else []
    if shares:
        tier2: Counter[float] = Counter()
        for row, links in enumerate(shares):
            if links:
                dx = abs(core_x - layout.network_x(row))
                dy = abs(row * floor.row_pitch_m - core_y)
                tier2[round(dx + dy + ends, 2)] += links
        lengths.append(tuple(sorted(tier2.items())))
    if len(links_per_tier) > 2:
        inside = (core_cols * net_w + core_rows * floor.row_pitch_m) / 3
        lengths.append(((round(inside + ends, 2), links_per_tier[2]),))
    row_links = tuple(zip(row_endpoints, shares or [0] * len(rows), strict=True))
    return replace(layout, lengths=tuple(lengths), row_links=row_links)


def _shares(links: int, weights: list[int]) -> list[int]:
    """`links` split in proportion to `weights`, by largest remainder (they add up exactly)."""
    total = sum(weights)
    exact = [links * w / total for w in weights]
    out = [math.floor(x) for x in exact]
    order = sorted(range(len(weights)), key=lambda i: out[i] - exact[i])
    for i in order[: links - sum(out)]:
        out[i] += 1
    return out
