"""Time `compare --uncertainty`, whole process, against its budgets.

Run by hand: `python benchmarks/bench_uncertainty.py [--runs N] [--draws N]`. Prints medians in
seconds (wall and CPU) and the peak resident memory in MB of:

- the import floor (`python -c "import rackbom.cluster_model, numpy"`: the dependencies loaded);
- `rackbom compare helios-8k vr200-8k-ib` without and with `--uncertainty` (10,000 draws;
  budget: 5 s above the floor, 400 MB);
- `rackbom compare helios vr200-nvl144` without and with `--uncertainty` (budget: 2 s above
  the floor).
"""

from __future__ import annotations

import argparse
import sys

from processes import wall_cpu_and_peak

PAIRS = (("helios-8k", "vr200-8k-ib", 5.0, 400), ("helios", "vr200-nvl144", 2.0, None))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--draws", type=int, default=10_000)
    args = parser.parse_args()
    py = [sys.executable]
    floor, floor_cpu, floor_mb = wall_cpu_and_peak(
        [*py, "-c", "import rackbom.cluster_model, numpy"], args.runs
    )
    print(f"import floor{'':38} {floor:6.2f} s  cpu {floor_cpu:5.2f} s  {floor_mb:5.0f} MB")
    for first, second, budget_s, budget_mb in PAIRS:
        command = [*py, "-m", "rackbom", "compare", first, second]
        for extra in ([], ["--uncertainty", "--draws", str(args.draws)]):
            wall, cpu, peak = wall_cpu_and_peak([*command, *extra], args.runs)
            label = f"compare {first} {second}{' --uncertainty' if extra else ''}"
            budget = f"; budget {budget_s:g} s" + (f", {budget_mb} MB" if budget_mb else "")
            print(
                f"{label:50} {wall:6.2f} s  cpu {cpu:5.2f} s  {peak:5.0f} MB  "
                f"({wall - floor:+.2f} s, cpu {cpu - floor_cpu:+.2f} s above the floor"
                f"{budget if extra else ''})"
            )


if __name__ == "__main__":
    main()
