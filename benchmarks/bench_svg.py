"""Time `rackbom svg helios` against `rackdiag -T svg` on an equivalent rack, whole processes.

Run by hand: `python benchmarks/bench_svg.py [--runs N]`. rackdiag (from nwdiag) needs
`pillow<10`, so it lives in its own virtual environment, created on first use. The rackdiag
input is Helios's 24 compute and switch trays (18 compute, 6 switch) in a 46-unit rack, each
labelled as rackbom labels it; rackbom draws the whole design (34 trays, port bars, title block).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path

RACKDIAG_VENV = Path(tempfile.gettempdir()) / "rackbom-bench-rackdiag"
RACKDIAG_REQUIREMENTS = ("nwdiag==3.0.0", "pillow<10")
COMPUTE_LOW, SWITCHES, COMPUTE_HIGH = range(5, 14), range(14, 20), range(20, 29)


def rackdiag_source() -> str:
    """Helios's compute and switch trays as a rackdiag rack."""
    labels = {unit: "Compute 4 GPU 1 CPU" for unit in (*COMPUTE_LOW, *COMPUTE_HIGH)}
    labels.update({unit: "UALoE switch 432 used 80 unused x 2" for unit in SWITCHES})
    trays = [f'  {unit}: "{label}"' for unit, label in sorted(labels.items())]
    return "\n".join(["rackdiag {", "  46U;", *trays, "}"]) + "\n"


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


def rackbom_program() -> str:
    """The `rackbom` console script of this interpreter's environment."""
    beside = Path(sys.executable).parent / "rackbom"
    found = str(beside) if beside.exists() else shutil.which("rackbom")
    if found is None:
        raise SystemExit("rackbom is not installed (pip install -e .)")
    return found


def median_seconds(command: list[str], runs: int, output: Path) -> list[float]:
    """Wall times of `runs` fresh processes (after one warm-up run), checking each writes output."""
    subprocess.run(command, check=True, capture_output=True)
    times = []
    for _ in range(runs):
        output.unlink(missing_ok=True)
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
        if not output.stat().st_size:
            raise SystemExit(f"{command[0]} wrote an empty {output}")
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="timed runs of each (default 9)")
    args = parser.parse_args()
    rackdiag = rackdiag_program()
    with tempfile.TemporaryDirectory() as tmp:
        diag = Path(tmp) / "helios.diag"
        diag.write_text(rackdiag_source(), encoding="utf-8")
        ours = Path("/tmp/h.svg")
        theirs = Path(tmp) / "rackdiag.svg"
        cases = {
            "rackbom svg helios -o /tmp/h.svg": (
                [rackbom_program(), "svg", "helios", "-o", str(ours)],
                ours,
            ),
            "rackdiag -T svg (24 trays)": (
                [str(rackdiag), "-T", "svg", "-o", str(theirs), str(diag)],
                theirs,
            ),
        }
        results = {name: median_seconds(cmd, args.runs, out) for name, (cmd, out) in cases.items()}
    print(f"whole-process wall time, median of {args.runs} runs (min .. max):")
    for name, times in results.items():
        print(
            f"  {name:<36} {statistics.median(times) * 1000:7.0f} ms "
            f"({min(times) * 1000:.0f} .. {max(times) * 1000:.0f} ms)"
        )
    ours_s, theirs_s = (statistics.median(t) for t in results.values())
    print(f"rackbom / rackdiag: {ours_s / theirs_s:.2f}")


if __name__ == "__main__":
    main()
