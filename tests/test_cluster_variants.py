"""Cluster variants: ids and names in every output, sizes that scale, design options passed
through, a variant equal to its base, and bad options refused in one line."""

from __future__ import annotations

import json
import math
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl import load_workbook

import rackbom as rb
from rackbom.racks.clusters.cluster_variants import OPTIONS
from rackbom.racks.variants import VARIANT_OPTIONS
from rackbom.resolve import resolve

SMALL = "helios-8k+gpus=144+switch_margin=0.82"
"""Two racks of the switch-margin design: cheap to write in every output."""
NAME = "Helios, 8k GPUs, Arista Tomahawk 6 (gpus=144, switch_margin=0.82)"


def _numbers(data: Any, path: str = "") -> dict[str, float]:
    """Every number in nested data by its path: the figures, without ids and names."""
    if isinstance(data, dict):
        return {
            k: v for key, item in data.items() for k, v in _numbers(item, f"{path}.{key}").items()
        }
    if isinstance(data, list | tuple):
        return {
            k: v for i, item in enumerate(data) for k, v in _numbers(item, f"{path}[{i}]").items()
        }
    is_number = isinstance(data, int | float) and not isinstance(data, bool)
    return {path: data} if is_number else {}


# --- ids and names --------------------------------------------------------------------------
def test_a_variant_id_names_the_cluster_in_show_compare_and_json(cli) -> None:
    shown = cli("show", "helios-16k+gpus=100000")
    assert shown.code == 0, shown.err
    assert shown.out.splitlines()[0] == (
        "Helios, 16k GPUs, Arista Tomahawk 6 (gpus=100000) [helios-16k+gpus=100000]"
    )
    data = json.loads(cli("show", SMALL, "--json").out)
    assert (data["cluster"], data["name"]) == ("helios-8k+gpus=144+switch_margin=0.82", NAME)
    assert data["design"] == "helios+switch_margin=0.82"
    compared = json.loads(cli("compare", "helios-8k", "helios-8k+tiers=3", "--json").out)
    assert compared["clusters"] == ["helios-8k", "helios-8k+tiers=3"]


@pytest.mark.parametrize(
    ("args", "file", "expected"),
    [
        (("svg", SMALL), "out.svg", NAME + " — floor plan"),
        (("svg", SMALL, "--view", "fabric"), "out.svg", NAME + " — scale-out fabric"),
        (("cables", SMALL), "out.csv", SMALL + "-00001-helios"),
        (("export", "netbox", SMALL), "out", f'name: "{SMALL}"'),
        (("report", SMALL), "out", NAME),
    ],
)
def test_every_output_names_the_variant(
    cli, tmp_path: Path, args: tuple[str, ...], file: str, expected: str
) -> None:
    out = tmp_path / file
    result = cli(*args, "-o", str(out))
    assert result.code == 0, result.err
    files = [out] if out.is_file() else [p for p in out.rglob("*") if p.is_file()]
    assert any(expected in p.read_text(errors="replace") for p in files)


def test_the_workbook_and_tco_name_the_variant(cli, tmp_path: Path) -> None:
    out = tmp_path / "bom.xlsx"
    assert cli("bom", SMALL, "-o", str(out)).code == 0
    sheets = load_workbook(out, read_only=True).sheetnames
    assert any(s.startswith("Cluster helios-8k+gpus=144+") for s in sheets)
    header = cli("tco", SMALL, "helios-8k").out.splitlines()[1]
    assert header.split() == ["helios-8k+gpus=144+switch_margin=0.82", "helios-8k"]


def test_a_cluster_file_is_a_base(cli, tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    spec = {"id": "mine", "name": "Mine", "source": "assume-cluster-sizing", "design": "helios"}
    path.write_text(yaml.safe_dump({**spec, "size": {"racks": 4}, "profile": "arista-th6"}))
    data = json.loads(cli("show", f"{path}+racks=2+tiers=2", "--json").out)
    assert (data["cluster"], data["racks"], data["fabric_tiers"]) == ("mine+racks=2+tiers=2", 2, 2)


# --- figures ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("option", "gpus", "racks"),
    [("gpus=100000", math.ceil(100_000 / 72) * 72, math.ceil(100_000 / 72)), ("pods=3", 216, 3)],
)
def test_the_size_option_scales_the_cluster(option: str, gpus: int, racks: int) -> None:
    s = resolve(f"helios-16k+{option}").summary
    assert (s.gpus, s.racks, s.design_copies) == (gpus, racks, racks)


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=1, max_value=40_000))
def test_a_gpu_target_rounds_up_to_whole_racks(gpus: int) -> None:
    s = rb.load_cluster(f"helios-8k+gpus={gpus}").summary
    assert (s.gpus_requested, s.racks) == (gpus, math.ceil(gpus / 72))
    assert s.gpus == 72 * s.racks


def test_a_design_option_prices_the_cluster_with_the_variant_design() -> None:
    base = rb.load_cluster("helios-8k").summary
    variant = resolve("helios-8k+switch_margin=0.82").summary
    design = rb.load("helios+switch_margin=0.82").summary
    assert variant.design_summary.bom_usd == design.bom_usd > base.design_summary.bom_usd
    assert variant.capex_usd_per_gpu.scale_up_usd > base.capex_usd_per_gpu.scale_up_usd
    assert variant.capex_usd_per_gpu.scale_out_usd == base.capex_usd_per_gpu.scale_out_usd


@pytest.mark.parametrize(
    "options",
    [
        {"gpus": 8192},
        {"profile": "arista-th6"},
        {"fabric": "auto", "topology": "rail_optimised"},
        {"racks_per_row": 16, "network_racks": "middle"},
    ],
)
def test_a_variant_equal_to_its_base_has_its_figures(options: dict[str, Any]) -> None:
    base = rb.load_cluster("helios-8k")
    variant = base.with_(**options)
    assert variant.id != base.id
    assert _numbers(variant.to_dict()) == _numbers(base.to_dict())


def test_a_design_option_equal_to_the_design_keeps_the_cluster_figures() -> None:
    base = rb.load_cluster("helios-8k")
    own = rb.catalogue().margins["odm"].markup  # helios's switch trays' own margin: an ODM's
    variant = base.with_(switch_margin=own)
    assert variant.summary.design == f"helios+switch_margin={own}"
    assert _numbers(asdict(variant.summary)) == _numbers(asdict(base.summary))


# --- the Python API --------------------------------------------------------------------------
def test_with_names_the_variant_and_adds_to_a_variants_options() -> None:
    base = rb.load_cluster("helios-16k")
    big = base.with_(gpus=100_000)
    assert big.id == "helios-16k+gpus=100000" and base.id == "helios-16k"
    assert [s.id for s in rb.resolve_all([base, big])] == [base.id, big.id]
    tapered = big.with_(fabric={"tiers": 3, "oversubscription": ["3:1", "1:1"]})
    assert tapered.id == "helios-16k+gpus=100000+oversubscription=3:1,1:1+tiers=3"
    assert tapered.summary.gpus == big.summary.gpus
    assert big.with_(tiers=3, oversubscription="3:1,1:1").id == tapered.id
    same = rb.load_cluster(tapered.id)
    assert same.id == tapered.id and same.summary == tapered.summary
    smaller = tapered.with_(racks=20, fabric="auto")
    assert smaller.id == "helios-16k+fabric=auto+racks=20"


def test_options_are_named_once() -> None:
    assert len(set(OPTIONS)) == len(OPTIONS)
    assert set(VARIANT_OPTIONS) <= set(OPTIONS)


# --- bad options -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("variant", "option", "valid"),
    [
        ("helios+gpus=100", "gpus", "switch_margin"),
        ("helios-8k+colour=red", "colour", "racks_per_row"),
        ("helios-8k+gpus_per_rack=4", "gpus_per_rack", "gpus_per_tray"),
    ],
)
def test_an_option_the_kind_lacks_is_one_line_and_writes_nothing(
    cli, tmp_path: Path, variant: str, option: str, valid: str
) -> None:
    out = tmp_path / "out.svg"
    result = cli("svg", variant, "-o", str(out))
    assert result.code == 2 and not out.exists()
    (line,) = result.err.splitlines()
    assert line.startswith(f"rackbom: error: {option}: unknown") and valid in line


@pytest.mark.parametrize(
    ("option", "field"),
    [
        ({"gpus": -5}, {"size": {"gpus": -5}}),
        ({"racks": 3, "gpus": 8}, {"size": {"racks": 3, "gpus": 8}}),
        ({"tiers": 4}, {"fabric": {"tiers": 4}}),
        ({"planes": 0}, {"fabric": {"planes": 0}}),
        ({"topology": "ring"}, {"fabric": {"topology": "ring"}}),
        (
            {"oversubscription": "1:2", "tiers": 2},
            {"fabric": {"oversubscription": ["1:2"], "tiers": 2}},
        ),
        ({"racks_per_row": 0}, {"floor": {"racks_per_row": 0}}),
        ({"profile": "nope"}, {"profile": "nope"}),
        ({"design": "nope"}, {"design": "nope"}),
    ],
)
def test_an_option_is_checked_as_the_files_field(
    tmp_path: Path, option: dict[str, Any], field: dict[str, Any]
) -> None:
    path = tmp_path / "mine.yaml"
    raw = {"id": "mine", "name": "Mine", "source": "assume-cluster-sizing", "design": "helios"}
    raw.update({"size": {"gpus": 8192}, "profile": "arista-th6"})
    path.write_text(yaml.safe_dump({**raw, **field}))
    with pytest.raises(rb.InputError) as from_file:
        rb.load_cluster(path)
    with pytest.raises(rb.InputError) as from_option:
        rb.load_cluster("helios-8k").with_(**option)
    assert from_option.value.file == "built-in cluster helios-8k"
    assert (from_option.value.field, from_option.value.message) == (
        from_file.value.field,
        from_file.value.message,
    )
