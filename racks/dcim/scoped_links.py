"""A scoped plan's scale-out links: per tier, the run list's links with both ends in scope as
one bundle, the links leaving the scope counted (their far devices are not exported), and the
breakout cables the scope splits counted (a product holding one as a single cable takes it whole
or not at all, `cable_legs.kept_legs`)."""

from __future__ import annotations

from collections.abc import Callable

from ...components.records import record
from ..cabling.counts import Tally
from ..cabling.row import CableRow
from ..cabling.runlist import RunList
from ..cabling.scope import FloorScope
from .breakouts import cables_of
from .dcim_model import CableBundle
from .placed_racks import BELOW_TIER_1


@record
class ScopedLinks:
    """The bundles of the links inside a scope, the cable legs with one end outside it, and the
    breakout cables with some legs inside it and some not."""

    bundles: tuple[CableBundle, ...]
    left_out: int
    split: int


def inside(scope: FloorScope) -> Callable[[CableRow], bool]:
    """Whether a run-list row has both ends in `scope`."""
    a_end, z_end, names = scope.columns()
    return lambda row: row[a_end] in names and row[z_end] in names


def scoped_links(
    run: RunList, scope: FloorScope, breakout: Callable[[tuple[CableRow, ...]], bool]
) -> ScopedLinks:
    """One pass over the run list's fabric links (tier 1 up), cable by cable: those inside
    `scope` by tier (cables counted by their first leg, transceivers by the BOM's rule), those
    leaving it counted, and the cables `breakout` says the product holds as one whose legs the
    scope splits."""
    tallies: dict[int, Tally] = {}
    lengths: dict[int, tuple[float, float]] = {}
    left_out = split = 0
    a_end, z_end, names = scope.columns()
    for legs in cables_of(run.rows(), run):
        kept = 0
        for row in legs:
            a, z = row[a_end] in names, row[z_end] in names
            if row.tier < 1:  # management: only a link to the aggregation leaves a rack
                left_out += a != z and run.to_aggregation(row)
                continue
            if a != z:
                left_out += 1
            if not (a and z):
                continue
            kept += 1
            tallies.setdefault(row.tier, Tally(run.ends)).add(row)
            low, high = lengths.get(row.tier, (row.run_m, row.run_m))
            lengths[row.tier] = (min(low, row.run_m), max(high, row.run_m))
        split += 0 < kept < len(legs) and breakout(legs)
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
    return ScopedLinks(bundles, left_out, split)
