"""Optics and cables by reach: each link gets the cheapest kind of cable that reaches it.

Kinds are tried in the order DAC, AEC, AOC, fibre, and within a kind the shortest cable at least
as long as the link. A fibre needs a transceiver at each end: at a NIC one at the NIC's speed
(shared by the planes its port splits into), at a switch one at the cage's speed (shared by the
links the cage breaks out to). Lane counts match: a NIC end has the lanes of its share of the cage
(a 1.6T cage of 8 lanes splits into 2 x 4). One physical cable runs from one connector of the
end whose connector carries more links and fans out to one far end per link, so a breakout cable
is counted once; a twin-port module has two connectors, each its own port and cable.

A cable with its own ends (copper or active optical) joins one cage to one cage, or is a catalogue
breakout whose head's links fan out to as many cages (`Cable.joins`): a cage whose links go to
several switches (a NIC port split across planes, a switch cage broken out to several NICs) takes
such a breakout or optics, never two cables in one cage.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable

from ...components.cabling import Cable, Transceiver
from ...components.catalogue import Catalogue
from ...components.errors import InputError
from ...components.network_profiles import NetworkProfile
from ...components.records import record
from .cages import CageRun

KIND_ORDER = ("dac", "aec", "aoc", "fibre")


def cable_preference(cable: Cable) -> tuple[int, float, str]:
    """The order a link's cable is chosen in among those that reach: by kind (`KIND_ORDER`),
    then the shortest, then by id."""
    return (KIND_ORDER.index(cable.cable_type), cable.length_m, cable.id)


@record
class LinkEnd:
    """One end of a tier's links: the module's speed and lanes, and the links sharing it."""

    module_gbps: float
    lanes: int
    links_per_module: int


@record
class TierLinkParts:
    """Cables and transceivers of one tier's links, by part id."""

    cables: dict[str, int]
    transceivers: dict[str, int]


@record
class LinkChooser:
    """The profile's cables and optics, and where errors point."""

    catalogue: Catalogue
    profile: NetworkProfile
    file: str | None

    def choose(
        self, role: str, runs: Iterable[CageRun], gbps: float, ends: tuple[LinkEnd, LinkEnd]
    ) -> TierLinkParts:
        """Cables and transceivers for links of `gbps` held by these cages: a cage's legs ride
        as many cables as its length's cable carries legs (`legs_per_cable`)."""
        cables: Counter[str] = Counter()
        modules: Counter[tuple[str, int]] = Counter()
        for run in runs:
            cable = self._cable(role, run.length_m, gbps, ends)
            pair = self.modules_for(cable, run.length_m, ends)
            cables[cable.id] += run.cables(legs_per_cable(ends, pair))
            for end, module in zip(ends, pair, strict=True):
                if module is not None:
                    modules[(module.id, end.links_per_module)] += run.links
        optics: Counter[str] = Counter()
        for (module_id, per), links in modules.items():
            optics[module_id] += math.ceil(links / per)
        return TierLinkParts(dict(sorted(cables.items())), dict(sorted(optics.items())))

    def cable_for(
        self, role: str, length: float, gbps: float, ends: tuple[LinkEnd, LinkEnd]
    ) -> Cable:
        """The cable one link of `gbps` and `length` gets (the rule `choose` counts by)."""
        return self._cable(role, length, gbps, ends)

    def modules_for(
        self, cable: Cable, length: float, ends: tuple[LinkEnd, LinkEnd]
    ) -> tuple[Transceiver | None, Transceiver | None]:
        """The transceivers at the two ends of a link on `cable`: none where it needs none."""
        if not cable.needs_transceivers:
            return None, None
        return self._module(length, ends[0]), self._module(length, ends[1])

    def _cable(self, role: str, length: float, gbps: float, ends: tuple[LinkEnd, LinkEnd]) -> Cable:
        cages = (ends[0].links_per_module, ends[1].links_per_module)
        usable = [
            c
            for c in (self.catalogue.part(i, Cable) for i in self.profile.cables)
            if (c.max_gbps is None or c.max_gbps >= gbps) and c.joins(cages)
        ]
        fits = [c for c in usable if c.length_m >= length]
        if not fits:
            longest = max((c.length_m for c in usable), default=0)
            raise InputError(
                self.file,
                "floor",
                f"{role} links of {length:g} m are longer than any {gbps:g}G cable of profile "
                f"{self.profile.id} (longest {longest:g} m)",
            )
        return min(fits, key=cable_preference)

    def reach(self, end: LinkEnd) -> float:
        """The longest reach of the profile's optics that fit `end` (0 where none does)."""
        return max((t.reach_m for t in self._fitting(end)), default=0.0)

    def _fitting(self, end: LinkEnd) -> list[Transceiver]:
        """The profile's optics of the end's speed and lanes, a port for each of its links."""
        return [
            t
            for t in (self.catalogue.part(i, Transceiver) for i in self.profile.transceivers)
            if t.port_gbps == end.module_gbps
            and t.lanes == end.lanes
            and end.links_per_module % t.connectors == 0
        ]

    def _module(self, length: float, end: LinkEnd) -> Transceiver:
        fits = [t for t in self._fitting(end) if t.reach_m >= length]
        if not fits:
            raise InputError(
                self.file,
                "profile",
                f"profile {self.profile.id} has no {end.module_gbps:g}G transceiver of "
                f"{end.lanes} lanes reaching {length:g} m with a port for each of its "
                f"{end.links_per_module} link(s) (a twin-port module is two ports)",
            )
        return min(fits, key=lambda t: (math.inf if t.price_usd is None else t.price_usd, t.id))


def legs_per_cable(
    ends: tuple[LinkEnd, LinkEnd], modules: tuple[Transceiver | None, Transceiver | None]
) -> int:
    """Links one physical cable carries: those behind one connector of the busier end. Copper
    and active optical cables plug into the cage itself: one link, or a breakout's legs."""
    return max(
        end.links_per_module // (module.connectors if module else 1)
        for end, module in zip(ends, modules, strict=True)
    )
