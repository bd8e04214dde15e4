"""The text renderers, the one Figure type and the per-precision figures."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rackbom as rb
from rackbom.components.precision import PRECISIONS
from rackbom.exports.figures import KEY_FIGURE, KEY_FIGURES, Figure, Unit
from rackbom.exports.figures.cluster_figures import CLUSTER_FIGURE
from rackbom.exports.json.summary_json import PER_VALUE_PRECISIONS, summary_data
from rackbom.exports.text.cluster_text import render_cluster
from rackbom.exports.text.design_text import render_design
from rackbom.layouts.elevation import Elevation
from rackbom.racks.library import builtin_design_ids
from rackbom.racks.summary import PrecisionFigures

PRECISION_KEYS = [
    *(f"{p}_dense_pflops_per_gpu" for p in PRECISIONS),
    *(f"{p}_dense_pflops_total" for p in PRECISIONS),
    *(f"{p}_dense_pflops_per_usd_m" for p in PER_VALUE_PRECISIONS),
    *(f"{p}_dense_pflops_per_kw" for p in PER_VALUE_PRECISIONS),
]


def test_show_prints_what_the_renderers_return(cli) -> None:
    design, cluster = rb.load("helios"), rb.load_cluster("helios-16k")
    assert cli("show", "helios").out.startswith(render_design(design.analysis) + "\n\n")
    assert cli("show", "helios-16k").out.startswith(render_cluster(cluster.analysis) + "\n\n")


def test_fabric_options_of_a_design_are_one_clean_line(cli) -> None:
    result = cli("show", "helios", "--fabrics")
    assert result.code == 2 and result.out == ""
    assert result.err.strip() == (
        "rackbom: error: --fabrics: fabric options are a cluster's; this is a design"
    )


@pytest.mark.parametrize("design", builtin_design_ids())
def test_every_precision_has_its_figures(design: str) -> None:
    s = rb.load(design).summary
    assert tuple(s.compute) == PRECISIONS
    for figures in s.compute.values():
        if figures.total is None:  # the GPUs lack the precision: not applicable throughout
            assert figures == PrecisionFigures(None, None, None, None)
        else:
            assert figures.per_gpu is not None
            assert figures.total == pytest.approx(figures.per_gpu * s.gpus)
    data = summary_data(s)
    keys = [k for k in data if "_dense_pflops_" in k]
    assert keys == PRECISION_KEYS  # the published keys, in their published order
    for p in PRECISIONS:
        total = s.compute[p].total
        published = data[f"{p}_dense_pflops_total"]
        assert published == (None if total is None else pytest.approx(total, rel=1e-3))


def test_the_title_block_writes_the_key_figures_formats() -> None:
    design = rb.load("gb200-nvl72")
    s = design.summary
    rows = dict(Elevation(design.analysis).figures)
    assert rows["GPUs"] == KEY_FIGURE["gpus"].text(s)
    assert rows["BOM total"] == KEY_FIGURE["bom_usd"].text(s)
    assert rows["Cost per GPU"] == KEY_FIGURE["bom_usd_per_gpu"].text(s)
    assert rows["Power, all-in"].startswith(KEY_FIGURE["power_all_in_w"].text(s) + " kW")


def test_the_report_tables_read_the_cluster_figures(cli, tmp_path) -> None:
    out = cli("report", "helios-16k", "-o", str(tmp_path / "r")).out
    s = rb.load_cluster("helios-16k").summary
    row = next(line for line in out.splitlines() if line.startswith("helios-16k"))
    for key in ("gpus", "switches", "power_total_w", "capex_usd_per_gpu.total_usd"):
        assert CLUSTER_FIGURE[key].text(s) in row.split()


def test_every_key_figure_reads_the_summary() -> None:
    s = rb.load("helios").summary
    for figure in KEY_FIGURES:
        raw = figure.raw(s)
        assert raw is None or isinstance(raw, int | float), figure.field
        assert figure.plain_text(s) == figure.format.text(raw)


@given(st.floats(min_value=-1e9, max_value=1e9, allow_nan=False), st.sampled_from(PRECISIONS))
def test_a_figure_writes_what_it_reads_in_its_unit(value: float, precision: str) -> None:
    """Read by field or by reader, a figure's text is its value in the unit its label names,
    to the format's last decimal."""
    holder = PrecisionFigures(None, value, None, None)
    by_field: Figure[PrecisionFigures] = Figure("total", "T (kW)", Unit.KW)
    by_reader: Figure[PrecisionFigures] = Figure(
        f"{precision}_dense_pflops_total", "T (kW)", Unit.KW, read=lambda f: f.total
    )
    for figure in (by_field, by_reader):
        assert figure.value(holder) == pytest.approx(value / 1000)
        written = float(figure.text(holder).replace(",", ""))
        assert math.isclose(written, value / 1000, abs_tol=0.05 + 1e-9 * abs(value))
