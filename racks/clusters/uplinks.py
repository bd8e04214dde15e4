"""How each tier's links spread in one plane, by counts, building by building.

Leaves fill each building rail by rail, as sizing fills them (`clusters/sizing.py`); a leaf's
uplinks follow its downlinks. A three-tier building's leaves form pods of `d2` leaves, each pod's
uplinks spread over its own spines; a building's top tier takes that building's uplinks. Where
the cluster spans buildings, the buildings' top switches (each with the downlinks the even spread
gives it) send their uplinks to the campus tier, spread over all of its switches.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from itertools import accumulate

from ...components.records import record
from .sizing import leaf_count, pod_spines, uplinks_in_proportion


@record
class Spread:
    """The links into one tier of a plane: each lower switch's uplinks in order, and the groups
    of lower switches (first, count) whose uplinks spread over their own upper switches."""

    tier: int
    ups: tuple[int, ...]
    groups: tuple[tuple[int, int], ...]
    uppers: tuple[int, ...]
    """Upper switches of each group, numbered group after group."""


@record
class PlaneShape:
    """One plane of a fabric by counts: NIC ports per building and each tier's switch ports."""

    building_ports: tuple[int, ...]
    rails: int
    radix: int
    downs: tuple[int, ...]
    """Ports facing down of each tier's switches, leaves first (a campus tier last)."""
    tiers: int
    """Tiers in a building."""

    @property
    def campus(self) -> bool:
        """Whether a campus tier joins the buildings."""
        return len(self.downs) > self.tiers

    def leaves(self) -> list[int]:
        """Leaves of each building: its rails' ports over a leaf's downlinks, rounded up."""
        return [leaf_count(p, self.downs[0], self.rails) for p in self.building_ports]

    def leaf_bases(self) -> list[int]:
        """The first leaf of each building."""
        return [0, *accumulate(self.leaves())][:-1]

    def spreads(self) -> list[Spread]:
        """The links into each tier above the leaves, tier by tier."""
        if self.tiers == 1:
            return []
        leaf_ups = self._leaf_ups()
        if self.tiers == 2:
            out = [self._building_top(2, leaf_ups)]
        else:
            pods = self._pods(leaf_ups)
            out = [pods, self._building_top(3, self._spine_ups(pods, leaf_ups))]
        if self.campus:
            out.append(self._campus(out[-1]))
        return out

    def _uplinks(self, tier: int, down: int) -> int:
        """Uplinks of a switch of `tier` using `down` of its downlinks: in proportion."""
        full = self.downs[tier - 1]
        return uplinks_in_proportion(down, full, self.radix - full)

    def _leaf_ups(self) -> list[list[int]]:
        rails, down = max(1, self.rails), self.downs[0]
        out = []
        for ports, leaves in zip(self.building_ports, self.leaves(), strict=True):
            per_rail = ports // rails
            used = [min(down, per_rail - (leaf // rails) * down) for leaf in range(leaves)]
            out.append([self._uplinks(1, u) for u in used])
        return out

    def _pods(self, leaf_ups: list[list[int]]) -> Spread:
        """Each building's leaves in pods of `d2`, each pod's spines as sizing trims them."""
        per_pod = self.downs[1]
        groups, spines = [], []
        for base, ups in zip(self.leaf_bases(), leaf_ups, strict=True):
            for start in range(0, len(ups), per_pod):
                pod = ups[start : start + per_pod]
                groups.append((base + start, len(pod)))
                spines.append(pod_spines(sum(pod), max(pod), per_pod))
        flat = tuple(u for ups in leaf_ups for u in ups)
        return Spread(2, flat, tuple(groups), tuple(spines))

    def _spine_ups(self, pods: Spread, leaf_ups: list[list[int]]) -> list[list[int]]:
        """Each building's spines' uplinks: a pod's uplinks spread evenly over its spines."""
        out: list[list[int]] = []
        bases = self.leaf_bases()
        for base, ups in zip(bases, leaf_ups, strict=True):
            building: list[int] = []
            for (first, count), spines in zip(pods.groups, pods.uppers, strict=True):
                if base <= first < base + len(ups):
                    total = sum(ups[first - base : first - base + count])
                    building += _even(total, spines, lambda d: self._uplinks(2, d))
            out.append(building)
        return out

    def _building_top(self, tier: int, ups: list[list[int]]) -> Spread:
        """Each building's lower switches spread over the building's own top switches."""
        bases = [0, *accumulate(len(u) for u in ups)][:-1]
        groups = tuple(zip(bases, (len(u) for u in ups), strict=True))
        uppers = tuple(math.ceil(sum(u) / self.downs[tier - 1]) for u in ups)
        return Spread(tier, tuple(x for u in ups for x in u), groups, uppers)

    def _campus(self, top: Spread) -> Spread:
        """The buildings' top switches, their downlinks spread evenly, up to the campus tier."""
        tier = top.tier
        ups: list[int] = []
        for (first, count), switches in zip(top.groups, top.uppers, strict=True):
            links = sum(top.ups[first : first + count])
            ups += _even(links, switches, lambda d: self._uplinks(tier, d))
        links = sum(ups)
        return Spread(tier + 1, tuple(ups), ((0, len(ups)),), (math.ceil(links / self.radix),))


def _even(links: int, switches: int, up: Callable[[int], int]) -> list[int]:
    """Uplinks of `switches` sharing `links` downlinks evenly, the first ones one more."""
    base, extra = divmod(links, switches)
    return [up(base + (1 if s < extra else 0)) for s in range(switches)]
