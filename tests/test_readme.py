"""The README shows what the commands really produce, and CI runs its test command."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rackbom as rb
from conftest import check_golden
from rackbom.comparison import Comparison

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()


def shell_blocks() -> list[str]:
    return re.findall(r"```sh\n(.*?)\n```", README, flags=re.S)


def test_two_setup_commands_and_ci_runs_the_second() -> None:
    install_and_run, test = shell_blocks()[:2]
    # each makes and uses a venv: a system Python may refuse `pip install` (PEP 668)
    assert install_and_run.startswith("python3 -m venv .venv && .venv/bin/pip install . ")
    assert install_and_run.endswith("&& .venv/bin/rackbom report")
    assert "python3 -m venv .venv && .venv/bin/pip install " in test
    assert test.endswith("&& .venv/bin/python -m pytest")
    ci = (ROOT / ".ci" / "run").read_text().strip().splitlines()
    assert ci[-1] == test


README_TABLES = (
    ("helios", "gb200-nvl72", "mi500-ual256", "mi355x-128"),
    ("mi500-ual128", "gb300-nvl72", "vr200-nvl144", "vr300-nvl576"),
    ("hgx-b200", "hgx-b300", "hgx-h200", "mi355x-server", "mi350x-server"),
)


def test_comparison_tables_are_current_and_cover_every_design(
    request: pytest.FixtureRequest,
) -> None:
    """`pytest --update-golden` rewrites the tables in place, like every golden file."""
    assert sorted(i for ids in README_TABLES for i in ids) == sorted(rb.designs())
    tables = [Comparison([rb.load(i) for i in ids]).to_text() for ids in README_TABLES]
    check_tables(tables, request)


def test_collective_checks_table_is_current(request: pytest.FixtureRequest) -> None:
    from rackbom import collective_api as collectives
    from rackbom.exports.text.collectives_text import render_checks

    check_tables([render_checks(collectives.collective_checks())], request)


def test_uncertainty_block_is_current(request: pytest.FixtureRequest) -> None:
    from rackbom.exports.text.uncertainty_text import uncertainty_text

    found = rb.compare(["helios-8k", "vr200-8k-ib"], uncertainty=10_000, seed=0)
    check_tables([uncertainty_text(found)], request)


def check_tables(tables: list[str], request: pytest.FixtureRequest) -> None:
    """Each table stands in the README; `--update-golden` rewrites the block with its header."""
    readme = (ROOT / "README.md").read_text()
    for table in tables:
        block = "```text\n" + table + "\n```"
        if request.config.getoption("--update-golden"):
            head = re.escape(block.splitlines()[1])
            readme = re.sub(rf"```text\n{head}\n.*?\n```", lambda _, b=block: b, readme, flags=re.S)
        assert block in readme, table.splitlines()[0]
    if request.config.getoption("--update-golden"):
        (ROOT / "README.md").write_text(readme)


def test_helios_elevation_is_current(request: pytest.FixtureRequest) -> None:
    svg = rb.load("helios").elevation().to_string()
    check_golden("../../docs/helios-elevation.svg", svg, request)


README_CLUSTER_TABLES = (
    ("helios-16k", "vr200-16k-ib", "gb200-16k", "mi355x-8k"),
    ("helios-8k", "vr200-8k-ib", "vr200-8k-arista", "gb300-8k"),
    ("helios-8k-whitebox", "vr200-8k-whitebox"),
    ("mi355x-server-8k", "hgx-b200-8k", "hgx-b300-8k", "hgx-h200-8k"),
    ("helios-1m",),
)


def test_cluster_tables_are_current_and_cover_every_cluster(
    request: pytest.FixtureRequest,
) -> None:
    from rackbom.cluster_comparison import compare_clusters
    from rackbom.racks.clusters import builtin_cluster_ids

    assert sorted(i for ids in README_CLUSTER_TABLES for i in ids) == builtin_cluster_ids()
    check_tables([compare_clusters(ids).to_text() for ids in README_CLUSTER_TABLES], request)


def test_cluster_floor_plan_is_current(request: pytest.FixtureRequest) -> None:
    svg = rb.load_cluster("helios-16k").floor_plan().to_string()
    check_golden("../../docs/helios-16k-floor.svg", svg, request)


def test_cluster_power_and_cooling_drawing_is_current(request: pytest.FixtureRequest) -> None:
    svg = rb.load_cluster("gb200-16k").power_and_cooling().to_string()
    check_golden("../../docs/gb200-16k-plant.svg", svg, request)


GOODPUT_SYSTEMS = (
    "helios-8k", "gb300-8k", "vr200-8k-ib", "hgx-b200-8k", "hgx-b300-8k", "hgx-h200-8k",
    "mi355x-8k", "mi355x-server-8k",
)  # fmt: skip


def test_goodput_tables_are_current(request: pytest.FixtureRequest) -> None:
    """One job of 8,192 GPUs on each 8k cluster, and the published run checked."""
    from rackbom import goodput_api
    from rackbom.exports.text.goodput_text import render_checks, render_summary

    results = [goodput_api.goodput(s, 8192) for s in GOODPUT_SYSTEMS]
    check_tables([render_summary(results), render_checks(goodput_api.goodput_checks())], request)


def test_goodput_prose_figures_are_current() -> None:
    """The figures the goodput section quotes in its text."""
    from rackbom import goodput_api

    b200 = goodput_api.goodput("hgx-b200-8k", 8192)
    spared = [goodput_api.goodput(s, 8192, spares=1152) for s in ("helios-8k", "gb300-8k")]
    whole = goodput_api.goodput("helios-1m")
    (check,) = goodput_api.goodput_checks()
    quoted = (
        f"({b200.ettr_low:.1%}".replace("%", "") + f"-{b200.ettr_high:.1%}".replace("%", " %"),
        f"Helios to {spared[0].ettr:.1%}".replace("%", " %"),
        f"GB300 to {spared[1].ettr:.1%}".replace("%", " %"),
        f"interrupted {whole.interruptions_per_day:.0f} times a day",
        f"train {whole.ettr:.1%} of the time".replace("%", " %"),
        f"the {check.interruptions_error_pct:.1f} %",
        f"The ETTR is one: {check.result.ettr:.1%}".replace("%", " %"),
    )
    text = " ".join(README.split())
    for phrase in quoted:
        assert phrase in text, phrase
