"""Every list a user can make long, on the command line or in Python, is bounded.

Past its cap a list is refused at once with one line naming the option and the limit (exit
status 2, nothing written), even an endless iterator; under the cap the run is fast and its
memory flat.
"""

from __future__ import annotations

import itertools
import resource
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import rackbom as rb
from rackbom.cluster_comparison import compare_clusters
from rackbom.components.errors import InputError
from rackbom.components.limits import (
    FILES_MAX,
    RACK_NAMES_MAX,
    SWEEP_ROWS_MAX,
    SWEEP_VALUES_MAX,
    SYSTEMS_MAX,
)
from rackbom.cost_api import sweep_rows
from rackbom.resolve import resolve_all

SETTINGS = settings(
    max_examples=3,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
REFUSED_SECONDS = 0.5
"""CPU time to refuse a list past its cap: nothing is loaded first."""
UNDER_SECONDS = 10.0
"""CPU time of a run at the cap (a hundred systems analysed, a thousand sweep rows)."""
UNDER_BYTES = 64 * 2**20
"""How far a run at the cap may raise the process's peak memory."""
SWEEP_ROW_BYTES = 4096
"""Memory a sweep holds per row: its figures, and nothing that grows with the other rows."""


@dataclass(frozen=True)
class ListOption:
    """An option that takes a list: its cap and the arguments for a list of `n`."""

    name: str
    option: str
    limit: int
    args: Callable[[int, Path], list[str]]
    small: int
    """The longest list the under-cap test draws (0: none, the command's own tests run it)."""
    at_cap: bool = True
    """Whether a test runs the cap itself (once per list: `compare` holds the systems' cap for
    the commands that share it)."""


def _catalogue(folder: Path) -> str:
    path = folder / "cat.yaml"
    path.write_text("parts: []\n")
    return str(path)


def _values(n: int) -> str:
    return ",".join(f"{0.05 + k * 1e-5:.5f}" for k in range(n))


def _systems(command: str, *extra: str) -> Callable[[int, Path], list[str]]:
    return lambda n, tmp: [command, *["helios"] * n, *(e.format(tmp=tmp) for e in extra)]


OPTIONS = [
    ListOption("compare", "DESIGN_OR_CLUSTER", SYSTEMS_MAX, _systems("compare"), 4),
    ListOption("tco", "DESIGN_OR_CLUSTER", SYSTEMS_MAX, _systems("tco"), 4, False),
    ListOption(
        "bom",
        "DESIGN_OR_CLUSTER",
        SYSTEMS_MAX,
        _systems("bom", "--json", "{tmp}/out.json"),
        4,
        False,
    ),
    ListOption(
        "collectives",
        "DESIGN_OR_CLUSTER",
        SYSTEMS_MAX,
        _systems("collectives", "--size", "1GiB"),
        4,
        False,
    ),
    ListOption(
        "report", "DESIGN_OR_CLUSTER", SYSTEMS_MAX, _systems("report", "-o", "{tmp}/out"), 0, False
    ),
    ListOption(
        "validate", "FILE", FILES_MAX, lambda n, tmp: ["validate", *[_catalogue(tmp)] * n], 10
    ),
    ListOption(
        "catalogue",
        "--catalogue",
        FILES_MAX,
        lambda n, tmp: ["show", "helios", *["--catalogue", _catalogue(tmp)] * n],
        10,
    ),
    ListOption(
        "rack",
        "--rack",
        RACK_NAMES_MAX,
        lambda n, tmp: ["cables", "mi355x-8k", *["--rack", "mi355x-8k-00001-mi355x"] * n],
        10,
    ),
    ListOption(
        "sweep-values",
        "--sweep",
        SWEEP_VALUES_MAX,
        lambda n, tmp: ["tco", "helios", "--sweep", f"electricity_usd_per_kwh={_values(n)}"],
        10,
    ),
    ListOption(
        "sweep-rows",
        "--sweep",
        SWEEP_ROWS_MAX,
        lambda n, tmp: [
            "tco",
            *["helios"] * -(-n // min(n, SWEEP_VALUES_MAX)),
            "--sweep",
            f"pue={','.join(['1.2'] * min(n, SWEEP_VALUES_MAX))}",
        ],
        10,
    ),
]


def _id(case: ListOption) -> str:
    return case.name


def _cpu_and_growth(run: Callable[[], object]) -> tuple[Any, float, int]:
    """The run's result, CPU time and how far it raised the process's peak memory."""
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.process_time()
    out = run()
    cpu = time.process_time() - started
    return out, cpu, (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) * 1024


def _cpu_and_peak(run: Callable[[], object]) -> tuple[Any, float, int]:
    """The run's result, CPU time and the peak of what Python allocated during it."""
    tracemalloc.start()
    started = time.process_time()
    try:
        out = run()
        return out, time.process_time() - started, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("case", OPTIONS, ids=_id)
@SETTINGS
@given(data=st.data())
def test_a_list_past_its_cap_is_refused_at_once(cli, tmp_path_factory, case, data):
    n = data.draw(st.integers(case.limit + 1, case.limit * 4), label="n")
    tmp = tmp_path_factory.mktemp("over")
    args = case.args(n, tmp)
    before = sorted(tmp.iterdir())
    cli(*args)  # the command's modules imported: what is timed is the refusal
    result, cpu, _ = _cpu_and_growth(lambda: cli(*args))
    assert result.code == 2, result.err[-300:]
    line = result.err.strip()
    assert "\n" not in line and f"{case.option}: " in line and f"{case.limit:,}" in line, line
    assert cpu < REFUSED_SECONDS, cpu
    assert sorted(tmp.iterdir()) == before


def _runs_fast_and_flat(cli, case: ListOption, n: int, tmp: Path) -> None:
    result, cpu, growth = _cpu_and_growth(lambda: cli(*case.args(n, tmp)))
    assert result.code == 0, result.err[-300:]
    assert cpu < UNDER_SECONDS and growth < UNDER_BYTES, (n, cpu, growth / 2**20)


UNDER = [o for o in OPTIONS if o.small]
AT_CAP = [o for o in OPTIONS if o.at_cap]


@pytest.mark.parametrize("case", UNDER, ids=_id)
@SETTINGS
@given(data=st.data())
def test_a_list_under_its_cap_is_fast_and_flat(cli, tmp_path_factory, case, data):
    n = data.draw(st.integers(1, case.small), label="n")
    _runs_fast_and_flat(cli, case, n, tmp_path_factory.mktemp("under"))


@pytest.mark.parametrize("case", AT_CAP, ids=_id)
def test_a_list_at_its_cap_is_fast_and_flat(cli, tmp_path, case):
    _runs_fast_and_flat(cli, case, case.limit, tmp_path)


def test_a_sweep_of_a_hundred_thousand_values_is_refused_at_once(cli):
    args = ["tco", "helios", "--sweep", f"electricity_usd_per_kwh={_values(100_000)}"]
    result, cpu, peak = _cpu_and_growth(lambda: cli(*args))
    assert result.code == 2 and result.out == ""
    assert result.err == (
        "rackbom: error: --sweep: 100,000 values given; at most 1,000 are allowed\n"
    )
    assert cpu < REFUSED_SECONDS and peak < UNDER_BYTES // 4, (cpu, peak)


# --- the Python API ------------------------------------------------------------------------------
def _endless() -> itertools.repeat[str]:
    return itertools.repeat("helios")


API = {
    "compare": lambda: rb.compare(_endless()),
    "resolve_all": lambda: resolve_all(_endless()),
    "compare_clusters": lambda: compare_clusters(itertools.repeat("helios-16k")),
    "export_workbook": lambda: rb.export_workbook(_endless(), "never.xlsx"),
    "accepted": lambda: rb.accepted("llm-pretrain-70b", list(itertools.islice(_endless(), 101))),
    "sweep targets": lambda: rb.sweep(["helios"] * (SYSTEMS_MAX + 1), pue=[1.2]),
    "sweep values": lambda: rb.sweep("helios", pue=itertools.repeat(1.2)),
    "sweep rows": lambda: rb.sweep("helios", pue=[1.2] * 200, utilisation=[0.5] * 200),
    "catalogue files": lambda: rb.catalogue(*["never.yaml"] * (FILES_MAX + 1)),
}


@pytest.mark.parametrize("call", API.values(), ids=API.keys())
def test_a_long_list_in_python_is_refused_at_once(call, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    started = time.process_time()
    with pytest.raises(InputError) as caught:
        call()
    assert time.process_time() - started < REFUSED_SECONDS
    assert "at most" in caught.value.message and list(tmp_path.iterdir()) == []


@SETTINGS
@example(n=SWEEP_VALUES_MAX)
@given(n=st.integers(1, SWEEP_VALUES_MAX))
def test_a_sweep_under_its_cap_is_flat(n):
    sweep_rows("helios", pue=[1.2])  # the system analysed and the modules imported
    values = [0.05 + k * 1e-5 for k in range(n)]
    rows, cpu, peak = _cpu_and_peak(lambda: sweep_rows("helios", electricity_usd_per_kwh=values))
    assert len(rows) == n and cpu < UNDER_SECONDS and peak < SWEEP_ROW_BYTES * n + 2**20


def test_a_variant_option_given_twice_is_refused(cli):
    result = cli("show", "helios+switch_margin=0.5+switch_margin=0.6")
    assert result.code == 2 and "'switch_margin' is given twice" in result.err


def test_json_is_streamed_in_blocks_as_one_text():
    import json

    from rackbom.exports.json.summary_json import BLOCK_CHARS, json_blocks, json_text

    value = [{"target": f"t{k}", "figures": [k / 7, k, None, "é"]} for k in range(5_000)]
    blocks = list(json_blocks(value))
    assert len(blocks) > 2 and max(len(b) for b in blocks[:-1]) < 2 * BLOCK_CHARS
    text = json.dumps(value, indent=2, ensure_ascii=False) + "\n"
    assert "".join(blocks) == json_text(value) == text
    with pytest.raises(InputError, match="not a finite number"):
        next(json_blocks([*value, {"deep": [(1.0, float("nan"))]}]))  # before any block
