"""Clusters larger than a building: buildings of halls on a campus, the campus tier between
them, long-reach optics by the roads' lengths, and bad campus figures refused."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from test_cables import _check_ports
from test_halls import assert_drawing_refused

import rackbom as rb
from rackbom.components.cabling import Transceiver
from rackbom.racks.cabling.counts import run_counts
from rackbom.racks.cabling.places import floor_index
from rackbom.racks.clusters.sizing import SwitchGroup, TierPlan, joined

SMALL = {"hall_mw": 0.5, "building_mw": 1.0, "building_gap_m": 100}
"""Two helios racks to a hall, two halls to a building: 12 racks stand in three buildings."""


def _data(floor: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": "small-campus",
        "name": "Small campus",
        "source": "assume-cluster-sizing",
        "design": "helios",
        "size": {"racks": 12},
        "profile": "arista-th6",
        "floor": floor,
    }


@cache
def _campus(**floor: Any) -> Any:
    return rb.load_cluster("helios-16k").with_(racks=12, floor={**SMALL, **floor})


def test_halls_fill_buildings_in_order() -> None:
    c = _campus()
    s, analysis = c.summary, c.analysis
    assert s.floor.halls == 6 and s.campus is not None
    assert (s.campus.buildings, s.campus.halls_per_building) == (3, 2)
    index = floor_index(analysis)
    assert index.halls_per_building == 2
    assert [index.building_of_hall(h) for h in range(6)] == [0, 0, 1, 1, 2, 2]
    site = analysis.floor.campus
    assert site is not None and site.length_m >= 2 * site.building_length_m + 100
    area = site.building_length_m * site.building_width_m
    assert area >= 1.0 * analysis.spec.floor.building_m2_per_mw - 1e-6


@pytest.mark.parametrize("ratio", [1.0, 2.0, 4.0])
def test_the_campus_tier_carries_its_share_of_the_buildings_top_tier(ratio: float) -> None:
    s = _campus(campus_oversubscription=ratio).summary
    top, campus = s.tiers[-2], s.tiers[-1]
    assert campus.role == "campus" and s.campus is not None
    assert campus.links == s.campus.links
    assert top.downlinks_per_uplink == pytest.approx(ratio, rel=0.02)
    assert top.links / ratio <= campus.links <= top.links / ratio + top.switches
    assert campus.downlinks_per_uplink is None
    assert any(line.tier == "campus" and line.qty for line in s.network_bom)


def test_one_building_is_laid_out_as_before() -> None:
    base = rb.load_cluster("helios-16k").with_(racks=12, floor={"hall_mw": 0.5})
    roomy = base.with_(floor={"hall_mw": 0.5, "building_mw": 100, "building_gap_m": 5})
    assert base.summary.campus is None and roomy.summary.tiers == base.summary.tiers
    assert floor_index(base.analysis).building_of_hall(5) == 0


def test_links_between_buildings_take_optics_that_reach_them() -> None:
    c = _campus(building_gap_m=1500)
    s, catalogue = c.summary, c.design.built.base_catalogue
    assert s.campus is not None and s.campus.link_length_m_max > 2000
    reaches = sorted(catalogue.part(p, Transceiver).reach_m for p in s.campus.transceivers)
    assert reaches[-1] >= s.campus.link_length_m_max and reaches[0] < reaches[-1]


def test_the_campus_is_shown(cli) -> None:
    result = cli("show", "helios-16k+racks=12+hall_mw=0.5+building_mw=1")
    assert result.code == 0, result.err
    assert "Campus: 3 buildings (bldg01-bldg03) of 1 MW, 2 halls each" in result.out
    assert "Campus tier 2:1" in result.out


@pytest.mark.parametrize("ratio", [1.0, 3.0])
def test_the_run_list_wires_each_building_and_the_campus_tier_as_the_bom_counts(
    ratio: float,
) -> None:
    campus = _campus(campus_oversubscription=ratio)
    cables = rb.cables(campus)
    rows = list(cables)
    assert cables.counts == run_counts(cables.run_list) == cables.bom  # type: ignore[arg-type]
    assert len(rows) == cables.rows_total
    assert len([r for r in rows if r.tier > 0]) == campus.summary.links
    _check_ports(rows)
    assert list(cables.lines()) == [
        ",".join("" if v is None else str(v) for v in row) + "\n" for row in rows
    ]
    index = floor_index(campus.analysis)
    building: dict[str, set[int]] = {}
    for r in sorted((r for r in rows if r.tier > 0), key=lambda r: r.tier):
        at = (
            {index.building_of_hall(int(r.a_hall[4:]) - 1)} if r.tier == 1 else building[r.a_device]
        )
        building.setdefault(r.z_device, set()).update(at)
    top = len(campus.summary.tiers)
    tiers = {r.z_device: r.tier for r in rows if r.tier > 0}
    assert all(len(building[d]) == 1 for d, t in tiers.items() if t < top)
    assert all(len(building[d]) > 1 for d, t in tiers.items() if t == top)


def test_a_campus_tier_links_at_most_a_radix_of_buildings() -> None:
    building = [TierPlan(1, 4, 4, (SwitchGroup(1, 4, 0),), 4)]
    assert joined([building] * 4, 4, 1.0)[-1].links_in == 16  # 4 links up from each
    with pytest.raises(ValueError, match="at most 4 buildings"):
        joined([building] * 5, 4, 1.0)


@pytest.mark.parametrize(
    ("floor", "words"),
    [
        ({"campus_oversubscription": "1:2"}, ["floor.campus_oversubscription"]),
        ({"campus_oversubscription": 0.5}, ["floor.campus_oversubscription"]),
        ({"building_mw": 0.1}, ["floor.building_mw", "0.1 MW", "kW rack"]),
        ({"building_mw": 0}, ["floor.building_mw", "greater than 0"]),
        ({"building_m2_per_mw": -310}, ["floor.building_m2_per_mw", "greater than 0"]),
        ({"building_gap_m": -1}, ["floor.building_gap_m", "greater than or equal to 0"]),
        ({"campus_oversubscription": 2000}, ["floor.campus_oversubscription", "1000"]),
        ({"hall_mw": float("inf")}, ["floor.hall_mw", "finite"]),
        ({"building_gap_m": 6000}, ["floor.building_gap_m", "link bldg0", "10,000 m"]),
    ],
)
def test_a_bad_campus_is_one_line(
    floor: dict[str, Any], words: list[str], cli, tmp_path: Path
) -> None:
    path = tmp_path / "small-campus.yaml"
    path.write_text(yaml.safe_dump(_data({**SMALL, **floor})))
    assert_drawing_refused(cli, path, words)
