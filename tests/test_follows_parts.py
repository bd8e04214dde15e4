"""Figures follow the parts, never their ids: variants, renamed copies, undeclared cooling."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from renaming import original_names, renamed_cluster, renamed_design

import rackbom as rb
from conftest import CLUSTERS, DESIGNS
from rackbom.components.plant_library import plant_rules
from rackbom.exports.json.plant_json import plant_data

PLANT_KEYS = ("plant", "power_peak_kw", "feeds", "coolant_lpm", "cdus", "floor_load_kg_m2")


def _cold_plated_it_w(design: rb.Design) -> float:
    analysis = design.analysis
    return sum(
        t.it_w
        for rack, power in zip(analysis.design.racks, analysis.power, strict=True)
        for placed, t in zip(rack.trays, power.trays, strict=True)
        if placed.tray.cooling == "cold-plate"
    )


@pytest.mark.parametrize(
    "variant", ["helios+gpus_per_tray=2", "helios+gpus_per_tray=2+nics=per_gpu"]
)
def test_a_variant_keeps_heat_to_liquid_in_proportion_to_its_trays(variant: str, cli) -> None:
    """Fewer GPUs per tray shrink the trays' power, and their heat to liquid with it."""
    share = plant_rules().profile.heat_to_liquid.cold_plate
    for name in ("helios", variant):
        design = rb.load(name)
        assert design.plant().heat_liquid_w == pytest.approx(share * _cold_plated_it_w(design))
    result = cli("compare", "helios", variant, "--json")
    assert result.code == 0, result.err
    rows = {r["figure"]: r["values"] for r in json.loads(result.out)["rows"]}
    liquid, it = rows["Heat to liquid, facility water (kW)"], rows["IT power (kW)"]
    assert liquid[1] / it[1] == pytest.approx(liquid[0] / it[0], rel=0.02)


def test_a_price_variant_has_the_same_plant_figures() -> None:
    base, priced = rb.load("helios"), rb.load("helios+switch_margin=0.82")
    assert base.summary.bom_usd != priced.summary.bom_usd
    assert plant_data(priced.plant()) == plant_data(base.plant())


def _show(cli: Any, *args: str) -> dict[str, Any]:
    result = cli("show", *args, "--json")
    assert result.code == 0, result.err
    data: dict[str, Any] = json.loads(result.out)
    return data


def _figures_sorted(value: Any) -> Any:
    """Sources' figure lists sorted: a renamed entry may sort apart from a frame's or model's."""
    if isinstance(value, dict):
        return {k: sorted(v) if k == "figures" else _figures_sorted(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_figures_sorted(v) for v in value]
    return value


@pytest.mark.parametrize("design", DESIGNS)
def test_a_renamed_copy_changes_no_figure_but_names(design: str, cli, tmp_path: Path) -> None:
    """Every tray and part renamed in a copy of the design, its catalogue entries with it: the
    plant, power, cooling, collectives and every other figure stay the same."""
    copy = renamed_design(design, tmp_path)
    original, renamed = _show(cli, design), original_names(_show(cli, str(copy)))
    assert _figures_sorted(renamed) == _figures_sorted(original)
    for key in (*PLANT_KEYS, "collectives"):
        assert key in original


@pytest.mark.parametrize("cluster", ["helios-8k", "gb200-16k"])
def test_a_renamed_cluster_changes_no_figure_but_names(cluster: str, cli, tmp_path: Path) -> None:
    """Its design renamed as above, its network profile and the boxes, optics and cables the
    profile pairs renamed too: the fabric, plant and collectives stay the same."""
    assert cluster in CLUSTERS
    copy = renamed_cluster(cluster, tmp_path)
    original, renamed = _show(cli, cluster), original_names(_show(cli, str(copy)))
    assert _figures_sorted(renamed) == _figures_sorted(original)
    assert original["collectives"]


def _exported(cli: Any, system: str, folder: Path) -> dict[str, str]:
    result = cli("export", "netbox", system, "-o", str(folder))
    assert result.code == 0, result.err
    files = sorted(p for p in folder.rglob("*") if p.is_file())
    return {
        original_names(str(p.relative_to(folder))): original_names(p.read_text()) for p in files
    }


def test_a_renamed_cluster_exports_the_same_dcim_types(cli, tmp_path: Path) -> None:
    """The library's own switch box is still exported under the library's names and figures."""
    copy = renamed_cluster("gb300-8k", tmp_path)
    original = _exported(cli, "gb300-8k", tmp_path / "original")
    assert "device-types/Nvidia/Q3400-RA.yaml" in original
    assert _exported(cli, str(copy), tmp_path / "renamed") == original


def test_an_unknown_library_type_is_one_line(cli, tmp_path: Path) -> None:
    path = renamed_cluster("gb300-8k", tmp_path)
    data = yaml.safe_load(path.read_text())
    _entry(data, "parts", "renamed-nvidia-q3400").update(library_type="nvidia-q340")
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    out = tmp_path / "out"
    result = cli("export", "netbox", str(path), "-o", str(out))
    assert (result.code, result.out) == (2, "")
    (line,) = result.err.splitlines()
    assert line.startswith(f"rackbom: error: {path}: parts(id=renamed-nvidia-q3400).library_type")
    assert "unknown library type 'nvidia-q340' (did you mean nvidia-q3400" in line
    assert not out.exists() or not any(out.iterdir())


def test_the_renamed_copy_renames_every_tray_and_part(tmp_path: Path) -> None:
    copy = rb.load(renamed_design("helios", tmp_path))
    built = copy.analysis.design
    assert all(t.tray.id.startswith("renamed-") for t in built.placed)
    assert all(ln.part.startswith("renamed-") for t in built.placed for ln in t.tray.parts)
    assert copy.summary.warnings == rb.load("helios").summary.warnings


def _without_cooling(tmp_path: Path, tray: str) -> Path:
    path = renamed_design("helios", tmp_path)
    data = yaml.safe_load(path.read_text())
    entry = _entry(data, "trays", tray)
    del entry["cooling"], entry["sources"]["cooling"]
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def test_a_tray_without_cooling_is_named_in_a_warning(cli, tmp_path: Path) -> None:
    path = _without_cooling(tmp_path, "renamed-helios-switch-tray")
    words = "tray renamed-helios-switch-tray declares no cooling"
    data = _show(cli, str(path))
    (warning,) = [w for w in data["warnings"] if words in w]
    assert "air-cooled" in warning
    assert words in cli("show", str(path)).out
    assert words in cli("compare", "helios", str(path)).out
    notes = json.loads(cli("compare", "helios", str(path), "--json").out)["notes"]
    assert [n for n in notes if words in n] == [f"renamed-helios: {warning}"]
    design = rb.load(path)
    assert words in "\n".join(design.warnings)
    switch_w = sum(
        t.it_w
        for r in design.analysis.power
        for t in r.trays
        if t.tray_id == "renamed-helios-switch-tray"
    )
    before = rb.load("helios").plant().heat_liquid_w
    share = plant_rules().profile.heat_to_liquid.cold_plate
    assert design.plant().heat_liquid_w == pytest.approx(before - share * switch_w)


def test_a_user_profile_sets_heat_to_liquid_per_kind(tmp_path: Path) -> None:
    text = (Path(rb.__file__).parent / "components/data/plant_profiles.yaml").read_text()
    data = yaml.safe_load(text)
    data["plant_profiles"][0]["heat_to_liquid"] = {"cold-plate": 0.5, "liquid": 1, "air": 0.25}
    path = tmp_path / "hall.yaml"
    path.write_text(yaml.safe_dump(data))
    plant = rb.load("helios").plant(path)
    design = rb.load("helios")
    air_it = sum(t.it_w for r in design.analysis.power for t in r.trays) - _cold_plated_it_w(design)
    expected = 0.5 * _cold_plated_it_w(design) + 0.25 * air_it
    assert plant.heat_liquid_w == pytest.approx(expected)


def test_a_gpu_states_its_own_transient_factor(tmp_path: Path) -> None:
    """The part's factor replaces the profile's for its GPUs only, whatever the part's id."""
    path = _helios_with(
        lambda d: _entry(d, "parts", "renamed-mi450x").update(transient_factor=1.5), tmp_path
    )
    base, stated = rb.load("helios"), rb.load(path)
    gpu = base.analysis.design.part("mi450x")
    assert gpu.power_w is not None
    profile = plant_rules().profile.transient_factor
    extra_w = (1.5 - profile) * gpu.power_w * base.summary.gpus
    efficiency = base.analysis.power[0].conversion_efficiency
    assert stated.plant().power_peak_w == pytest.approx(
        base.plant().power_peak_w + extra_w / efficiency
    )
    assert stated.plant().power_nominal_w == pytest.approx(base.plant().power_nominal_w)


def _helios_with(change: Any, tmp_path: Path) -> Path:
    path = renamed_design("helios", tmp_path)
    data = yaml.safe_load(path.read_text())
    change(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def _entry(data: dict[str, Any], section: str, entry_id: str) -> dict[str, Any]:
    return next(e for e in data["catalogue"][section] if e["id"] == entry_id)


BAD_DESIGNS = [
    (
        "cooling-value",
        lambda d: _entry(d, "trays", "renamed-helios-switch-tray").update(cooling="water"),
        ["(id=renamed-helios-switch-tray).cooling", "'cold-plate', 'liquid' or 'air'"],
    ),
    (
        "unknown-interconnect",
        lambda d: _entry(d, "parts", "renamed-mi450x").update(interconnect="ualoe2"),
        ["parts(id=renamed-mi450x).interconnect", "unknown interconnect 'ualoe2'", "did you mean"],
    ),
    (
        "interconnect-tier",
        lambda d: _entry(d, "parts", "renamed-mi450x").update(interconnect="ethernet-roce"),
        [
            "parts(id=renamed-mi450x).interconnect",
            "'ethernet-roce' is scale_out; a GPU needs scale_up",
        ],
    ),
]


@pytest.mark.parametrize(("name", "change", "words"), BAD_DESIGNS, ids=[c[0] for c in BAD_DESIGNS])
@pytest.mark.parametrize("command", ["show", "validate"])
def test_bad_cooling_and_interconnect_are_one_line(
    cli, tmp_path: Path, name: str, change: Any, words: list[str], command: str
) -> None:
    path = _helios_with(change, tmp_path)
    result = cli(command, str(path))
    assert (result.code, result.out) == (2, "")
    (line,) = result.err.splitlines()
    assert line.startswith(f"rackbom: error: {path}: "), line
    for word in words:
        assert word in line, line


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ({"cold-plate": 1.5, "liquid": 1, "air": 0}, ["heat_to_liquid.cold-plate", "less than"]),
        ({"cold-plate": 0.85, "liquid": 1}, ["heat_to_liquid.air", "missing"]),
        ({"cold_plate": 0.85, "liquid": 1, "air": 0}, ["heat_to_liquid.cold-plate", "missing"]),
    ],
)
def test_bad_heat_to_liquid_is_one_line(
    cli, tmp_path: Path, value: dict[str, float], words: list[str]
) -> None:
    text = (Path(rb.__file__).parent / "components/data/plant_profiles.yaml").read_text()
    data = yaml.safe_load(text)
    data["plant_profiles"][0]["heat_to_liquid"] = value
    path = tmp_path / "hall.yaml"
    path.write_text(yaml.safe_dump(data))
    result = cli("show", "helios", "--plant", str(path))
    assert (result.code, result.out) == (2, "")
    (line,) = result.err.splitlines()
    assert line.startswith(f"rackbom: error: {path}: plant_profiles[0]"), line
    for word in words:
        assert word in line, line
