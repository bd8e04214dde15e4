"""Closed-form collective times over a system's levels, as nccl-tests reports them.

For `bytes` S on n GPUs, algbw = S / time and busbw = algbw x 2(n-1)/n for all-reduce,
x (n-1)/n for all-gather, reduce-scatter and all-to-all (nccl-tests' definitions). S is the
whole buffer: the all-gather's output, the reduce-scatter's input, each GPU's all-to-all send.
The algorithms are in `algorithms.py`; the library's choice is the fastest of those it uses by
default, or the one pinned, with the level whose term dominates as the bottleneck.
"""

from __future__ import annotations

from ...components.collective_data import ALGORITHMS, BINARY_UNITS, BYTES_MAX, OPS
from ...components.errors import InputError
from .algorithms import Candidate, bus_factor, candidates
from .levels import Level
from .results import CollectiveResult

__all__ = ["SWEEP_SIZES", "bus_factor", "check", "collective"]

SWEEP_SIZES = tuple(BINARY_UNITS["MiB"] * 2**i for i in range(13))
"""1 MiB to 4 GiB in steps of 2: the 13 sizes of a sweep."""


def collective(
    levels: tuple[Level, ...], op: str, size: int, gpus: int, algorithm: str | None = None
) -> CollectiveResult:
    """`op` on `size` bytes over `gpus` GPUs by the algorithm the library would choose (the
    fastest it uses by default), or by `algorithm` where one is pinned."""
    check(levels, op, size, gpus)
    best = min(_allowed(levels, op, size, gpus, algorithm), key=lambda c: c.time_us)
    algbw = size / best.time_us / 1e3  # GB/s
    return CollectiveResult(
        op=op,
        bytes=size,
        gpus=gpus,
        algorithm=best.algorithm,
        time_us=best.time_us,
        algbw_gbps=algbw * 8,
        busbw_gbps=algbw * bus_factor(op, gpus) * 8,
        bottleneck=best.bottleneck,
    )


NEEDS = {
    "ring": "it runs every op but all-to-all",
    "tree": "it runs all-reduce only",
    "nvls": "it runs inside one scale-up domain whose switches reduce (NVSwitch gen 3 and later)",
    "nvls_tree": "it runs all-reduce across scale-up domains whose switches reduce (NVLS)",
    "collnet": "it runs all-reduce across a fabric whose switches reduce (InfiniBand SHARP)",
    "hierarchical": "it runs across scale-up domains, not all-to-all",
    "direct": "it runs all-to-all only",
}
"""Why an algorithm may not run: what it needs."""


def _allowed(
    levels: tuple[Level, ...], op: str, size: int, gpus: int, algorithm: str | None
) -> list[Candidate]:
    found = list(candidates(levels, op, size, gpus))
    if algorithm is None:
        return [c for c in found if c.by_default]
    if algorithm not in ALGORITHMS:
        raise InputError(None, "algorithm", f"{algorithm!r} is not one of {', '.join(ALGORITHMS)}")
    pinned = [c for c in found if c.algorithm == algorithm]
    if not pinned:
        runs = ", ".join(c.algorithm for c in found)
        raise InputError(
            None,
            "algorithm",
            f"{algorithm} cannot run {op} on {gpus:,} GPUs here: {NEEDS[algorithm]}"
            f" (this system runs {runs})",
        )
    return pinned


def check(levels: tuple[Level, ...], op: str, size: int, gpus: int) -> None:
    """Refuse an op not modelled, a size under one byte, a group the system cannot hold."""
    if op not in OPS:
        raise InputError(None, "op", f"{op!r} is not modelled (one of {', '.join(OPS)})")
    if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= BYTES_MAX:
        raise InputError(None, "size", f"must be 1 to {BYTES_MAX:.0e} bytes, not {size!r}")
    if not levels:
        raise InputError(None, "system", "the system has no GPU-to-GPU links to model")
    total = levels[-1].span
    if isinstance(gpus, bool) or not isinstance(gpus, int) or gpus < 2:
        raise InputError(None, "gpus", f"a collective needs 2 GPUs or more, not {gpus!r}")
    if gpus > total:
        raise InputError(None, "gpus", f"{gpus:,} GPUs is more than the system's {total:,}")
