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

LOW_GPUS = 1024
HIGH_GPUS = 65536
STEPS_PER_DOUBLING = 4
SHARE_RULE = (
    f"sizes: {STEPS_PER_DOUBLING} a doubling from {LOW_GPUS:,} to {HIGH_GPUS:,} GPUs "
    "(log-spaced), plus each fabric tier step of either system compared (the last size its "
    "tiers reach and the next), each size counted once, none past the largest cluster both "
    "systems' network profiles build"
)

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
