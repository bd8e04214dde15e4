"""Clusters larger than a hall: halls in buildings, each building's top tier in its core room.

Racks fill halls of `racks_per_hall` in order; each hall is laid out as one floor (`floor.py`)
with its share of the leaves, the lower tiers' switches and the links. Halls fill buildings of
`halls_per_building` (0: one building holds every hall), each a square grid of halls
`campus_gap_m` apart with the top tier in a core room at its middle, so every link into the top
tier runs from its hall's core block to the building's core room: its in-hall length plus the
hall's distance from the middle along the roads (`|dx| + |dy|`). Halls alike (same racks) are
laid out once. A cluster that fits one hall is laid out exactly as before.

Over several buildings (`campus.py`), a campus tier joins the buildings' top tiers: its switches
spread evenly over the core rooms, so each building's links up go in equal shares to every core
room, each as long as the road between the two plus a run inside a core room.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace

from .campus import CampusLayout, campus_layout
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
    halls_per_building: int = 0,
) -> FloorLayout:
    """The floor of one hall, or of halls around their buildings' core rooms; with
    `halls_per_building`, the last of `links_per_tier` are the campus tier's and
    `top_switches` count the buildings' top tiers and the campus tier."""
    racks = len(endpoints_per_rack)
    if racks <= racks_per_hall:
        return lay_out(
            floor, rack_pitch_m, endpoints_per_rack, leaves, links_per_tier, upper_switches, space
        )
    starts = range(0, racks, racks_per_hall)
    chunks = [endpoints_per_rack[s : s + racks_per_hall] for s in starts]
    weights = [sum(c) for c in chunks]
    in_halls = links_per_tier[:-1] if halls_per_building else links_per_tier
    halls = _halls(
        floor, rack_pitch_m, chunks, leaves, in_halls, upper_switches - top_switches, space
    )
    per_building = halls_per_building or len(halls)
    hall_w = max(h.row_length_m + floor.row_pitch_m for h in halls) + floor.campus_gap_m
    hall_d = max(len(h.rows) * floor.row_pitch_m for h in halls) + floor.campus_gap_m
    cols = math.ceil(math.sqrt(per_building))
    buildings = math.ceil(len(halls) / per_building)
    room = max(1, math.ceil(top_switches * space.upper_units / space.rack_units / buildings))
    layout = replace(
        halls[0],
        rows=tuple(r for h in halls for r in h.rows),
        row_network_racks=tuple(n for h in halls for n in h.row_network_racks),
        core_racks=sum(h.core_racks for h in halls) + buildings * room,
        lengths=_in_buildings(halls, per_building, (hall_w, hall_d), len(in_halls)),
        row_links=tuple(x for h in halls for x in h.row_links),
        halls=len(halls),
        campus_length_m=cols * hall_w,
        campus_width_m=math.ceil(per_building / cols) * hall_d,
    )
    if not halls_per_building:
        return layout
    shares = [sum(weights[b : b + per_building]) for b in range(0, len(halls), per_building)]
    return _on_campus(
        layout, floor, shares, (hall_w, hall_d), per_building, room, links_per_tier[-1]
    )


def _on_campus(
    layout: FloorLayout,
    floor: FloorSpec,
    shares: list[int],
    pitch: tuple[float, float],
    per_building: int,
    room: int,
    links: int,
) -> FloorLayout:
    """The halls' layout with its buildings placed on the campus and the campus tier's lengths
    (`shares`: each building's endpoints, `room`: network racks in each core room)."""
    site = campus_layout(
        len(shares),
        per_building,
        pitch,
        floor.building_mw,
        floor.building_m2_per_mw,
        floor.building_gap_m,
    )
    inside = _core_room_run(floor, room, layout.network_rack_width_m)
    between = _campus_lengths(site, _shares(links, shares), inside)
    return replace(
        layout,
        lengths=(*layout.lengths, between),
        campus_length_m=site.length_m,
        campus_width_m=site.width_m,
        campus=site,
    )


def _in_buildings(
    halls: list[FloorLayout], per_building: int, pitch: tuple[float, float], tiers: int
) -> tuple[Lengths, ...]:
    """Each tier's lengths over the halls, the top tier's lengthened by the road from each
    hall to its building's middle (halls on a square grid of `pitch`)."""
    cols = math.ceil(math.sqrt(per_building))
    rows = math.ceil(per_building / cols)
    centre = ((cols - 1) * pitch[0] / 2, (rows - 1) * pitch[1] / 2)
    counts: list[Counter[float]] = [Counter() for _ in range(tiers)]
    for index, hall in enumerate(halls):
        row, col = divmod(index % per_building, cols)
        road = abs(col * pitch[0] - centre[0]) + abs(row * pitch[1] - centre[1])
        for tier, lengths in enumerate(hall.lengths):
            extra = road if tier == tiers - 1 else 0.0
            for length, count in lengths:
                counts[tier][round(length + extra, 2)] += count
    return tuple(_sorted(c) for c in counts)


def _halls(
    floor: FloorSpec,
    rack_pitch_m: float,
    chunks: list[list[int]],
    leaves: int,
    links_per_tier: list[int],
    upper_switches: int,
    space: NetworkSpace,
) -> list[FloorLayout]:
    """Each hall laid out with its share of the leaves, links and lower switches."""
    weights = [sum(c) for c in chunks]
    hall_leaves = _shares(leaves, weights)
    hall_links = [_shares(n, weights) for n in links_per_tier]
    hall_upper = _shares(upper_switches, weights)
    memo: dict[tuple[object, ...], FloorLayout] = {}
    halls: list[FloorLayout] = []
    for index, chunk in enumerate(chunks):
        links = [hall_links[t][index] for t in range(len(links_per_tier))]
        key = (tuple(chunk), hall_leaves[index], tuple(links), hall_upper[index])
        if key not in memo:
            memo[key] = lay_out(
                floor, rack_pitch_m, chunk, hall_leaves[index], links, hall_upper[index], space
            )
        halls.append(memo[key])
    return halls


def _core_room_run(floor: FloorSpec, racks: int, rack_width_m: float) -> float:
    """A link's run inside a core room of `racks` network racks and up and down at its ends:
    a third of the room's width plus depth, as `floor.py` measures the core block."""
    cols, rows = min(racks, floor.racks_per_row), math.ceil(racks / floor.racks_per_row)
    return (cols * rack_width_m + rows * floor.row_pitch_m) / 3 + 2 * floor.rise_m + floor.slack_m


def _campus_lengths(site: CampusLayout, links: list[int], inside: float) -> Lengths:
    """Each building's links up, in equal shares to every core room, by road."""
    counts: Counter[float] = Counter()
    for building, count in enumerate(links):
        for other, share in enumerate(_shares(count, [1] * site.buildings)):
            if share:
                counts[round(site.road_m(building, other) + inside, 2)] += share
    return _sorted(counts)


def _sorted(counts: Counter[float]) -> Lengths:
    return tuple(sorted(counts.items()))
