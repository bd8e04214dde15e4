"""Start-up cost of small commands against importing their dependencies, whole processes.

Run by hand: `python benchmarks/bench_start.py [--runs N]`. Each command runs in turns with its
floor, exactly the dependencies the command loads: every module outside the standard library and
rackbom that `python -X importtime` shows the command importing with nothing cached, imported in
the same order (pydantic loads its model machinery lazily, so `import pydantic` alone is not
what a command that defines models loads). They run in turns, so a busy machine slows both
alike; the figures to read are the ratios of the medians. Besides wall time it reports the
processes' CPU time (user + system), which a machine shared with other work disturbs less.

Each command is timed under three states of the caches (`--cache` picks one), in a cache folder
of the benchmark's own: `off`, nothing cached (`RACKBOM_CACHE_DIR=off`, every run validates the
built-in data); `data`, the validated data cached but no result kept (`RACKBOM_REPLAY=off`: the
model runs); `kept`, the command's result kept by an earlier run and replayed.

Beside the floor it times the least a command that runs the model does: the floor with the
command line's start (its module and `rackbom/cli.py:settle`) and the built-in catalogue loaded
(its classes defined, its validated data read, from the cache when the state keeps one), nothing
run; no such command can go below that ratio. And beside that, the least plus the command's run
once warm: a process runs the command twice (`rackbom/cli.py:main`) and times the second run.
That run finds the model's modules imported and the built-in system analysed, so what it does
(parse the arguments, format and write the result) any run does too: no command that runs the
model can go below that ratio either.
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
OWN = "rackbom"
CACHES = {
    "off": {"RACKBOM_CACHE_DIR": "off"},
    "data": {"RACKBOM_REPLAY": "off"},
    "kept": {},
}
"""Each state of the caches, by the environment that sets it."""


def seconds(command: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one whole process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, check=True, capture_output=True, env={**child_env(), **env})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu


def imported(command: list[str], cwd: Path) -> list[str]:
    """The modules a process imports, in the order `-X importtime` reports them finished."""
    run = subprocess.run(
        [command[0], "-X", "importtime", *command[1:]],
        cwd=cwd,
        check=True,
        capture_output=True,
        text=True,
        env={**child_env(), **CACHES["off"]},
    )
    lines = [line for line in run.stderr.splitlines() if line.startswith("import time:")]
    return [line.rsplit("|", 1)[1].strip() for line in lines[1:]]  # [0] is the heading


def floor_of(command: list[str], cwd: Path) -> list[str]:
    """The modules of other distributions the command imports with nothing cached, less those
    every interpreter here imports before its program starts (`sitecustomize`, `.pth` hooks)."""
    at_start = set(imported([command[0], "-c", "pass"], cwd))
    stdlib = sys.stdlib_module_names
    return [
        name
        for name in dict.fromkeys(imported(command, cwd))
        if name not in at_start and (top := name.split(".")[0]) not in stdlib and top != OWN
    ]


def floor_program(modules: list[str]) -> str:
    """A program importing the modules by their full names, in order; one a dependency only
    tries (pydantic's probe for Jython's `org.python.core`) may fail, as it does there."""
    return (
        "import importlib\n"
        f"for name in {modules!r}:\n"
        "    try:\n"
        "        importlib.import_module(name)\n"
        "    except ImportError:\n"
        "        pass\n"
    )


START = "import gc\nfrom rackbom.cli import settle\nsettle()\n"
"""What the command line does before it imports its dependencies."""
CATALOGUE = (
    "from rackbom.components.catalogue import builtin_catalogue\nbuiltin_catalogue()\ngc.freeze()\n"
)
"""The built-in catalogue loaded, and what was made frozen, as the command line ends."""


def warm_program(argv: list[str]) -> str:
    """The command line's start, then the command run twice in one process as
    `rackbom/cli.py:run` runs it; prints the second run's wall and CPU seconds on stderr."""
    return (
        START
        + "import sys, time\nfrom rackbom.cli import main\n"
        + f"main({argv!r}, imported=gc.freeze)\n"
        + "wall, cpu = time.perf_counter(), time.process_time()\n"
        + f"main({argv!r})\n"
        + "print(time.perf_counter() - wall, time.process_time() - cpu, file=sys.stderr)\n"
    )


def warm_seconds(argv: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """Wall time and CPU time of the command's second run in one process."""
    run = subprocess.run(
        [sys.executable, "-c", warm_program(argv)],
        cwd=cwd,
        check=True,
        capture_output=True,
        text=True,
        env={**child_env(), **env},
    )
    wall, cpu = run.stderr.split()[-2:]
    return float(wall), float(cpu)


def compare(
    name: str, command: list[str], floor: list[str], runs: int, env: dict[str, str] | None = None
) -> None:
    """Run the command, its import floor, the least a command that runs the model does and the
    command twice in one process, in turns; print medians and their ratios to the floor."""
    program = floor_program(floor)
    baseline = [sys.executable, "-c", program]
    least = [sys.executable, "-c", START + program + CATALOGUE]
    argv = command[3:]  # after `python -m rackbom`
    programs = (command, baseline, least)
    given = env or {}
    for _ in range(2):  # warm the file cache, bytecode and the caches the command keeps
        for args in programs:
            seconds(args, ROOT, given)
    turns = [
        (*(seconds(args, ROOT, given) for args in programs), warm_seconds(argv, ROOT, given))
        for _ in range(runs)
    ]
    for i, measure in enumerate(("wall", "cpu")):
        ours, base, lowest, warm = (statistics.median(t[k][i] for t in turns) for k in range(4))
        print(
            f"{measure:<4} {name}: {ours * 1000:.0f} ms, its floor: {base * 1000:.0f} ms, "
            f"ratio {ours / base:.2f}x; the least a command does: {lowest / base:.2f}x, "
            f"with its run once warm ({warm * 1000:.0f} ms): {(lowest + warm) / base:.2f}x "
            f"(median of {runs})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--cache", choices=[*CACHES, "all"], default="all")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "h.svg"
        rackbom = [sys.executable, "-m", "rackbom"]
        svg = [*rackbom, "svg", "helios", "-o", str(out)]
        show = [*rackbom, "show", "helios", "--json"]
        floors = {"svg": floor_of(svg, ROOT), "show": floor_of(show, ROOT)}
        for what, modules in floors.items():
            tops = sorted({name.split(".")[0] for name in modules})
            print(f"floor of {what}: {len(modules)} modules of {', '.join(tops)}")
        for cache in CACHES if args.cache == "all" else [args.cache]:
            env = {"RACKBOM_CACHE_DIR": str(Path(tmp) / "cache"), **CACHES[cache]}
            print(f"caches: {cache}")
            compare("rackbom svg helios", svg, floors["svg"], args.runs, env)
            compare("rackbom show helios --json", show, floors["show"], args.runs, env)


if __name__ == "__main__":
    main()
