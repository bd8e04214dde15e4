"""Time clusters of 1k, 10k and 100k GPUs: analysis with the BOM, in-process and whole process.

Run by hand: `python benchmarks/bench_cluster.py [--runs N]`. Prints medians in milliseconds and
the peak resident memory of the whole process in MB.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time

from processes import child_env

import rackbom as rb

SIZES = (1_000, 10_000, 100_000)
CASES = (
    ("helios", "arista-th6"),
    ("gb200-nvl72", "nvidia-spectrum-x"),
    ("mi355x-128", "arista-th5"),
)
SCRIPT = (
    "import rackbom as rb; "
    "c = rb.cluster({design!r}, gpus={gpus}, profile={profile!r}); "
    "c.to_json(); c.summary.network_bom"
)


def in_process_ms(design: str, profile: str, gpus: int, runs: int) -> float:
    """Median ms to build and analyse the cluster (the design loaded fresh each time)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        rb.cluster(design, gpus=gpus, profile=profile).to_json()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def whole_process(design: str, profile: str, gpus: int, runs: int) -> tuple[float, float]:
    """Median ms of a fresh Python process, and its peak resident memory in MB."""
    code = SCRIPT.format(design=design, gpus=gpus, profile=profile)
    times, peaks = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, env=child_env())
        times.append((time.perf_counter() - start) * 1000)
        peaks.append(max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024)
    return statistics.median(times), max(peaks)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(
        f"{'design':<12} {'GPUs':>8} {'racks':>6} {'switches':>9} {'in-proc ms':>11} "
        f"{'process ms':>11} {'peak MB':>8}"
    )
    for design, profile in CASES:
        for gpus in SIZES:
            s = rb.cluster(design, gpus=gpus, profile=profile).summary
            ms = in_process_ms(design, profile, gpus, args.runs)
            proc_ms, peak = whole_process(design, profile, gpus, args.runs)
            print(
                f"{design:<12} {gpus:>8,} {s.racks:>6,} {s.switches:>9,} {ms:>11.1f} "
                f"{proc_ms:>11.1f} {peak:>8.1f}"
            )


if __name__ == "__main__":
    main()
