"""Bad input ends with one line naming the file and the field, exit status 2, no traceback."""

from __future__ import annotations

import copy
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml


def helios() -> dict[str, Any]:
    text = resources.files("rackbom.racks.data").joinpath("helios.yaml").read_text()
    return yaml.safe_load(text)


def tray(design: dict[str, Any], tray_id: str) -> dict[str, Any]:
    return next(t for t in design["catalogue"]["trays"] if t["id"] == tray_id)


def edit(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    design = copy.deepcopy(helios())
    change(design)
    return design


def set_(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """A change that sets one value, addressed like `racks.0.trays.1.position`."""

    def change(design: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = design
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return change


def add_part(part: dict[str, Any]) -> Callable[[dict[str, Any]], None]:
    def change(design: dict[str, Any]) -> None:
        design["catalogue"].setdefault("parts", []).append(part)

    return change


def swap_switch_part(part_id: str) -> Callable[[dict[str, Any]], None]:
    def change(design: dict[str, Any]) -> None:
        tray(design, "helios-switch-tray")["parts"][0]["part"] = part_id

    return change


SMALL_SWITCH = {
    "id": "small-switch",
    "kind": "switch_asic",
    "name": "Small switch",
    "manufacturer": "x",
    "source": "seed-002-switch-tray",
    "bandwidth_gbps": 51200,
    "lane_gbps_options": [200],
}
FREE_PART = {
    "id": "free-nic",
    "kind": "nic",
    "name": "NIC",
    "manufacturer": "x",
    "source": "seed-002-helios",
    "port_gbps": 800,
    "price_usd": -5,
}

# (name, the YAML text or a design dict, words the error line must contain)
CASES: list[tuple[str, Any, list[str]]] = [
    ("malformed-yaml", "id: x\nracks: [\n  - {name: a\n", ["malformed YAML", "line"]),
    ("tab-indented", "id: x\n\tracks: []\n", ["malformed YAML"]),
    ("not-a-mapping", "- just\n- a list\n", ["must be a mapping"]),
    ("empty-file", "", ["empty"]),
    (
        "unknown-part",
        edit(lambda d: tray(d, "helios-compute-tray")["parts"][0].update(part="mi450")),
        ["trays", "parts[0].part", "unknown part 'mi450'", "did you mean", "mi450x"],
    ),
    (
        "unknown-tray",
        edit(set_("racks.0.trays.1.tray", "helios-compute")),
        ["racks[0](name=helios).trays[1].tray", "unknown tray", "did you mean"],
    ),
    (
        "unknown-frame",
        edit(set_("racks.0.frame", "orw-64ou")),
        ["racks[0](name=helios).frame", "unknown frame"],
    ),
    ("unknown-power-model", edit(set_("power_model", "air-2020")), ["power_model", "unknown"]),
    ("unknown-source", edit(set_("source", "seed-999")), ["source", "unknown source"]),
    (
        "wrong-type-position",
        edit(set_("racks.0.trays.1.position", "five")),
        ["racks[0](name=helios).trays[1].position", "integer"],
    ),
    ("fractional-count", edit(set_("racks.0.trays.1.count", 1.5)), ["trays[1].count"]),
    ("zero-position", edit(set_("racks.0.trays.0.position", 0)), ["trays[0].position", "greater"]),
    (
        "negative-price",
        edit(add_part(FREE_PART)),
        ["catalogue.parts[0](id=free-nic).price_usd", "greater than or equal to 0"],
    ),
    (
        "unknown-field",
        edit(set_("racks.0.colour", "red")),
        ["racks[0](name=helios).colour", "unknown field"],
    ),
    ("missing-racks", edit(lambda d: d.pop("racks")), ["racks", "required field is missing"]),
    (
        "overlap",
        edit(set_("racks.0.trays.2.position", 12)),
        ["racks[0](name=helios).trays[2].position", "overlaps"],
    ),
    (
        "above-frame",
        edit(set_("racks.0.trays.5.position", 46)),
        ["racks[0](name=helios).trays[5].position", "above the top"],
    ),
    (
        "wrong-unit-standard",
        edit(set_("racks.0.trays.0.tray", "power-shelf-33kw-eia")),
        ["trays[0].tray", "EIA", "Open Rack"],
    ),
    (
        "more-lanes-than-ports",
        edit(lambda d: (add_part(SMALL_SWITCH)(d), swap_switch_part("small-switch")(d))),
        ["fabrics[0](id=ualoe)", "would land 432 ports but has 256"],
    ),
    (
        "no-200g-lanes",
        edit(swap_switch_part("tomahawk5")),
        ["fabrics[0](id=ualoe).lane_gbps", "no 200G lanes"],
    ),
    (
        "connector-too-small",
        edit(lambda d: tray(d, "helios-switch-tray")["parts"][1].update(qty=3)),
        ["fabrics[0](id=ualoe)", "connectors carry 648"],
    ),
    (
        "uneven-spread",
        edit(set_("racks.0.trays.2.count", 5)),
        ["fabrics[0](id=ualoe)", "do not spread evenly over 10 switch chips"],
    ),
    (
        "lane-speed-mismatch",
        edit(set_("fabrics.0.lane_gbps", 100)),
        ["fabrics[0](id=ualoe).lane_gbps", "fabric runs 100G lanes"],
    ),
    (
        "switched-without-speed",
        edit(lambda d: d["fabrics"][0].pop("lane_gbps")),
        ["fabrics[0]", "needs lane_gbps"],
    ),
    (
        "fabric-unknown-rack",
        edit(set_("fabrics.0.gpu_racks", ["left"])),
        ["fabrics[0](id=ualoe).gpu_racks", "no rack named 'left'"],
    ),
    (
        "duplicate-part-id",
        edit(add_part({**SMALL_SWITCH, "id": "tomahawk6"})),
        ["catalogue.parts[0].id", "duplicate id 'tomahawk6'"],
    ),
    ("bad-part-kind", edit(add_part({**SMALL_SWITCH, "kind": "widget"})), ["catalogue.parts[0]"]),
    (
        "power-rule-efficiency-over-one",
        edit(
            lambda d: (
                d["catalogue"]
                .setdefault("power_models", [])
                .append(
                    {
                        "id": "lossless",
                        "name": "Over one",
                        "source": "assume-power-model",
                        "conversion_efficiency": 1.5,
                        "scale_out_tiers": 2,
                        "network_port_gbps": 800,
                        "switch_w_per_port": 14,
                        "optic_w": 15,
                    }
                )
            )
        ),
        ["catalogue.power_models[0](id=lossless).conversion_efficiency", "less than or equal to 1"],
    ),
    (
        "source-for-missing-figure",
        edit(add_part({**SMALL_SWITCH, "sources": {"power_w": "seed-002-helios"}})),
        ["catalogue.parts[0](id=small-switch)", "figures this entry does not state"],
    ),
    (
        "duplicate-rack-name",
        edit(lambda d: d["racks"].append(copy.deepcopy(d["racks"][0]))),
        ["duplicate rack names"],
    ),
    ("bad-id-characters", edit(set_("id", "Helios Rack!")), ["id", "pattern"]),
]


def write(tmp_path: Path, name: str, content: Any) -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(
        content if isinstance(content, str) else yaml.safe_dump(content, sort_keys=False)
    )
    return path


def test_there_are_at_least_twenty_cases() -> None:
    assert len(CASES) >= 20


@pytest.mark.parametrize(("name", "content", "words"), CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("command", ["show", "validate"])
def test_bad_design_file(
    cli, tmp_path: Path, name: str, content: Any, words: list[str], command: str
) -> None:
    path = write(tmp_path, name, content)
    result = cli(command, str(path))
    assert result.code == 2
    assert result.out == ""
    lines = result.err.splitlines()
    assert len(lines) == 1, result.err
    assert lines[0].startswith(f"rackbom: error: {path}"), lines[0]
    for word in words:
        assert word in lines[0], lines[0]
    assert "Traceback" not in result.err


def test_the_valid_base_design_passes(cli, tmp_path: Path) -> None:
    result = cli("validate", str(write(tmp_path, "ok", helios())))
    assert result.code == 0, result.err
    assert "72 GPUs" in result.out


def test_unknown_builtin_design_suggests_close_ids(cli) -> None:
    result = cli("show", "helio")
    assert result.code == 2
    assert result.err.strip() == (
        "rackbom: error: unknown design or cluster 'helio' "
        "(did you mean helios, helios-8k, helios-1m?)"
    )


def test_missing_file(cli, tmp_path: Path) -> None:
    missing = tmp_path / "nope.yaml"
    result = cli("show", str(missing))
    assert (result.code, result.err.strip()) == (2, f"rackbom: error: {missing}: no such file")


def test_bad_catalogue_file(cli, tmp_path: Path) -> None:
    path = write(tmp_path, "cat", {"parts": [FREE_PART]})
    for args in (["validate", str(path)], ["show", "helios", "--catalogue", str(path)]):
        result = cli(*args)
        assert result.code == 2
        assert result.err.splitlines() == [
            f"rackbom: error: {path}: parts[0](id=free-nic).price_usd: "
            "Input should be greater than or equal to 0"
        ]


def test_unknown_command_is_one_line(cli) -> None:
    result = cli("draw", "helios")
    assert result.code == 2
    assert len(result.err.splitlines()) == 1
