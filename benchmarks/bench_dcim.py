"""Time `rackbom export netbox`: every built-in cluster, and clusters of 1M GPUs, streamed.

Run by hand: `python benchmarks/bench_dcim.py [--gpus N] [--skip-builtin]`. Each export runs in
a fresh process that writes the folder to a temporary directory; printed are the seconds of the
export alone (the cluster already analysed), of the whole process, the peak resident memory of
the process in MB and the size written.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time

from rackbom.racks.clusters import builtin_cluster_ids

LARGE = (("gb200-nvl72", "whitebox-th5"),)
"""Design and profile of the large cluster: 400G NICs on 128-way switches, 3:1 below the top
tier, rows of 128 racks with the network racks at the ends (so every link has a cable)."""
SCRIPT = """
import json, sys, time
from pathlib import Path
import rackbom as rb
from rackbom.commands.export import write_folder
from rackbom.exports.dcim.dcim_folder import folder_writers
from rackbom.racks.dcim.dcim_plan import cluster_plan
from rackbom.racks.dcim.vocabulary import vocabulary
target, gpus, profile, out = sys.argv[1:5]
fabric = {"topology": "rail_optimised", "tiers": 3, "oversubscription": ["3:1", "3:1"]}
floor = {"racks_per_row": 128, "network_racks": "end"}
if gpus == "0":
    cluster = rb.load_cluster(target)
else:
    cluster = rb.cluster(target, gpus=int(gpus), profile=profile, fabric=fabric, floor=floor)
analysis = cluster.analysis
analysis.summary
start = time.perf_counter()
write_folder(Path(out), folder_writers(cluster_plan(analysis, vocabulary("netbox"))))
size = sum(p.stat().st_size for p in Path(out).rglob("*") if p.is_file())
print(json.dumps({"export_s": time.perf_counter() - start, "gpus": analysis.gpus, "bytes": size}))
"""


def run(target: str, gpus: int, profile: str) -> tuple[dict[str, float], float, float]:
    """The export's own figures, the whole process's seconds and its peak RSS in MB."""
    with tempfile.TemporaryDirectory(prefix="rackbom-bench-") as tmp:
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", SCRIPT, target, str(gpus), profile, f"{tmp}/out"],
            check=False,
            capture_output=True,
            text=True,
        )
        if done.returncode:
            raise SystemExit(f"{target}: {done.stderr.strip().splitlines()[-1]}")
        seconds = time.perf_counter() - start
        peak = max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024
    return json.loads(done.stdout.splitlines()[-1]), seconds, peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--gpus", type=int, default=1_000_000)
    parser.add_argument("--skip-builtin", action="store_true")
    args = parser.parse_args()
    print(f"{'cluster':<28} {'GPUs':>9} {'export s':>9} {'process s':>10} {'peak MB':>8} {'MB':>7}")
    cases = [] if args.skip_builtin else [(c, 0, "") for c in builtin_cluster_ids()]
    cases += [(design, args.gpus, profile) for design, profile in LARGE]
    for target, gpus, profile in cases:
        figures, seconds, peak = run(target, gpus, profile)
        name = target if not gpus else f"{target} ({profile})"
        print(
            f"{name:<28} {figures['gpus']:>9,} {figures['export_s']:>9.2f} {seconds:>10.2f} "
            f"{peak:>8.0f} {figures['bytes'] / 1e6:>7.0f}"
        )


if __name__ == "__main__":
    main()
