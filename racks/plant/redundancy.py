"""Feed and supply redundancy as the parts and the failure model give them, not as a profile asks.

Supplies (a rack busbar's power shelves, a server's PSUs): a group of `s` supplies of `c` W
carrying `L` W needs `n = ceil(L / c)`; it is 2N with `s - n >= n` spares, N+k with `k` spares,
N with none and "below N" where it cannot carry `L`. It is read at the nominal load, the load the
failure table's shelf failure is judged at (so a group shown N or below N is one whose single
failure the table shows stopping GPUs), and again at the IT peak; the worst group of the design
gives each label, and a group whose supplies cannot carry the peak is named with both figures.
Feeds: the profile's scheme (2N, N+1) where losing one side of a rack stops no GPU in the failure
model, else N; "not modelled" for racks with no supplies modelled.
"""

from __future__ import annotations

from ...components.records import record
from ...components.rounding import ceil_div
from ..power import redundancy_label
from .failures import DesignFailures
from .rack import RackPlant, SupplyGroup


@record
class Redundancy:
    """What the feeds and supplies carry through, as built."""

    feeds: str
    supplies: str
    """At the nominal load."""
    supplies_at_peak: str
    short_at_peak: tuple[str, ...]
    """Supply groups whose supplies cannot carry their IT peak, each with its figures."""

    @property
    def text(self) -> str:
        """The labels as a header shows them: 'feeds N, power shelves or PSUs N+1 (N at peak)'."""
        words = f"feeds {self.feeds}, power shelves or PSUs {self.supplies}"
        if self.supplies_at_peak != self.supplies:
            words += f" ({self.supplies_at_peak} at peak)"
        if self.short_at_peak:
            words += f", cannot carry the IT peak: {'; '.join(self.short_at_peak)}"
        return words


def redundancy_of(scheme: str, model: DesignFailures, racks: list[RackPlant]) -> Redundancy:
    """The feeds' and supplies' redundancy of a design's racks under a profile's `scheme`."""
    groups = [g for r in racks for g in r.groups]
    side_lost = model.worst(model.feed_failures())
    feeds = scheme if side_lost is None or side_lost.gpus_lost == 0 else "N"
    if not groups:
        feeds = "not modelled"
    short = tuple(
        f"{g.name} {g.supplies} x {g.supply_w / 1000:,.1f} kW for {g.peak_w / 1000:,.1f} kW"
        for g in groups
        if g.supplies < ceil_div(g.peak_w, g.supply_w)
    )
    return Redundancy(
        feeds=feeds,
        supplies=_worst(groups, nominal=True),
        supplies_at_peak=_worst(groups, nominal=False),
        short_at_peak=tuple(dict.fromkeys(short)),
    )


def _worst(groups: list[SupplyGroup], nominal: bool) -> str:
    if not groups:
        return "none"
    needs = [(g.supplies, ceil_div(g.load_w if nominal else g.peak_w, g.supply_w)) for g in groups]
    return redundancy_label(*min(needs, key=_rank))


def _rank(units_needed: tuple[int, int]) -> tuple[int, int]:
    """Worst first: below N, N, N+k (fewest spares first), 2N."""
    units, needed = units_needed
    spare = units - needed
    return (-1 if spare < 0 else 0 if spare == 0 else 2 if spare >= needed else 1), spare
