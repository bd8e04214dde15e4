"""Cost of ownership: the profile, the rule, rent versus own, accepted runs (seed 002's claims are
held in `test_reproduction.py`)."""

from __future__ import annotations

import ast
import json
import math
import re

import pandas as pd
import pytest

import rackbom as rb
from rackbom import cost_api as costs
from rackbom.components.tco_library import builtin_costs
from rackbom.racks.clusters.cluster_library import builtin_cluster_ids
from rackbom.racks.costs.formula import Annuity, Key
from rackbom.racks.costs.ownership import evaluate, profile_values
from rackbom.racks.costs.reproduction import CLAIMS
from rackbom.racks.costs.targets import builtin_basis
from rackbom.racks.costs.terms import PROFILE_TERMS, SYSTEM_TERMS
from rackbom.racks.costs.tornado import with_markup
from rackbom.racks.library import builtin_design_ids


def test_every_default_figure_has_a_known_source() -> None:
    library = builtin_costs()
    for entry in (*library.profiles.values(), *library.rentals.values()):
        for figure in entry.figure_names():
            assert entry.source_of(figure) in library.sources, (entry.id, figure)
    default = library.profiles["default"]
    kinds = {library.sources[default.source_of(f)].kind for f in default.figure_names()}
    assert kinds <= {"analyst", "assumption", "seed", "vendor", "derived"}


def test_annuity_factor() -> None:
    assert Annuity.factor(0, 5) == pytest.approx(0.2)
    assert Annuity.factor(0.1, 5) == pytest.approx(0.263797, abs=1e-6)


def test_tco_rule_by_hand() -> None:
    """The MI355X cluster's TCO, worked out from the profile without the model's code."""
    cluster = rb.load_cluster("mi355x-server-8k").summary
    p = builtin_costs().profiles["default"]
    kw = cluster.power_total_w / cluster.gpus / 1000
    servers = (cluster.capex_usd.compute_usd + cluster.capex_usd.scale_up_usd) / cluster.gpus
    network = cluster.capex_usd.scale_out_usd / cluster.gpus
    facility = kw / 1000 * p.facility_capex_usd_per_mw
    yearly = (
        (servers + network) * Annuity.factor(0.1, 5)
        + facility * Annuity.factor(0.1, 15)
        + (servers + network) * 0.03  # maintenance: IT hardware, not the hall
        + kw / 1000 * 0.5 * 150_000
        + 500
    )
    expected = yearly / 8760 + kw * 1.25 * 0.0806
    assert rb.tco("mi355x-server-8k").tco_usd_per_gpu_hour == pytest.approx(expected)


def test_cooling_is_counted_once() -> None:
    """PUE scales electricity only; the hall's cooling plant is inside its cost per MW."""
    result = rb.tco("helios")
    assert result.facility_kw_per_gpu == pytest.approx(result.input_kw_per_gpu * 1.25)
    assert result.opex_power_usd_per_gpu_hour == pytest.approx(result.facility_kw_per_gpu * 0.0806)
    summary = rb.load("helios").summary
    assert result.input_kw_per_gpu == pytest.approx(summary.power_rack_input_w / 72 / 1000)


def test_bare_design_buys_no_scale_out_and_the_cluster_adds_it() -> None:
    design, cluster = rb.tco("helios"), rb.tco("helios-16k")
    assert design.capex_scale_out_usd_per_gpu == 0
    assert cluster.capex_scale_out_usd_per_gpu > 10_000
    assert design.capex_compute_usd_per_gpu == pytest.approx(cluster.capex_compute_usd_per_gpu)
    assert cluster.input_kw_per_gpu > design.input_kw_per_gpu


def test_every_claim_compares_clusters_of_one_size() -> None:
    from rackbom.racks.costs.claim_rules import CLUSTER_GPUS
    from rackbom.racks.costs.reproduction import CLAIMS

    for claim in CLAIMS:
        for cid in filter(None, (claim.subject, claim.comparator)):
            assert rb.load_cluster(cid).summary.gpus_requested == CLUSTER_GPUS, (claim.label, cid)


@pytest.mark.parametrize(
    ("held", "signs", "verdict"),
    [
        ((True, True), (True, True), "holds"),
        ((True, False), (True, True), "partly"),
        ((False, False), (True, False), "misses"),
        ((False, False), (False, False), "contradicts"),
    ],
)
def test_verdict_over_sizes(held: tuple[bool, ...], signs: tuple[bool, ...], verdict: str) -> None:
    from rackbom.racks.costs.size_range import verdict as verdict_of

    assert verdict_of(held, signs) == verdict


def test_sizes_are_log_spaced_and_stop_where_a_fabric_does() -> None:
    from rackbom.racks.costs.size_range import log_sizes, sweep_sizes

    grid = log_sizes()
    assert (grid[0], grid[-1], len(grid)) == (1024, 65536, 25) and 8192 in grid
    assert sweep_sizes([500, 3000, 70_000], 40_000) == tuple(
        sorted({*(n for n in grid if n <= 40_000), 3000, 3001})
    )


def test_nvidia_margin_range_is_a_tornado_bar() -> None:
    """The source's 40-50% gross margin (markups 2/3 to 1) moves VR200's scale-up capital."""
    basis = costs.basis("vr200-16k-ib")
    assert basis.vendor_markup == pytest.approx(0.82)
    assert basis.vendor_margin_usd < basis.scale_up_usd
    bars = {b.input: b for b in rb.sensitivity("example-flux1-training", "vr200-16k-ib")}
    bar = bars["vendor_markup"]
    assert (bar.low_value, bar.high_value) == pytest.approx((2 / 3, 1.0))
    assert bar.cost_at_low_usd < bar.base_cost_usd < bar.cost_at_high_usd
    high = with_markup(basis, 1.0)
    assert high.scale_up_usd - basis.scale_up_usd == pytest.approx(
        basis.vendor_margin_base_usd * 0.18
    )
    amd = {b.input for b in rb.sensitivity("example-flux1-training", "helios-16k")}
    assert "vendor_markup" not in amd


def test_show_json_has_the_tco_and_tco_picks_another_profile(cli, tmp_path) -> None:
    for target in ("mi355x-server", "helios-16k"):
        data = json.loads(cli("show", target, "--json").out)
        assert {"tco_usd_per_gpu_hour", "opex_usd_per_gpu_hour"} <= set(data)
        assert data["tco"]["capex_usd_per_gpu"] > 0 and data["tco"]["profile"] == "default"
    colo = json.loads(cli("show", "helios", "--json", "--tco", "neocloud-colo").out)
    assert colo["tco"]["capex_facility_usd_per_gpu"] == 0
    assert colo["tco"]["opex_colocation_usd_per_gpu_hour"] > 0
    mine = tmp_path / "cheap-power.yaml"
    profile = (
        builtin_costs().profiles["default"].model_dump(exclude_defaults=True, exclude={"ranges"})
    )
    mine.write_text(
        json.dumps({"profiles": [{**profile, "id": "cheap", "electricity_usd_per_kwh": 0.03}]})
    )
    cheap = json.loads(cli("show", "helios", "--json", "--tco", str(mine)).out)
    default = json.loads(cli("show", "helios", "--json").out)
    assert cheap["tco_usd_per_gpu_hour"] < default["tco_usd_per_gpu_hour"]


def test_rent_versus_own() -> None:
    rows = {r.rental: r for r in rb.rent_or_own()}
    mi355x = rows["mi355x-8gpu-month"]
    assert mi355x.rent_usd_per_gpu_hour == pytest.approx(19_900 / 8 / 730)
    assert mi355x.renter_margin_pct == pytest.approx(43.0, abs=0.1)
    assert mi355x.payback_months == pytest.approx(28.2, abs=0.1)
    assert rows["mi300x-dev-cloud"].tco_usd_per_gpu_hour is None
    assert all(r.renter_margin_pct > 0 for r in rows.values() if r.owned_as)


def test_accepted_run_breakdown_adds_up() -> None:
    (run,) = rb.accepted("example-flux1-training", ["mi355x-server-8k"])
    assert run.example and run.per == "accepted run"
    assert run.gpu_hours_per_unit == pytest.approx(635.22 * 1.307 / 2.5)
    parts = run.hardware_usd + run.power_usd + run.people_usd + run.failures_usd
    assert parts == pytest.approx(run.total_usd)
    assert run.people_usd == pytest.approx(12 * 5000 / 50)
    (req,) = rb.accepted("example-reasoning-requests", ["mi355x-server"])
    assert req.per == "million accepted requests" and req.failures_usd > 0


def test_tornado_is_sorted_by_swing() -> None:
    bars = rb.sensitivity("example-flux1-training", "mi355x-server-8k")
    swings = [b.swing_usd for b in bars]
    assert swings == sorted(swings, reverse=True)
    assert {"electricity_usd_per_kwh", "acceptance_rate", "compute capital per GPU"} <= {
        b.input for b in bars
    }


def test_tornado_bars_move_and_show_the_figures_the_cost_table_uses() -> None:
    """A figure at 0 with no range has no bar; GPU-hours are this design's, not the measured."""
    for target in ("helios", "mi355x-server-8k"):
        (run,) = rb.accepted("example-flux1-training", [target])
        bars = {b.input: b for b in rb.sensitivity("example-flux1-training", target)}
        assert all(b.swing_usd > 0 for b in bars.values())
        assert "failed_run_fraction" not in bars
        hours = bars["gpu_hours_per_run"]
        assert hours.base_value == pytest.approx(run.gpu_hours_per_unit)
        assert (hours.low_value, hours.high_value) == pytest.approx(
            (0.8 * run.gpu_hours_per_unit, 1.2 * run.gpu_hours_per_unit)
        )


def test_sweep_is_a_tidy_table() -> None:
    table = rb.sweep(["helios", "vr200-nvl144"], electricity_usd_per_kwh=[0.05, 0.1])
    assert len(table) == 4
    assert list(table.columns[:2]) == ["target", "electricity_usd_per_kwh"]
    helios = table[table.target == "helios"].tco_usd_per_gpu_hour.tolist()
    assert helios[0] < helios[1] and all(math.isfinite(v) for v in helios)
    assert table.equals(
        pd.DataFrame(
            costs.sweep_rows(["helios", "vr200-nvl144"], electricity_usd_per_kwh=[0.05, 0.1])
        )
    )
    both = rb.sweep("helios-16k", utilisation=[0.6, 0.9], pue=[1.1, 1.3])
    assert len(both) == 4 and not both.duplicated(["target", "utilisation", "pue"]).any()
    cheap = rb.tco(
        "helios-16k",
        builtin_costs().profiles["default"].model_copy(update={"utilisation": 0.6, "pue": 1.1}),
    )
    assert both.iloc[0].tco_usd_per_gpu_hour == pytest.approx(cheap.tco_usd_per_gpu_hour)


BAD_PROFILES = [
    ("electricity_usd_per_kwh", -0.1, "greater than or equal to 0"),
    ("utilisation", 0, "greater than 0"),
    ("utilisation", 1.5, "less than or equal to 1"),
    ("life_years_gpu_servers", 0, "greater than 0"),
    ("facility_capex_usd_per_mw", -1, "greater than or equal to 0"),
    ("utilisation", "0.5", "valid number"),
    ("pue", True, "valid number"),
    ("pue", 0.9, "greater than or equal to 1"),
    ("pue", 3.5, "less than or equal to 3"),
    ("cost_of_capital", 1, "less than 1"),
    ("maintenance_share_per_year", 1.5, "less than or equal to 1"),
    ("name", "bad\u001bname", "control"),
]


@pytest.mark.parametrize(("field", "value", "message"), BAD_PROFILES)
def test_bad_profile_is_one_line_exit_2(cli, tmp_path, field, value, message) -> None:
    profile = (
        builtin_costs().profiles["default"].model_dump(exclude_defaults=True, exclude={"ranges"})
    )
    path = tmp_path / "bad.yaml"
    path.write_text(json.dumps({"profiles": [{**profile, "id": "bad", field: value}]}))
    result = cli("show", "helios", "--json", "--tco", str(path))
    assert result.code == 2 and result.out == ""
    (line,) = result.err.splitlines()
    assert str(path) in line and f"profiles[0](id=bad).{field}" in line and message in line


BAD_WORKLOADS = [
    ({"acceptance_rate": 0}, "acceptance_rate", "greater than 0"),
    ({"tokens_per_second_per_gpu": None}, "tokens_per_second_per_gpu", "needs a throughput"),
    ({"tokens_per_request": -5}, "tokens_per_request", "greater than 0"),
]


@pytest.mark.parametrize(("change", "field", "message"), BAD_WORKLOADS)
def test_bad_workload_is_one_line_exit_2(cli, tmp_path, change, field, message) -> None:
    work = builtin_costs().workloads["example-reasoning-requests"].model_dump(exclude_defaults=True)
    work = {k: v for k, v in {**work, "id": "bad", **change}.items() if v is not None}
    path = tmp_path / "work.yaml"
    path.write_text(json.dumps({"workloads": [work]}))
    result = cli("tco", "mi355x-server", "--workload", str(path))
    assert result.code == 2 and result.out == ""
    (line,) = result.err.splitlines()
    assert str(path) in line and f"workloads[0](id=bad).{field}" in line and message in line


def test_both_facility_and_colocation_is_refused(cli, tmp_path) -> None:
    profile = (
        builtin_costs().profiles["default"].model_dump(exclude_defaults=True, exclude={"ranges"})
    )
    path = tmp_path / "twice.yaml"
    path.write_text(
        json.dumps({"profiles": [{**profile, "id": "twice", "colocation_usd_per_kw_month": 150}]})
    )
    result = cli("tco", "helios", "--tco", str(path))
    assert result.code == 2 and "paid for twice" in result.err and result.out == ""


def test_charts_are_deterministic_svg(cli, tmp_path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    for out in (first, second):
        out.mkdir()
        assert cli("tco", "helios-16k", "vr200-16k-ib", "--charts", str(out)).code == 0
        args = ("tco", "--workload", "example-flux1-training", "mi355x-server-8k", "--tornado")
        assert cli(*args, "--charts", str(out)).code == 0
    names = sorted(p.name for p in first.iterdir())
    assert names == [
        "capex-per-gpu.svg",
        "tco-per-fp4-pflops-hour.svg",
        "tco-per-gpu-hour.svg",
        "tornado.svg",
    ]
    for name in names:
        text = (first / name).read_text()
        assert text.startswith("<?xml") and "<svg" in text and "<dc:date>" not in text
        assert text == (second / name).read_text()


def test_sweep_chart_has_one_line_per_target() -> None:
    from rackbom.exports.charts.tco_charts import sweep_chart

    rows = rb.sweep(["helios-16k", "vr200-16k-ib"], utilisation=[0.5, 0.75, 1.0])
    svg = sweep_chart(rows.to_dict("records"), "utilisation", "tco_usd_per_gpu_hour")
    assert "helios-16k" in svg and "vr200-16k-ib" in svg


def test_cli_sweeps_one_profile_figure_and_charts_it(cli, tmp_path) -> None:
    args = (
        "tco",
        "mi355x-server-8k",
        "hgx-b200-8k",
        "--sweep",
        "electricity_usd_per_kwh=0.05,0.1,0.15",
    )
    done = cli(*args, "--charts", str(tmp_path))
    assert done.code == 0, done.err
    lines = [line for line in done.out.splitlines() if line.startswith(("mi355x", "hgx-b200"))]
    assert len(lines) == 6
    table = [line for line in done.out.splitlines() if not line.startswith("wrote ")]
    assert all(len(line) <= 100 for line in table)  # a path said after the table may be long
    svg = (tmp_path / "sweep-electricity_usd_per_kwh.svg").read_text()
    assert "mi355x-server-8k" in svg and "Electricity (USD per kWh)" in svg
    rows = json.loads(cli(*args, "--json").out)
    expected = costs.sweep_rows(
        ["mi355x-server-8k", "hgx-b200-8k"], electricity_usd_per_kwh=[0.05, 0.1, 0.15]
    )
    assert [(r["target"], r["electricity_usd_per_kwh"]) for r in rows] == [
        (r["target"], r["electricity_usd_per_kwh"]) for r in expected
    ]
    assert [r["tco_usd_per_gpu_hour"] for r in rows] == pytest.approx(  # JSON rounds to cents
        [r["tco_usd_per_gpu_hour"] for r in expected], abs=0.005
    )


@pytest.mark.parametrize(
    ("sweep", "message"),
    [
        ("power=1,2", "give FIGURE=V1,V2"),
        ("pue=1,x", "numbers separated by commas"),
        ("utilisation=0.5,1.5", "less than or equal to 1"),
    ],
)
def test_cli_bad_sweep_is_one_line_exit_2(cli, tmp_path, sweep, message) -> None:
    done = cli("tco", "helios", "--sweep", sweep, "--charts", str(tmp_path))
    assert done.code == 2 and done.out == "" and message in done.err
    assert len(done.err.splitlines()) == 1 and list(tmp_path.iterdir()) == []


# --- one rule, two renderings ---------------------------------------------------------------
class _Lazy(ast.NodeTransformer):
    """`_if(c, a, b)` becomes `a if c else b`, so the branch not taken is not evaluated."""

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id == "_if":
            test, body, orelse = node.args
            return ast.IfExp(test=test, body=body, orelse=orelse)
        if isinstance(node.func, ast.Name) and node.func.id == "_or":
            return ast.BoolOp(op=ast.Or(), values=node.args)
        return node


def spreadsheet_value(formula: str) -> float | None:
    """Evaluate a formula as a spreadsheet would: IF, `=`, `^`, and `""` for an empty cell."""
    source = formula.replace("IF(", "_if(").replace("OR(", "_or(")
    source = source.replace("^", "**").replace('""', "None")
    source = re.sub(r"(?<![=<>!])=(?!=)", "==", source)
    tree = ast.fix_missing_locations(_Lazy().visit(ast.parse(source, mode="eval")))
    return eval(compile(tree, "<formula>", "eval"), {})  # our own formula text only


@pytest.mark.parametrize("target", [*builtin_design_ids(), *builtin_cluster_ids()])
def test_every_term_as_a_formula_equals_python(target: str) -> None:
    profile = builtin_costs().profiles["default"]
    basis = builtin_basis(target)
    values: dict[Key, float | None] = profile_values(profile)
    values.update({("basis", k): v for k, v in basis.values().items()})
    values.update({("term", k): v for k, v in evaluate(basis, profile).items()})

    def literal(key: Key) -> str:
        value = values[key]
        return '""' if value is None else repr(value)

    for term in (*PROFILE_TERMS, *SYSTEM_TERMS):
        expected = values[("term", term.key)]
        got = spreadsheet_value(term.rule.formula(literal))
        if expected is None:
            assert got is None, (target, term.key)
        else:
            assert got == pytest.approx(expected, rel=1e-12), (target, term.key)


def test_opex_is_split_by_what_it_scales_with() -> None:
    """Seed 002: 'most operating costs scale with respect to IT power requirements'. rackbom's
    maintenance scales with capital instead, and the split says how much of each it is."""
    rows = {o.system: o for o in costs.reproduction_opex()}
    assert set(rows) == {s for c in CLAIMS for s in (c.subject, c.comparator) if s}
    vr200 = rb.tco("vr200-8k-ib")
    row = rows["vr200-8k-ib"]
    assert row.total_usd == pytest.approx(vr200.opex_usd_per_gpu_hour)
    assert row.power_scaled_usd == pytest.approx(
        vr200.opex_power_usd_per_gpu_hour
        + vr200.opex_colocation_usd_per_gpu_hour
        + vr200.opex_staff_usd_per_gpu_hour
    )
    assert row.maintenance_usd == pytest.approx(vr200.opex_maintenance_usd_per_gpu_hour)
    assert row.power_scaled_share == pytest.approx(0.44, abs=0.01)
    assert rows["hgx-b200-8k"].power_scaled_share < 0.5 < rows["helios-8k"].power_scaled_share


def test_the_profile_chooses_the_buyer_and_its_integration_margin() -> None:
    """The default profile buys from an ODM, `enterprise` from an OEM: the parts under an
    integration margin are re-priced at that buyer's markup, compute and scale-up alike."""
    basis = builtin_basis("helios-8k")
    odm, oem = (rb.tco("helios-8k", p) for p in ("default", "enterprise"))
    assert basis.integration_markup == pytest.approx(0.087)
    assert basis.integration_scale_up_base_usd > 0 and basis.integration_base_usd == 0
    step = (0.126 - 0.087) / basis.gpus
    assert oem.capex_scale_up_usd_per_gpu - odm.capex_scale_up_usd_per_gpu == pytest.approx(
        basis.integration_scale_up_base_usd * step
    )
    assert oem.capex_compute_usd_per_gpu == odm.capex_compute_usd_per_gpu  # at BOM cost
    server = rb.load("mi355x-server+buyer=oem")
    assert server.tco("enterprise").capex_compute_usd_per_gpu == pytest.approx(
        server.summary.bom_usd / server.summary.gpus
    )
    assert rb.tco("mi355x-server", "enterprise").capex_compute_usd_per_gpu == pytest.approx(
        server.tco("enterprise").capex_compute_usd_per_gpu
    )


def test_a_tco_result_holds_each_result_term_once_in_the_terms_order() -> None:
    from dataclasses import fields

    from rackbom.racks.costs.results import TcoResult
    from rackbom.racks.costs.terms import RESULT_TERMS

    names = [f.name for f in fields(TcoResult)]
    assert names[names.index("input_kw_per_gpu") :] == [t.key for t in RESULT_TERMS]
