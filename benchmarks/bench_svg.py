"""Time `rackbom svg` against `rackdiag -T svg` on equivalent racks, whole processes.

Run by hand: `python benchmarks/bench_svg.py [--runs N] [--hall]`. rackdiag (from nwdiag) needs
`pillow<10`, so it lives in its own virtual environment, created on first use. The rackdiag
input is Helios's 24 compute and switch trays (18 compute, 6 switch) in a 46-unit rack, each
labelled as rackbom labels it; rackbom draws the whole design (34 trays, port bars, title block).

`--hall` times 100 racks: rackdiag with 100 such racks; rackbom's hall elevation of a 100-rack
Helios cluster (`svg CLUSTER --view racks`, one copy drawn and reused); and, for the record, a
design file of 100 Helios racks, each rack analysed and drawn on its own.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import venv
from dataclasses import dataclass
from pathlib import Path

import yaml
from processes import child_env

RACKDIAG_VENV = Path(tempfile.gettempdir()) / "rackbom-bench-rackdiag"
RACKDIAG_REQUIREMENTS = ("nwdiag==3.0.0", "pillow<10")
COMPUTE_LOW, SWITCHES, COMPUTE_HIGH = range(5, 14), range(14, 20), range(20, 29)
HALL_RACKS = 100
ROOT = Path(__file__).resolve().parent.parent
HELIOS = ROOT / "racks" / "data" / "helios.yaml"


def rackdiag_source(racks: int = 1) -> str:
    """Helios's compute and switch trays as `racks` rackdiag racks."""
    labels = {unit: "Compute 4 GPU 1 CPU" for unit in (*COMPUTE_LOW, *COMPUTE_HIGH)}
    labels.update({unit: "UALoE switch 432 used 80 unused x 2" for unit in SWITCHES})
    trays = [f'  {unit}: "{label}"' for unit, label in sorted(labels.items())]
    if racks == 1:
        return "\n".join(["rackdiag {", "  46U;", *trays, "}"]) + "\n"
    rack = ["  rack {", "    46U;", *(f"  {t}" for t in trays), "  }"]
    return "\n".join(["rackdiag {", *rack * racks, "}"]) + "\n"


def hall_cluster(folder: Path) -> Path:
    """A cluster file of `HALL_RACKS` Helios racks."""
    path = folder / "hall.yaml"
    cluster = {
        "id": "helios-hall",
        "name": f"Helios hall, {HALL_RACKS} racks",
        "source": "assume-cluster-sizing",
        "design": "helios",
        "size": {"racks": HALL_RACKS},
        "fabric": {"topology": "rail_optimised", "tiers": 3},
        "profile": "arista-th6",
    }
    path.write_text(yaml.safe_dump(cluster, sort_keys=False), encoding="utf-8")
    return path


def hall_design(folder: Path) -> Path:
    """A design file of `HALL_RACKS` Helios racks, each with its own scale-up fabric."""
    design = yaml.safe_load(HELIOS.read_text(encoding="utf-8"))
    rack, fabric = design["racks"][0], design["fabrics"][0]
    names = [f"helios-{i:03d}" for i in range(1, HALL_RACKS + 1)]
    design.update(id="helios-hall-design", name=f"Helios, {HALL_RACKS} racks in one design")
    design["racks"] = [{**rack, "name": n} for n in names]
    design["fabrics"] = [
        {**fabric, "id": f"ualoe-{n}", "gpu_racks": [n], "switch_racks": [n]} for n in names
    ]
    path = folder / "hall-design.yaml"
    path.write_text(yaml.safe_dump(design, sort_keys=False), encoding="utf-8")
    return path


def rackdiag_program() -> Path:
    """The rackdiag command in its own virtual environment, installed on first use."""
    program = RACKDIAG_VENV / "bin" / "rackdiag"
    if not program.exists():
        print(f"creating {RACKDIAG_VENV} with {' '.join(RACKDIAG_REQUIREMENTS)} ...", flush=True)
        venv.create(RACKDIAG_VENV, with_pip=True, clear=True)
        subprocess.run(
            [
                str(RACKDIAG_VENV / "bin" / "python"),
                "-m",
                "pip",
                "install",
                "--quiet",
                "setuptools",
                *RACKDIAG_REQUIREMENTS,
            ],
            check=True,
        )
    return program


def rackbom_program() -> list[str]:
    """`rackbom` as this checkout runs it: `python -m rackbom` from the repository's root."""
    return [sys.executable, "-m", "rackbom"]


@dataclass(frozen=True)
class Run:
    """One whole process: wall and CPU seconds, peak resident memory and output size."""

    wall_s: float
    cpu_s: float
    peak_mb: float
    output_kb: float


def one_run(command: list[str], output: Path) -> Run:
    """Run the command once in a fresh process, checking it writes output."""
    output.unlink(missing_ok=True)
    start = time.perf_counter()
    proc = subprocess.Popen(
        command,
        cwd=ROOT,
        env=child_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0 or not output.stat().st_size:
        raise SystemExit(f"{command[0]} failed or wrote an empty {output}")
    cpu = usage.ru_utime + usage.ru_stime
    return Run(wall, cpu, usage.ru_maxrss / 1024, output.stat().st_size / 1024)


def runs_of(command: list[str], runs: int, output: Path) -> list[Run]:
    """`runs` fresh processes, after one warm-up run."""
    one_run(command, output)
    return [one_run(command, output) for _ in range(runs)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="timed runs of each (default 9)")
    parser.add_argument("--hall", action="store_true", help=f"{HALL_RACKS} racks instead of one")
    args = parser.parse_args()
    rackdiag = rackdiag_program()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        diag = folder / "helios.diag"
        diag.write_text(rackdiag_source(HALL_RACKS if args.hall else 1), encoding="utf-8")
        ours = folder / "rackbom.svg"
        theirs = folder / "rackdiag.svg"
        rackbom = rackbom_program()
        if args.hall:
            cases = {
                f"rackbom svg hall --view racks ({HALL_RACKS})": (
                    [
                        *rackbom,
                        "svg",
                        str(hall_cluster(folder)),
                        "--view",
                        "racks",
                        "-o",
                        str(ours),
                    ],
                    ours,
                ),
                f"rackbom svg design of {HALL_RACKS} racks": (
                    [*rackbom, "svg", str(hall_design(folder)), "-o", str(ours)],
                    ours,
                ),
            }
        else:
            cases = {"rackbom svg helios": ([*rackbom, "svg", "helios", "-o", str(ours)], ours)}
        racks = HALL_RACKS if args.hall else 1
        cases[f"rackdiag -T svg ({racks} x 24 trays)"] = (
            [str(rackdiag), "-T", "svg", "-o", str(theirs), str(diag)],
            theirs,
        )
        results = {name: runs_of(cmd, args.runs, out) for name, (cmd, out) in cases.items()}
    print(f"whole process, median of {args.runs} runs (wall min .. max):")
    for name, done in results.items():
        walls = [r.wall_s for r in done]
        print(
            f"  {name:<36} wall {statistics.median(walls) * 1000:7.0f} ms "
            f"({min(walls) * 1000:.0f} .. {max(walls) * 1000:.0f})  "
            f"cpu {statistics.median(r.cpu_s for r in done) * 1000:7.0f} ms  "
            f"peak {max(r.peak_mb for r in done):6.1f} MB  "
            f"output {done[0].output_kb:8.1f} KB"
        )
    *ours, theirs = results.values()
    for name, mine in zip(results, ours, strict=False):
        for measure in ("wall_s", "cpu_s"):
            ratio = statistics.median(getattr(r, measure) for r in mine) / statistics.median(
                getattr(r, measure) for r in theirs
            )
            print(f"{name} / rackdiag, {measure.removesuffix('_s')}: {ratio:.2f}")


if __name__ == "__main__":
    main()
