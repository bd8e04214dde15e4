"""Seed 002's claims over draws of every ranged input, beside the share of sizes: each claim's
systems loaded once, the inputs that move each system found once for every claim it is in."""

from __future__ import annotations

from dataclasses import replace
from functools import cache, partial

from rackbom.components.catalogue import Catalogue
from rackbom.components.cost_inputs import TcoProfile
from rackbom.racks.analysis import Analysis
from rackbom.racks.build import build_design
from rackbom.racks.costs.reproduction import SIZE_FREE, Claim, ClaimResult
from rackbom.racks.costs.size_range import DrawShare
from rackbom.racks.uncertainty.claims import cost_share, design_share
from rackbom.racks.uncertainty.compare import Side, side_effects
from rackbom.racks.uncertainty.effects import Effect

from .cluster_model import Cluster, load_cluster
from .design import Design
from .uncertainty_api import built_from, catalogue_of, side_of


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
    loaded = load_cluster(cluster)
    side = side_of(loaded)
    return side, side_effects(side, catalogue_of(loaded))


def _design_share(claim: Claim, clusters: list[Cluster], draws: int, seed: int) -> DrawShare:
    designs = [c.design for c in clusters]
    measures = [(partial(_measure, claim, d), built_from(d)) for d in designs]
    return design_share(claim, measures, catalogue_of(designs[0]), draws, seed)


def _measure(claim: Claim, design: Design, catalogue: Catalogue) -> float:
    """The claim's figure of `design` re-analysed against `catalogue`."""
    built = design.built
    return SIZE_FREE[claim.metric](Analysis(build_design(built.spec, catalogue, built.file)))
