"""Time BOM workbook exports as whole processes: wall time and peak memory of each.

Run by hand: `python benchmarks/bench_workbook.py [--runs N]`. Three cases, each a fresh Python
process that imports rackbom, loads and analyses the designs, and writes one workbook:
the four reference designs, and 100 generated variants of them (`Design.with_`), both through
the Python API, then the same 100 variants named on the command line (`rackbom bom ID... -o F`).
Peak memory is the child's maximum resident set size and CPU time its user + system time
(`os.wait4` rusage); on a shared machine CPU time is the steadier figure.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from itertools import product
from pathlib import Path

from processes import child_env

ROOT = Path(__file__).resolve().parents[1]
VARIANT_COUNT = 100
SWITCHES = (
    "tomahawk6",
    "switch-86t-200g",
    "switch-115t-200g",
    "ualink-switch-102t",
    "ualink-switch-115t",
    "nvswitch-nvlink5",
)
NICS = (None, "pensando-vulcano", "connectx-7-400g")


def variants(count: int) -> list:
    """The first `count` valid what-if variants of the reference designs, in a fixed order."""
    import rackbom as rb

    bases = [rb.load(d) for d in rb.designs()]
    out = []
    for nic, gpus_per_tray, switch, base in product(NICS, (4, 2, 1), SWITCHES, bases):
        try:
            out.append(base.with_(switch=switch, gpus_per_tray=gpus_per_tray, nic=nic))
        except rb.InputError:
            continue  # the switch cannot carry this many lanes, or the design has no such tray
        if len(out) == count:
            return out
    raise SystemExit(f"only {len(out)} valid variants; add options")


def child(case: str, path: str) -> None:
    """Run one case in this process; print stage times as JSON."""
    start = time.perf_counter()
    import rackbom as rb

    designs = [rb.load(d) for d in rb.designs()] if case == "four" else variants(VARIANT_COUNT)
    for design in designs:
        _ = design.analysis.summary
    loaded = time.perf_counter()
    rb.export_workbook(designs, path)
    done = time.perf_counter()
    print(json.dumps({"designs": len(designs), "load_s": loaded - start, "write_s": done - loaded}))


def command(case: str, path: Path) -> list[str]:
    """The child process's command line for one case."""
    if case == "cli":
        ids = [d.id for d in variants(VARIANT_COUNT)]
        return [sys.executable, "-m", "rackbom", "bom", *ids, "-o", str(path)]
    return [sys.executable, __file__, "--child", case, str(path)]


def run_child(case: str, path: Path) -> dict:
    """One fresh process: wall time, peak RSS and its own stage times (none for the CLI)."""
    args = command(case, path)
    start = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, env=child_env(), cwd=ROOT)
    output = proc.stdout.read() if proc.stdout else b""
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"case {case} failed with status {proc.returncode}")
    stages = {"designs": VARIANT_COUNT} if case == "cli" else json.loads(output)
    return {
        **stages,
        "wall_s": wall,
        "cpu_s": usage.ru_utime + usage.ru_stime,
        "peak_mb": usage.ru_maxrss / 1024,
        "size_kb": path.stat().st_size / 1024,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--child", nargs=2, metavar=("CASE", "PATH"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))  # this checkout's code, installed or not
    if args.child:
        child(*args.child)
        return
    print(f"whole process, median of {args.runs} runs")
    with tempfile.TemporaryDirectory() as tmp:
        for case in ("four", "variants", "cli"):
            runs = [run_child(case, Path(tmp) / f"{case}.xlsx") for _ in range(args.runs)]
            med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
            stages = (
                "(rackbom bom, one process)"
                if case == "cli"
                else f"(load+analyse {med['load_s']:4.2f} s, workbook {med['write_s']:4.2f} s)"
            )
            print(
                f"  {int(med['designs']):>3} designs  wall {med['wall_s']:5.2f} s  "
                f"cpu {med['cpu_s']:5.2f} s  {stages}  "
                f"peak RSS {med['peak_mb']:6.1f} MB  file {med['size_kb']:7.0f} KB"
            )


if __name__ == "__main__":
    main()
