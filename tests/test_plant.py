"""Feeds, cooling, floor load and failure domains: hand-computed cases, invariants, bad input."""

from __future__ import annotations

import json
import math
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rackbom as rb
from conftest import DESIGNS
from rackbom.components.plant_library import plant_rules
from rackbom.components.plant_profile import HeatToLiquid
from rackbom.exports.text.plant_text import render_plant
from rackbom.racks.plant.failures import DesignFailures, Failure
from rackbom.racks.plant.feeds import Feed, continuous_limit_w, size_breaker
from rackbom.racks.plant.plan import system_plant
from rackbom.racks.plant.rack import SupplyGroup, flow_lpm


def profile_data() -> dict[str, Any]:
    text = resources.files("rackbom.components.data").joinpath("plant_profiles.yaml").read_text()
    return yaml.safe_load(text)


def write_profile(tmp_path: Path, **changes: Any) -> Path:
    data = profile_data()
    data["plant_profiles"][0].update(changes)
    path = tmp_path / "hall.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


# --- hand-computed cases ---------------------------------------------------------------------
def test_flow_for_a_132_kw_rack_at_10_k() -> None:
    """132 kW into water at a 10 K rise: 132,000 / (4,180 x 10) = 3.158 kg/s = 190.6 L/min."""
    lpm = flow_lpm(132_000, 4180, 0.994, 10)
    assert lpm == pytest.approx(132_000 / (4180 * 10) / 0.994 * 60, rel=0.01)
    assert lpm == pytest.approx(190.6, abs=0.1)


def test_a_rack_flow_follows_q_over_cp_dt(tmp_path: Path) -> None:
    """Through the whole chain: every watt of an NVL72 rack to water at 10 K."""
    every = {"cold-plate": 1.0, "liquid": 1.0, "air": 1.0}
    rules = plant_rules(write_profile(tmp_path, fluid="water", heat_to_liquid=every))
    plant = system_plant(rb.load("gb200-nvl72").analysis, rules)
    (rack,) = plant.racks
    assert rack.heat_liquid_w == pytest.approx(rack.power_nominal_w - _losses(rack))
    expected = rack.heat_liquid_w / (4180 * 10) / 0.994 * 60
    assert rack.coolant_lpm == pytest.approx(expected, rel=0.01)


def _losses(rack: Any) -> float:
    """Conversion losses and rack items go to air even when every tray is on liquid."""
    return rack.heat_air_w


def test_a_feed_at_exactly_its_derated_limit() -> None:
    """100 A at 415 V three-phase, pf 0.95: 68,284 W; 80 % continuous = 54,627 W."""
    profile = plant_rules().profile
    limit = continuous_limit_w(profile, 100)
    assert limit == pytest.approx(415 * 100 * math.sqrt(3) * 0.95 * 0.8)
    assert size_breaker(profile, limit) == 100
    assert size_breaker(profile, limit * 1.001) is None  # 100 A is the largest rack breaker
    assert size_breaker(profile, continuous_limit_w(profile, 90) * 1.001) == 100
    assert not Feed("f", "rack", limit / 2, limit, 100, limit).over
    assert Feed("f", "rack", limit / 2, limit * 1.001, 100, limit).over


def test_n_plus_1_with_one_shelf_failed() -> None:
    """Eight 33 kW shelves carry 231 kW with one failed, not a watt more."""
    group = SupplyGroup("busbar", ("t",), 8, 33_000, 231_000, 231_000)
    assert group.survives(1)
    assert not group.survives(2)
    assert not SupplyGroup("busbar", ("t",), 8, 33_000, 231_001, 231_001).survives(1)


def test_nvl72_rides_through_a_shelf_and_a_side_but_not_a_rack() -> None:
    plant = system_plant(rb.load("gb200-nvl72").analysis)
    by = {d.component: d for d in plant.failure_domains}
    assert by["power shelf or PSU"].gpus_lost == 0
    assert by["feed (one side of a rack)"].gpus_lost == 0  # 4 x 33 kW carries 116 kW
    assert by["rack"].gpus_lost == 72 and by["rack"].capacity_left_pct == 0
    assert by["scale-out NIC"].gpus_lost == 1  # one NIC per GPU
    switch = by["scale-up switch tray"]
    assert (switch.gpus_lost, switch.domains_degraded, switch.capacity_left_pct) == (0, 1, 100)


@pytest.mark.parametrize("system", [*DESIGNS, "vr200-8k-ib"])
def test_redundancy_labels_agree_with_the_failure_table(system: str) -> None:
    """Feeds N exactly where one side's loss stops GPUs; supplies N or below exactly where one
    shelf or PSU failed stops GPUs; a group short of its IT peak is named where the label is."""
    plant = (rb.load_cluster if system.endswith("-ib") else rb.load)(system).plant()
    lost = {d.component: d.gpus_lost for d in plant.failure_domains}
    built = plant.as_built
    assert (built.feeds == "N") == (lost.get("feed (one side of a rack)", 0) > 0)
    assert built.feeds in ("N", plant.redundancy, "not modelled")
    assert (built.supplies in ("N", "below N")) == (lost.get("power shelf or PSU", 0) > 0)
    assert (built.supplies_at_peak == "below N") == bool(built.short_at_peak)
    assert built.text in render_plant(plant).splitlines()[0]


def test_helios_feeds_are_n_and_mi500_says_its_shelves_cannot_carry_its_peak() -> None:
    helios = rb.load("helios").plant().as_built
    assert (helios.feeds, helios.supplies, helios.supplies_at_peak) == ("N", "N+1", "N")
    mi500 = rb.load("mi500-ual256").plant().as_built
    assert mi500.supplies_at_peak == "below N"
    assert "compute-a busbar 11 x 33.0 kW for 443.0 kW" in mi500.text


def test_blast_radius_of_one_leaf_is_the_endpoints_on_it() -> None:
    """Rail-optimised NVL72 cluster, one NIC per GPU: a leaf's GPUs are its endpoints."""
    cluster = rb.load_cluster("gb200-16k")
    plant = system_plant(cluster.analysis)
    leaf = next(d for d in plant.failure_domains if d.component == "leaf")
    endpoints = cluster.analysis.plans[0].groups[0].down
    assert leaf.gpus_lost == endpoints
    domains = math.ceil(endpoints / 18)  # 18 compute trays per rack, one rail-0 port each
    assert leaf.domains_degraded == domains
    gpus = cluster.summary.gpus
    assert leaf.capacity_left_pct == pytest.approx(100 * (gpus - 72 * domains) / gpus)


def test_a_leaf_cuts_no_gpu_with_nics_on_other_rails() -> None:
    """Helios GPUs have three NICs on three rails: a leaf degrades, it stops nothing."""
    plant = rb.load_cluster("helios-16k").plant()
    leaf = next(d for d in plant.failure_domains if d.component == "leaf")
    assert leaf.gpus_lost == 0 and leaf.capacity_left_pct == 100 and leaf.domains_degraded > 0


def test_cdus_are_n_plus_1_per_row() -> None:
    plant = rb.load_cluster("gb200-16k").plant()
    for row in plant.rows:
        assert row.cdus == math.ceil(row.heat_liquid_w / row.cdu_capacity_w) + 1
    assert plant.cdus == sum(r.cdus for r in plant.rows)


def test_air_cooled_servers_need_no_cdu() -> None:
    plant = rb.load("hgx-b200").plant()
    assert plant.cdus == 0 and plant.coolant_lpm == 0
    assert all(d.component != "CDU" for d in plant.failure_domains)


def test_heavy_racks_warn_against_the_hall_rating() -> None:
    plant = rb.load("mi500-ual256").plant()
    assert plant.floor_load_kg_m2 > plant.floor_rating_kg_m2
    assert any("kg/m2 rating" in w for w in plant.warnings)


def test_a_feed_over_its_breaker_is_named() -> None:
    plant = rb.load("helios").plant()
    assert plant.feeds_over > 0
    assert any(w.startswith("rack helios feeds A1, B1") for w in plant.warnings)


def test_servers_packed_to_a_floor_rack_are_planned_as_its_load() -> None:
    cluster = rb.load_cluster("hgx-b200-8k")
    analysis = cluster.analysis  # type: ignore[attr-defined]
    plant, per = cluster.plant(), analysis.copies_per_rack
    assert per == 4 and len(plant.rows) == len(analysis.floor.rows)
    row = plant.rows[0]
    assert row.racks == analysis.floor.rows[0] == 16
    assert row.gpus == 16 * per * 8  # every server of the row's floor racks
    (floor_rack,) = plant.racks
    (server,) = rb.load("hgx-b200").plant().racks
    frame = analysis.rack.design.racks[0].frame.weight_kg
    switch = analysis.floor_switch  # the floor rack's own management switch
    weight = per * server.weight_kg - (per - 1) * frame + switch.weight_kg
    assert floor_rack.weight_kg == pytest.approx(weight) and floor_rack.gpus == per * 8
    nominal = per * server.power_nominal_w + switch.power_w
    assert floor_rack.power_nominal_w == pytest.approx(nominal)
    assert len(floor_rack.feeds) == 6 > len(server.feeds)  # 3 PDUs a side carry 49.7 kW
    assert plant.floor_load_kg_m2 == pytest.approx(weight / server.footprint_m2)
    assert plant.point_load_kg == pytest.approx(weight / 4)


@pytest.mark.parametrize("system", ["helios-8k", "gb200-16k", "hgx-b200-8k", "mi355x-server-8k"])
def test_the_plant_carries_the_systems_whole_input_power(system: str) -> None:
    cluster = rb.load_cluster(system)
    summary, plant = cluster.analysis.summary, cluster.plant()  # type: ignore[attr-defined]
    assert plant.power_nominal_w == pytest.approx(summary.power_total_w)
    assert sum(r.gpus for r in plant.rows) == summary.gpus


# --- invariants ------------------------------------------------------------------------------
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(DESIGNS), st.floats(0, 1))
def test_total_heat_equals_total_power(design: str, fraction: float) -> None:
    rules = plant_rules()
    heat = HeatToLiquid.model_validate(
        {"cold-plate": fraction, "liquid": fraction, "air": fraction}
    )
    profile = rules.profile.model_copy(update={"heat_to_liquid": heat})
    changed = type(rules)(profile, rules.file, rules.sources)
    plant = system_plant(rb.load(design).analysis, changed)
    assert plant.heat_liquid_w + plant.heat_air_w == pytest.approx(plant.power_nominal_w)
    for rack in plant.racks:
        assert rack.heat_w == pytest.approx(rack.power_nominal_w)


_MODELS: dict[str, DesignFailures] = {}


def _model(design: str) -> DesignFailures:
    if design not in _MODELS:
        d = rb.load(design)
        plant = d.plant()
        _MODELS[design] = DesignFailures(d.analysis, list(plant.racks))
    return _MODELS[design]


def _failures(model: DesignFailures) -> list[Failure]:
    return (
        model.shelf_failures()
        + model.feed_failures()
        + model.nic_failures()
        + model.switch_tray_failures()
        + model.rack_failures()
        + [Failure(trays=frozenset({t.key})) for t in model.analysis.design.placed[:20]]
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["gb200-nvl72", "mi355x-128", "helios", "hgx-b200"]), st.data())
def test_capacity_left_never_rises_when_a_failure_is_added(design: str, data: Any) -> None:
    model = _model(design)
    pool = _failures(model)
    first = data.draw(st.lists(st.sampled_from(pool), max_size=3))
    more = data.draw(st.sampled_from(pool))
    before = Failure()
    for f in first:
        before = before | f
    a, b = model.outcome(before), model.outcome(before | more)
    assert b.gpus_in_full_domains <= a.gpus_in_full_domains
    assert b.gpus_lost >= a.gpus_lost


# --- the command line ------------------------------------------------------------------------
def test_show_json_carries_the_plant(cli) -> None:
    result = cli("show", "gb200-nvl72", "--json")
    assert result.code == 0
    data = json.loads(result.out)
    for key in ("power_peak_kw", "feeds", "coolant_lpm", "cdus", "floor_load_kg_m2"):
        assert key in data
    domain = data["failure_domains"][0]
    assert set(domain) == {
        "component",
        "count",
        "gpus_lost",
        "domains_degraded",
        "capacity_left_pct",
    }
    assert data["power_peak_kw"] > data["power_kw"] * 0.9


def test_show_text_has_the_plant_blocks(cli) -> None:
    result = cli("show", "gb200-16k")
    assert result.code == 0
    assert "Failure domains" in result.out and "Rows (busways per side" in result.out


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"delta_t_k": -5}, "delta_t_k"),
        ({"floor_rating_kg_m2": 0}, "floor_rating_kg_m2"),
        ({"power_factor": 1.2}, "power_factor"),
        ({"transient_factor": 0.5}, "transient_factor"),
        ({"continuous_load_fraction": 0}, "continuous_load_fraction"),
        ({"feet_per_rack": 0}, "feet_per_rack"),
        ({"fluid": "bare-water"}, "fluid"),
        ({"row_busway": "tiny-busway"}, "row_busway"),
    ],
)
def test_bad_plant_input(cli, tmp_path: Path, changes: dict[str, Any], field: str) -> None:
    path = write_profile(tmp_path, **changes)
    data = yaml.safe_load(path.read_text())
    data.setdefault("sources", [])
    catalogue = tmp_path / "parts.yaml"
    catalogue.write_text(
        yaml.safe_dump(
            {
                "parts": [
                    {
                        "id": "bare-water",
                        "kind": "coolant",
                        "name": "Water, no properties",
                        "manufacturer": "generic",
                        "source": "assume-row-busway",
                    },
                    {
                        "id": "tiny-busway",
                        "kind": "busway",
                        "name": "A feed smaller than one rack",
                        "manufacturer": "generic",
                        "source": "assume-row-busway",
                        "voltage_v": 415,
                        "phases": 3,
                        "current_a": 60,
                    },
                ]
            }
        )
    )
    out = tmp_path / "report"
    result = cli(
        "report", "gb200-nvl72", "--catalogue", str(catalogue), "--plant", str(path), "-o", str(out)
    )
    assert result.code == 2, result.err
    assert result.err.count("\n") == 1 and "Traceback" not in result.err
    assert str(path) in result.err and field in result.err
    assert not out.exists() or not any(out.iterdir())


def test_svg_draws_the_hall_power_and_cooling(cli, tmp_path: Path) -> None:
    out = tmp_path / "plant.svg"
    assert cli("svg", "gb200-16k", "--view", "plant", "-o", str(out)).code == 0
    svg = out.read_text()
    assert "rows 1-14 (14 alike)" in svg and "1 + 1 CDUs" in svg and "<script" not in svg
    assert svg == rb.load_cluster("gb200-16k").power_and_cooling().to_string()  # deterministic
    design = tmp_path / "design.svg"
    assert cli("svg", "helios", "--view", "plant", "-o", str(design)).code == 0
    assert "over its limit" in design.read_text()


def test_compare_adds_the_plant_rows(cli) -> None:
    result = cli("compare", "gb200-nvl72", "helios", "--json")
    rows = {r["figure"]: r["values"] for r in json.loads(result.out)["rows"]}
    assert rows["CDUs (N+1 per row)"] == [2, 2]
    assert cli("compare", "gb200-16k", "helios-16k").out.count("Input power at peak (kW)") == 1


def test_export_workbook_has_live_plant_formulas(tmp_path: Path) -> None:
    import openpyxl

    path = rb.load("gb200-nvl72").to_xlsx(tmp_path / "book.xlsx")
    book = openpyxl.load_workbook(path)
    sheets = [book[f"Plant {name}"] for name in ("feeds", "racks", "rows")]
    cells = [
        c.value for s in sheets for row in s.iter_rows() for c in row if isinstance(c.value, str)
    ]
    assert any(c.startswith("=") and "SQRT(3)" in c for c in cells)  # feed limits
    assert any(c.startswith("=") and "*60" in c for c in cells)  # coolant flow
    assert any(c.startswith("=IF(") and "ROUNDUP" in c for c in cells)  # CDUs N+1


def test_workbook_lists_a_large_systems_alike_feeds_and_rows_once_with_their_count() -> None:
    from rackbom.exports.workbook.plant_sheet import LINES_MAX, ROW_COLUMNS, plant_part

    cluster = rb.load_cluster("helios-1m")
    plant = cluster.plant()
    sheets = plant_part([rb.load("helios").report(), cluster.report()])
    rows = [[c.value for c in row] for sheet in sheets for row in sheet.rows if len(row) > 2]
    feeds = [r for r in rows if r[0] == "helios-1m" and r[2] in ("rack", "row")]
    assert sum(r[-1] for r in feeds) == len(plant.feeds) > LINES_MAX >= len(feeds)
    assert "row 1 busway A1 and " in " ".join(r[1] for r in feeds)
    halls = [r for r in rows if r[0] == "helios-1m" and len(r) == len(ROW_COLUMNS)]
    assert sum(r[-1] for r in halls) == len(plant.rows) > LINES_MAX >= len(halls)
    alone = [r for r in rows if r[0] == "helios" and r[2] in ("rack", "row")]
    assert len(alone) == len(rb.load("helios").plant().feeds) and {r[-1] for r in alone} == {1}
    assert sum(len(sheet.rows) for sheet in sheets) < 80


README_PLANT = ("gb200-nvl72", "helios", "mi500-ual256", "hgx-b200")
README_ROWS = (
    "power_nominal_w",
    "power_peak_w",
    "feeds_over",
    "heat_liquid_w",
    "coolant_lpm",
    "cdus",
    "floor_load_kg_m2",
)


def readme_plant_table() -> str:
    from rackbom.exports.figures.plant_figures import PLANT_FIGURES
    from rackbom.figure_table import FigureTable

    figures = [f for f in PLANT_FIGURES if f.field in README_ROWS]
    plants = [rb.load(d).plant() for d in README_PLANT]
    return FigureTable(list(README_PLANT), plants, figures).to_text()


def test_readme_plant_table_is_current() -> None:
    readme = (Path(__file__).parents[1] / "README.md").read_text()
    assert readme_plant_table() in readme


@pytest.mark.parametrize("system", ["gb200-nvl72", "helios-8k"])
def test_the_plant_draws_facility_power_at_the_tco_profiles_pue(system: str) -> None:
    from rackbom.components.tco_library import profile, site_pue
    from rackbom.resolve import resolve

    site = profile().model_copy(update={"pue": 1.6})
    target = resolve(system)
    plant, result = target.plant(None, site), target.tco(site)
    assert plant.facility_peak_w == pytest.approx(plant.power_peak_w * 1.6)
    assert result.facility_kw_per_gpu == pytest.approx(result.input_kw_per_gpu * 1.6)
    assert target.plant().facility_peak_w == pytest.approx(plant.power_peak_w * site_pue())
