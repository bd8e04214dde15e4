"""Clusters larger than a hall: halls on a campus grid, the top tier in a central core.

Racks fill halls of `racks_per_hall` in order; each hall is laid out as one floor (`floor.py`)
with its share of the leaves, the lower tiers' switches and the links. The top tier stands in a
core building at the middle of the campus, so every link into the top tier runs from its hall's
core block to the campus centre: its in-hall length plus the hall's distance from the centre
along the roads (`|dx| + |dy|`). Halls stand on a square grid, `campus_gap_m` apart. Halls alike
(same racks) are laid out once. A cluster that fits one hall is laid out exactly as before.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace

from .cluster_spec import FloorSpec
from .floor import FloorLayout, Lengths, NetworkSpace, _shares, lay_out


def lay_out_halls(
    floor: FloorSpec,
    rack_pitch_m: float,
    endpoints_per_rack: list[int],
    leaves: int,
    links_per_tier: list[int],
    upper_switches: int,
    top_switches: int,
    racks_per_hall: int,
    space: NetworkSpace,
) -> FloorLayout:
    """The floor of one hall, or of several halls around a central core."""
    racks = len(endpoints_per_rack)
    if racks <= racks_per_hall:
        return lay_out(
            floor, rack_pitch_m, endpoints_per_rack, leaves, links_per_tier, upper_switches, space
        )
    starts = range(0, racks, racks_per_hall)
    chunks = [endpoints_per_rack[s : s + racks_per_hall] for s in starts]
    weights = [sum(c) for c in chunks]
    tiers = len(links_per_tier)
    hall_leaves = _shares(leaves, weights)
    hall_links = [_shares(n, weights) for n in links_per_tier]
    hall_upper = _shares(upper_switches - top_switches, weights)
    cols = math.ceil(math.sqrt(len(chunks)))
    memo: dict[tuple[object, ...], FloorLayout] = {}
    halls: list[FloorLayout] = []
    for index, chunk in enumerate(chunks):
        links = [hall_links[t][index] for t in range(tiers)]
        key = (tuple(chunk), hall_leaves[index], tuple(links), hall_upper[index])
        if key not in memo:
            memo[key] = lay_out(
                floor, rack_pitch_m, chunk, hall_leaves[index], links, hall_upper[index], space
            )
        halls.append(memo[key])
    hall_w = max(h.row_length_m + floor.row_pitch_m for h in halls) + floor.campus_gap_m
    hall_d = max(len(h.rows) * floor.row_pitch_m for h in halls) + floor.campus_gap_m
    rows_of_halls = math.ceil(len(halls) / cols)
    centre = ((cols - 1) * hall_w / 2, (rows_of_halls - 1) * hall_d / 2)
    counts: list[Counter[float]] = [Counter() for _ in range(tiers)]
    for index, hall in enumerate(halls):
        row, col = divmod(index, cols)
        campus = abs(col * hall_w - centre[0]) + abs(row * hall_d - centre[1])
        for tier, lengths in enumerate(hall.lengths):
            extra = campus if tier == tiers - 1 else 0.0
            for length, count in lengths:
                counts[tier][round(length + extra, 2)] += count
    core_racks = max(1, math.ceil(top_switches * space.upper_units / space.rack_units))
    first = halls[0]
    return replace(
        first,
        rows=tuple(r for h in halls for r in h.rows),
        row_network_racks=tuple(n for h in halls for n in h.row_network_racks),
        core_racks=sum(h.core_racks for h in halls) + core_racks,
        lengths=tuple(_sorted(c) for c in counts),
        row_links=tuple(x for h in halls for x in h.row_links),
        halls=len(halls),
        campus_length_m=cols * hall_w,
        campus_width_m=rows_of_halls * hall_d,
    )


def _sorted(counts: Counter[float]) -> Lengths:
    return tuple(sorted(counts.items()))
