"""Fat-tree sizing by counts: switches per tier, ports used per switch, links between tiers.

Switches of a tier that use their ports alike form one `SwitchGroup`; a tier is a handful of
groups, so a 100,000-GPU fabric is sized without a node per switch.

- Leaves: `down = floor(k * r / (r + 1))` ports face the endpoints and `k - down` face up, for
  radix `k` and oversubscription `r` (downlinks per uplink). A leaf that serves fewer endpoints
  uses uplinks in proportion, rounded up. Rail-optimised fabrics fill leaves rail by rail.
- One tier: a single switch per plane, every port facing the endpoints (at most `k`).
- Two tiers: every leaf links to every spine; spines = uplinks / k, rounded up. At most `k`
  leaves, so at most `k * down` endpoints (k^2/2 at 1:1).
- Three tiers: a pod is `down2` leaves and `up1` spines (each leaf links once to each spine of
  its pod); cores = spine uplinks / k, rounded up. At most `k` pods, so `k * down2 * down1`
  endpoints (k^3/4 at 1:1). A partial pod (the last, with fewer leaves) has only the spines its
  leaves' uplinks fill, `pod_spines`; a leaf then links to a spine more than once.
"""

from __future__ import annotations

import math

from ...components.records import record
from ...components.rounding import TOLERANCE, ceil_div


class FabricTooSmall(ValueError):
    """The tiers cannot reach the endpoints asked for."""


@record
class SwitchGroup:
    """`count` switches, each using `down` ports toward the endpoints and `up` toward the core."""

    count: int
    down: int
    up: int

    @property
    def used(self) -> int:
        """Ports used on each switch."""
        return self.down + self.up


@record
class TierPlan:
    """One tier: its groups and the links from the tier below (or the endpoints) into it."""

    tier: int
    radix: int
    down_ports: int
    groups: tuple[SwitchGroup, ...]
    links_in: int

    @property
    def switches(self) -> int:
        """Switches in the tier."""
        return sum(g.count for g in self.groups)

    @property
    def ports_used(self) -> int:
        """Ports used across the tier."""
        return sum(g.count * g.used for g in self.groups)

    @property
    def ports_total(self) -> int:
        """Ports across the tier."""
        return self.switches * self.radix

    def times(self, planes: int) -> TierPlan:
        """The tier over `planes` identical planes."""
        groups = tuple(SwitchGroup(g.count * planes, g.down, g.up) for g in self.groups)
        return TierPlan(self.tier, self.radix, self.down_ports, groups, self.links_in * planes)

    @property
    def links_up(self) -> int:
        """Links from this tier to the one above."""
        return sum(g.count * g.up for g in self.groups)


def split(ports: int, ratio: float) -> int:
    """Ports facing down on a switch of `ports` with `ratio` downlinks per uplink."""
    return math.floor(ports * ratio / (ratio + 1) + TOLERANCE)


def max_endpoints(radix: int, tiers: int, ratios: tuple[float, ...]) -> int:
    """The most endpoints `tiers` tiers of radix-`radix` switches reach (2(k/2)^t at 1:1)."""
    if tiers == 1:
        return radix
    down1 = split(radix, ratios[0])
    return radix * down1 if tiers == 2 else radix * split(radix, ratios[1]) * down1


def size_fabric(
    endpoints: int, radix: int, tiers: int, ratios: tuple[float, ...], rails: int = 1
) -> list[TierPlan]:
    """Every tier of a fat tree serving `endpoints` (a multiple of `rails`)."""
    if endpoints <= 0:
        raise ValueError("a fabric needs at least one endpoint")
    reach = max_endpoints(radix, tiers, ratios)
    if endpoints > reach:
        raise FabricTooSmall(
            f"{tiers} tiers of {radix}-port switches reach at most {reach:,} endpoints; "
            f"the cluster has {endpoints:,}"
        )
    if tiers == 1:
        return [TierPlan(1, radix, radix, (SwitchGroup(1, endpoints, 0),), endpoints)]
    down1 = split(radix, ratios[0])
    leaves = _fill(endpoints // rails, down1, radix - down1, rails)
    plans = [TierPlan(1, radix, down1, leaves, endpoints)]
    uplinks = plans[0].links_up
    if tiers == 2:
        if sum(g.count for g in leaves) > radix:
            raise FabricTooSmall(
                f"2 tiers of {radix}-port switches link at most {radix} leaves; "
                f"the cluster needs {sum(g.count for g in leaves)}"
            )
        plans.append(TierPlan(2, radix, radix, _top(uplinks, radix), uplinks))
        return plans
    down2 = split(radix, ratios[1])
    pods = _pods(leaves, down2)
    if sum(n for n, _ in pods) > radix:
        raise FabricTooSmall(
            f"3 tiers of {radix}-port switches link at most {radix} pods; "
            f"the cluster needs {sum(n for n, _ in pods)}"
        )
    spines: dict[tuple[int, int], int] = {}
    for pod_count, members in pods:
        pod_up = sum(n * g.up for n, g in members)
        spine_count = pod_spines(pod_up, max(g.up for _, g in members), down2)
        for group in _spread(pod_up, spine_count, down2, radix - down2):
            key = (group.down, group.up)
            spines[key] = spines.get(key, 0) + pod_count * group.count
    spine_groups = tuple(SwitchGroup(n, d, u) for (d, u), n in sorted(spines.items()))
    plans.append(TierPlan(2, radix, down2, spine_groups, uplinks))
    core_links = plans[1].links_up
    plans.append(TierPlan(3, radix, radix, _top(core_links, radix), core_links))
    return plans


def leaf_count(endpoints: int, down: int, rails: int) -> int:
    """Leaves of `down` downlinks serving `endpoints` rail by rail (as `size_fabric` fills them)."""
    rails = max(1, rails)
    return rails * math.ceil(endpoints // rails / down)


def pod_spines(uplinks: int, leaf_up: int, spine_down: int) -> int:
    """Spines of a pod whose leaves have `uplinks` in all, the widest `leaf_up`: one per uplink
    of a leaf in a full pod, only as many as the uplinks fill in a partial one."""
    return min(leaf_up, math.ceil(uplinks / spine_down))


def uplinks_in_proportion(down: int, full_down: int, full_up: int) -> int:
    """Uplinks of a switch using `down` of `full_down` downlinks: in proportion, rounded up."""
    return ceil_div(down * full_up, full_down) if full_down else 0


def _fill(per_rail: int, down: int, up: int, rails: int) -> tuple[SwitchGroup, ...]:
    full, rest = divmod(per_rail, down)
    groups = [SwitchGroup(full * rails, down, up)] if full else []
    if rest:
        groups.append(SwitchGroup(rails, rest, uplinks_in_proportion(rest, down, up)))
    return tuple(groups)


def _top(links: int, radix: int) -> tuple[SwitchGroup, ...]:
    """The top tier: `links / radix` switches, rounded up, the links spread evenly, none up."""
    return _spread(links, math.ceil(links / radix), 0, 0)


def _spread(links: int, switches: int, full_down: int, full_up: int) -> tuple[SwitchGroup, ...]:
    """`links` spread evenly as downlinks over `switches`; uplinks follow the downlinks."""
    base, extra = divmod(links, switches)
    groups = []
    for count, down in ((switches - extra, base), (extra, base + 1)):
        if count:
            groups.append(SwitchGroup(count, down, uplinks_in_proportion(down, full_down, full_up)))
    return tuple(groups)


def _pods(
    leaves: tuple[SwitchGroup, ...], per_pod: int
) -> list[tuple[int, tuple[tuple[int, SwitchGroup], ...]]]:
    """Leaves taken in order into pods of `per_pod`: (pods alike, their leaf groups)."""
    pods: list[tuple[int, tuple[tuple[int, SwitchGroup], ...]]] = []
    current: list[tuple[int, SwitchGroup]] = []
    room = per_pod
    for group in leaves:
        left = group.count
        if current and left:
            take = min(left, room)
            current.append((take, group))
            left -= take
            room -= take
            if room == 0:
                pods.append((1, tuple(current)))
                current, room = [], per_pod
        if left >= per_pod:
            pods.append((left // per_pod, ((per_pod, group),)))
            left %= per_pod
        if left:
            current, room = [(left, group)], per_pod - left
    if current:
        pods.append((1, tuple(current)))
    return pods


def joined(buildings: list[list[TierPlan]], radix: int, ratio: float) -> list[TierPlan]:
    """Buildings' fat trees joined by a campus tier above their top tiers.

    Each building's top tier keeps `split(radix, ratio)` ports toward its building and the rest
    up to the campus (uplinks in proportion to the downlinks used, so the campus tier carries
    `1 / ratio` of the building's upward links); the campus tier is `links / radix` switches,
    every port down, and links at most `radix` buildings (one port of each campus switch each).
    """
    if len(buildings) > radix:
        raise FabricTooSmall(
            f"a campus tier of {radix}-port switches links at most {radix} buildings; "
            f"the cluster has {len(buildings)}"
        )
    down = split(radix, ratio)
    tops = []
    for plans in buildings:
        links = plans[-1].links_in
        groups = _spread(links, math.ceil(links / down), down, radix - down)
        tops.append(TierPlan(plans[-1].tier, radix, down, groups, links))
    tiers = [_summed([plans[t] for plans in buildings]) for t in range(len(buildings[0]) - 1)]
    tiers.append(_summed(tops))
    up = tiers[-1].links_up
    tiers.append(TierPlan(len(tiers) + 1, radix, radix, _top(up, radix), up))
    return tiers


def _summed(plans: list[TierPlan]) -> TierPlan:
    """One tier over several buildings: its switch groups merged by how they use their ports."""
    counts: dict[tuple[int, int], int] = {}
    for plan in plans:
        for g in plan.groups:
            counts[(g.down, g.up)] = counts.get((g.down, g.up), 0) + g.count
    groups = tuple(SwitchGroup(n, d, u) for (d, u), n in sorted(counts.items()))
    first = plans[0]
    return TierPlan(
        first.tier, first.radix, first.down_ports, groups, sum(p.links_in for p in plans)
    )
