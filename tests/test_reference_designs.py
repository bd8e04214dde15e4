"""The reference designs come out as their sources say, derived from parts, trays and wiring."""

from __future__ import annotations

import json

import pytest

import rackbom as rb
from conftest import DESIGNS, check_golden
from rackbom.racks.bom import tray_price


@pytest.fixture(scope="module")
def summaries() -> dict[str, dict]:
    return {d: rb.load(d).to_dict() for d in DESIGNS}


def test_helios_figures(summaries: dict[str, dict]) -> None:
    s = summaries["helios"]
    assert (s["gpus"], s["cpus"], s["compute_trays"], s["switch_trays"], s["switch_chips"]) == (
        72,
        18,
        18,
        6,
        12,
    )
    assert s["world_size"] == 72 and s["scale_up_domains"] == 1
    assert s["scale_up_gbps_per_gpu"] == 14_400  # 72 lanes x 200G = 1.8 TB/s
    assert s["scale_out_gbps_per_gpu"] == 2_400  # 3 x Vulcano 800G
    assert (s["switch_ports_total"], s["switch_ports_used"], s["switch_ports_unused"]) == (
        6_144,
        5_184,
        960,
    )
    for tray in s["switch_tray_ports"]:
        assert (tray["ports_total"], tray["ports_used"], tray["ports_unused"]) == (1024, 864, 160)
        assert tray["lanes_in"] == tray["connector_lanes"] == 4 * 216
    for chip in s["switches"]:
        assert (chip["ports_total"], chip["ports_used"], chip["ports_unused"]) == (512, 432, 80)
    assert s["power_kw"] == pytest.approx(240, abs=0.05)  # calibrated against seed 002


def test_helios_trays_sit_nine_above_and_nine_below_the_switches() -> None:
    built = rb.load("helios").built
    switches = [t.position for t in built.placed if t.tray.role == "switch"]
    computes = [t.position for t in built.placed if t.tray.role == "compute"]
    assert len([p for p in computes if p < min(switches)]) == 9
    assert len([p for p in computes if p > max(switches)]) == 9


def test_helios_compute_tray_costs_what_the_source_says() -> None:
    built = rb.load("helios").built
    tray = next(t for t in built.placed if t.tray.id == "helios-compute-tray")
    assert tray_price(built, tray) == 210_000


def test_gb200_nvl72_figures(summaries: dict[str, dict]) -> None:
    s = summaries["gb200-nvl72"]
    assert (s["gpus"], s["cpus"], s["compute_trays"], s["switch_trays"], s["switch_chips"]) == (
        72,
        36,
        18,
        9,
        18,
    )
    assert s["world_size"] == 72
    assert s["scale_up_gbps_per_gpu"] == 7_200
    assert s["scale_out_gbps_per_gpu"] == 400  # 4 x ConnectX-7 over 4 GPUs
    assert (s["switch_ports_total"], s["switch_ports_used"], s["switch_ports_unused"]) == (
        1_296,
        1_296,
        0,
    )
    for chip in s["switches"]:
        assert (chip["port_gbps"], chip["ports_total"], chip["ports_used"]) == (400, 72, 72)
    design = rb.load("gb200-nvl72")
    per_chip = {
        d["gbps"]
        for _, _, d in design.analysis.topology.graph.edges(data=True)
        if d["link"] == "scale_up"
    }
    assert per_chip == {400}  # each GPU reaches each chip at 400 Gbit/s
    roles = [t.tray.role for t in design.built.placed]
    assert roles.count("power") == 8 and roles.count("management") == 2
    assert 3_100_000 <= s["bom_usd"] <= 4_000_000  # analysts' range for the rack


def test_mi500_ual256_figures(summaries: dict[str, dict]) -> None:
    s = summaries["mi500-ual256"]
    assert (s["racks"], s["compute_trays"], s["gpus"], s["switch_trays"]) == (3, 64, 256, 18)
    assert s["world_size"] == 256 and s["scale_up_domains"] == 1
    racks = {r["rack"]: r for r in s["rack_details"]}
    assert list(racks) == ["compute-a", "switch", "compute-b"]
    design = rb.load("mi500-ual256")
    by_rack = {name: [t for t in design.built.placed if t.rack == name] for name in racks}
    assert sum(t.tray.role == "compute" for t in by_rack["compute-a"]) == 32
    assert sum(t.tray.role == "compute" for t in by_rack["compute-b"]) == 32
    assert sum(t.tray.role == "switch" for t in by_rack["switch"]) == 18
    # the assumed switch (512 x 200G) takes 256 GPUs x 72 lanes over 36 chips exactly
    assert s["switch_ports_unused"] == s["switch_ports_total"] - 256 * 72 == 0


def test_mi500_unused_ports_follow_the_assumed_switch() -> None:
    variant = rb.load("mi500-ual256").with_(switch="ualink-switch-115t").to_dict()
    assert variant["switch_ports_total"] == 36 * 576
    assert variant["switch_ports_unused"] == 36 * (576 - 512)


def test_mi355x_128_figures(summaries: dict[str, dict]) -> None:
    s = summaries["mi355x-128"]
    assert (s["gpus"], s["compute_trays"], s["switch_chips"]) == (128, 16, 0)
    assert (s["world_size"], s["scale_up_domains"]) == (8, 16)
    assert s["scale_out_gbps_per_gpu"] == 400
    assert s["scale_up_gbps_per_gpu"] == pytest.approx(7 * 614.4)


def test_the_18x_claim_is_nvl72_in_domain_over_mi355x_cross_server(
    summaries: dict[str, dict],
) -> None:
    ratio = (
        summaries["gb200-nvl72"]["scale_up_gbps_per_gpu"]
        / summaries["mi355x-128"]["scale_out_gbps_per_gpu"]
    )
    assert ratio == 18


@pytest.mark.parametrize("design", DESIGNS)
def test_json_summary_matches_golden(design: str, cli, request: pytest.FixtureRequest) -> None:
    result = cli("show", design, "--json")
    assert result.code == 0, result.err
    json.loads(result.out)
    check_golden(f"json/{design}.json", result.out, request)


@pytest.mark.parametrize("design", DESIGNS)
def test_every_figure_has_a_known_source(design: str) -> None:
    d = rb.load(design)
    catalogue = d.built.catalogue
    for source_id, figures in d.analysis.figure_sources.items():
        assert source_id in catalogue.sources
        assert figures
    kinds = {s["kind"] for s in d.to_dict()["sources"]}
    assert "assumption" in kinds  # every design leans on some assumptions, and says so
