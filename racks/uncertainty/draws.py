"""Draws of each ranged input from its distribution, reproducible for a seed.

Each input has its own stream, seeded by the run's seed and what the input states (its field,
value, range, distribution and the sources of its ends), never by the id of the part it belongs
to: an input's draws do not depend on which other inputs a comparison varies, both sides of a
comparison read the same row for an input they share, and a renamed copy draws as its original.
Two inputs that state the same figure with the same range from the same sources are one
uncertain quantity and take the same draws.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from ...components.ranges import Range
from .inputs import UncertainInput

Array = NDArray[np.float64]
REPRODUCE_DRAWS = 2_000
"""Draws per claim: a share of draws then moves by at most about a percentage point from seed to
seed (binomial error sqrt(p(1-p)/n) <= 0.011), and every claim takes a fraction of a second."""
REPRODUCE_SEED = 0


def draw(inputs: Sequence[UncertainInput], draws: int, seed: int) -> Array:
    """One row of `draws` values per input, in the order given."""
    out = np.empty((len(inputs), draws))
    for row, item in enumerate(inputs):
        rng = np.random.default_rng([seed, zlib.crc32(stream_key(item).encode())])
        out[row] = quantiles(item.range, item.value, rng.random(draws))
    return out


def stream_key(item: UncertainInput) -> str:
    """What seeds an input's stream: what it states, not whose it is."""
    r = item.range
    return "|".join(
        map(
            str,
            (
                item.field,
                item.value,
                r.low,
                r.high,
                r.distribution,
                item.low_source,
                item.high_source,
            ),
        )
    )


def quantiles(bounds: Range, value: float, u: Array) -> Array:
    """The values of a range's distribution at cumulative probabilities `u` (its inverse CDF)."""
    low, high = bounds.low, bounds.high
    if high == low:
        return np.full_like(u, low)
    if bounds.distribution == "uniform":
        return low + u * (high - low)
    if bounds.distribution == "loguniform":
        return np.exp(np.log(low) + u * (np.log(high) - np.log(low)))
    mode_share = (value - low) / (high - low)  # triangular, its mode at the value
    below = low + np.sqrt(u * (high - low) * (value - low))
    above = high - np.sqrt((1 - u) * (high - low) * (high - value))
    return np.clip(np.where(u < mode_share, below, above), low, high)  # rounding past an end
