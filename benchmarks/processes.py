"""What the benchmarks share: the environment their child processes run in, and timing them."""

from __future__ import annotations

import os
import statistics
import subprocess
import time

BYTECODE_OFF = "PYTHONDONTWRITEBYTECODE"


def child_env() -> dict[str, str]:
    """This environment, but with bytecode caching on, as an installed package has it.

    A checkout run with `PYTHONDONTWRITEBYTECODE` set compiles every module from source in every
    process, while the dependencies it is compared with load their installed bytecode.
    """
    return {k: v for k, v in os.environ.items() if k != BYTECODE_OFF}


def wall_and_peak(args: list[str], runs: int) -> tuple[float, float]:
    """Median wall seconds and the largest peak resident memory (MB) of a command run `runs`
    times, each a fresh process measured by `/usr/bin/time`."""
    wall, _, peak = wall_cpu_and_peak(args, runs)
    return wall, peak


def wall_cpu_and_peak(args: list[str], runs: int) -> tuple[float, float, float]:
    """Median wall and CPU (user + system) seconds and the largest peak resident memory (MB) of
    a command run `runs` times, each a fresh process measured by `/usr/bin/time`."""
    times, cpus, peaks = [], [], []
    for _ in range(runs):
        start = time.perf_counter()
        result = subprocess.run(
            ["/usr/bin/time", "-f", "%M %U %S", *args],
            capture_output=True,
            text=True,
            check=True,
            env=child_env(),
        )
        times.append(time.perf_counter() - start)
        peak, user, system = result.stderr.strip().splitlines()[-1].split()
        cpus.append(float(user) + float(system))
        peaks.append(int(peak) / 1024)
    return statistics.median(times), statistics.median(cpus), max(peaks)
