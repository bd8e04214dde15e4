"""A scoped plan's scale-out links: per tier, the run list's links with both ends in scope as
one bundle, and the links leaving the scope counted (their far devices are not exported)."""

from __future__ import annotations

from dataclasses import dataclass

from ..cabling.counts import Tally
from ..cabling.runlist import RunList
from ..cabling.scope import FloorScope
from .dcim_model import CableBundle
from .placed_racks import BELOW_TIER_1


@dataclass(frozen=True)
class ScopedLinks:
    """The bundles of the links inside a scope, and the cable legs with one end outside it."""

    bundles: tuple[CableBundle, ...]
    left_out: int


def scoped_links(run: RunList, scope: FloorScope) -> ScopedLinks:
    """One pass over the run list's fabric links (tier 1 up): those inside `scope` by tier
    (cables counted by their first leg, transceivers by the BOM's rule), those leaving it
    counted."""
    tallies: dict[int, Tally] = {}
    lengths: dict[int, tuple[float, float]] = {}
    left_out = 0
    a_end, z_end, names = scope.columns()
    for row in run.rows():
        a, z = row[a_end] in names, row[z_end] in names
        if row.tier < 1:  # management: only a link to the aggregation leaves a rack
            left_out += a != z and run.to_aggregation(row)
            continue
        if a != z:
            left_out += 1
        if not (a and z):
            continue
        tallies.setdefault(row.tier, Tally(run.ends)).add(row)
        low, high = lengths.get(row.tier, (row.run_m, row.run_m))
        lengths[row.tier] = (min(low, row.run_m), max(high, row.run_m))
    bundles = tuple(
        CableBundle(
            tier=tier,
            to=run.roles[tier - 1],
            below=BELOW_TIER_1 if tier == 1 else f"tier {tier - 1}",
            links=counts.legs,
            cables=tuple(counts.cables.items()),
            transceivers=tuple(counts.transceivers.items()),
            length_m_min=lengths[tier][0],
            length_m_max=lengths[tier][1],
            comments=(
                f"The links with both ends in {scope.scope}, from the run list (derived); "
                f"{left_out:,} cable legs leaving it are left out, their far devices not "
                "exported; port to port in `rackbom cables CLUSTER --scope ... --netbox FILE`."
            ),
        )
        for tier, counts in ((t, tally.result()) for t, tally in sorted(tallies.items()))
    )
    return ScopedLinks(bundles, left_out)
