"""Start-up cost: `rackbom svg helios -o h.svg` against importing its dependencies, whole processes.

Run by hand: `python benchmarks/bench_start.py [--runs N]`. The two commands run in turns, so a
busy machine slows both alike; the figure to read is the ratio of the medians.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = [sys.executable, "-c", "import pydantic, networkx, yaml, svgwrite"]


def seconds(command: list[str], cwd: Path) -> float:
    """Wall time of one whole process."""
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "h.svg"
        rackbom = [sys.executable, "-m", "rackbom", "svg", "helios", "-o", str(out)]
        seconds(rackbom, ROOT)  # warm the file cache and bytecode
        pairs = [(seconds(rackbom, ROOT), seconds(BASELINE, ROOT)) for _ in range(args.runs)]
    ours = statistics.median(p[0] for p in pairs)
    base = statistics.median(p[1] for p in pairs)
    print(f"rackbom svg helios: {ours * 1000:.0f} ms (median of {args.runs})")
    print(f"import pydantic, networkx, yaml, svgwrite: {base * 1000:.0f} ms")
    print(f"ratio: {ours / base:.2f}x")


if __name__ == "__main__":
    main()
