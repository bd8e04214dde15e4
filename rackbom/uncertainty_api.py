"""Comparisons with their uncertainty from the facade: `rb.compare([a, b], uncertainty=10_000)`.

Each system is re-analysed against the catalogue with one ranged input at each end of its range
(a cluster's fabric fixed at its base case's choice); see `racks/uncertainty/` for what is drawn
and what is linearised.
"""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

from rackbom.components.cost_inputs import TcoProfile
from rackbom.components.errors import InputError
from rackbom.components.tco_library import profile
from rackbom.racks.uncertainty.compare import Uncertainty, uncertainty

from .components.records import record
from .system import System

DEFAULT_DRAWS = 10_000
"""Draws by default: the 5th and 95th percentiles and a sign share then move by about half a
percentage point from seed to seed (binomial error sqrt(p(1-p)/n) <= 0.005), and two 8k
clusters take about a second."""
MAX_DRAWS = 1_000_000
SEED_MAX = 2**63 - 1


def check_draws(draws: int, option: str = "draws") -> int:
    """`draws` if it is from 1 to `MAX_DRAWS`, else an InputError naming `option`."""
    if isinstance(draws, bool) or not isinstance(draws, int) or not 1 <= draws <= MAX_DRAWS:
        raise InputError(None, option, f"give 1 to {MAX_DRAWS:,} draws, not {draws!r}")
    return draws


def check_seed(seed: object, option: str = "seed") -> int:
    """`seed` as an integer from 0 to 2^63 - 1, else an InputError naming `option`."""
    try:
        value = int(str(seed).strip()) if not isinstance(seed, bool) else -1
    except ValueError:
        value = -1
    if not 0 <= value <= SEED_MAX:
        raise InputError(None, option, f"a seed is an integer from 0 to 2^63 - 1, not {seed!r}")
    return value


@record
class UncertainComparison(Uncertainty):
    """Two systems' figures with their uncertainty; shows as a table in Jupyter."""

    def __repr__(self) -> str:
        return (
            f"<UncertainComparison {self.first} vs {self.second}: {len(self.figures)} figures, "
            f"{self.draws:,} draws over {len(self.inputs)} ranged inputs>"
        )

    def __str__(self) -> str:
        from rackbom.exports.text.uncertainty_text import uncertainty_text

        return uncertainty_text(self)

    def _repr_html_(self) -> str:
        from rackbom.exports.html.uncertainty_section import uncertainty_table

        return uncertainty_table(self)


def compare_uncertain(
    systems: list[System],
    draws: int = DEFAULT_DRAWS,
    seed: int = 0,
    tco_profile: TcoProfile | str | Path | None = None,
) -> UncertainComparison:
    """Two systems' figures with their uncertainty (the first against the second)."""
    if len(systems) != 2:
        raise InputError(None, "uncertainty", f"compares two systems, not {len(systems)}")
    first, second = systems
    found = uncertainty(
        (first.uncertainty_side(), second.uncertainty_side()),
        profile(tco_profile),
        check_draws(draws),
        check_seed(seed),
    )
    return UncertainComparison(**{f.name: getattr(found, f.name) for f in fields(found)})
