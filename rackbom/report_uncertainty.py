"""The comparisons a report or workbook gives with their uncertainty, and which pairs they are.

The pairs are seed 002's (`racks/costs/reproduction.py`) whose two systems are both given; where
none is, the first two designs given and the first two clusters given. Each is drawn
`REPRODUCE_DRAWS` times from seed 0, as `tco --reproduce` draws each claim.
"""

from __future__ import annotations

from collections.abc import Sequence

from rackbom.components.cost_inputs import TcoProfile
from rackbom.racks.costs.reproduction import CLAIMS
from rackbom.racks.uncertainty.claims import REPRODUCE_DRAWS, REPRODUCE_SEED

from .resolve import by_kind
from .system import System
from .uncertainty_api import UncertainComparison, compare_uncertain


def compared_pairs(systems: Sequence[System]) -> list[tuple[System, System]]:
    """Seed 002's pairs among `systems`, in the claims' order; else the first two of each kind."""
    named = {s.id: s for s in systems}
    pairs = dict.fromkeys(
        (c.subject, c.comparator)
        for c in CLAIMS
        if c.comparator is not None and c.subject in named and c.comparator in named
    )
    if pairs:
        return [(named[a], named[b]) for a, b in pairs]
    designs, clusters = by_kind(systems)
    kinds: list[list[System]] = [list(designs), list(clusters)]
    return [(kind[0], kind[1]) for kind in kinds if len(kind) >= 2]


def pair_uncertainty(
    systems: Sequence[System], profile: TcoProfile
) -> tuple[UncertainComparison, ...]:
    """Each compared pair's figures with their uncertainty under `profile`."""
    return tuple(
        compare_uncertain([a, b], REPRODUCE_DRAWS, REPRODUCE_SEED, profile)
        for a, b in compared_pairs(systems)
    )
