"""Time the model: catalogue load, build and analysis in-process, and the whole command.

Run by hand: `python benchmarks/bench_model.py [--runs N]`. Prints medians in milliseconds.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

from processes import child_env

import rackbom as rb
from rackbom.components import catalogue as catalogue_module
from rackbom.racks import Analysis, builtin_design_ids, load_design


def median_ms(work: Callable[[], object], runs: int) -> float:
    """Median wall time of `runs` calls, in ms."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def load_catalogue_cold() -> object:
    catalogue_module._BUILTIN = None
    return catalogue_module.builtin_catalogue()


def whole_process_ms(command: list[str], runs: int) -> float:
    """Median wall time of a fresh process, in ms."""
    env = child_env()
    return median_ms(
        lambda: subprocess.run(command, check=True, capture_output=True, env=env), runs
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20)
    runs = parser.parse_args().runs
    print(f"in-process, median of {runs} runs")
    print(f"  catalogue load (built-in YAML)     {median_ms(load_catalogue_cold, runs):8.1f} ms")
    for design_id in builtin_design_ids():
        built = load_design(design_id)
        build = median_ms(lambda d=design_id: load_design(d), runs)
        analyse = median_ms(lambda b=built: Analysis(b).summary, runs)
        print(f"  {design_id:<16} build {build:6.1f} ms   analysis {analyse:6.1f} ms")
    helios = rb.load("helios")
    variant = median_ms(lambda: helios.with_(gpus_per_tray=2, switch="tomahawk6"), runs)
    print(f"  helios.with_(gpus_per_tray=2, switch=tomahawk6), analysed  {variant:6.1f} ms")
    bare = [sys.executable, "-c", "import pydantic, networkx, yaml"]
    show = [sys.executable, "-m", "rackbom", "show", "helios", "--json"]
    bare_ms = whole_process_ms(bare, runs)
    show_ms = whole_process_ms(show, runs)
    print(f"whole process, median of {runs} runs")
    print(f"  python -c 'import pydantic, networkx, yaml'   {bare_ms:8.1f} ms")
    print(
        f"  rackbom show helios --json                    {show_ms:8.1f} ms "
        f"({show_ms / bare_ms:.2f}x the bare import)"
    )


if __name__ == "__main__":
    main()
