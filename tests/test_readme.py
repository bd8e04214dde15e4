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


def kw(watts: float) -> str:
    return f"{watts / 1000:.1f}"


def usd(value: float) -> str:
    return f"${value:,.0f}"


def per_gpu(system: str) -> float:
    return rb.load_cluster(system).summary.capex_usd_per_gpu.total_usd


def design_figures() -> tuple[str, ...]:
    """What the power and cost sections quote of the designs (seed 002's 240 and 187 kW)."""
    helios, vr200 = rb.load("helios").summary, rb.load("vr200-nvl144").summary
    oem, margin = (
        rb.load(f"helios+{o}").summary.bom_usd for o in ("buyer=oem", "switch_margin=0.82")
    )
    return (
        f"Helios: IT {kw(helios.power_it_w)} kW, rack input {kw(helios.power_rack_input_w)} kW, "
        f"all-in {kw(helios.power_all_in_w)} kW, facility {kw(helios.power_facility_w)} kW.",
        f"gives {kw(helios.power_all_in_w)} kW (+{helios.power_all_in_w / 2400 - 100:.1f} %) and "
        f"{kw(vr200.power_all_in_w)} kW (+{vr200.power_all_in_w / 1870 - 100:.1f} %)",
        f"its {kw(vr200.power_it_w)} kW IT load overruns it",
        f"({kw(helios.power_rack_input_w)} kW for Helios)",
        f"a Helios rack is {usd(helios.bom_usd)} (the source's",
        f"{usd(oem)} for an enterprise buyer",
        f"({usd(helios.bom_usd)} and {usd(margin)})",
        f"({vr200.scale_out_gbps_per_gpu / 1000:.1f} against "
        f"{helios.scale_out_gbps_per_gpu / 1000:.1f} Tbit/s per GPU)",
    )


def cluster_figures() -> tuple[str, ...]:
    """What the cluster, variant, run-list and DCIM sections quote of the clusters."""
    grown = rb.load_cluster("helios-16k+gpus=100000").summary
    pairs = (("vr200-8k-arista", "helios-8k"), ("vr200-8k-whitebox", "helios-8k-whitebox"))
    more = [per_gpu(vr200) - per_gpu(helios) for vr200, helios in pairs]
    helios_16k, margin = (usd(per_gpu(c)) for c in ("helios-16k", "helios-16k+switch_margin=0.82"))
    legs, million = rb.cables("helios-16k").rows_total, rb.cables("helios-1m").rows_total
    switches = [rb.load_cluster(c).summary.switches for c in ("helios-16k", "helios-1m")]
    hall02 = rb.load_cluster("helios-1m").bound_scope("hall=hall02").copies
    lanes = rb.load_cluster("helios-1m").summary.ports_per_switch
    return (
        f"that hall's {len(hall02):,} racks",
        f"grown to {grown.gpus:,} GPUs in {grown.racks:,} racks",
        f"({helios_16k} and {margin} per GPU)",
        f"costs {usd(per_gpu('vr200-8k-ib'))} per GPU against Helios's {usd(per_gpu('helios-8k'))}",
        f"comes to {usd(per_gpu('vr200-16k-ib'))} against {helios_16k}",
        f"comes to ${round(min(more), -2):,.0f}-{round(max(more), -2):,.0f} per GPU more",
        f"helios-16k's {legs:,} legs",
        f"helios-16k ({legs:,} rows)",
        f"1M GPUs ({million / 1e6:.1f} M rows",
        f"whose {switches[0]:,} boxes break each cage",
        f"its {switches[1]:,} boxes of {lanes} lanes",
    )


def cost_and_collective_figures() -> tuple[str, ...]:
    """The accepted run's cost on the 8k clusters and the collectives' busbw (GB/s)."""
    from rackbom import collective_api as collectives

    runs = rb.accepted("example-flux1-training", ["mi355x-server-8k", "hgx-b200-8k", "helios-8k"])
    busbw = {
        (s, op): f"{collectives.collective(s, op, 1 << 30).busbw_gbps / 8:.1f}"
        for s in ("mi355x-128", "gb200-nvl72")
        for op in ("all_to_all", "all_reduce")
    }
    ring, nvls = busbw["mi355x-128", "all_reduce"], busbw["gb200-nvl72", "all_reduce"]
    return (
        f"per accepted run, {usd(runs[0].total_usd)} on MI355X servers, {usd(runs[1].total_usd)} "
        f"on HGX B200 and {usd(runs[2].total_usd)} on Helios, of which "
        f"{usd(runs[2].people_usd)} is people",
        f"comes to {busbw['mi355x-128', 'all_to_all']} GB/s busbw, against "
        f"{busbw['gb200-nvl72', 'all_to_all']} GB/s over an NVL72's",
        f"{float(nvls) / float(ring):.1f}x ({ring} against {nvls}",
    )


@pytest.mark.parametrize("figures", [design_figures, cluster_figures, cost_and_collective_figures])
def test_prose_figures_are_the_models(figures) -> None:
    """Each figure the README quotes in its text, worked out again from the model."""
    text = " ".join(README.split())
    for phrase in figures():
        assert phrase in text, phrase
