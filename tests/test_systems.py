"""Copper by pair count, the GPU I/O budget, frame budgets, assumed switches, variant ids."""

from __future__ import annotations

import json

import pytest

import rackbom as rb
from rackbom.components import InputError
from rackbom.racks.io_budget import IoBudget


@pytest.mark.parametrize(
    ("design", "in_rack", "between"),
    [
        ("gb200-nvl72", 5_184, 0),
        ("helios", 10_368, 0),
        ("mi500-ual256", 36_864, 36_864),
        ("hgx-b200", 0, 0),
        ("mi355x-128", 0, 0),
    ],
)
def test_scale_up_copper_is_two_pairs_per_lane_between_trays(
    design: str, in_rack: int, between: int
) -> None:
    s = rb.load(design).summary
    assert (s.scale_up_copper_pairs_in_rack, s.scale_up_copper_pairs_between_racks) == (
        in_rack,
        between,
    )


def test_copper_is_priced_and_weighed_per_pair_in_the_racks_that_carry_it() -> None:
    pod = rb.load("mi500-ual256")
    lines = [line for line in pod.bom.lines if line.part_id.startswith("copper-pair")]
    assert {(line.rack, line.qty) for line in lines} == {
        ("compute-a", 18_432),
        ("compute-b", 18_432),
        ("switch", 36_864),
    }
    part = pod.built.part("copper-pair-in-rack")
    helios = rb.load("helios")
    copper_usd = sum(x.extended_usd for x in helios.bom.lines if x.part_id == part.id)
    assert copper_usd == 10_368 * part.price_usd


def test_helios_compute_tray_keeps_the_sources_210k() -> None:
    """The source's $210k BOM cost is the tray's parts, before the integration margin."""
    helios = rb.load("helios")
    lines = [line for line in helios.bom.lines if line.tray_id == "helios-compute-tray"]
    parts = sum(line.extended_usd for line in lines if line.category != "integration margin")
    assert parts == pytest.approx(18 * 210_000)


def test_helios_gpu_io_fits_its_144_flexible_lanes() -> None:
    (budget,) = rb.load("helios").summary.gpu_io_budgets
    assert (budget.lanes_offered, budget.lanes_used, budget.lanes_spare) == (576, 560, 16)
    assert not [w for w in rb.load("helios").summary.warnings if "flexible I/O" in w]


def test_an_io_budget_overrun_warns() -> None:
    over = IoBudget("t", 4, 576, 288, 64, 384, 16, ())
    assert over.lanes_spare == -176
    assert "wires 752" in over.warnings()[0]


def test_a_public_frame_budget_that_a_design_overruns_is_a_warning() -> None:
    warnings = rb.load("vr200-nvl144").summary.warnings
    assert any("exceeds the frame's 132.0 kW budget" in w for w in warnings)
    assert not [w for w in rb.load("gb300-nvl72").summary.warnings if "frame" in w]


def test_port_figures_on_an_assumed_switch_are_marked() -> None:
    table = rb.compare(["helios", "mi500-ual256"])
    assert rb.load("helios").summary.assumed_switch_chips == ()
    assert rb.load("mi500-ual256").summary.assumed_switch_chips == ("ualink-switch-102t",)
    text = table.to_text()
    assert "0*" in text and "* mi500-ual256: the unused switch ports rest on" in text
    assert "assumed switch chip" in table._repr_html_()


def test_variant_ids_load_and_compare(cli) -> None:
    result = cli("compare", "helios", "helios+switch_margin=0.82", "--json")
    assert result.code == 0
    data = json.loads(result.out)
    assert data["designs"] == ["helios", "helios+switch_margin=0.82"]
    bom = next(r for r in data["rows"] if r["figure"] == "BOM total (USD)")["values"]
    assert bom[1] > bom[0]
    assert rb.load("helios+switch_margin=0.82").id == "helios+switch_margin=0.82"
    with pytest.raises(InputError, match="not key=value"):
        rb.load("helios+switch_margin")
