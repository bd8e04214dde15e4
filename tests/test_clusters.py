"""Clusters: sizing against closed forms, invariants, the one-rack identity, bad input, golden."""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

import rackbom as rb
from rackbom.racks.clusters import builtin_cluster_ids
from rackbom.racks.clusters.sizing import FabricTooSmall, max_endpoints, size_fabric

CLUSTERS = tuple(builtin_cluster_ids())


# --- closed forms anyone can redo ----------------------------------------------------------
@pytest.mark.parametrize("k", [8, 16, 64, 128])
def test_two_tiers_serve_k_squared_over_two(k: int) -> None:
    assert max_endpoints(k, 2, (1.0,)) == k * k // 2
    tiers = size_fabric(k * k // 2, k, 2, (1.0,))
    assert [t.switches for t in tiers] == [k, k // 2]


@pytest.mark.parametrize("k", [8, 16, 64])
def test_three_tiers_serve_k_cubed_over_four(k: int) -> None:
    assert max_endpoints(k, 3, (1.0, 1.0)) == k**3 // 4
    tiers = size_fabric(k**3 // 4, k, 3, (1.0, 1.0))
    assert [t.switches for t in tiers] == [k * k // 2, k * k // 2, k * k // 4]
    assert all(t.ports_used == t.ports_total for t in tiers)


def test_64_port_switches_with_1024_endpoints() -> None:
    leaves, spines = size_fabric(1024, 64, 2, (1.0,))
    assert (leaves.switches, spines.switches) == (32, 16)
    assert (leaves.links_in, spines.links_in) == (1024, 1024)


def test_one_more_endpoint_than_the_tiers_reach_is_refused() -> None:
    with pytest.raises(FabricTooSmall, match="at most 2,048"):
        size_fabric(2049, 64, 2, (1.0,))


# --- invariants ----------------------------------------------------------------------------
fabrics = st.tuples(
    st.sampled_from([16, 32, 64, 128]),
    st.sampled_from([2, 3]),
    st.sampled_from([1.0, 1.5, 2.0, 3.0]),
    st.sampled_from([1.0, 2.0]),
    st.sampled_from([1, 4, 8]),
)


def _sized(endpoints: int, k: int, tiers: int, r1: float, r2: float, rails: int):
    ratios = (r1,) if tiers == 2 else (r1, r2)
    endpoints = max(rails, endpoints - endpoints % rails)
    try:
        return endpoints, size_fabric(endpoints, k, tiers, ratios, rails)
    except FabricTooSmall:
        return endpoints, None


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 40_000), fabrics)
def test_every_link_has_two_ends_and_no_port_is_used_twice(endpoints: int, fabric) -> None:
    k, tiers, r1, r2, rails = fabric
    endpoints, plan = _sized(endpoints, k, tiers, r1, r2, rails)
    if plan is None:
        return
    links = sum(t.links_in for t in plan)
    assert 2 * links == endpoints + sum(t.ports_used for t in plan)
    for tier in plan:
        assert all(0 < g.used <= k for g in tier.groups)
    for lower, upper in pairwise(plan):
        assert lower.links_up == upper.links_in == sum(g.count * g.down for g in upper.groups)


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 40_000), fabrics)
def test_oversubscription_is_as_asked(endpoints: int, fabric) -> None:
    k, tiers, r1, r2, rails = fabric
    endpoints, plan = _sized(endpoints, k, tiers, r1, r2, rails)
    if plan is None:
        return
    for tier, ratio in zip(plan, (r1, r2)[: tiers - 1], strict=False):
        down, up = tier.down_ports, k - tier.down_ports
        assert down / up <= ratio + 1e-9 < (down + 1) / (up - 1)
        for group in tier.groups:
            assert group.up * ratio + 1e-9 >= group.down


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 20_000), fabrics)
def test_doubling_the_cluster_never_decreases_a_count(endpoints: int, fabric) -> None:
    k, tiers, r1, r2, rails = fabric
    small_n, small = _sized(endpoints, k, tiers, r1, r2, rails)
    _, big = _sized(2 * small_n, k, tiers, r1, r2, rails)
    if small is None or big is None:
        return
    for a, b in zip(small, big, strict=True):
        assert (b.switches, b.links_in, b.ports_used) >= (a.switches, a.links_in, a.ports_used)
        assert b.switches >= a.switches and b.links_in >= a.links_in


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 40_000), fabrics)
def test_a_partial_pod_has_only_the_spines_its_links_fill(endpoints: int, fabric) -> None:
    k, _, r1, r2, rails = fabric
    endpoints, plan = _sized(endpoints, k, 3, r1, r2, rails)
    if plan is None:
        return
    leaves, spines, _ = plan
    pods = -(-leaves.switches // spines.down_ports)
    # each pod leaves less than one spine's downlinks empty
    assert spines.switches * spines.down_ports - spines.links_in < pods * spines.down_ports


def test_vr200_16k_trims_its_last_pod_to_the_spines_its_leaves_fill() -> None:
    leaf, spine, _ = rb.load_cluster("vr200-16k-ib").summary.tiers
    assert (leaf.switches, spine.switches, spine.ports_unused) == (456, 456, 0)


# --- a cluster of one rack is the rack ------------------------------------------------------
@pytest.mark.parametrize("design", ["helios", "gb200-nvl72", "mi355x-128"])
def test_a_cluster_of_one_rack_reproduces_the_rack(design: str) -> None:
    rack = rb.load(design).summary
    profile = "whitebox-th6" if design == "helios" else "whitebox-th5"
    one = rb.cluster(design, racks=1, fabric={"topology": "clos", "tiers": 2}, profile=profile)
    s = one.summary
    assert s.design_summary == rack
    assert (s.gpus, s.racks, s.world_size, s.scale_up_domains) == (
        rack.gpus,
        rack.racks,
        rack.world_size,
        rack.scale_up_domains,
    )
    assert (s.hbm_gb_total, s.power_racks_input_w, s.weight_kg) == (
        rack.hbm_gb_total,
        rack.power_rack_input_w,
        rack.weight_kg,
    )
    assert s.power_total_w == s.power_racks_input_w + s.power_network_w  # no network twice
    assert s.capex_usd.compute_usd + s.capex_usd.scale_up_usd == rack.bom_usd
    assert s.capex_usd.total_usd == rack.bom_usd + s.capex_usd.scale_out_usd


def test_gpu_target_rounds_up_to_whole_racks() -> None:
    s = rb.load_cluster("helios-16k").summary
    assert (s.gpus_requested, s.racks, s.gpus, s.gpus_added_by_rounding) == (16384, 228, 16416, 32)


def test_a_profile_swap_changes_only_the_network() -> None:
    arista = rb.load_cluster("helios-16k")
    white = arista.with_(profile="whitebox-th6").summary
    a = arista.summary
    assert [t.switches for t in a.tiers] == [t.switches for t in white.tiers]
    assert a.capex_usd.compute_usd == white.capex_usd.compute_usd
    assert white.capex_usd.scale_out_usd < a.capex_usd.scale_out_usd


def test_a_bigger_hall_needs_longer_links() -> None:
    gb = rb.load_cluster("gb200-16k")
    narrow = gb.with_(floor={"racks_per_row": 4}).summary.tiers[0]
    wide = gb.with_(floor={"racks_per_row": 32, "network_racks": "end"}).summary.tiers[0]
    assert wide.link_length_m_max > narrow.link_length_m_max
    assert set(narrow.cables) == {"smf-patch-10m"}
    assert "smf-patch-30m" in wide.cables and wide.transceivers


@pytest.mark.parametrize("cluster", CLUSTERS)
def test_every_count_printed_with_a_speed_counts_ports_of_that_speed(cluster: str, cli) -> None:
    """Each speed figure follows the count of what runs at it, and count x speed is the NICs'
    scale-out bandwidth from the design (copies x its NIC ports x their speed), in the table
    `show` prints and in its JSON alike."""
    from rackbom.exports.figures.cluster_figures import CLUSTER_FIGURES

    system = rb.load_cluster(cluster)
    analysis = system.analysis  # type: ignore[attr-defined]
    bandwidth = analysis.copies * analysis.unit.endpoints * analysis.unit.endpoint_gbps
    data = json.loads(cli("show", cluster, "--json").out)
    lines = cli("show", cluster).out.splitlines()
    speeds = [i for i, f in enumerate(CLUSTER_FIGURES) if "speed (Gbit/s)" in f.label]
    assert len(speeds) == 2
    for i in speeds:
        count, speed = CLUSTER_FIGURES[i - 1], CLUSTER_FIGURES[i]
        assert speed.label.startswith(count.label.rstrip("s") + " speed")
        assert data[count.field] * data[speed.field] == pytest.approx(bandwidth)
        at = next(n for n, line in enumerate(lines) if line.startswith(count.label + " "))
        assert lines[at + 1].startswith(speed.label)


# --- command line ---------------------------------------------------------------------------
@pytest.mark.parametrize("cluster", CLUSTERS)
def test_golden_json(cluster: str, cli, request: pytest.FixtureRequest) -> None:
    from conftest import check_golden

    result = cli("show", cluster, "--json")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert {"gpus", "racks", "capex_usd_per_gpu"} <= set(data)
    assert set(data["capex_usd_per_gpu"]) >= {"compute_usd", "scale_up_usd", "scale_out_usd"}
    for tier in data["tiers"]:
        assert {"switches", "ports_used", "ports_unused", "links"} <= set(tier)
    check_golden(f"json/clusters/{cluster}.json", result.out, request)


def test_show_reads_a_cluster_file_next_to_its_design(cli, tmp_path: Path) -> None:
    path = tmp_path / "small.yaml"
    path.write_text(yaml.safe_dump(_small()))
    result = cli("show", str(path))
    assert result.code == 0, result.err
    assert "Tiers" in result.out and "leaf" in result.out


def _small(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": "small",
        "name": "Small",
        "source": "assume-cluster-sizing",
        "design": "mi355x-128",
        "size": {"racks": 4},
        "fabric": {"topology": "rail_optimised", "tiers": 2},
        "profile": "arista-th5",
    }
    for key, value in changes.items():
        if isinstance(value, dict) and isinstance(data.get(key), dict):
            data[key] = {**data[key], **value}
        elif value is None:
            data.pop(key)
        else:
            data[key] = value
    return data


BAD: list[tuple[str, dict[str, Any], list[str]]] = [
    (
        "too-big",
        _small(size={"racks": 65}, fabric={"planes": 1}),
        ["fabric.tiers", "at most 8,192", "8,192 GPUs"],
    ),
    ("zero-size", _small(size={"racks": 0}), ["size.racks", "greater than or equal to 1"]),
    ("negative-gpus", _small(size={"gpus": -8}), ["size.gpus", "greater than or equal to 1"]),
    ("two-sizes", _small(size={"gpus": 8}), ["size", "exactly one"]),
    ("unknown-profile", _small(profile="arista-th9"), ["profile", "unknown network profile"]),
    (
        "no-breakout",
        _small(profile="nvidia-infiniband-xdr"),
        ["profile", "cannot break out", "400G"],
    ),
    (
        "too-long",
        _small(size={"racks": 64}, floor={"racks_per_row": 200, "row_pitch_m": 20000}),
        ["floor", "longer than any", "arista-th5"],
    ),
    ("bad-ratio", _small(fabric={"oversubscription": ["1:2"]}), ["fabric.oversubscription"]),
    ("one-tier", _small(fabric={"tiers": 1}), ["fabric.tiers"]),
    ("unknown-field", _small(colour="red"), ["colour", "unknown field"]),
    ("unknown-design", _small(design="helio"), ["unknown design", "helios"]),
]


@pytest.mark.parametrize(("name", "data", "words"), BAD, ids=[b[0] for b in BAD])
def test_bad_cluster_file(
    name: str, data: dict[str, Any], words: list[str], cli, tmp_path: Path
) -> None:
    path = tmp_path / f"{name}.yaml"
    path.write_text(yaml.safe_dump(data))
    out = tmp_path / "out.svg"
    book, report = tmp_path / "out.xlsx", tmp_path / "report"
    commands = (
        ("show", str(path)),
        ("svg", str(path), "-o", str(out)),
        ("compare", "mi355x-8k", str(path)),
        ("bom", str(path), "-o", str(book), "--csv", str(out), "--json", str(out)),
        ("report", "-o", str(report), "mi355x-8k", str(path)),
        ("validate", str(path)),
    )
    for args in commands:
        result = cli(*args)
        assert result.code == 2, (name, result.out)
        assert result.out == ""
        lines = result.err.strip().splitlines()
        assert len(lines) == 1, lines
        for word in words:
            assert word in lines[0], (word, lines[0])
        if name != "unknown-design":
            assert str(path) in lines[0]
    assert not out.exists() and not book.exists() and not report.exists()


# --- drawings -------------------------------------------------------------------------------
@pytest.mark.parametrize("view", ["floor", "fabric"])
@pytest.mark.parametrize("cluster", CLUSTERS)
def test_golden_svg(cluster: str, view: str, cli, tmp_path: Path, request) -> None:
    from conftest import check_golden

    out = tmp_path / "c.svg"
    result = cli("svg", cluster, "--view", view, "-o", str(out))
    assert result.code == 0, result.err
    check_golden(f"svg/clusters/{cluster}-{view}.svg", out.read_text(), request)


def test_a_1400_rack_floor_plan_stays_small_and_parses() -> None:
    from xml.etree import ElementTree

    big = rb.load_cluster("helios-16k").with_(gpus=100_000)
    assert big.summary.racks >= 1_380
    for drawing in (big.floor_plan(), big.fabric_diagram()):
        svg = drawing.to_string()
        root = ElementTree.fromstring(svg)
        assert len(svg) < 60_000
        assert sum(1 for _ in root.iter()) < 600
        assert float(root.get("height")) < 1_400


def test_the_hall_elevation_draws_one_copy_and_reuses_it(cli, tmp_path: Path) -> None:
    from xml.etree import ElementTree

    out = tmp_path / "hall.svg"
    result = cli("svg", "helios-16k", "--view", "racks", "-o", str(out))
    assert result.code == 0, result.err
    svg = out.read_text()
    root = ElementTree.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    assert len(root.findall(f".//{ns}symbol")) == 1
    assert len(root.findall(f".//{ns}use")) == 228  # one per rack of the cluster
    assert len(root.findall(f".//{ns}symbol//{ns}g[@class='tray']")) == 34  # one rack's trays
    assert len(svg) < 200_000
    assert svg == rb.load_cluster("helios-16k").hall_elevation().to_string()  # deterministic


def test_a_band_of_rows_says_where_their_racks_differ() -> None:
    from rackbom.layouts.cluster_svg import _Band, _band_label

    assert _band_label(_Band(0, 0, 16, 1, 0, 0, 16)) == "row 1"
    assert _band_label(_Band(0, 54, 16, 1, 0, 0, 16)) == "rows 1-55 (55 alike)"
    assert _band_label(_Band(20, 21, 16, 1, 0, 0, 6)) == "rows 21-22 (6-16 racks)"
