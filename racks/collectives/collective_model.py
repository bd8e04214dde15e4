"""Closed-form collective times over a system's levels, as nccl-tests reports them.

For `bytes` S on n GPUs, algbw = S / time and busbw = algbw x 2(n-1)/n for all-reduce,
x (n-1)/n for all-gather, reduce-scatter and all-to-all (nccl-tests' definitions). S is the
whole buffer: the all-gather's output, the reduce-scatter's input, each GPU's all-to-all send.

Algorithms, each time = call overhead + steps x step latency + data / achievable bandwidth:
- **ring**: one ring through every GPU; across domains each domain's k GPUs each carry a ring
  over their own NICs, so the ring runs at min(scale-up, k x scale-out per GPU).
- **tree** (all-reduce): double binary trees, 2 log2(n) steps, 2S through each GPU.
- **hierarchical**: reduce-scatter inside each domain, the collective on S/k across domains,
  all-gather inside each domain, one after the other.
- **direct** (all-to-all): every pair at once; traffic leaving the domain meets the fabric's
  oversubscription.
The fastest is reported, with the level whose term dominates as the bottleneck.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

from ...components.collective_data import BYTES_MAX, OPS
from ...components.errors import InputError
from .levels import Level

MIB = 2**20
SWEEP_SIZES = tuple(MIB * 2**i for i in range(13))
"""1 MiB to 4 GiB in steps of 2: the 13 sizes of a sweep."""


@dataclass(frozen=True)
class CollectiveResult:
    """One collective: its time and bandwidths, the algorithm chosen and the slowest level."""

    op: str
    bytes: int
    gpus: int
    algorithm: str
    time_us: float
    algbw_gbps: float
    """Algorithm bandwidth, Gbit/s (nccl-tests prints GB/s: divide by 8)."""
    busbw_gbps: float
    """Bus bandwidth, Gbit/s (nccl-tests prints GB/s: divide by 8)."""
    bottleneck: str

    @property
    def busbw_gbytes_per_s(self) -> float:
        """Bus bandwidth in GB/s, as nccl-tests prints it."""
        return self.busbw_gbps / 8


def bus_factor(op: str, n: int) -> float:
    """nccl-tests' busbw / algbw for an op on n GPUs."""
    return (2 if op == "all_reduce" else 1) * (n - 1) / n


def collective(levels: tuple[Level, ...], op: str, size: int, gpus: int) -> CollectiveResult:
    """The fastest modelled algorithm for `op` on `size` bytes over `gpus` GPUs."""
    check(levels, op, size, gpus)
    best = min(_candidates(levels, op, size, gpus), key=lambda c: c[1])
    name, time_us, bottleneck = best
    algbw = size / time_us / 1e3  # GB/s
    return CollectiveResult(
        op=op,
        bytes=size,
        gpus=gpus,
        algorithm=name,
        time_us=time_us,
        algbw_gbps=algbw * 8,
        busbw_gbps=algbw * bus_factor(op, gpus) * 8,
        bottleneck=bottleneck,
    )


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


def _candidates(
    levels: tuple[Level, ...], op: str, size: int, n: int
) -> Iterator[tuple[str, float, str]]:
    first = levels[0]
    if n <= first.span:
        yield from _one_level(first, op, size, n)
    else:
        yield from _two_levels(first, levels[1], op, size, n)


def _us(size: float, gbytes_per_s: float) -> float:
    return size / (gbytes_per_s * 1e3)


def _log2(n: int) -> int:
    return max(1, math.ceil(math.log2(n)))


def _one_level(level: Level, op: str, size: int, n: int) -> Iterator[tuple[str, float, str]]:
    rate, alpha, call = level.gbytes_per_s(n), level.step_us, level.interconnect.call_overhead_us
    factor = bus_factor(op, n)
    if op == "all_to_all":
        yield "direct", call + alpha + _us(factor * size, rate), level.name
        return
    steps = (2 if op == "all_reduce" else 1) * (n - 1)
    yield "ring", call + steps * alpha + _us(factor * size, rate), level.name
    if op == "all_reduce":
        yield "tree", call + 2 * _log2(n) * alpha + _us(2 * size, rate), level.name


def _two_levels(
    up: Level, out: Level, op: str, size: int, n: int
) -> Iterator[tuple[str, float, str]]:
    k = up.span
    domains = math.ceil(n / k)
    up_rate, out_rate = up.gbytes_per_s(k), out.gbytes_per_s(n)
    call = max(up.interconnect.call_overhead_us, out.interconnect.call_overhead_us)
    alpha = max(up.step_us, out.step_us)
    factor = bus_factor(op, n)
    if op == "all_to_all":
        inside = _us((k - 1) / n * size, up_rate)
        across = _us((n - k) / n * size, out_rate / out.oversubscription)
        slow = up.name if inside > across else out.name
        yield "direct", call + out.step_us + max(inside, across), slow
        return
    ring_rate = min(up_rate, k * out_rate)
    ring_slow = up.name if up_rate <= k * out_rate else out.name
    steps = (2 if op == "all_reduce" else 1) * (n - 1)
    yield "ring", call + steps * alpha + _us(factor * size, ring_rate), ring_slow
    if op == "all_reduce":
        tree = call + 2 * _log2(n) * alpha + _us(2 * size, ring_rate)
        yield "tree", tree, ring_slow
    # hierarchical: inside each domain, then across domains on S/k, then inside again
    passes = 2 if op == "all_reduce" else 1
    inside = passes * ((k - 1) * up.step_us + _us((k - 1) / k * size, up_rate))
    across_steps = 2 * _log2(domains) if op == "all_reduce" else domains - 1
    across = across_steps * out.step_us + _us(bus_factor(op, domains) * size / k, out_rate)
    slow = up.name if inside > across else out.name
    yield "hierarchical", call + inside + across, slow
