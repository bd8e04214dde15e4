"""Seed 002's claims over draws of every ranged input, and the margins table's spreads drawn."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rackbom as rb
from rackbom.components.catalogue import parse_catalogue
from rackbom.components.errors import InputError
from rackbom.racks.costs.reproduction import CLAIMS, Claim
from rackbom.racks.costs.size_range import DrawShare, robustness
from rackbom.racks.uncertainty.claims import REPRODUCE_DRAWS, held_in_draws
from rackbom.resolve import resolve
from rackbom.uncertainty_api import compare_uncertain

pytestmark = pytest.mark.slow

DRAWS = 500


def _margin(**changes: object) -> dict[str, object]:
    row = {"id": "odm", "name": "An ODM", "markup": 0.087, "low": 0.075, "high": 0.125}
    return {"margins": [{**row, "source": "analyst-odm-margins", **changes}]}


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"low": 0.2, "high": 0.1}, "low 0.2 exceeds high 0.1"),
        ({"markup": 0.2}, "the markup 0.2 lies outside its range 0.075-0.125"),
        ({"low": -0.1}, "margins[0]"),
        ({"id": "retail"}, "margins[0]"),
    ],
)
def test_a_bad_margin_range_is_one_line_naming_the_file(changes: dict, message: str) -> None:
    with pytest.raises(InputError) as exc:
        parse_catalogue(_margin(**changes), "mine.yaml")
    text = str(exc.value)
    assert text.startswith("mine.yaml: margins[0]") and message in text and "\n" not in text


@pytest.mark.parametrize(("tco", "buyer"), [("default", "odm"), ("enterprise", "oem")])
def test_the_buyers_integration_margin_is_drawn_over_its_spread(tco: str, buyer: str) -> None:
    found = compare_uncertain([resolve("helios"), resolve("vr200-nvl144")], DRAWS, 0, tco)
    margin = next(i for i in found.inputs if i.key == f"margin.{buyer}")
    spread = rb.catalogue().margins[buyer]
    assert (margin.value, margin.range.low, margin.range.high) == (
        spread.markup,
        spread.low,
        spread.high,
    )
    assert margin.low_source == spread.source and margin.field == "integration_markup"


@pytest.mark.parametrize(
    ("source", "sign_only", "figures", "held", "signs"),
    [
        (-4.5, False, (-5.0, -10.0, 1.0), (True, False, False), (True, True, False)),
        (1.7, False, (3.0, -0.5, 7.0), (True, False, False), (True, False, True)),
        (-1, True, (-0.1, 2.0), (True, False), (True, False)),
        (0, False, (-4.0, 6.0), (True, False), (True, True)),
    ],
)
def test_a_claim_is_held_in_each_draw_as_at_one_point(
    source: float, sign_only: bool, figures: tuple, held: tuple, signs: tuple
) -> None:
    claim = Claim("x", "x", "tco_usd_per_gpu_hour", "a", source, "b", sign_only=sign_only)
    change = np.array(figures)
    figure, got, sign_right = held_in_draws(claim, [change / 100 + 1, np.ones_like(change)])
    assert figure == pytest.approx(change)
    assert tuple(got) == held and tuple(sign_right) == signs


def test_a_dollar_claim_is_held_within_its_tolerance() -> None:
    claim = Claim("x", "$1.97", "tco_usd_per_gpu_hour", "a", 1.97)
    _, held, _ = held_in_draws(claim, [np.array([1.97, 1.70, 2.30])])
    assert tuple(held) == (True, True, False)


@pytest.mark.parametrize(
    ("sizes", "held", "sign_right", "text"),
    [
        ("holds", 0.96, 1.0, "holds across the ranges"),
        ("holds", 0.90, 1.0, "holds on 90% of draws"),
        ("partly", 1.0, 1.0, "holds on 100% of draws"),
        ("contradicts", 0.0, 0.03, "contradicts"),
        ("contradicts", 0.2, 0.2, "holds on 20% of draws"),
    ],
)
def test_the_verdict_needs_every_size_and_the_draws(
    sizes: str, held: float, sign_right: float, text: str
) -> None:
    drawn = DrawShare(1000, 0, 0.0, 1.0, held, sign_right, ())
    assert robustness(sizes, drawn) == text  # type: ignore[arg-type]


def test_every_claim_states_its_share_of_draws() -> None:
    results = {r.label: r for r in rb.reproduction()}
    assert set(results) == {c.label for c in CLAIMS}
    for label, r in results.items():
        d = r.draws
        assert d is not None and d.draws == REPRODUCE_DRAWS and d.seed == 0, label
        assert d.p5 <= d.p95 and 0 <= d.held <= d.sign_right <= 1, label
        if r.verdict_text == "holds across the ranges":
            assert r.verdict == "holds" and d.held >= 0.95, label
    tco = results["MI400 (Arista) TCO vs VR200 NVL144 (InfiniBand)"]
    assert tco.draws and tco.draws.drivers[0] == "rubin.price_usd"
    assert tco.draws.p5 < tco.at_reference.rackbom < tco.draws.p95
    chip = results["MI400 dense FP8 TFLOPS per W vs VR200 NVL144, chip (GPU board power)"]
    assert chip.draws and set(chip.draws.drivers) == {"rubin.power_w", "mi450x.power_w"}
    assert chip.at_reference.rackbom < 0 < chip.draws.p95  # Rubin at 1.8 kW, up to 2.3 kW
    fixed = results["MI355X dense FP8 TFLOPS per W vs B200, chip (GPU board power)"]
    assert fixed.draws and fixed.draws.p5 == pytest.approx(fixed.at_reference.rackbom)


@pytest.mark.parametrize(("draws", "seed"), [(0, 0), (10**6 + 1, 0), (100, -1), (100, "x")])
def test_bad_draws_or_seed_for_the_reproduction_are_refused(draws: int, seed: object) -> None:
    with pytest.raises(InputError):
        rb.reproduction(draws=draws, seed=seed)  # type: ignore[arg-type]


def test_tco_reproduce_charts_writes_the_intervals(cli, tmp_path) -> None:
    folder = tmp_path / "charts"
    done = cli("tco", "--reproduce", "--charts", str(folder))
    assert done.code == 0, done.err
    svg = (folder / "reproduction.svg").read_text()
    assert svg.startswith("<?xml") and "MI400 (Arista) TCO vs VR200 NVL144 (InfiniBand)" in svg
    assert "2,000 draws" in svg and f"wrote {folder / 'reproduction.svg'}" in done.out


def test_a_designs_own_catalogue_ranges_are_drawn_under_its_name() -> None:
    """The HGX B200 server's overhead is an assumption in the design's own catalogue, ranged
    from the MI355X server's 800 W to the 4.4 kW DGX B200's maximum leaves."""
    found = compare_uncertain([resolve("mi355x-server"), resolve("hgx-b200")], DRAWS, 0)
    key = "hgx-b200/hgx-b200-node.overhead_power_w"
    own = next(i for i in found.inputs if i.key == key)
    assert (own.range.low, own.value, own.range.high) == (800, 2000, 4400)
    power = next(f for f in found.figures if f.figure == "input_kw_per_gpu")
    assert power.drivers[0].input == key and power.drivers[0].rho < 0  # the second system's
    server = {r.label: r for r in rb.reproduction()}[
        "MI355X dense FP8 TFLOPS per W vs HGX B200, server (IT power)"
    ]
    assert server.draws and server.draws.drivers[0] == key
    assert server.draws.p5 < server.at_reference.rackbom < server.draws.p95


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--reproduce", "--draws", "0"], "--draws: give 1 to 1,000,000 draws, not 0"),
        (["--reproduce", "--draws", "2.5"], "--draws: not an integer: '2.5'"),
        (["--reproduce", "--seed", "x"], "--seed: a seed is an integer from 0 to 2^63 - 1"),
        (["helios", "--seed", "1"], "--seed: applies with --reproduce only"),
    ],
)
def test_tco_reproduce_refuses_bad_draws_and_writes_nothing(
    cli, tmp_path, args: list[str], message: str
) -> None:
    folder = tmp_path / "charts"
    done = cli("tco", *args, "--charts", str(folder))
    assert done.code == 2 and not done.out and not folder.exists()
    assert message in done.err and len(done.err.strip().splitlines()) == 1


@settings(max_examples=60, deadline=None)
@given(
    source=st.floats(-80, 80).filter(lambda v: abs(v) > 0.01),
    tolerance=st.floats(0.5, 10),
    figures=st.lists(st.floats(-100, 100), min_size=1, max_size=20),
)
def test_a_draw_holds_exactly_where_its_sign_is_right_and_it_is_near(
    source: float, tolerance: float, figures: list[float]
) -> None:
    claim = Claim("x", "x", "tco_usd_per_gpu_hour", "a", source, "b", tolerance_pp=tolerance)
    change = np.array(figures)
    figure, held, sign_right = held_in_draws(claim, [change / 100 + 1, np.ones_like(change)])
    assert figure == pytest.approx(change, abs=1e-9)
    for value, h, s in zip(figure, held, sign_right, strict=True):
        assert s == ((value < 0) == (source < 0))
        assert h == (s and abs(value - source) <= tolerance)
