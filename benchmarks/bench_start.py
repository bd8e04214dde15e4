"""Start-up cost of small commands against importing their dependencies, whole processes.

Run by hand: `python benchmarks/bench_start.py [--runs N]`. Each command runs in turns with its
floor, exactly the dependencies the command loads (`python -X importtime` tells): `rackbom svg
helios -o h.svg` against `import pydantic, yaml, svgwrite`, `rackbom show helios --json` against
`import pydantic, yaml`. They run in turns, so a busy machine slows
both alike; the figures to read are the ratios of the medians. Besides wall time it reports the
processes' CPU time (user + system), which a machine shared with other work disturbs less.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from processes import child_env

ROOT = Path(__file__).resolve().parents[1]
SVG_FLOOR = "import pydantic, yaml, svgwrite"
SHOW_FLOOR = "import pydantic, yaml"


def seconds(command: list[str], cwd: Path) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one whole process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, check=True, capture_output=True, env=child_env())
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu


def compare(name: str, command: list[str], floor: str, runs: int) -> None:
    """Run the command and its import floor in turns; print medians and their ratios."""
    baseline = [sys.executable, "-c", floor]
    seconds(command, ROOT)  # warm the file cache and bytecode
    pairs = [(seconds(command, ROOT), seconds(baseline, ROOT)) for _ in range(runs)]
    for i, measure in enumerate(("wall", "cpu")):
        ours = statistics.median(p[0][i] for p in pairs)
        base = statistics.median(p[1][i] for p in pairs)
        print(
            f"{measure:<4} {name}: {ours * 1000:.0f} ms, {floor}: {base * 1000:.0f} ms, "
            f"ratio {ours / base:.2f}x (median of {runs})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "h.svg"
        rackbom = [sys.executable, "-m", "rackbom"]
        compare(
            "rackbom svg helios", [*rackbom, "svg", "helios", "-o", str(out)], SVG_FLOOR, args.runs
        )
        compare(
            "rackbom show helios --json",
            [*rackbom, "show", "helios", "--json"],
            SHOW_FLOOR,
            args.runs,
        )


if __name__ == "__main__":
    main()
