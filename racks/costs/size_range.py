"""The cluster sizes a claim stated at no size is evaluated over, and the share it holds at.

The sizes are `STEPS_PER_DOUBLING` log-spaced sizes from `LOW_GPUS` to `HIGH_GPUS`, and for each
fabric tier step of the systems compared that falls in that range (the most GPUs one of their
fabric choices reaches) the step itself and the next GPU past it (rounded up to whole copies of
the design by the cluster model), up to the largest cluster every system compared can network.
Each size counts once and alike: the share is of sizes, not of GPUs.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from ...components.records import record
from .claim_rules import HIGH_GPUS, LOW_GPUS, ROBUST_SHARE, STEPS_PER_DOUBLING

Verdict = Literal["holds", "partly", "misses", "contradicts"]
"""`holds` at every size; `partly` at some; `misses` at none but with the source's sign at some;
`contradicts`: the opposite sign at every size."""


def log_sizes() -> tuple[int, ...]:
    """The log-spaced sizes from `LOW_GPUS` to `HIGH_GPUS`, both included."""
    doublings = (HIGH_GPUS // LOW_GPUS).bit_length() - 1
    count = doublings * STEPS_PER_DOUBLING
    return tuple(round(LOW_GPUS * 2 ** (i / STEPS_PER_DOUBLING)) for i in range(count + 1))


def sweep_sizes(steps: Iterable[int], largest: int) -> tuple[int, ...]:
    """The log-spaced sizes and, for each tier step in range, the step and the size past it; none
    past `largest`, the most GPUs every system compared can network."""
    sizes = set(log_sizes())
    for step in steps:
        if LOW_GPUS <= step <= HIGH_GPUS:
            sizes.update((step, step + 1))
    return tuple(sorted(n for n in sizes if n <= largest))


def verdict(held: Sequence[bool], sign_right: Sequence[bool]) -> Verdict:
    """The verdict over sizes from whether the claim held, and had the right sign, at each."""
    if all(held):
        return "holds"
    if any(held):
        return "partly"
    return "misses" if any(sign_right) else "contradicts"


@record
class DrawShare:
    """A claim over draws of every ranged input: rackbom's figure's 5th and 95th percentiles, the
    share of draws in which the claim holds and in which it has the source's sign, and the
    inputs that drive the figure most."""

    draws: int
    seed: int
    p5: float
    p95: float
    held: float
    sign_right: float
    drivers: tuple[str, ...]


def robustness(result: Verdict, drawn: DrawShare) -> str:
    """The verdict over sizes and draws: `holds across the ranges`, `holds on 40% of draws` or
    `contradicts`."""
    if result == "holds" and drawn.held >= ROBUST_SHARE:
        return "holds across the ranges"
    if result == "contradicts" and 1 - drawn.sign_right >= ROBUST_SHARE:
        return "contradicts"
    return f"holds on {drawn.held * 100:.0f}% of draws"


def verdict_text(result: Verdict, share: float, sizes: int) -> str:
    """The verdict in words: `holds across the range`, `holds on 40% of 30 sizes`, ..."""
    sized = sizes > 0
    if result == "partly":
        return f"holds on {share * 100:.0f}% of {sizes} sizes"
    if result == "holds":
        return "holds across the range" if sized else "holds"
    if result == "misses":
        return "misses at every size" if sized else "misses"
    return "contradicts"
