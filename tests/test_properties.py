"""Invariants over random designs, and random bad input always failing cleanly."""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from conftest import DESIGNS
from rackbom.cli import main
from rackbom.components import builtin_catalogue
from rackbom.exports.json.summary_json import summary_data
from rackbom.racks import Analysis, build_design, load_design, parse_design

money = st.floats(min_value=0, max_value=1e6, allow_nan=False, allow_infinity=False)
watts = st.floats(min_value=0, max_value=3000, allow_nan=False, allow_infinity=False)


@st.composite
def switched_designs(draw: st.DrawFn) -> dict[str, Any]:
    """A valid one-rack design: n compute trays of g GPUs, s switch trays of c chips."""
    lane = draw(st.sampled_from([100, 200]))
    gpus_per_tray = draw(st.integers(1, 8))
    compute_trays = draw(st.integers(1, 12))
    switch_trays = draw(st.integers(1, 4))
    chips_per_tray = draw(st.integers(1, 3))
    per_chip = draw(st.integers(1, 3))  # ports each GPU lands on each chip
    chips = switch_trays * chips_per_tray
    needed = compute_trays * gpus_per_tray * per_chip
    ports = needed + draw(st.integers(0, 100))
    switch_parts = [{"part": "p-chip", "qty": chips_per_tray}]
    if draw(st.booleans()):
        lanes = chips_per_tray * needed + draw(st.integers(0, 50))
        connector = {
            "id": "p-conn",
            "kind": "connector",
            "name": "Conn",
            "manufacturer": "x",
            "source": "assume-mechanicals",
            "differential_pairs": 2 * lanes,
            "price_usd": draw(money),
        }
        switch_parts.append({"part": "p-conn", "qty": 1})
    else:
        connector = None
    parts = [
        {
            "id": "p-gpu",
            "kind": "gpu",
            "name": "GPU",
            "manufacturer": "x",
            "source": "assume-mi500",
            "hbm_gb": draw(st.integers(0, 512)),
            "scale_up_lanes": chips * per_chip,
            "scale_up_lane_gbps": lane,
            "price_usd": draw(money),
            "power_w": draw(watts),
        },
        {
            "id": "p-chip",
            "kind": "switch_asic",
            "name": "Chip",
            "manufacturer": "x",
            "source": "assume-ualink-switch",
            "bandwidth_gbps": lane * ports,
            "lane_gbps_options": [lane],
            "price_usd": draw(money),
            "power_w": draw(watts),
        },
    ]
    if connector:
        parts.append(connector)
    height = draw(st.integers(1, 2))
    trays = [
        {
            "id": "t-compute",
            "name": "C",
            "role": "compute",
            "unit_standard": "ocp",
            "height_units": height,
            "source": "assume-tray-heights",
            "integration_margin": draw(st.floats(0, 0.5)),
            "parts": [{"part": "p-gpu", "qty": gpus_per_tray}],
        },
        {
            "id": "t-switch",
            "name": "S",
            "role": "switch",
            "unit_standard": "ocp",
            "height_units": 1,
            "source": "assume-tray-heights",
            "parts": switch_parts,
        },
    ]
    return {
        "id": "random",
        "name": "Random",
        "source": "assume-placements",
        "power_model": "liquid-2026",
        "racks": [
            {
                "name": "r",
                "frame": "orv3-44ou",
                "trays": [
                    {"tray": "power-shelf-33kw-ocp", "position": 1},
                    {"tray": "t-switch", "position": 2, "count": switch_trays},
                    {"tray": "t-compute", "position": 2 + switch_trays, "count": compute_trays},
                ],
            }
        ],
        "fabrics": [{"id": "f", "kind": "switched", "lane_gbps": lane}],
        "catalogue": {"parts": parts, "trays": trays},
    }


def analyse(data: dict[str, Any]) -> Analysis:
    return Analysis(build_design(parse_design(data, "x.yaml"), builtin_catalogue(), "x.yaml"))


def check_invariants(a: Analysis) -> None:
    """What holds for every design: ports add up, domains partition the GPUs, totals add up."""
    for tray in a.ports:
        for chip in tray.chips:
            assert chip.ports_used + chip.ports_unused == chip.ports_total
            assert chip.ports_unused >= 0
        if tray.connector_lanes is not None:
            assert tray.lanes_in <= tray.connector_lanes
    assert a.switch_ports_used + a.switch_ports_unused == a.switch_ports_total
    assert sum(len(d) for d in a.topology.domains) == a.gpus  # each GPU in exactly one domain
    assert a.topology.world_size <= a.gpus
    assert a.bom.total_usd == pytest.approx(sum(line.extended_usd for line in a.bom.lines))
    assert sum(a.bom.by_rack().values()) == pytest.approx(a.bom.total_usd)
    assert sum(a.bom.by_tray_type().values()) == pytest.approx(a.bom.total_usd)
    for rack in a.power:
        assert rack.facility_w >= rack.all_in_w >= rack.rack_input_w >= rack.it_w >= 0
    for space in a.space:
        assert 0 <= space.units_used <= space.units_total
    s = a.summary
    assert s.switch_lanes_used + s.switch_lanes_unused == s.switch_lanes_total
    json.dumps(summary_data(s), allow_nan=False)


@settings(max_examples=60, deadline=None)
@given(switched_designs())
def test_invariants_of_switched_designs(data: dict[str, Any]) -> None:
    a = analyse(data)
    check_invariants(a)
    assert a.topology.world_size == a.gpus  # every GPU reaches every chip


@pytest.mark.parametrize("design", DESIGNS)
def test_invariants_of_every_built_in_design(design: str) -> None:
    check_invariants(Analysis(load_design(design)))


@settings(max_examples=40, deadline=None)
@given(gpus=st.integers(1, 8), nodes=st.integers(1, 10), spare=st.integers(0, 3))
def test_mesh_world_size_is_the_tray(gpus: int, nodes: int, spare: int) -> None:
    data = {
        "id": "mesh",
        "name": "Mesh",
        "source": "assume-placements",
        "power_model": "liquid-2026",
        "racks": [
            {
                "name": "r",
                "frame": "orv3-44ou",
                "trays": [{"tray": "t", "position": 1, "count": nodes}],
            }
        ],
        "fabrics": [{"id": "m", "kind": "mesh"}],
        "catalogue": {
            "parts": [
                {
                    "id": "g",
                    "kind": "gpu",
                    "name": "G",
                    "manufacturer": "x",
                    "source": "assume-mi500",
                    "hbm_gb": 1,
                    "mesh_links": gpus - 1 + spare,
                    "mesh_link_gbps": 100,
                }
            ],
            "trays": [
                {
                    "id": "t",
                    "name": "T",
                    "role": "compute",
                    "unit_standard": "ocp",
                    "height_units": 2,
                    "source": "assume-tray-heights",
                    "parts": [{"part": "g", "qty": gpus}],
                }
            ],
        },
    }
    a = analyse(data)
    assert a.topology.world_size == gpus
    assert len(a.topology.domains) == gpus * nodes // gpus
    assert a.topology.world_size <= a.gpus


def run_cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as exc:
            code = int(exc.code or 0)
    return code, out.getvalue(), err.getvalue()


def assert_one_line_exit_2(path: Path) -> None:
    code, out, err = run_cli("validate", str(path))
    assert code == 2, (out, err)
    assert len(err.splitlines()) == 1 and err.startswith(f"rackbom: error: {path}"), err
    assert "Traceback" not in err


@st.composite
def broken_designs(draw: st.DrawFn) -> dict[str, Any]:
    """A valid random design with one change that must make it invalid."""
    data = draw(switched_designs())
    kind = draw(st.sampled_from(["negative", "unknown-id", "off-frame", "wrong-type", "drop"]))
    part = draw(st.sampled_from(data["catalogue"]["parts"]))
    placement = data["racks"][0]["trays"][-1]
    if kind == "negative":
        field = draw(st.sampled_from([f for f in ("price_usd", "power_w") if f in part]))
        part[field] = -draw(st.floats(min_value=0.01, max_value=1e9))
    elif kind == "unknown-id":
        placement["tray"] = "zz-" + draw(st.text("abcdefgh", min_size=1, max_size=8))
    elif kind == "off-frame":
        placement["position"] = draw(st.integers(45 - placement["count"] + 1, 10_000))
    elif kind == "wrong-type":
        placement["count"] = draw(st.sampled_from(["many", [], {}, 2.5, -1, 0]))
    else:
        data.pop(draw(st.sampled_from(["name", "racks", "power_model", "source"])))
    return data


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(broken_designs())
def test_broken_designs_fail_with_one_line(data: dict[str, Any]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "broken.yaml"
        path.write_text(yaml.safe_dump(data))
        assert_one_line_exit_2(path)


@settings(max_examples=80, deadline=None)
@given(st.text(max_size=200))
def test_arbitrary_text_never_crashes(text: str) -> None:
    try:
        parsed = yaml.safe_load(text)
    except yaml.YAMLError:
        parsed = None
    is_catalogue = (
        isinstance(parsed, dict)
        and parsed
        and set(parsed)
        <= {
            "sources",
            "parts",
            "trays",
            "frames",
            "power_models",
        }
    )
    assume(not is_catalogue)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "junk.yaml"
        path.write_text(text, encoding="utf-8")
        assert_one_line_exit_2(path)
