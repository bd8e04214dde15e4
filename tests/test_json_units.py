"""JSON keeps each figure's unit and precision: every unit-carrying key agrees with the text."""

from __future__ import annotations

import json
import re

import pytest

import rackbom as rb
from rackbom.components.formats import Format
from rackbom.exports.figures import ASSUMED_MARK, KEY_FIGURES
from rackbom.exports.figures.tco_figures import TCO_FIGURES
from rackbom.exports.json.summary_json import RENAMED, is_watts
from rackbom.racks.library import builtin_design_ids


def json_key(field: str) -> str:
    """The JSON key a summary field is published under."""
    if field in RENAMED:
        return RENAMED[field][-1]
    return field.removesuffix("_w") + "_kw" if is_watts(field) else field


@pytest.fixture(scope="module", params=builtin_design_ids())
def design(request: pytest.FixtureRequest) -> rb.Design:
    return rb.load(request.param)


def agrees(value: float | None, text: str, format: Format, scale: float = 1.0) -> bool:
    """Whether a JSON value, in the text's unit, rounds to what the text shows (to within the
    text's last digit: the JSON keeps more digits than the text)."""
    if value is None:
        return text == "-"
    shown = float(re.sub(r"[^0-9.eE+-]", "", text.removesuffix(format.suffix)))
    return abs(value * scale * format.scale - shown) <= 0.5 * 10**-format.decimals * 1.001


def test_every_key_figure_in_json_reads_as_the_text_does(design: rb.Design) -> None:
    data = json.loads(design.to_json())
    for figure in KEY_FIGURES:
        value = data[json_key(figure.field)]
        scale = 1000 if is_watts(figure.field) else 1  # JSON holds kW where the field holds W
        text = figure.text(design.summary).removesuffix(ASSUMED_MARK)
        assert agrees(value, text, figure.format, scale), (figure.field, value, text)


def test_every_tco_figure_in_json_reads_as_the_text_does(design: rb.Design) -> None:
    data = json.loads(design.to_json())["tco"]
    result = design.tco()
    for figure in TCO_FIGURES:
        value, text = data[figure.field], figure.text(result)
        assert agrees(value, text, figure.format), (figure.field, value, text)


def test_a_rate_per_watt_is_not_converted_to_kilowatts() -> None:
    data = json.loads(rb.load("helios").to_json())
    assert "fp4_dense_tflops_per_kw" not in data["tco"]
    assert data["tco"]["fp4_dense_tflops_per_w"] == pytest.approx(
        rb.load("helios").tco().fp4_dense_tflops_per_w, rel=1e-3
    )


def test_small_figures_keep_four_significant_digits_and_money_its_cents() -> None:
    tco = json.loads(rb.load("helios").to_json())["tco"]
    result = rb.load("helios").tco()
    for field in ("opex_staff_usd_per_gpu_hour", "tco_usd_per_gpu_hour"):
        exact = getattr(result, field)
        assert tco[field] == pytest.approx(exact, rel=5e-4), field
    assert tco["capex_compute_usd_per_gpu"] == round(result.capex_compute_usd_per_gpu, 2)
