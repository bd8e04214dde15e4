"""Time the plant (feeds, cooling, floor, failure domains) of designs and clusters.

Run by hand: `python benchmarks/bench_plant.py [--runs N]`. Prints medians in milliseconds of
the plant alone, the analysis already made.
"""

from __future__ import annotations

import argparse
import statistics
import time

import rackbom as rb

DESIGNS = ("gb200-nvl72", "helios", "mi500-ual256", "vr300-nvl576")
CLUSTERS = (
    ("helios", 16_384, "arista-th6"),
    ("gb200-nvl72", 100_000, "nvidia-spectrum-x"),
    ("mi355x-128", 100_000, "arista-th5"),
)


def median_ms(make: object, runs: int) -> float:
    """Median wall time of `make()` over `runs` runs, in milliseconds."""
    assert callable(make)
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        make()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def main() -> None:
    """Print one line per design and cluster."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    for design_id in DESIGNS:
        design = rb.load(design_id)
        print(f"{design_id:>28}  {median_ms(design.plant, runs):8.1f} ms")
    for design_id, gpus, profile in CLUSTERS:
        cluster = rb.cluster(design_id, gpus=gpus, profile=profile)
        name = f"{design_id} x {gpus:,} GPUs"
        print(f"{name:>28}  {median_ms(cluster.plant, runs):8.1f} ms")


if __name__ == "__main__":
    main()
