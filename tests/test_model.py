"""Unit tests of the catalogue models and the analyses on small designs."""

from __future__ import annotations

import doctest
import sys
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml

import rackbom as rb
from rackbom.components import InputError, builtin_catalogue, load_catalogue
from rackbom.components.cabling import Cable, Transceiver
from rackbom.components.catalogue import suggest
from rackbom.components.part_kinds import PART_KINDS, kind_tag
from rackbom.components.parts import Gpu
from rackbom.components.tco_library import site_pue
from rackbom.racks import Analysis, build_design, parse_design


def design_from(data: dict[str, Any]) -> Analysis:
    return Analysis(build_design(parse_design(data, "test.yaml"), builtin_catalogue(), "test.yaml"))


def small_design(**tray_fields: Any) -> dict[str, Any]:
    """One ORv3 rack: a 4-GPU compute tray wired to one Tomahawk 6 switch tray."""
    compute = {
        "id": "t-compute",
        "name": "Compute",
        "role": "compute",
        "unit_standard": "ocp",
        "height_units": 1,
        "source": "seed-002-helios",
        "parts": [
            {"part": "mi450x", "qty": 4},
            {"part": "epyc-venice", "qty": 1},
            {"part": "pensando-vulcano", "qty": 4, "use": "scale_out"},
        ],
        **tray_fields,
    }
    switch = {
        "id": "t-switch",
        "name": "Switch",
        "role": "switch",
        "unit_standard": "ocp",
        "height_units": 1,
        "source": "seed-002-switch-tray",
        "parts": [{"part": "tomahawk6", "qty": 1}],
    }
    return {
        "id": "small",
        "name": "Small",
        "source": "seed-002-helios",
        "power_model": "liquid-2026",
        "racks": [
            {
                "name": "r",
                "frame": "orv3-44ou",
                "trays": [
                    {"tray": "power-shelf-33kw-ocp", "position": 1},
                    {"tray": "t-compute", "position": 2},
                    {"tray": "t-switch", "position": 3},
                ],
            }
        ],
        "fabrics": [{"id": "f", "kind": "switched", "lane_gbps": 200}],
        "catalogue": {"trays": [compute, switch]},
    }


def test_connector_lanes_are_half_the_differential_pairs() -> None:
    assert builtin_catalogue().parts["ualoe-backplane-connector"].backplane_lanes == 216


def test_switch_lanes_at_each_speed() -> None:
    th6 = builtin_catalogue().parts["tomahawk6"]
    assert (th6.lanes_at(200), th6.lanes_at(100)) == (512, 1024)
    with pytest.raises(ValueError, match="no 400G lanes"):
        th6.lanes_at(400)


def test_figures_take_the_entry_source_unless_named() -> None:
    gpu = builtin_catalogue().parts["mi450x"]
    assert gpu.source_of("hbm_gb") == "vendor-amd-mi450x"
    assert gpu.source_of("price_usd") == "assume-mi450x-price"
    assert builtin_catalogue().sources["assume-mi450x-power"].kind == "assumption"


def test_every_builtin_figure_has_a_registered_source() -> None:
    cat = builtin_catalogue()
    for table in (cat.parts, cat.trays, cat.frames, cat.power_models):
        for entry in table.values():
            for figure in entry.figure_names():
                assert entry.source_of(figure) in cat.sources


def test_suggest_names_close_ids() -> None:
    assert suggest("tomahawk7", ["tomahawk6", "tomahawk5", "grace"]) == (
        " (did you mean tomahawk6, tomahawk5?)"
    )
    assert suggest("zzz", ["grace"]) == ""


def test_user_catalogue_adds_parts_and_refuses_duplicates(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text(
        yaml.safe_dump(
            {
                "parts": [
                    {
                        "id": "my-nic",
                        "kind": "nic",
                        "name": "My NIC",
                        "manufacturer": "me",
                        "source": "assume-network-prices",
                        "port_gbps": 800,
                        "price_usd": 900,
                    }
                ]
            }
        )
    )
    assert load_catalogue(path).parts["my-nic"].price_usd == 900
    assert "my-nic" not in builtin_catalogue().parts
    with pytest.raises(InputError, match=r"parts\[0\]\.id: duplicate id 'my-nic'"):
        load_catalogue(path, path)


def test_port_usage_comes_from_the_wiring() -> None:
    a = design_from(small_design())
    (tray,) = a.ports
    (chip,) = tray.chips
    assert (chip.ports_total, chip.ports_used, chip.ports_unused) == (512, 4 * 72, 512 - 288)
    assert tray.connector_lanes is None
    assert a.topology.world_size == 4
    assert a.bandwidth.scale_up_gbps_per_gpu == 72 * 200
    assert a.bandwidth.scale_out_gbps_per_gpu == 800


def test_all_in_power_is_rack_input_plus_the_scale_out_network_share() -> None:
    a = design_from(small_design())
    (rack,) = a.power
    model = builtin_catalogue().power_models["liquid-2026"]
    # 2 tiers: 3 switch ports and 4 optics per 800G NIC port; 4 NICs of 800G
    network = 4 * (3 * model.switch_w_per_port + 4 * model.optic_w)
    assert rack.rack_input_w == pytest.approx(rack.it_w / 0.975)
    assert rack.all_in_w == pytest.approx(rack.it_w / 0.975 + network)
    assert rack.facility_w == pytest.approx(rack.all_in_w * site_pue())
    assert rack.it_w == pytest.approx(
        4 * 2300 + 600 + 4 * 50 + 900 + 0  # GPUs, CPU, NICs, switch chip; no overheads set
    )


def test_power_shelf_overrun_is_a_warning() -> None:
    a = design_from(small_design(overhead_power_w=40_000))
    assert any("exceeds its power shelves' 33.0 kW" in w for w in a.warnings())


def test_fixed_price_tray_is_one_priced_line() -> None:
    a = design_from(small_design(price_usd=123_456))
    lines = [line for line in a.bom.lines if line.tray_id == "t-compute"]
    priced = [line for line in lines if line.unit_price_usd is not None]
    assert [(line.category, line.extended_usd) for line in priced] == [
        ("tray (fixed price)", 123_456)
    ]
    assert {line.price_basis for line in lines if line not in priced} == {"in tray price"}


def test_integration_margin_is_a_line_on_the_parts() -> None:
    d = rb.load("helios")
    lines = [line for line in d.bom.lines if line.tray == "OU14-OU19 (6 trays)"]
    margin = next(line for line in lines if line.category == "integration margin")
    parts = sum(line.extended_usd for line in lines if line is not margin)
    assert margin.extended_usd == pytest.approx(parts * 0.087)  # an ODM's: the built-in buyer
    assert margin.source == "analyst-odm-margins"
    oem = rb.load("helios+buyer=oem").bom.lines
    assert next(line for line in oem if line.category == "integration margin").extended_usd == (
        pytest.approx(parts * 0.126)
    )


def test_nvidia_margin_is_on_bought_in_parts_not_its_own_chips() -> None:
    """45% gross margin = 0.82 markup on the tray board and copper; the NVSwitch chips' price
    already carries NVIDIA's margin, so it is not charged again."""
    d = rb.load("vr200-nvl144")
    tray = [line for line in d.bom.lines if line.tray_id == "nvlink6-switch-tray"]
    margin = next(line for line in tray if line.category == "vendor margin")
    board = next(line for line in tray if line.part_id == "nvlink-switch-tray-mechanicals")
    assert margin.extended_usd == pytest.approx(board.extended_usd * 0.82)
    copper = next(line for line in d.bom.lines if line.part_id == "nvlink-copper-pair-in-rack")
    on_copper = next(line for line in d.bom.lines if line.part_id.endswith("in-rack.margin"))
    assert on_copper.extended_usd == pytest.approx(copper.extended_usd * 0.82)
    assert d.bom.vendor_margin_usd == pytest.approx(margin.extended_usd + on_copper.extended_usd)
    assert d.bom.vendor_margin_base_usd == pytest.approx(board.extended_usd + copper.extended_usd)
    assert rb.load("helios").bom.vendor_margin_usd == 0  # AMD's is an integration margin


def test_bom_rolls_up_by_tray_and_rack() -> None:
    bom = rb.load("mi500-ual256").bom
    assert sum(bom.by_rack().values()) == pytest.approx(bom.total_usd)
    assert sum(bom.by_tray_type().values()) == pytest.approx(bom.total_usd)


def test_mesh_needs_enough_links() -> None:
    data = small_design()
    data["catalogue"]["trays"][0]["parts"][0] = {"part": "mi355x", "qty": 9}
    data["fabrics"] = [{"id": "m", "kind": "mesh"}]
    with pytest.raises(InputError, match=r"full mesh of 9 GPUs .* needs 8"):
        design_from(data)


def test_a_switch_swap_in_the_yaml_moves_the_unused_ports(tmp_path: Path) -> None:
    text = resources.files("rackbom.racks.data").joinpath("helios.yaml").read_text()
    path = tmp_path / "helios-115t.yaml"
    path.write_text(text.replace("{part: tomahawk6,", "{part: switch-115t-200g,"))
    s = rb.load(path).to_dict()
    assert s["switch_ports_total"] == 12 * 576
    assert s["switch_ports_used"] == 5_184
    assert s["switch_ports_unused"] == 12 * (576 - 432) == 1_728


def test_variants_match_yaml_edits_and_revalidate() -> None:
    helios = rb.load("helios")
    exact = helios.with_(switch="switch-86t-200g").to_dict()
    assert exact["switch_ports_unused"] == 0
    assert exact["bom_usd"] < helios.to_dict()["bom_usd"]
    fewer = helios.with_(gpus_per_tray=2).to_dict()
    assert fewer["gpus"] == 36 and fewer["world_size"] == 36
    with pytest.raises(InputError, match="no 200G lanes"):
        helios.with_(switch="tomahawk5")
    with pytest.raises(InputError, match="is a CPU, not a Switch ASIC"):
        helios.with_(switch="grace")
    with pytest.raises(InputError, match="unknown variant option"):
        helios.with_(colour="red")
    assert helios.to_dict()["switch_ports_unused"] == 960  # the original is untouched


def test_compare_returns_designs_as_columns() -> None:
    table = rb.compare(["helios", "gb200-nvl72"])
    assert isinstance(table, rb.Comparison)
    assert table.columns == ["helios", "gb200-nvl72"]
    assert "Switch ports unused" in table.index
    assert "<table" in table._repr_html_()
    frame = table.to_pandas()
    assert frame.loc["Switch ports unused", "helios"] == 960


def test_compare_is_one_type_with_or_without_pandas(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)  # as if pandas were not installed
    table = rb.compare(["helios", "mi355x-128"])
    assert isinstance(table, rb.Comparison)
    assert "World size (GPUs)" in table.to_text()
    assert "$4,364,853" in table._repr_html_()
    with pytest.raises(ImportError, match=r"pip install pandas"):
        table.to_pandas()


def test_package_docstring_example_runs() -> None:
    assert doctest.testmod(rb).failed == 0


def test_part_kinds_declare_their_traits_and_parts_come_back_typed() -> None:
    catalogue = builtin_catalogue()
    optic = catalogue.part("osfp-800g-dr8", Transceiver)
    assert (optic.port_gbps, optic.reach_m, optic.fibre) == (800, 500, "single_mode")
    fibre = catalogue.part("smf-patch-30m", Cable)
    assert fibre.needs_transceivers and fibre.passive and fibre.bom_category == "Cable"
    assert not catalogue.part("dac-800g-2m", Cable).needs_transceivers
    assert catalogue.part("mi450x", Gpu).graph_node == "gpu"
    with pytest.raises(TypeError, match="is a GPU, not a Cable"):
        catalogue.part("mi450x", Cable)
    assert {kind_tag(k) for k in PART_KINDS} >= {"transceiver", "cable", "gpu", "switch_asic"}


@pytest.mark.parametrize(
    ("typed", "expected"),
    [("switch", "tomahawk6"), ("optics", "osfp-800g-dr8"), ("GPUs", "mi450x"), ("dac", "dac-")],
)
def test_list_kind_takes_the_names_users_type(cli, typed: str, expected: str) -> None:
    done = cli("list", "parts", "--kind", typed)
    assert done.code == 0 and expected in done.out


def test_list_unknown_kind_suggests(cli) -> None:
    done = cli("list", "parts", "--kind", "swich")
    assert done.code == 2 and "did you mean switch" in done.err


def test_a_defaulted_figure_cannot_be_attributed_to_a_source() -> None:
    from pydantic import ValidationError

    from rackbom.components.parts import Gpu

    data = {"id": "g", "name": "G", "manufacturer": "M", "source": "s", "hbm_gb": 1}
    assert "scale_up_lanes" not in Gpu.model_validate(data).figure_names()
    with pytest.raises(ValidationError, match="does not state"):
        Gpu.model_validate({**data, "sources": {"scale_up_lanes": "t"}})
