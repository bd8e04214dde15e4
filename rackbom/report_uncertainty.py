"""The comparisons a report or workbook gives with their uncertainty, and which pairs they are.

The pairs are the first two designs given and the first two clusters given, by the order named and
never by id, so a renamed copy gives the same comparisons (seed 002's pairs are held, with their
draws, by `tco --reproduce`; any other pair by `compare A B --uncertainty`). Each is drawn
`REPRODUCE_DRAWS` times from seed 0, as `tco --reproduce` draws each claim.
"""

from __future__ import annotations

from collections.abc import Sequence

from rackbom.components.cost_inputs import TcoProfile
from rackbom.racks.uncertainty.draws import REPRODUCE_DRAWS, REPRODUCE_SEED

from .resolve import by_kind
from .system import System
from .uncertainty_api import UncertainComparison, compare_uncertain


def compared_pairs(systems: Sequence[System]) -> list[tuple[System, System]]:
    """The first two of each kind among `systems`, designs first."""
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
