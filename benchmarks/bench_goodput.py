"""Goodput: `rackbom goodput helios-1m` against its import floor, and a sweep of 100 job sizes.

Run by hand: `python benchmarks/bench_goodput.py [--runs N]`. The command runs in turns with
its floor, the import of exactly the dependencies it loads (`bench_start.floor_of`; whole
processes, medians of wall and CPU time); the sweep
times `goodput_sweep` over 100 job sizes of helios-1m in one process, the cluster analysed once.
"""

from __future__ import annotations

import argparse
import sys
import time

from bench_start import ROOT, compare, floor_of


def sweep_seconds() -> tuple[float, float]:
    """Wall and CPU time of 100 job sizes on helios-1m, its analysis and TCO made beforehand."""
    sys.path.insert(0, str(ROOT))
    import rackbom as rb
    from rackbom.goodput_api import goodput_sweep

    cluster = rb.load_cluster("helios-1m")
    cluster.tco()
    sizes = [int(1_000_008 * (i + 1) / 100) for i in range(100)]
    start, cpu = time.perf_counter(), time.process_time()
    results = goodput_sweep(cluster, sizes)
    elapsed = time.perf_counter() - start, time.process_time() - cpu
    assert len(results) == 100
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    command = [sys.executable, "-m", "rackbom", "goodput", "helios-1m"]
    compare("rackbom goodput helios-1m", command, floor_of(command, ROOT), args.runs)
    wall, cpu = sweep_seconds()
    print(
        f"sweep of 100 job sizes on helios-1m: {wall * 1000:.0f} ms wall, {cpu * 1000:.0f} ms CPU"
    )


if __name__ == "__main__":
    main()
