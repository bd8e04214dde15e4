"""Ranges on inputs, the Monte Carlo engine and `compare --uncertainty`."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rackbom as rb
from rackbom.components.catalogue import builtin_catalogue, parse_catalogue
from rackbom.components.errors import InputError
from rackbom.components.ranges import Range
from rackbom.components.tco_library import profile
from rackbom.racks.costs.ownership import evaluate, profile_values
from rackbom.racks.uncertainty.arrays import terms
from rackbom.racks.uncertainty.draws import quantiles
from rackbom.racks.uncertainty.effects import effects
from rackbom.racks.uncertainty.inputs import catalogue_inputs
from rackbom.resolve import resolve
from rackbom.uncertainty_api import compare_uncertain

DRAWS = 500


def _dac(ranges: object, price: float = 250) -> dict[str, object]:
    return {
        "parts": [
            {
                "id": "my-dac",
                "kind": "cable",
                "name": "My DAC",
                "manufacturer": "generic",
                "source": "assume-link-prices",
                "cable_type": "dac",
                "length_m": 2,
                "max_gbps": 800,
                "price_usd": price,
                "ranges": ranges,
            }
        ]
    }


@pytest.mark.parametrize(
    ("ranges", "message"),
    [
        ({"price_usd": {"low": 300, "high": 200}}, "ranges.price_usd: low 300 exceeds high 200"),
        ({"price_usd": {"low": 260, "high": 300}}, "the value 250 lies outside its range 260-300"),
        ({"price_usd": {"low": 200, "high": 300, "distribution": "normal"}}, "'loguniform'"),
        ({"speed_w": {"low": 200, "high": 300}}, "ranges.speed_w: no such field to range"),
        ({"name": {"low": 200, "high": 300}}, "ranges.name: the field has no number"),
        ({"price_usd": {"low": 0, "high": 300, "distribution": "loguniform"}}, "positive low"),
    ],
)
def test_a_bad_range_is_one_line_naming_the_file_and_field(ranges: object, message: str) -> None:
    with pytest.raises(InputError) as exc:
        parse_catalogue(_dac(ranges), "mine.yaml")
    text = str(exc.value)
    assert text.startswith("mine.yaml: parts[0](id=my-dac)") and message in text
    assert "\n" not in text


def test_a_range_names_known_sources(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    bad = _dac({"price_usd": {"low": 200, "high": 300, "high_source": "no-such-source"}})
    path.write_text(json.dumps(bad))
    with pytest.raises(InputError, match=r"ranges\.price_usd\.high_source: unknown source"):
        rb.catalogue(str(path))


@settings(max_examples=60, deadline=None)
@given(
    low=st.floats(-1e6, 1e6),
    high=st.floats(-1e6, 1e6),
    price=st.floats(0, 1e6),
)
def test_the_validator_takes_a_range_exactly_when_it_holds_the_value(
    low: float, high: float, price: float
) -> None:
    data = _dac({"price_usd": {"low": low, "high": high}}, price)
    if low <= price <= high:
        assert parse_catalogue(data, "mine.yaml").parts[0].ranges["price_usd"].high == high
    else:
        with pytest.raises(InputError, match=r"ranges\.price_usd"):
            parse_catalogue(data, "mine.yaml")


@settings(max_examples=60, deadline=None)
@given(
    ends=st.lists(st.floats(0.01, 1e6), min_size=3, max_size=3).map(sorted),
    distribution=st.sampled_from(["uniform", "triangular", "loguniform"]),
)
def test_draws_stay_within_the_range_and_rise_with_probability(
    ends: list[float], distribution: str
) -> None:
    low, value, high = ends
    bounds = Range.model_validate({"low": low, "high": high, "distribution": distribution})
    x = quantiles(bounds, value, np.linspace(0, 1, 101))
    assert np.all(x >= low * (1 - 1e-12)) and np.all(x <= high * (1 + 1e-12))
    assert np.all(np.diff(x) >= -1e-9 * high)


def test_every_built_in_range_holds_its_value_and_names_a_source() -> None:
    catalogue = builtin_catalogue()
    found = catalogue_inputs(catalogue)
    assert {"rubin.power_w", "rubin.hbm_tbytes_per_s"} <= {i.key for i in found}
    for item in found:
        assert item.range.low <= item.value <= item.range.high
        assert {item.low_source, item.high_source} <= set(catalogue.sources)
    rubin = next(i for i in found if i.key == "rubin.power_w")
    assert (rubin.range.low, rubin.range.high) == (1800, 2300)
    assert rubin.high_source == "press-rubin-power-high" != rubin.low_source


def test_the_array_terms_agree_with_the_tco_at_the_base() -> None:
    chosen = profile(None)
    inputs = profile_values(chosen).items()
    fixed = {k: v for (origin, k), v in inputs if origin == "input" and v is not None}
    for name in ("helios", "vr200-nvl144", "gb200-nvl72"):
        basis = resolve(name).cost_basis()
        at_base = evaluate(basis, chosen)
        arrays = terms(fixed, basis.values())
        for key, value in at_base.items():
            assert np.isnan(arrays[key]) if value is None else np.isclose(arrays[key], value)


def test_rubin_power_moves_vr200_and_not_helios() -> None:
    helios, vr200 = (resolve(n).uncertainty_side() for n in ("helios", "vr200-nvl144"))
    power = [i for i in vr200.candidates if i.key == "rubin.power_w"]
    everything = frozenset(helios.catalogue.parts)
    assert effects(helios.basis, power, helios.catalogue, helios.rebuild, everything) == ()
    (effect,) = effects(vr200.basis, power, vr200.catalogue, vr200.rebuild, vr200.entries)
    assert effect.at_low["power_input_w"] == 0  # the value is the low end
    assert effect.at_high["power_input_w"] >= 72 * 500  # 72 packages 500 W higher, before losses
    assert effect.at_high["compute_usd"] == 0


@pytest.mark.parametrize("name", ["vr200-nvl144", "gb200-nvl72", "mi355x-server-8k"])
def test_the_entries_a_system_is_built_from_hold_every_input_that_moves_it(name: str) -> None:
    side = resolve(name).uncertainty_side()
    catalogue = side.catalogue
    everything = frozenset(catalogue.parts) | frozenset(catalogue.trays)
    found = list(side.candidates)
    filtered = effects(side.basis, found, catalogue, side.rebuild, side.entries)
    assert filtered and filtered == effects(side.basis, found, catalogue, side.rebuild, everything)


def test_the_same_seed_gives_the_same_draws_and_another_seed_others() -> None:
    systems = [resolve("helios"), resolve("vr200-nvl144")]
    one, again = (compare_uncertain(systems, DRAWS, 7) for _ in range(2))
    assert one == again
    other = compare_uncertain(systems, DRAWS, 8)
    assert other.figures[0].first.p5 != one.figures[0].first.p5
    assert [f.figure for f in one.figures][:3] == [
        "capex_usd_per_gpu",
        "input_kw_per_gpu",
        "tco_usd_per_gpu_hour",
    ]


def test_a_system_against_itself_differs_by_nothing_in_every_draw() -> None:
    vr200 = resolve("vr200-nvl144")
    found = compare_uncertain([vr200, vr200], DRAWS, 1)
    assert found.inputs  # its own ranges are drawn
    for f in found.figures:
        assert (f.difference.p5, f.difference.p50, f.difference.p95) == (0, 0, 0)
        assert f.prob_lower == 0 and f.drivers == ()
        assert f.first == f.second


def test_a_disputed_input_drives_the_difference_it_moves() -> None:
    found = rb.compare(["helios", "vr200-nvl144"], uncertainty=2000, seed=0)
    figures = {f.figure: f for f in found.figures}
    power = figures["input_kw_per_gpu"]
    assert power.second.p95 > power.second.base  # Rubin's power only rises from 1.8 kW
    assert power.drivers[0].input == "rubin.power_w" and power.drivers[0].rho < 0
    hbm = figures["tco_usd_per_hbm_tbps_hour"]
    assert hbm.drivers[0].input == "rubin.hbm_tbytes_per_s" and hbm.drivers[0].rho > 0
    assert 0 < hbm.prob_lower < 1  # 13 against 22 TB/s decides which is cheaper per TB/s
    assert "helios vs vr200-nvl144" in repr(found) and "<table>" in found._repr_html_()


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["--draws", "0"], "--draws: give 1 to 1,000,000 draws"),
        (["--draws", "1000001"], "--draws: give 1 to 1,000,000 draws"),
        (["--draws", "many"], "--draws: not an integer"),
        (["--seed", "x"], "--seed: a seed is an integer"),
        (["--seed", "-1"], "--seed: a seed is an integer"),
    ],
)
def test_bad_draws_and_seeds_exit_2_and_write_nothing(
    cli, tmp_path: Path, args: list[str], option: str
) -> None:
    chart = tmp_path / "u.svg"
    result = cli("compare", "helios", "gb200-nvl72", "--uncertainty", *args, "--chart", str(chart))
    assert result.code == 2 and option in result.err and not result.out
    assert len(result.err.strip().splitlines()) == 1 and not chart.exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["helios", "gb200-nvl72", "--draws", "10"], "--draws: applies with --uncertainty only"),
        (["helios", "gb200-nvl72", "--chart", "u.svg"], "--chart: applies with --uncertainty"),
        (["helios", "gb200-nvl72", "mi355x-server", "--uncertainty"], "compares two systems"),
        (["helios", "gb200-nvl72", "--uncertainty", "--chart", "/no/such/u.svg"], "no such"),
    ],
)
def test_uncertainty_options_are_refused_where_they_do_not_apply(
    cli, args: list[str], message: str
) -> None:
    result = cli("compare", *args)
    assert result.code == 2 and message in result.err and not result.out


def test_compare_uncertainty_prints_intervals_json_and_a_chart(cli, tmp_path: Path) -> None:
    chart = tmp_path / "u.svg"
    args = ("compare", "helios", "vr200-nvl144", "--uncertainty", "--draws", str(DRAWS))
    text = cli(*args, "--seed", "3", "--chart", str(chart))
    assert text.code == 0 and "TCO per GPU-hour (USD)" in text.out and "rubin.power_w" in text.out
    assert (
        chart.read_text().startswith("<?xml") and "helios minus vr200-nvl144" in chart.read_text()
    )
    data = json.loads(cli(*args, "--seed", "3", "--json").out)
    tco = data["uncertainty"]["tco_usd_per_gpu_hour"]
    assert set(tco) >= {"base", "p5", "p50", "p95", "prob_lower", "drivers"}
    assert tco["p5"] <= tco["p50"] <= tco["p95"] and 0 <= tco["prob_lower"] <= 1
    assert all(set(d) == {"input", "rho"} for d in tco["drivers"])
    assert data["uncertainty_run"] == {"draws": DRAWS, "seed": 3, "profile": "default"}


def test_a_bad_range_in_a_users_file_stops_compare_and_writes_nothing(cli, tmp_path: Path) -> None:
    catalogue, chart = tmp_path / "mine.yaml", tmp_path / "u.svg"
    catalogue.write_text(json.dumps(_dac({"price_usd": {"low": 300, "high": 200}})))
    args = ("compare", "helios", "gb200-nvl72", "--uncertainty", "--chart", str(chart))
    result = cli(*args, "--catalogue", str(catalogue))
    assert result.code == 2 and not result.out and not chart.exists()
    assert result.err.strip().endswith("ranges.price_usd: low 300 exceeds high 200")
    mine = profile(None).model_dump(exclude_defaults=True)
    mine["ranges"]["pue"] = {"low": 1.1, "high": 1.3, "distribution": "lognormal"}
    costs = tmp_path / "hall.yaml"
    costs.write_text(json.dumps({**mine, "id": "hall"}))
    result = cli(*args, "--tco", str(costs))
    assert result.code == 2 and not chart.exists()
    assert "ranges.pue.distribution: Input should be 'uniform'" in result.err


def test_nvidias_markup_is_drawn_only_where_both_sides_pay_the_same() -> None:
    vr200 = resolve("vr200-nvl144")
    same = compare_uncertain([vr200, resolve("gb200-nvl72")], DRAWS, 0)
    assert "vendor_markup" in {i.key for i in same.inputs}
    other = compare_uncertain([vr200, resolve("vr200-nvl144+switch_margin=0.5")], DRAWS, 0)
    assert "vendor_markup" not in {i.key for i in other.inputs}
    capex = other.figures[0]
    assert capex.difference.p5 > 0  # the full margin costs more in every draw
