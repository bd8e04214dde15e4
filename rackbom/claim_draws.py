"""Seed 002's claims over draws of every ranged input, beside the share of sizes: each claim's
systems loaded once, the inputs that move each system found once for every claim it is in."""

from __future__ import annotations

from dataclasses import replace
from functools import cache, partial

from rackbom.components.catalogue import Catalogue
from rackbom.components.cost_inputs import TcoProfile
from rackbom.racks.costs.reproduction import SIZE_FREE, Claim, ClaimResult
from rackbom.racks.costs.size_range import DrawShare
from rackbom.racks.uncertainty.claims import DesignMeasure, cost_share, design_share
from rackbom.racks.uncertainty.compare import Side, side_effects
from rackbom.racks.uncertainty.effects import Effect

from .cluster_model import Cluster, load_cluster
from .design import Design


def with_draws(
    results: tuple[ClaimResult, ...], profile: TcoProfile, draws: int, seed: int
) -> tuple[ClaimResult, ...]:
    """Each claim's result with its share of `draws` draws (seeded by `seed`)."""
    out = []
    for result in results:
        claim = result.claim
        names = [s for s in (claim.subject, claim.comparator) if s is not None]
        if claim.size_free:
            found = _design_share(claim, [load_cluster(n) for n in names], draws, seed)
        else:
            found = cost_share(claim, [_moving(n) for n in names], profile, draws, seed)
        out.append(replace(result, draws=found))
    return tuple(out)


@cache
def _moving(cluster: str) -> tuple[Side, tuple[Effect, ...]]:
    """A built-in cluster and the ranged inputs that move it, found once per process."""
    side = load_cluster(cluster).uncertainty_side()
    return side, side_effects(side)


def _design_share(claim: Claim, clusters: list[Cluster], draws: int, seed: int) -> DrawShare:
    sides = [c.design.uncertainty_side() for c in clusters]
    measures = [
        DesignMeasure(partial(_measure, claim, c.design), s.catalogue, s.candidates, s.entries)
        for c, s in zip(clusters, sides, strict=True)
    ]
    return design_share(claim, measures, draws, seed)


def _measure(claim: Claim, design: Design, catalogue: Catalogue) -> float:
    """The claim's figure of `design` re-analysed against `catalogue`."""
    return SIZE_FREE[claim.metric](design.reanalysed(catalogue).analysis)
