"""The algorithms a collective library picks from, each one's modelled time over a system's levels.

Each time = call overhead + latencies + data / achievable bandwidth, as NCCL's own cost model:
- **ring**: one ring through every GPU; across domains the library runs its channels per NIC of
  one host (compute tray or server), so the ring runs at min(scale-up, h x scale-out per GPU),
  h = the host's GPUs x channels per NIC, at most the domain's k; only the steps that cross
  domains pay the network's latency (NCCL's ring model).
- **tree** (all-reduce): double binary trees, 2 log2(n) steps, 2S through each GPU.
- **nvls** (NVLink SHARP, inside one domain): the switch reduces and multicasts; one latency, an
  all-reduce at the interconnect's in-network share of its rate; an all-gather or reduce-scatter
  still receives (n-1)/n S through each GPU's links.
- **nvls_tree** (all-reduce across domains): NVLS inside each domain, trees across domains over
  one host's NICs, the two pipelined; between two domains the tree is one exchange (S over the
  host's NICs), beyond two each NIC carries both halves (2S), as NCCL's model halves its
  inter-node bandwidth past two nodes.
- **collnet** (all-reduce across domains, InfiniBand SHARP): each GPU's S/k share crosses its NIC
  once each way and the switches reduce; NVLS (or a ring) inside, pipelined. NCCL uses it only
  when told to (`by_default` false), so it is chosen only when pinned.
- **hierarchical**: reduce-scatter inside each domain, the collective on S/k across domains over
  every GPU's own NICs, all-gather inside each domain, one after the other. No library runs it
  by default (NCCL's channels cross domains over one host's NICs), so it is chosen only when
  pinned.
- **direct** (all-to-all): every pair at once, each peer at its own cost; traffic leaving the
  domain meets the fabric's oversubscription.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from ...components.records import record
from .levels import Level


@record
class Candidate:
    """One algorithm's modelled time for one collective."""

    algorithm: str
    time_us: float
    bottleneck: str
    by_default: bool = True
    """Whether the library would pick it without being told to."""


def bus_factor(op: str, n: int) -> float:
    """nccl-tests' busbw / algbw for an op on n GPUs."""
    return (2 if op == "all_reduce" else 1) * (n - 1) / n


def candidates(levels: tuple[Level, ...], op: str, size: int, n: int) -> Iterator[Candidate]:
    """Every algorithm the system can run for `op` on `size` bytes over `n` GPUs."""
    first = levels[0]
    if n <= first.span:
        yield from _one_level(first, op, size, n)
    else:
        yield from _two_levels(first, levels[1], op, size, n)


def _us(size: float, gbytes_per_s: float) -> float:
    return size / (gbytes_per_s * 1e3)


def _log2(n: int) -> int:
    return max(1, math.ceil(math.log2(n)))


def _one_level(level: Level, op: str, size: int, n: int) -> Iterator[Candidate]:
    rate, alpha, call = level.gbytes_per_s(n), level.step_us, level.interconnect.call_overhead_us
    factor = bus_factor(op, n)
    if op == "all_to_all":
        peers = (n - 1) * level.interconnect.peer_overhead_us
        yield Candidate("direct", call + alpha + peers + _us(factor * size, rate), level.name)
        return
    steps = (2 if op == "all_reduce" else 1) * (n - 1)
    yield Candidate("ring", call + steps * alpha + _us(factor * size, rate), level.name)
    if op == "all_reduce":
        yield Candidate("tree", call + 2 * _log2(n) * alpha + _us(2 * size, rate), level.name)
    red = level.reduction
    if red is not None:
        data = _us(size, rate * red.share) if op == "all_reduce" else _us(factor * size, rate)
        name = "nvls" if red.kind == "nvls" else "collnet"
        yield Candidate(name, call + red.latency_us + data, level.name, red.by_default)


def _two_levels(up: Level, out: Level, op: str, size: int, n: int) -> Iterator[Candidate]:
    k = up.span
    up_rate, out_rate = up.gbytes_per_s(k), out.gbytes_per_s(n)
    call = max(up.interconnect.call_overhead_us, out.interconnect.call_overhead_us)
    if op == "all_to_all":
        yield _direct(up, out, size, n)
        return
    hosts = out_rate * _host_gpus(up, out)
    ring_rate = min(up_rate, hosts)
    ring_slow = up.name if up_rate <= hosts else out.name
    domains = math.ceil(n / k)
    steps = (2 if op == "all_reduce" else 1) * (n - 1)
    inter = 2 * domains if op == "all_reduce" else domains - 1
    latency = (steps - inter) * up.step_us + inter * out.step_us
    ring = call + latency + _us(bus_factor(op, n) * size, ring_rate)
    yield Candidate("ring", ring, ring_slow)
    if op == "all_reduce":
        alpha = max(up.step_us, out.step_us)
        tree = call + 2 * _log2(n) * alpha + _us(2 * size, ring_rate)
        yield Candidate("tree", tree, ring_slow)
        yield from _in_network(up, out, size, n)
    yield _hierarchical(up, out, op, size, n)


def _host_gpus(up: Level, out: Level) -> int:
    """GPUs whose NICs carry a domain's channels across: the library's channels per NIC of one
    host, at most the whole domain."""
    if not out.host_gpus:
        return up.span
    return min(up.span, out.host_gpus * out.interconnect.channels_per_nic)


def _direct(up: Level, out: Level, size: int, n: int) -> Candidate:
    """All-to-all across domains: each GPU's k-1 peers inside and n-k outside, each at a cost."""
    k = up.span
    call = max(up.interconnect.call_overhead_us, out.interconnect.call_overhead_us)
    inside = _us((k - 1) / n * size, up.gbytes_per_s(k))
    across = _us((n - k) / n * size, out.gbytes_per_s(n) / out.oversubscription)
    peers = (k - 1) * up.interconnect.peer_overhead_us + (n - k) * out.interconnect.peer_overhead_us
    slow = up.name if inside > across else out.name
    return Candidate("direct", call + out.step_us + peers + max(inside, across), slow)


def _in_network(up: Level, out: Level, size: int, n: int) -> Iterator[Candidate]:
    """NVLS-tree and CollNet all-reduce across domains, where the switches reduce."""
    k = up.span
    up_rate, out_rate = up.gbytes_per_s(k), out.gbytes_per_s(n)
    call = max(up.interconnect.call_overhead_us, out.interconnect.call_overhead_us)
    nvls = up.reduction if up.reduction is not None and up.reduction.kind == "nvls" else None
    if nvls is not None:
        inside, inside_lat = _us(size, up_rate * nvls.share), nvls.latency_us
    else:
        inside, inside_lat = _us(2 * (k - 1) / k * size, up_rate), 2 * (k - 1) * up.step_us
    if nvls is not None:
        domains = math.ceil(n / k)
        passes = 1 if domains <= 2 else 2
        across = _us(passes * size, out_rate * _host_gpus(up, out))
        lat = inside_lat + 2 * _log2(domains) * out.step_us
        slow = up.name if inside >= across else out.name
        yield Candidate("nvls_tree", call + lat + max(inside, across), slow)
    sharp = out.reduction
    if sharp is not None and sharp.kind == "sharp":
        across = _us(size / k, out_rate * sharp.share)
        slow = up.name if inside >= across else out.name
        time = call + inside_lat + sharp.latency_us + max(inside, across)
        yield Candidate("collnet", time, slow, sharp.by_default)


def _hierarchical(up: Level, out: Level, op: str, size: int, n: int) -> Candidate:
    """Inside each domain, then across domains on S/k, then inside again, one after another."""
    k = up.span
    domains = math.ceil(n / k)
    up_rate, out_rate = up.gbytes_per_s(k), out.gbytes_per_s(n)
    call = max(up.interconnect.call_overhead_us, out.interconnect.call_overhead_us)
    passes = 2 if op == "all_reduce" else 1
    inside = passes * ((k - 1) * up.step_us + _us((k - 1) / k * size, up_rate))
    across_steps = 2 * _log2(domains) if op == "all_reduce" else domains - 1
    across = across_steps * out.step_us + _us(bus_factor(op, domains) * size / k, out_rate)
    slow = up.name if inside > across else out.name
    return Candidate("hierarchical", call + inside + across, slow, by_default=False)
