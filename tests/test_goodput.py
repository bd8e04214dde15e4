"""Goodput: interruption rates from the parts, Young/Daly, ETTR, spares, checks, bad input."""

from __future__ import annotations

import json
import math
import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rackbom as rb
from rackbom.components.reliability import Outage, Per, reliability_data
from rackbom.racks.goodput.checkpoint import daly_interval_s, ettr, poisson_cdf, young_interval_s
from rackbom.racks.goodput.exposure import exposure
from rackbom.racks.goodput.goodput import job_goodput
from rackbom.racks.goodput.results import Exposure, JobInputs, Prices
from rackbom.resolve import resolve

DATA = reliability_data()
PRICES = Prices(2.0, 1.0)


def _job(gpus: int, spares: int = 0, **changes: float) -> JobInputs:
    job = JobInputs(gpus, spares, 4.0, 0.977, 5.0, 10.0, 24.0)
    return replace(job, **changes)


def _server_like(servers: int, blast: int) -> Exposure:
    """8 GPUs, 2 CPUs, 8 NIC ports and a tray per `8` GPUs; a tray takes out `blast` GPUs."""
    gpus = servers * 8
    counts: dict[Per, int] = {"gpu": gpus, "compute_tray": servers, "cpu": 2 * servers}
    counts |= {"nic": gpus, "nic_port": gpus, "switch_chip": 0}
    blasts: dict[Outage, int] = {"job": 0, "tray": blast, "nic": blast, "switch_tray": 0}
    return Exposure(gpus, counts, blasts)


def test_llama3_counts_come_back_on_its_cluster() -> None:
    """The derived per-part rates, applied to a 16,384-GPU job of 8-GPU servers, give Table 5's
    419 unexpected interruptions in 54 days (the assumed scale-up switch cause aside)."""
    (check,) = rb.goodput_checks()
    result = check.result
    measured = sum(c.rate_per_day for c in result.by_cause if c.cause != "scale-up-switch")
    assert measured * check.run.days == pytest.approx(419, rel=0.01)
    assert abs(check.interruptions_error_pct) <= 15
    assert abs(result.ettr - check.run.ettr) <= 0.1


def test_young_and_daly_intervals() -> None:
    """Young's sqrt(2 delta M); Daly's refinement a little shorter at a small delta / M."""
    assert young_interval_s(30, 3600) == pytest.approx(math.sqrt(2 * 30 * 3600))
    ratio = 30 / 7200
    daly = math.sqrt(2 * 30 * 3600) * (1 + math.sqrt(ratio) / 3 + ratio / 9) - 30
    assert daly_interval_s(30, 3600) == pytest.approx(daly)
    assert daly_interval_s(30, 3600) < young_interval_s(30, 3600)
    assert daly_interval_s(8000, 3600) == 3600  # a checkpoint longer than 2 M: checkpoint at M


def test_ettr_without_failures_is_the_checkpoint_share() -> None:
    """As interruptions vanish, ETTR tends to interval / (interval + checkpoint)."""
    assert ettr(600, 30, 900, 1e12) == pytest.approx(600 / 630, rel=1e-6)


def test_poisson_cdf() -> None:
    assert poisson_cdf(0, 2.0) == pytest.approx(math.exp(-2))
    assert poisson_cdf(2, 2.0) == pytest.approx(math.exp(-2) * (1 + 2 + 2))
    assert poisson_cdf(10_000, 900.0) == 1.0
    assert 0.4 < poisson_cdf(1000, 1000.0) < 0.6  # no underflow at a large mean


@settings(max_examples=40, deadline=None)
@given(
    servers=st.integers(1, 4096),
    grow=st.integers(2, 8),
    spares=st.integers(0, 64),
    checkpoint_gb=st.floats(0.01, 100),
)
def test_ettr_in_range_and_falls_with_job_size(
    servers: int, grow: int, spares: int, checkpoint_gb: float
) -> None:
    """ETTR is in (0, 1], and a larger job on the same system, same spares, gets no more."""
    system = _server_like(servers * grow, 8)
    small_gpus = servers * 8 + spares
    if small_gpus > system.gpus:
        return
    small = job_goodput(
        "s", system, DATA, _job(small_gpus, spares, checkpoint_gb=checkpoint_gb), PRICES
    )
    large = job_goodput(
        "s", system, DATA, _job(system.gpus, spares, checkpoint_gb=checkpoint_gb), PRICES
    )
    for result in (small, large):
        assert 0 < result.ettr_low <= result.ettr <= result.ettr_high <= 1
        assert 0 < result.effective_share <= result.ettr * (1 + 1e-12)
    assert large.ettr <= small.ettr + 1e-12


@settings(max_examples=40, deadline=None)
@given(servers=st.integers(9, 2048), spare_share=st.floats(0, 0.3), repair_h=st.floats(1, 96))
def test_rack_scale_domains_pay_for_their_blast_radius(
    servers: int, spare_share: float, repair_h: float
) -> None:
    """The same parts, a tray taking out 72 GPUs instead of 8: no better ETTR, GPUs lost 72."""
    gpus = servers * 8
    job = _job(gpus, int(spare_share * gpus), repair_h=repair_h)
    server = job_goodput("s", _server_like(servers, 8), DATA, job, PRICES)
    rack = job_goodput("r", _server_like(servers, 72), DATA, job, PRICES)
    assert rack.ettr <= server.ettr + 1e-12
    assert rack.interruptions_per_day == pytest.approx(server.interruptions_per_day)
    assert {c.gpus_lost for c in rack.by_cause if c.cause == "gpu"} == {
        min(72, job.gpus - job.spares)
    }


@pytest.mark.parametrize(
    ("design", "tray_blast"), [("gb200-nvl72", 72), ("hgx-b200", 8), ("helios", 72)]
)
def test_a_tray_fault_takes_out_its_scale_up_domain(design: str, tray_blast: int) -> None:
    """The failure domains give the blast radius: an NVL72 tray stops a 72-GPU domain's slice,
    an 8-GPU server its 8 GPUs."""
    assert exposure(rb.load(design).analysis).blast["tray"] == tray_blast


def test_counts_come_from_the_parts() -> None:
    """A cluster counts each kind of part over its copies of the design."""
    cluster = resolve("hgx-b200-8k")
    counts = exposure(cluster.analysis).counts
    assert counts["gpu"] == cluster.summary.gpus == 8192
    assert counts["compute_tray"] == 1024 and counts["cpu"] == 2048


def test_spares_cover_faults_and_cost_their_idle_share() -> None:
    """Hot spares shorten recovery (no wait for repair) and are paid for while idle."""
    system = _server_like(1024, 72)
    none = job_goodput("s", system, DATA, _job(8192, 0), PRICES)
    some = job_goodput("s", system, DATA, _job(8192, 720), PRICES)
    assert some.recovery_min < none.recovery_min
    assert some.ettr > none.ettr
    assert some.effective_share == pytest.approx(some.ettr * (8192 - 720) / 8192)
    assert some.tco_usd_per_effective_gpu_hour == pytest.approx(2.0 / some.effective_share)
    rework_min = (some.checkpoint_interval_min + some.checkpoint_write_s / 60) / 2
    assert some.lost_per_interruption_min == pytest.approx(some.recovery_min + rework_min)


def test_cli_prints_the_json_keys(cli) -> None:
    result = cli("goodput", "gb200-16k", "--gpus", "4096", "--json")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    for key in ("interruptions_per_day", "mtbi_h", "checkpoint_interval_min", "ettr"):
        assert data[key] > 0
    assert data["tco_usd_per_effective_gpu_hour"] > data["tco_usd_per_gpu_hour"]
    row = data["by_cause"][0]
    assert set(row) >= {"cause", "rate_per_day", "share", "gpus_lost", "restart"}
    assert sum(r["share"] for r in data["by_cause"]) == pytest.approx(1)


def test_cli_table_checks_and_chart(cli, tmp_path: Path) -> None:
    text = cli("goodput", "hgx-b200-8k", "--spares", "64")
    assert text.code == 0 and "ETTR" in text.out and "Faulty GPU" in text.out
    checks = cli("goodput", "--checks")
    assert checks.code == 0 and "llama3-405b" in checks.out
    chart = tmp_path / "ettr.svg"
    made = cli("goodput", "helios", "hgx-b200-8k", "--chart", str(chart))
    assert made.code == 0, made.err
    svg = chart.read_text()
    assert svg.startswith("<?xml") and "hgx-b200-8k" in svg


@pytest.mark.parametrize("system", ["helios", "hgx-b200-8k"])
def test_show_gives_the_goodput_command_figures(cli, system: str) -> None:
    """`show --json` carries what `goodput --json` prints, under the profile of `--tco`."""
    shown = json.loads(cli("show", system, "--json", "--tco", "neocloud-colo").out)["goodput"]
    alone = json.loads(cli("goodput", system, "--json", "--tco", "neocloud-colo").out)
    assert shown == alone
    default = json.loads(cli("show", system, "--json").out)["goodput"]
    assert default["ettr"] == alone["ettr"]
    assert default["tco_usd_per_effective_gpu_hour"] != alone["tco_usd_per_effective_gpu_hour"]
    text = cli("show", system, "--tco", "neocloud-colo").out
    assert "Goodput of a job on every GPU (TCO profile 'neocloud-colo'" in text
    assert f"${alone['tco_usd_per_effective_gpu_hour']:,.3f} effective" in text


def test_compare_has_the_goodput_rows(cli) -> None:
    """`compare` sets each system's whole-system job side by side, in text and JSON."""
    systems = ["helios-8k", "hgx-b200-8k"]
    data = json.loads(cli("compare", *systems, "--json").out)
    rows = {row["figure"]: row["values"] for row in data["goodput"]}
    for i, system in enumerate(systems):
        result = rb.goodput(system)
        assert rows["ETTR (%)"][i] == pytest.approx(result.ettr * 100)
        assert rows["MTBI (h)"][i] == pytest.approx(result.mtbi_h)
        assert rows["Interruptions per day"][i] == pytest.approx(result.interruptions_per_day)
        effective = result.tco_usd_per_effective_gpu_hour
        assert rows["TCO per effective GPU-hour (USD)"][i] == pytest.approx(effective)
    text = cli("compare", *systems).out
    assert "Goodput of a job on every GPU" in text
    ettr = rb.goodput(systems[0]).ettr * 100
    assert re.search(rf"ETTR \(%\) +{ettr:.1f} ", text)


@pytest.mark.parametrize(
    ("args", "field"),
    [
        (["--gpus", "100000"], "--gpus"),
        (["--gpus", "0"], "--gpus"),
        (["--gpus", "64", "--spares", "64"], "--spares"),
        (["--spares", "-1"], "--spares"),
        (["--checkpoint-gb", "0"], "--checkpoint-gb"),
        (["--write-gbps", "-2"], "--write-gbps"),
        (["--write-gbps", "nan"], "--write-gbps"),
    ],
)
def test_bad_input_is_one_line_and_writes_nothing(cli, tmp_path: Path, args, field) -> None:
    chart = tmp_path / "out.svg"
    result = cli("goodput", "hgx-b200-8k", *args, "--chart", str(chart))
    assert result.code == 2
    assert field in result.err and len(result.err.strip().splitlines()) == 1
    assert not chart.exists()


@pytest.mark.parametrize(("args", "field"), [(["helios"], "--checks"), (["--gpus", "8"], "--gpus")])
def test_checks_refuse_what_they_would_ignore(cli, args: list[str], field: str) -> None:
    result = cli("goodput", "--checks", *args)
    assert result.code == 2 and field in result.err


def test_a_negative_rate_is_refused(cli, tmp_path: Path) -> None:
    text = (Path(rb.__file__).parent / "components/data/reliability.yaml").read_text()
    bad = tmp_path / "rates.yaml"
    bad.write_text(
        text.replace("rate_per_year: 0.0611, low: 0.0517", "rate_per_year: -0.1, low: -0.2", 1)
    )
    result = cli("goodput", "hgx-b200", "--reliability", str(bad))
    assert result.code == 2
    assert str(bad) in result.err and "causes[0](id=gpu).rate_per_year" in result.err
    assert len(result.err.strip().splitlines()) == 1


def test_workbook_sheet_and_report_section_read_the_result() -> None:
    """The Goodput sheet and the report's section show the figures `rb.goodput` gives."""
    from rackbom.exports.html.goodput_section import goodput_part
    from rackbom.exports.workbook.goodput_sheet import goodput_sheet

    cluster = resolve("hgx-b200-8k")
    result = rb.goodput(cluster)
    sheet, causes = goodput_sheet([cluster.report()])
    assert {r[1].value for r in causes.rows[4:]} == {c.name for c in result.by_cause}
    row = next(r for r in sheet.rows if r and r[0].value == "hgx-b200-8k")
    assert row[2].value == result.gpus and row[12].formula and row[12].style == "percent"
    page = goodput_part(({}, {"hgx-b200-8k": (result,)}), ())
    assert 'id="goodput-clusters"' in page and f"{result.ettr:.1%}" in page


@pytest.mark.parametrize(
    ("ettrs", "floor"), [([0.966, 0.995], 90), ([0.908, 0.99], 80), ([0.9, 1.0], 80), ([0.001], 0)]
)
def test_the_ettr_axis_keeps_close_lines_apart(ettrs: list[float], floor: float) -> None:
    from rackbom.exports.charts.goodput_chart import axis_floor

    assert axis_floor(ettrs) == floor
    assert all(floor <= e * 100 - 1 for e in ettrs) or floor == 0


def test_validate_takes_a_reliability_file(cli, tmp_path: Path) -> None:
    text = (Path(rb.__file__).parent / "components/data/reliability.yaml").read_text()
    good, bad = tmp_path / "good.yaml", tmp_path / "bad.yaml"
    good.write_text(text)
    bad.write_text(text.replace("source: derived-llama3-rates}", "source: nowhere}", 1))
    ok = cli("validate", str(good))
    assert ok.code == 0 and "reliability: 19 causes, 1 published run" in ok.out
    refused = cli("validate", str(bad))
    assert refused.code == 2 and "causes[0].source" in refused.err and "nowhere" in refused.err
