"""The reference designs come out as their sources say, derived from parts, trays and wiring."""

from __future__ import annotations

import json

import pytest

import rackbom as rb
from conftest import DESIGNS, check_golden
from rackbom.components.tco_library import builtin_costs
from rackbom.racks.bom_lines import tray_price


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
    assert s["power_kw"] == s["power_all_in_kw"]


def test_helios_trays_sit_nine_above_and_nine_below_the_switches() -> None:
    built = rb.load("helios").built
    switches = [t.position for t in built.placed if t.tray.role == "switch"]
    computes = [t.position for t in built.placed if t.tray.role == "compute"]
    assert len([p for p in computes if p < min(switches)]) == 9
    assert len([p for p in computes if p > max(switches)]) == 9


def test_helios_compute_tray_costs_what_the_source_says() -> None:
    """Seed 002's $210k is the tray's BOM cost and the source adds nothing to it; the switch
    trays carry its 'low integration margin', an ODM's, and the rack lands in its ~$4.2-4.4M."""
    helios = rb.load("helios")
    built = helios.built
    tray = next(t for t in built.placed if t.tray.id == "helios-compute-tray")
    assert tray.tray.margin_kind is None and tray.tray.integration_margin is None
    assert tray_price(built, tray) == pytest.approx(210_000)
    switch = next(t for t in built.placed if t.tray.role == "switch")
    odm = built.catalogue.margins["odm"]
    assert built.catalogue.tray_margin(switch.tray, "odm") == (odm.markup, "analyst-odm-margins")
    assert 4.2e6 <= helios.summary.bom_usd <= 4.4e6
    oem = rb.load("helios+buyer=oem").summary.bom_usd
    assert helios.summary.bom_usd < oem < 4.4e6  # an OEM's margin on the switch trays only


@pytest.mark.parametrize("design", ["helios", "gb200-nvl72", "hgx-b200"])
def test_the_tray_prices_an_elevation_shows_add_up_to_the_boms_tray_lines(design: str) -> None:
    analysis = rb.load(design).analysis
    assert set(analysis.tray_prices) == {t.key for t in analysis.design.placed}
    in_trays = analysis.bom.total_usd - analysis.bom.by_tray_type().get(None, 0.0)
    assert sum(analysis.tray_prices.values()) == pytest.approx(in_trays)


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
    per_chip = {link.gbps for link in design.analysis.topology.links if link.link == "scale_up"}
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


def test_one_power_rule_lands_both_of_the_seeds_all_in_figures(
    summaries: dict[str, dict],
) -> None:
    # seed 002: 240 kW for the MI400 rack, 187 kW for VR200 NVL144, the same rule for both
    assert summaries["helios"]["power_all_in_kw"] == pytest.approx(240, rel=0.05)
    assert summaries["vr200-nvl144"]["power_all_in_kw"] == pytest.approx(187, rel=0.05)
    for s in summaries.values():
        assert s["power_it_kw"] < s["power_rack_input_kw"] < s["power_all_in_kw"]
        assert s["power_facility_kw"] == pytest.approx(s["power_all_in_kw"] * s["pue"], abs=0.02)


def redundancy(summary: dict) -> dict[str, str]:
    return {r["rack"]: r["power_shelf_redundancy"] for r in summary["rack_details"]}


def test_power_shelf_redundancy_as_the_racks_are_built(summaries: dict[str, dict]) -> None:
    assert redundancy(summaries["gb200-nvl72"]) == {"nvl72": "2N"}
    assert redundancy(summaries["helios"]) == {"helios": "N+1"}
    mi500 = summaries["mi500-ual256"]
    assert redundancy(mi500)["compute-a"] == "N"
    assert any("compute-a: power shelves N," in w for w in mi500["warnings"])
    assert any("no power shelves" in w for w in summaries["vr300-nvl576"]["warnings"])


@pytest.mark.parametrize(
    ("design", "world", "domains", "scale_out"),
    [
        ("vr200-nvl144", 72, 1, 1_600),
        ("gb300-nvl72", 72, 1, 800),
        ("hgx-b200", 8, 1, 400),
        ("hgx-b300", 8, 1, 800),
        ("hgx-h200", 8, 1, 400),
        ("mi355x-server", 8, 1, 400),
        ("mi350x-server", 8, 1, 400),
        ("mi500-ual128", 128, 1, 2_400),
        ("vr300-nvl576", 144, 1, 1_600),
    ],
)
def test_new_systems_world_size_and_scale_out(
    summaries: dict[str, dict], design: str, world: int, domains: int, scale_out: int
) -> None:
    s = summaries[design]
    assert (s["world_size"], s["scale_up_domains"], s["gpus"]) == (world, domains, world)
    assert s["scale_out_gbps_per_gpu"] == scale_out


def test_vr200_against_helios(summaries: dict[str, dict]) -> None:
    vr, helios = summaries["vr200-nvl144"], summaries["helios"]
    assert vr["scale_up_gbps_per_gpu"] == helios["scale_up_gbps_per_gpu"] == 14_400  # 1.8 TB/s
    assert vr["fp4_dense_pflops_per_gpu"] == 33.3
    assert rb.load("vr200-nvl144").built.part("rubin").fp4_sparse_pflops == 50
    # seed 002: Helios has 1.2x the FP8 dense and 50% more scale-out per GPU
    assert helios["fp8_dense_pflops_total"] / vr["fp8_dense_pflops_total"] == pytest.approx(
        1.2, 1e-3
    )
    assert helios["scale_out_gbps_per_gpu"] / vr["scale_out_gbps_per_gpu"] == 1.5
    assert vr["switch_ports_unused"] == 0
    assert vr["scale_up_tbps_bidir_total"] == pytest.approx(259.2)  # NVIDIA's ~260 TB/s


def test_hgx_servers_are_switched_and_mi355x_servers_a_mesh(summaries: dict[str, dict]) -> None:
    for design in ("hgx-b200", "hgx-b300", "hgx-h200"):
        assert summaries[design]["switch_chips"] > 0
    for design in ("mi355x-server", "mi350x-server"):
        s = summaries[design]
        assert s["switch_chips"] == 0
        assert s["scale_up_gbps_per_gpu"] == pytest.approx(7 * 614.4)
    # seed 002: the HGX B200's switched all-to-all is ~1.6x the MI355X's mesh
    ratio = (
        summaries["hgx-b200"]["scale_up_gbps_per_gpu"]
        / summaries["mi355x-server"]["scale_up_gbps_per_gpu"]
    )
    assert ratio == pytest.approx(1.67, abs=0.1)


@pytest.mark.parametrize(
    ("design", "fp4", "fp8", "bf16"),
    [
        ("hgx-b200", 9, 4.5, 2.25),
        ("gb200-nvl72", 10, 5, 2.5),
        ("hgx-b300", 13.5, 4.5, 2.25),
        ("hgx-h200", None, 1.979, 0.989),  # the H200 has no FP4: not applicable, not 0
        ("mi355x-server", 10.1, 5, 2.5),
        ("mi350x-server", 9.2, 4.6, 2.3),
        ("helios", 40, 20, 10),
    ],
)
def test_dense_flops_per_gpu(
    summaries: dict[str, dict], design: str, fp4: float | None, fp8: float, bf16: float
) -> None:
    s = summaries[design]
    assert (
        s["fp4_dense_pflops_per_gpu"],
        s["fp8_dense_pflops_per_gpu"],
        s["bf16_dense_pflops_per_gpu"],
    ) == pytest.approx((fp4, fp8, bf16), abs=0.01)
    assert s["fp8_dense_pflops_total"] == pytest.approx(fp8 * s["gpus"], abs=0.5)


def test_b300_is_1_3x_the_mi355x_at_fp4(summaries: dict[str, dict]) -> None:
    b300, mi355x = summaries["hgx-b300"], summaries["mi355x-server"]
    assert b300["fp4_dense_pflops_per_gpu"] / mi355x["fp4_dense_pflops_per_gpu"] == pytest.approx(
        1.3, abs=0.05
    )


def test_mi500_ual128_wastes_no_port_on_the_assumed_switch_and_says_so(
    summaries: dict[str, dict],
) -> None:
    s = summaries["mi500-ual128"]
    assert (s["switch_chips"], s["switch_ports_unused"]) == (18, 0)
    assert s["switch_ports_unused_by_switch"]["ualink-switch-115t"] == 18 * 64
    assert "assume-ualink-switch" in {src["id"] for src in s["sources"]}


def test_helios_radix_sensitivity(summaries: dict[str, dict]) -> None:
    other = summaries["helios"]["switch_ports_unused_by_switch"]
    assert other["tomahawk6"] == 960 and other["switch-86t-200g"] == 0
    assert other["switch-115t-200g"] == 1_728 and other["nvswitch-nvlink5"] is None


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


@pytest.mark.parametrize("design", DESIGNS)
def test_only_stated_figures_are_attributed_to_a_source(design: str) -> None:
    d = rb.load(design)
    cat = d.built.catalogue
    sites = builtin_costs().profiles  # the PUE of the facility figures is the default site's
    entries = {**cat.parts, **cat.trays, **cat.frames, **cat.power_models, **sites}
    for figures in d.analysis.figure_sources.values():
        for figure in figures:
            if figure in entries or figure.startswith("design:"):
                continue  # an entry with no figures, or the design itself
            entry_id, _, name = figure.rpartition(".")
            assert name in entries[entry_id].model_fields_set, f"{figure} is a default, not data"


def test_switch_margin_variant_prices_every_switch_tray_alike() -> None:
    for design in ("helios", "gb200-nvl72"):
        base = rb.load(design)
        variant = base.with_(switch_margin=1.0)
        switch = next(t for t in base.built.placed if t.tray.role == "switch")
        other = next(t for t in variant.built.placed if t.tray.role == "switch")
        price = {
            line.part: base.built.part(line.part).price_usd * line.qty for line in switch.tray.parts
        }
        charged = sum(price[line.part] for line in switch.tray.parts if line.margin)
        if design == "gb200-nvl72":  # not on NVIDIA's own chips: their price carries its margin
            assert charged < sum(price.values())
        assert tray_price(variant.built, other) == pytest.approx(
            sum(price.values()) + charged, abs=1
        )
        assert variant.summary.bom_usd > base.summary.bom_usd
