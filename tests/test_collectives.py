"""The collective model: held to published runs, nccl-tests' definitions, bad input, the CLI."""

from __future__ import annotations

import json
from dataclasses import replace
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rackbom as rb
from rackbom.collective_api import collective_checks, levels, workload_steps
from rackbom.components.collective_data import OPS, collective_data
from rackbom.components.errors import InputError
from rackbom.racks.collectives.collective_model import SWEEP_SIZES, bus_factor, collective


@pytest.mark.parametrize("check", collective_checks(), ids=lambda c: c.measurement.id)
def test_model_within_15_percent_of_published_runs(check) -> None:
    """Every published large-message busbw is met within +/-15%, by the algorithm the run used."""
    assert abs(check.error_pct) <= 15, (check.measurement.id, check.result)
    assert check.measurement.algorithm in (None, check.result.algorithm)


def test_published_runs_cover_the_four_kinds() -> None:
    """An 8-GPU HGX, an NVL72 domain, an 8-GPU AMD server and a multi-node RoCE/IB run."""
    data = collective_data()
    by_id = {m.id: m for m in data.measurements}
    assert {"hgx-h100-ring-allreduce", "gb200-nvl72-allreduce"} <= set(by_id)
    assert by_id["mi300x-server-allreduce"].gpus == 8
    multi = by_id["mi355x-2node-roce-allreduce"]
    assert multi.gpus > 8
    assert levels(multi.system)[-1].name == "scale-out"


def test_every_entry_is_sourced() -> None:
    sources = rb.catalogue().sources
    data = collective_data()
    for entry in [*data.interconnects.values(), *data.measurements, *data.workloads.values()]:
        assert entry.source in sources
        assert set(entry.sources.values()) <= set(sources)


SYSTEMS = ("hgx-h200", "gb200-nvl72", "mi355x-128", "hgx-h200-8k")


@settings(max_examples=60, deadline=None)
@given(
    system=st.sampled_from(SYSTEMS),
    op=st.sampled_from(OPS),
    size=st.integers(1, 2**34),
    share=st.floats(0, 1),
)
def test_nccl_tests_definitions_hold(system: str, op: str, size: int, share: float) -> None:
    """algbw = bytes / time; busbw = algbw x nccl-tests' factor; more bytes never take less time."""
    steps = levels(system)
    gpus = 2 + int(share * (steps[-1].span - 2))
    result = collective(steps, op, size, gpus)
    assert result.algbw_gbps == pytest.approx(size * 8 / result.time_us / 1e3)
    assert result.busbw_gbps == pytest.approx(result.algbw_gbps * bus_factor(op, gpus))
    assert collective(steps, op, size * 2, gpus).time_us >= result.time_us
    assert result.bottleneck in {level.name for level in steps}


def test_bus_factors_are_nccl_tests() -> None:
    assert bus_factor("all_reduce", 8) == pytest.approx(2 * 7 / 8)
    for op in ("all_gather", "reduce_scatter", "all_to_all"):
        assert bus_factor(op, 8) == pytest.approx(7 / 8)


def test_crossing_domains_is_slower_than_staying_inside() -> None:
    """On MI355X servers a group of 16 meets the 400G NICs; 8 stay on the xGMI mesh."""
    inside = rb.collective("mi355x-128", "all_to_all", 2**30, 8)
    across = rb.collective("mi355x-128", "all_to_all", 2**30, 16)
    assert across.busbw_gbps < inside.busbw_gbps / 4
    assert (inside.bottleneck, across.bottleneck) == ("scale-up", "scale-out")


def test_planes_are_just_bandwidth() -> None:
    """P planes of speed s on a level give what one plane of P x s gives."""
    up, out = levels("hgx-h200-8k")
    planes = replace(out, planes=4, gbps_per_gpu=4 * 100.0)
    single = replace(out, planes=1, gbps_per_gpu=400.0)
    for op in OPS:
        a = collective((up, planes), op, 2**30, 64)
        b = collective((up, single), op, 2**30, 64)
        assert a.time_us == pytest.approx(b.time_us)


def test_oversubscription_slows_all_to_all_only() -> None:
    up, out = levels("hgx-h200-8k")
    tapered = replace(out, oversubscription=3.0)
    a2a = [collective(lv, "all_to_all", 2**30, 1024).time_us for lv in ((up, out), (up, tapered))]
    assert a2a[1] > 2 * a2a[0]
    ar = [collective(lv, "all_reduce", 2**30, 1024).time_us for lv in ((up, out), (up, tapered))]
    assert ar[0] == pytest.approx(ar[1])


@pytest.mark.parametrize(
    ("op", "size", "gpus", "field"),
    [
        ("broadcast", 2**20, 8, "op"),
        ("all_reduce", 0, 8, "size"),
        ("all_reduce", -1, 8, "size"),
        ("all_reduce", 2**20, 9, "gpus"),
        ("all_reduce", 2**20, 1, "gpus"),
    ],
)
def test_bad_input_names_the_field(op: str, size: int, gpus: int, field: str) -> None:
    with pytest.raises(InputError) as err:
        rb.collective("hgx-h200", op, size, gpus)
    assert err.value.field == field


def test_workloads_cost_more_per_effective_pflops() -> None:
    for step in workload_steps("helios-16k"):
        assert 0 < step.comm_share_pct < 100
        assert step.effective_pflops_per_gpu < step.peak_pflops_per_gpu
        assert step.tco_usd_per_effective_pflops_hour > step.tco_usd_per_peak_pflops_hour


def test_cli_table_and_json(cli) -> None:
    table = cli("collectives", "gb200-nvl72", "--op", "all_gather")
    assert table.code == 0, table.err
    assert "busbw GB/s" in table.out and "4 GiB" in table.out and "1 MiB" in table.out
    rows = json.loads(cli("collectives", "gb200-nvl72", "--op", "all_gather", "--json").out)
    assert [r["bytes"] for r in rows] == list(SWEEP_SIZES)
    assert set(rows[0]) == {
        "op",
        "bytes",
        "gpus",
        "algorithm",
        "time_us",
        "algbw_gbps",
        "busbw_gbps",
        "bottleneck",
    }
    one = json.loads(cli("collectives", "hgx-h200", "--size", "1GiB", "--gpus", "4", "--json").out)
    assert (len(one), one[0]["bytes"], one[0]["gpus"]) == (1, 2**30, 4)


def test_cli_marks_projections(cli) -> None:
    assert "projection" in cli("collectives", "helios").out
    assert "projection" not in cli("collectives", "hgx-h200").out


@pytest.mark.parametrize(
    ("args", "field"),
    [
        (["--op", "gather"], "--op"),
        (["--size", "0"], "--size"),
        (["--size", "1XB"], "--size"),
        (["--gpus", "9"], "--gpus"),
        (["--size=-4MiB"], "--size"),
        (["--size", "9" * 400], "--size"),
        (["--size", "2000TiB"], "--size"),
    ],
)
def test_cli_bad_input_exits_2(cli, args: list[str], field: str) -> None:
    result = cli("collectives", "hgx-h200", *args)
    assert result.code == 2
    assert result.out == ""
    assert len(result.err.strip().splitlines()) == 1 and field in result.err


def test_chart_is_deterministic_with_a_line_per_system() -> None:
    from rackbom.exports.charts.collectives_chart import busbw_chart

    series = {name: rb.collective_sweep(name, "all_reduce") for name in ("hgx-h200", "helios")}
    svg = busbw_chart(series, {"helios"})
    assert svg == busbw_chart(series, {"helios"})
    assert "hgx-h200, 8 GPUs, tree then nvls" in svg
    assert "helios, 72 GPUs, tree (projection)" in svg


def test_cli_several_systems_and_chart(cli, tmp_path) -> None:
    chart = tmp_path / "busbw.svg"
    done = cli("collectives", "hgx-h200", "gb200-nvl72", "--json", "--chart", str(chart))
    assert done.code == 0, done.err
    rows = json.loads(done.out)
    assert set(rows) == {"hgx-h200", "gb200-nvl72"} and len(rows["gb200-nvl72"]) == 13
    assert chart.read_text().startswith("<?xml")
    bad = cli("collectives", "hgx-h200", "gb200-nvl72", "--gpus", "16", "--chart", str(chart))
    assert bad.code == 2 and "hgx-h200" in bad.err


def test_workbook_sheet_holds_collectives_workloads_and_checks() -> None:
    from rackbom.exports.workbook.collectives_sheet import collectives_sheet

    design = rb.load("hgx-h200").report()
    cluster = rb.load_cluster("mi355x-server-8k").report()
    sheets = collectives_sheet([design, cluster])
    assert [s.name for s in sheets] == ["Collectives", "Collective workloads", "Collective checks"]
    values = [[c.value for c in row] for sheet in sheets for row in sheet.rows]
    assert sum(1 for v in values if v[:2] == ["mi355x-server-8k", "all_to_all"]) == 2
    assert sum(1 for v in values if v[:1] == ["hgx-h200"] and len(v) == 10) == 3  # workloads
    (check,) = [v for v in values if v[:1] == ["2 x 8 MI355X over Pollara 400 RoCE, all-reduce"]]
    assert abs(check[-1]) <= 0.15
    (forced,) = [v for v in values if v and str(v[0]).endswith("forced ring (NCCL_ALGO=RING)")]
    assert forced[4:7] == ["ring (forced)", 370, "ring"] and abs(forced[-1]) <= 0.15


def test_show_and_compare_carry_collective_rows(cli) -> None:
    shown = cli("show", "mi355x-128").out
    assert "Collectives at 1 GiB" in shown and "every GPU" in shown and "scale-out" in shown
    table = cli("compare", "helios", "hgx-h200").out
    assert "all_to_all busbw at 1 GiB, one scale-up domain (GB/s)" in table
    data = json.loads(cli("compare", "hgx-h200-8k", "mi355x-server-8k", "--json").out)
    rows = {row["figure"]: row["values"] for row in data["collectives"]}
    across = rows["all_to_all busbw at 1 GiB, every GPU (GB/s)"]
    inside = rows["all_to_all busbw at 1 GiB, one scale-up domain (GB/s)"]
    assert len(across) == 2 and all(a != "-" for a in across) and inside[0] != across[0]


def test_cli_checks_and_a_missing_system(cli) -> None:
    done = cli("collectives", "--checks")
    assert done.code == 0 and "gb200-nvl72-allreduce" in done.out
    missing = cli("collectives")
    assert missing.code == 2 and "DESIGN_OR_CLUSTER" in missing.err


def test_a_tapered_fabric_slows_all_to_all_across_it() -> None:
    flat = rb.load_cluster("hgx-h200-8k")
    tapered = flat.with_(fabric={"tiers": 3, "oversubscription": ["3:1", "1:1"]})
    assert levels(tapered)[-1].oversubscription >= 2.9
    before = rb.collective(flat, "all_to_all", 2**30, 4096)
    after = rb.collective(tapered, "all_to_all", 2**30, 4096)
    assert after.time_us > 2.5 * before.time_us and after.bottleneck == "scale-out"
    same = [rb.collective(c, "all_reduce", 2**30, 4096).time_us for c in (flat, tapered)]
    assert same[0] == pytest.approx(same[1], rel=0.01)  # the third tier adds hops, not a taper


@settings(max_examples=40, deadline=None)
@given(
    size=st.integers(-(2**40), 0) | st.integers(10**15 + 1, 10**30),
    gpus=st.integers(-5, 1) | st.integers(9, 10**7),
)
def test_bad_sizes_and_groups_are_refused(size: int, gpus: int) -> None:
    steps = levels("hgx-h200")
    with pytest.raises(InputError) as bad_size:
        collective(steps, "all_reduce", size, 8)
    assert bad_size.value.field == "size"
    with pytest.raises(InputError) as bad_group:
        collective(steps, "all_gather", 2**20, gpus)
    assert bad_group.value.field == "gpus"


def test_a_gpu_the_data_does_not_know_shows_no_collectives(cli, tmp_path) -> None:
    """A user's own GPU: summaries carry no collectives; the collectives command says why."""
    import yaml

    data = resources.files("rackbom.racks.data").joinpath("hgx-h200.yaml")
    design = yaml.safe_load(data.read_text("utf-8"))
    gpu = yaml.safe_load(
        "{id: my-gpu, kind: gpu, name: My GPU, manufacturer: me, source: vendor-nvidia-h200,"
        " hbm_gb: 100, bf16_dense_pflops: 1.0, scale_up_lanes: 36, scale_up_lane_gbps: 100}"
    )
    design["catalogue"]["parts"] = [*design["catalogue"].get("parts", []), gpu]
    for tray in design["catalogue"]["trays"]:
        for line in tray["parts"]:
            if line["part"] == "h200":
                line["part"] = "my-gpu"
    path = tmp_path / "mine.yaml"
    path.write_text(yaml.safe_dump(design))
    shown = cli("show", str(path), "--json")
    assert shown.code == 0, shown.err
    assert json.loads(shown.out)["collectives"] == []
    assert "nothing to model" in cli("show", str(path)).out
    refused = cli("collectives", str(path))
    assert refused.code == 2 and "my-gpu" in refused.err


def test_readme_figures_on_the_18x_claim_are_current() -> None:
    text = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    rack = rb.collective("mi355x-128", "all_to_all", 2**30, 128).busbw_gbytes_per_s
    nvl = rb.collective("gb200-nvl72", "all_to_all", 2**30, 72).busbw_gbytes_per_s
    assert f"{rack:.1f} GB/s busbw, against {nvl:.1f} GB/s" in text.replace("\n", " ")


def test_nvls_is_nccls_default_on_nvswitch_3_and_ring_when_pinned() -> None:
    """8 x H200 at 4 GiB: NVLS above a ring's ceiling; pinned ring at the forced-ring figure."""
    chosen = rb.collective("hgx-h200", "all_reduce", 2**32, 8)
    ring = rb.collective("hgx-h200", "all_reduce", 2**32, 8, "ring")
    assert (chosen.algorithm, ring.algorithm) == ("nvls", "ring")
    assert chosen.busbw_gbytes_per_s > 1.15 * ring.busbw_gbytes_per_s
    small = rb.collective("hgx-h200", "all_reduce", 2**20, 8)
    assert small.algorithm != "nvls"  # its 23 us latency loses on small messages


def test_in_network_reduction_is_a_switch_trait() -> None:
    parts = rb.catalogue().parts
    for chip in ("nvswitch-nvlink4", "nvswitch-nvlink5", "nvswitch-nvlink6", "nvswitch-nvlink7"):
        assert parts[chip].in_network_reduction == "nvls"
    for box in ("nvidia-qm9700", "nvidia-q3400"):
        assert parts[box].in_network_reduction == "sharp"
    for none in ("tomahawk6", "ualink-switch-102t", "nvidia-sn5600", "arista-7060xe7-64ps"):
        assert parts[none].in_network_reduction is None
    assert levels("helios")[0].reduction is None
    assert levels("mi355x-server")[0].reduction is None
    assert levels("gb200-16k")[-1].reduction is not None


def test_collnet_runs_only_when_pinned_and_only_over_sharp() -> None:
    default = rb.collective("gb200-16k", "all_reduce", 2**30, 1024)
    pinned = rb.collective("gb200-16k", "all_reduce", 2**30, 1024, "collnet")
    assert default.algorithm != "collnet" and pinned.algorithm == "collnet"
    with pytest.raises(InputError) as refused:
        rb.collective("helios-16k", "all_reduce", 2**30, 1024, "collnet")
    assert refused.value.field == "algorithm" and "SHARP" in refused.value.message


@pytest.mark.parametrize("gpus", [8, 36, 72])
def test_all_to_all_pays_for_every_peer(gpus: int) -> None:
    steps = levels("gb200-nvl72")
    peer = steps[0].interconnect.peer_overhead_us
    result = collective(steps, "all_to_all", 2**20, gpus)
    alone = collective(steps, "all_to_all", 1, gpus).time_us
    assert alone >= (gpus - 1) * peer + steps[0].interconnect.call_overhead_us
    assert result.time_us > alone


@pytest.mark.parametrize(
    ("args", "text"),
    [
        (["mi355x-server", "--algorithm", "nvls"], "NVSwitch"),
        (["hgx-h200", "--algorithm", "spiral"], "not one of"),
        (["hgx-h200", "--op", "all_to_all", "--algorithm", "ring"], "all-to-all"),
    ],
)
def test_cli_refuses_an_algorithm_the_system_cannot_run(cli, args: list[str], text: str) -> None:
    result = cli("collectives", *args)
    assert result.code == 2 and result.out == ""
    assert len(result.err.strip().splitlines()) == 1
    assert "--algorithm" in result.err and text in result.err


def test_checks_say_which_algorithm_each_run_used(cli) -> None:
    rows = json.loads(cli("collectives", "--checks", "--json").out)
    by_run = {r["run"]: r for r in rows}
    forced = by_run["hgx-h100-ring-allreduce"]
    assert forced["forced"] and forced["model"]["algorithm"] == "ring"
    default = by_run["hgx-h200-nvls-allreduce"]
    assert not default["forced"] and default["published_algorithm"] == "nvls"
    assert default["model"]["algorithm"] == "nvls"
    assert "forced" in cli("collectives", "--checks").out


def test_channels_cross_domains_over_one_hosts_nics() -> None:
    """An HGX server's 8 NICs carry its ring across; an NVL72 rack's ring only 2 per NIC of one
    4-GPU tray, 8 of its 72; rackbom's hierarchical form (every NIC) runs only when pinned."""
    out = levels("gb200-16k")[-1]
    assert (out.host_gpus, out.interconnect.channels_per_nic) == (4, 2)
    ring = rb.collective("gb200-16k", "all_reduce", 2**32, 1440, "ring")
    assert ring.busbw_gbytes_per_s < 8 * out.gbytes_per_s(1440) * 1.01
    staged = rb.collective("gb200-16k", "all_reduce", 2**32, 1440, "hierarchical")
    assert staged.busbw_gbytes_per_s > ring.busbw_gbytes_per_s
    assert rb.collective("gb200-16k", "all_reduce", 2**32, 1440).algorithm != "hierarchical"
    assert levels("hgx-h200-8k")[-1].host_gpus == 8


def test_nvls_tree_between_two_domains_is_one_exchange() -> None:
    """Two B200 servers: each NIC carries S once (busbw near 8 NICs x 2); more carry it twice."""
    two = rb.collective("hgx-b200-8k", "all_reduce", 2**33, 16)
    four = rb.collective("hgx-b200-8k", "all_reduce", 2**33, 32)
    assert two.algorithm == "nvls_tree"
    assert two.busbw_gbytes_per_s > 1.8 * four.busbw_gbytes_per_s
    tree = rb.collective("hgx-b200-8k", "all_reduce", 2**33, 32, "nvls_tree")
    assert tree.busbw_gbytes_per_s < 0.55 * two.busbw_gbytes_per_s


@settings(max_examples=40, deadline=None)
@given(
    system=st.sampled_from(("hgx-h200", "gb200-16k", "hgx-b200-8k", "helios-8k")),
    op=st.sampled_from(OPS),
    size=st.integers(1, 2**34),
    share=st.floats(0, 1),
)
def test_the_choice_is_the_fastest_default_and_a_pin_is_never_faster(
    system: str, op: str, size: int, share: float
) -> None:
    from rackbom.racks.collectives.algorithms import candidates

    steps = levels(system)
    gpus = 2 + int(share * (steps[-1].span - 2))
    chosen = collective(steps, op, size, gpus)
    for found in candidates(steps, op, size, gpus):
        pinned = collective(steps, op, size, gpus, found.algorithm)
        assert pinned.time_us == pytest.approx(found.time_us)
        if found.by_default:
            assert chosen.time_us <= found.time_us
