"""Seed 002's claims reproduced: at the reference size, over sizes and over draws of every ranged
input, and the margins table's spreads drawn; `rb.reproduction()` is worked out once here."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rackbom as rb
from rackbom.components.catalogue import parse_catalogue
from rackbom.components.errors import InputError
from rackbom.racks.costs.reproduction import CLAIMS, Claim
from rackbom.racks.costs.size_range import DrawShare, robustness
from rackbom.racks.uncertainty.claims import held_in_draws
from rackbom.racks.uncertainty.draws import REPRODUCE_DRAWS
from rackbom.resolve import resolve
from rackbom.uncertainty_api import compare_uncertain

pytestmark = pytest.mark.slow

REPRODUCED = {
    # label: (source, rackbom at 8,192 GPUs under the default profile, verdict over the sizes)
    "MI355X TCO per GPU-hour": (1.97, 1.94, "holds"),
    "MI355X all-in capital cost per GPU vs HGX B200": (-45, -41.61, "holds"),
    "MI355X TCO vs HGX B200": (-30, -32.17, "holds"),
    "MI355X TCO vs HGX B200 (earlier section)": (-33, -32.17, "holds"),
    "MI355X TCO per FP4 PFLOPS vs HGX B300": (-40, -7.02, "misses"),
    "MI355X TCO per FP4 PFLOPS vs GB300 NVL72": (-40, -1.09, "misses"),
    "MI355X TCO per FP8 PFLOPS vs HGX B200": (-50, -38.95, "misses"),
    "MI355X TCO per FP6 PFLOPS vs HGX B200": (-75, -69.78, "partly"),
    "MI400 (Arista) all-in capital cost per GPU vs VR200 NVL144 (InfiniBand)": (
        -12,
        -14.02,
        "partly",
    ),
    "MI400 (Arista) TCO vs VR200 NVL144 (InfiniBand)": (-4.5, -6.20, "partly"),
    "MI400 TCO vs VR200 NVL144, both on Arista": (1.7, -2.06, "misses"),
    "MI400 TCO vs VR200 NVL144, both white-box": (1, -2.63, "misses"),
    "MI355X operating cost per GPU-hour vs HGX B200": (0, -16.64, "misses"),
    "MI355X dense FP8 TFLOPS per W vs B200, chip (GPU board power)": (-22, -20.63, "holds"),
    "MI355X dense FP8 TFLOPS per W vs HGX B200, server (IT power)": (-22, -1.62, "misses"),
    "MI400 (Arista) TCO per TB/s of HBM vs VR200 NVL144 (InfiniBand)": (-1, 5.28, "partly"),
    "MI400 (Arista) TCO per TB/s of HBM vs VR200 NVL144 (Arista)": (-1, 9.93, "contradicts"),
    "MI400 (Arista) TCO per TB/s of HBM vs VR200 NVL144 (white-box)": (-1, 11.15, "contradicts"),
    "MI400 dense FP8 TFLOPS per W vs VR200 NVL144, chip (GPU board power)": (-1, -6.11, "holds"),
    "VR200 NVL144 (InfiniBand) operating cost per GPU-hour": (0.67, 0.67, "holds"),
}
"""The README's table: rackbom's figures beside seed 002's, one profile for every system."""


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


def test_reproduce_shows_what_would_meet_each_claim_whole(cli) -> None:
    out = cli("tco", "--reproduce").out
    assert "\u2026" not in out and "hgx-b200-8k" in out


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


def test_reproduction_table_matches_the_readme() -> None:
    results = {r.label: r for r in rb.reproduction()}
    assert set(results) == set(REPRODUCED)
    for label, (source, ours, verdict) in REPRODUCED.items():
        result, row = results[label], results[label].at_reference
        assert row.source == source, label
        assert row.rackbom == pytest.approx(ours, abs=0.05 if row.unit == "pct" else 0.005)
        assert result.verdict == verdict, label
        assert result.low <= row.rackbom <= result.high or not result.sizes, label


def test_claims_are_held_over_sizes_through_every_tier_step() -> None:
    """Quantum-X800's two tiers reach 10,368 VR200 packages a plane: the InfiniBand rows are
    evaluated on both sides of that step, and the share counts the sizes they hold at."""
    from rackbom.racks.costs.claim_rules import HIGH_GPUS, LOW_GPUS
    from rackbom.racks.costs.reproduction import claim_sizes
    from rackbom.racks.costs.size_range import log_sizes
    from rackbom.racks.costs.targets import builtin_basis_at, tier_steps

    assert 10_368 in tier_steps("vr200-8k-ib")
    results = {r.label: r for r in rb.reproduction()}
    tco = results["MI400 (Arista) TCO vs VR200 NVL144 (InfiniBand)"]
    gpus = [s.gpus for s in tco.sizes]
    assert gpus == list(claim_sizes(tco.claim)) and set(log_sizes()) <= set(gpus)
    assert {10_368, 10_369} <= set(gpus) and gpus[0] == LOW_GPUS and gpus[-1] <= HIGH_GPUS
    at = {s.gpus: s for s in tco.sizes}
    assert at[10_369].rackbom < at[10_368].rackbom - 5  # the third tier costs VR200 more
    assert builtin_basis_at("vr200-8k-ib", 10_369).gpus == 10_440  # whole racks
    assert tco.share_of_sizes == pytest.approx(sum(s.held for s in tco.sizes) / len(gpus))
    assert (tco.low, tco.high) == (
        min(s.rackbom for s in tco.sizes),
        max(at[n].rackbom for n in at),
    )
    assert tco.sizes_text == f"holds on {tco.share_of_sizes * 100:.0f}% of {len(gpus)} sizes"


def test_misses_name_what_would_have_to_change() -> None:
    rows = {r.label: r.at_reference for r in rb.reproduction()}
    fp8 = rows["MI355X TCO per FP8 PFLOPS vs HGX B200"]
    assert fp8.needed.startswith("hgx-b200-8k compute capital $83,243 per GPU")
    opex = rows["VR200 NVL144 (InfiniBand) operating cost per GPU-hour"]
    assert opex.within_tolerance and opex.needed is None  # maintenance on IT hardware only


def test_readme_reproduction_rows_are_the_commands() -> None:
    from rackbom.exports.text.tco_text import reproduced_cells

    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    for result in rb.reproduction():
        cells = [re.sub(r"(?<![\w.])-(?=\d)", "\u2212", c) for c in reproduced_cells(result)]
        assert f"| {' | '.join(cells)} |\n" in readme, result.label


def test_tflops_per_w_claims_read_the_catalogue_and_the_overheads() -> None:
    """Chip level: dense FP8 over board power (MI355X 5.0 PF at 1,400 W, B200 4.5 PF at
    1,000 W); server level over IT power, which carries the assumed tray overheads."""
    results = {r.label: r for r in rb.reproduction()}
    chip = results["MI355X dense FP8 TFLOPS per W vs B200, chip (GPU board power)"]
    assert chip.at_reference.rackbom == pytest.approx((5.0 / 1.4 / 4.5 - 1) * 100)
    assert not chip.sizes and chip.verdict == "holds" and chip.sizes_text == "holds"
    server = results["MI355X dense FP8 TFLOPS per W vs HGX B200, server (IT power)"]
    mi355x, b200 = (rb.load(d).summary for d in ("mi355x-server", "hgx-b200"))
    ratio = (mi355x.compute["fp8"].total / mi355x.power_it_w) / (
        b200.compute["fp8"].total / b200.power_it_w
    )
    assert server.at_reference.rackbom == pytest.approx((ratio - 1) * 100)
    assert server.verdict == "misses"
    tray = rb.load("hgx-b200").built.catalogue.trays["hgx-b200-node"]
    assert tray.overhead_power_w == 2000 and tray.source_of("overhead_power_w") == (
        "assume-server-chassis"
    )


def test_reproduce_names_the_profile_and_its_buyer(cli) -> None:
    out = cli("tco", "--reproduce", "--tco", "enterprise").out
    assert out.startswith("Seed 002's cost-of-ownership claims under profile 'enterprise' (buyer:")
    assert "oem" in out.splitlines()[0]
    assert "hgx-b300-8k compute capital $106,109 per GPU (now $59,450" in out  # an OEM's price
