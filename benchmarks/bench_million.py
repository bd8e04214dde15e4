"""Time the 1,000,000-GPU cluster and the fabric choice, whole process, against their budgets.

Run by hand: `python benchmarks/bench_million.py [--runs N]`. Prints medians in seconds and the
peak resident memory in MB of:

- the import floor (`python -c "import rackbom.cluster_model"`: the dependencies loaded);
- `rackbom show helios-1m --json` (budget: 2 s above the floor, 300 MB);
- `rackbom svg helios-1m` (the floor plan: buildings of halls; budget: 5 s, 5 MB of SVG);
- `rackbom show helios-16k --json` with `fabric: auto` against one pinned fabric (budget: 2x).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

import yaml
from processes import wall_and_peak

PINNED = {
    "id": "helios-16k-pinned",
    "name": "Helios 16k, one pinned fabric",
    "source": "assume-cluster-sizing",
    "design": "helios",
    "size": {"gpus": 16384},
    "fabric": {"planes": 4, "plane_gbps": 200, "tiers": 2},
    "profile": "arista-th6",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    py = [sys.executable]
    floor, floor_mb = wall_and_peak([*py, "-c", "import rackbom.cluster_model"], runs)
    print(f"import floor                 {floor:6.2f} s  {floor_mb:6.0f} MB")
    show, show_mb = wall_and_peak([*py, "-m", "rackbom", "show", "helios-1m", "--json"], runs)
    print(
        f"show helios-1m --json        {show:6.2f} s  {show_mb:6.0f} MB  "
        f"({show - floor:+.2f} s above the floor; budget 2 s, 300 MB)"
    )
    with tempfile.TemporaryDirectory() as tmp:
        svg = Path(tmp) / "floor.svg"
        draw, draw_mb = wall_and_peak(
            [*py, "-m", "rackbom", "svg", "helios-1m", "-o", str(svg)], runs
        )
        size = svg.stat().st_size / 1e6
        print(f"svg helios-1m (floor plan)   {draw:6.2f} s  {draw_mb:6.0f} MB  {size:.2f} MB SVG")
        pinned_file = Path(tmp) / "pinned.yaml"
        pinned_file.write_text(yaml.safe_dump(PINNED))
        auto, _ = wall_and_peak([*py, "-m", "rackbom", "show", "helios-16k", "--json"], runs)
        pinned, _ = wall_and_peak([*py, "-m", "rackbom", "show", str(pinned_file), "--json"], runs)
        print(
            f"auto vs one pinned fabric    {auto:6.2f} s vs {pinned:.2f} s  "
            f"({auto / pinned:.2f}x; budget 2x)"
        )


if __name__ == "__main__":
    main()
