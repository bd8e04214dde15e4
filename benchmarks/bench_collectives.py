"""Time a collective sweep on a 100k-GPU cluster: 4 ops x 13 sizes x 10 group sizes.

Run by hand: `python benchmarks/bench_collectives.py [--runs N]`. The cluster is built once
(its analysis is timed by bench_cluster.py); this times the 520 collectives, median in ms.
"""

from __future__ import annotations

import argparse
import statistics
import time

import rackbom as rb
from rackbom.components.collective_data import OPS, collective_data
from rackbom.racks.collectives.collective_model import SWEEP_SIZES, collective
from rackbom.racks.collectives.levels import system_levels


def sweep_ms(design: str, profile: str, gpus: int, runs: int) -> tuple[int, float]:
    """GPUs in the cluster, and the median ms of the whole sweep from its levels on."""
    cluster = rb.cluster(design, gpus=gpus, profile=profile)
    total = cluster.summary.gpus
    groups = [max(2, total * i // 10) for i in range(1, 11)]
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        steps = system_levels(cluster.analysis, collective_data())
        for op in OPS:
            for size in SWEEP_SIZES:
                for group in groups:
                    collective(steps, op, size, group)
        times.append((time.perf_counter() - start) * 1000)
    return total, statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    for design, profile in (("helios", "arista-th6"), ("gb200-nvl72", "nvidia-spectrum-x")):
        total, ms = sweep_ms(design, profile, 100_000, args.runs)
        print(f"{design:12} {total:>7,} GPUs  520 collectives  {ms:8.2f} ms")


if __name__ == "__main__":
    main()
