"""Clusters larger than a hall: halls, long-reach optics, a million GPUs, bad hall sizes."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
import yaml

import rackbom as rb
from rackbom.components.cabling import Transceiver
from rackbom.layouts.cluster_svg import text_width


@cache
def _million() -> Any:
    return rb.load_cluster("helios-1m")


def test_a_million_gpus_show_price_and_draw() -> None:
    c = _million()
    s = c.summary
    assert s.gpus >= 1_000_000 and s.floor.halls > 1
    assert s.capex_usd_per_gpu.scale_out_usd > 0 and s.power_network_w > 0
    svg = c.floor_plan().to_string()
    assert len(svg) < 5_000_000 and f"{s.floor.halls} halls" in svg
    ElementTree.fromstring(svg)


def _texts(svg: str) -> tuple[float, list[tuple[float, float, float, str]]]:
    root = ElementTree.fromstring(svg)
    texts = [
        (float(t.get("x", "0")), float(t.get("y", "0")), float(t.get("font-size", "10")), t.text)
        for t in root.iter("{http://www.w3.org/2000/svg}text")
    ]
    return float(root.get("width", "0")), [(x, y, size, w or "") for x, y, size, w in texts]


def test_the_million_gpu_campus_plan_names_every_building_and_hall_in_the_width() -> None:
    """The title and labels fit the width; every building and hall is named once."""
    s = _million().summary
    width, texts = _texts(_million().floor_plan().to_string())
    for x, _, size, words in texts:
        assert x + text_width(words, size) <= width, words
    words = [w for *_, w in texts]
    assert s.campus is not None
    for building in range(1, s.campus.buildings + 1):
        assert sum(w.startswith(f"bldg{building:02d} ") for w in words) == 1
    assert sorted(w for w in words if re.fullmatch(r"hall\d+", w)) == [
        f"hall{h:02d}" for h in range(1, s.floor.halls + 1)
    ]


def test_a_floor_of_halls_keeps_its_text_apart() -> None:
    """No row label runs into its band's link counts."""
    halls = rb.load_cluster("helios-16k").with_(floor={"hall_racks": 60})
    width, texts = _texts(halls.floor_plan().to_string())
    for x, _, size, words in texts:
        assert x + text_width(words, size) <= width, words
    labels = [(x, y, size, w) for x, y, size, w in texts if w.startswith("row")]
    counts = [(x, y) for x, y, _, w in texts if "to leaves" in w]
    assert labels and counts
    for x, _, size, words in labels:
        assert all(x + text_width(words, size) < cx for cx, _ in counts), words


def test_links_between_halls_take_optics_that_reach_them() -> None:
    spread = rb.load_cluster("helios-16k").with_(floor={"hall_racks": 20, "campus_gap_m": 1000})
    s = spread.summary
    catalogue = spread.design.built.base_catalogue
    top = s.tiers[-1]
    assert s.floor.halls == 12 and top.link_length_m_max > 2000
    reaches = {catalogue.part(p, Transceiver).reach_class for p in top.transceivers}
    assert {"2xFR4", "2xLR4"} <= reaches
    assert max(catalogue.part(p, Transceiver).reach_m for p in top.transceivers) >= (
        top.link_length_m_max
    )
    assert any(p.startswith("smf-trunk") for p in top.cables)
    for tier in s.tiers:
        for part in tier.transceivers:
            assert catalogue.part(part, Transceiver).reach_m >= tier.link_length_m_min


def test_one_hall_is_the_floor_as_before() -> None:
    base = rb.load_cluster("helios-16k")
    wide = base.with_(floor={"hall_racks": 100_000})
    assert wide.summary == base.summary or (
        wide.summary.tiers == base.summary.tiers and wide.summary.floor == base.summary.floor
    )
    assert base.summary.floor.halls == 1


def test_halls_by_racks_split_the_floor_and_lengthen_only_the_top_tier() -> None:
    base = rb.load_cluster("helios-16k").summary
    split = rb.load_cluster("helios-16k").with_(floor={"hall_racks": 60}).summary
    assert split.floor.halls == 4
    assert split.tiers[0].link_length_m_max == base.tiers[0].link_length_m_max
    assert split.tiers[-1].link_length_m_max > base.tiers[-1].link_length_m_max
    assert [t.switches for t in split.tiers] == [t.switches for t in base.tiers]


def test_servers_pack_by_the_hall_power_per_rack() -> None:
    s = rb.load_cluster("hgx-b200-8k").summary
    assert s.design_copies_per_rack == 4 and s.racks == 256
    roomy = rb.load_cluster("hgx-b200-8k").with_(floor={"rack_power_kw": 200}).summary
    assert roomy.design_copies_per_rack == 4  # 10U servers: space allows 4 in 42U
    tight = rb.load_cluster("hgx-b200-8k").with_(floor={"rack_power_kw": 13}).summary
    assert tight.design_copies_per_rack == 1 and tight.racks == 1024


@pytest.mark.parametrize(
    ("floor", "words"),
    [
        ({"hall_mw": 0.1}, ["floor.hall_mw", "0.1 MW", "kW rack"]),
        ({"hall_racks": 0}, ["floor.hall_racks"]),
    ],
)
def test_a_hall_too_small_is_one_line(
    floor: dict[str, Any], words: list[str], cli, tmp_path
) -> None:
    path = tmp_path / "small-hall.yaml"
    data = {
        "id": "small-hall",
        "name": "Small hall",
        "source": "assume-cluster-sizing",
        "design": "helios",
        "size": {"racks": 4},
        "profile": "arista-th6",
        "floor": floor,
    }
    path.write_text(yaml.safe_dump(data))
    assert_drawing_refused(cli, path, words)


def assert_drawing_refused(cli: Any, path: Path, words: list[str]) -> None:
    """`svg` of the cluster in `path` is one line naming the file and `words`, exit 2, no SVG."""
    out = path.parent / "out.svg"
    result = cli("svg", str(path), "-o", str(out))
    assert result.code == 2 and result.out == ""
    (line,) = result.err.strip().splitlines()
    for word in [str(path), *words]:
        assert word in line, (word, line)
    assert not out.exists()
