"""Time the cable run list, whole process, against its budgets.

Run by hand: `python benchmarks/bench_cables.py [--runs N] [--million]`. Prints the median wall
and CPU seconds (the budget is held to CPU time, which a shared machine does not inflate), the
peak resident memory in MB and the rows written of:

- `rackbom cables helios-16k -o runlist.csv` (budget: 5 s, 300 MB);
- with `--million`, `rackbom cables helios-1m -o runlist.csv` (budget: 60 s, 500 MB).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from processes import wall_cpu_and_peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--million", action="store_true", help="also the 1,000,000-GPU cluster")
    args = parser.parse_args()
    cases = [("helios-16k", 5.0, 300.0)]
    if args.million:
        cases.append(("helios-1m", 60.0, 500.0))
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "runlist.csv"
        for cluster, seconds, mb in cases:
            command = [sys.executable, "-m", "rackbom", "cables", cluster, "-o", str(out)]
            wall, cpu, peak = wall_cpu_and_peak(command, args.runs)
            with out.open(encoding="utf-8") as f:
                rows = sum(1 for _ in f) - 1
            verdict = "ok" if cpu <= seconds and peak <= mb else "OVER BUDGET"
            print(
                f"cables {cluster} -o CSV: {wall:.2f} s wall, {cpu:.2f} s CPU, {peak:.0f} MB, "
                f"{rows:,} rows (budget {seconds:g} s, {mb:g} MB) {verdict}"
            )


if __name__ == "__main__":
    main()
