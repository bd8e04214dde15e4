"""The NetBox push's plan, without a NetBox: what is created, updated, left or refused, and the
command's bad input (`rackbom export netbox SYSTEM --url URL`)."""

from __future__ import annotations

import socket

import pytest
from test_netbox_push import CLUSTER

import rackbom as rb
from rackbom.commands.export import _scoped
from rackbom.components.errors import InputError
from rackbom.exports.dcim.dcim_api import plain
from rackbom.exports.dcim.dcim_sync import Tally, Want, sync
from rackbom.exports.dcim.netbox_fabric import row_ends
from rackbom.exports.dcim.netbox_power import power_feeds, power_panels
from rackbom.racks.cabling.row import CableRow
from rackbom.racks.cabling.runlist import RunList
from rackbom.racks.cabling.scope import FloorScope, bind_scope, parse_scope
from rackbom.racks.dcim.dcim_model import FEED, DcimPlan
from rackbom.racks.dcim.dcim_plan import cluster_plan, design_plan
from rackbom.racks.dcim.vocabulary import vocabulary

OURS = [{"id": 1, "slug": "rackbom"}]
"""rackbom's tag (id 1) as NetBox nests it in an object."""


def _row(id_: int, name: str, tags: list[dict[str, str]], **fields: object) -> dict[str, object]:
    return {"id": id_, "name": name, "tags": tags, **fields}


def test_a_plan_counts_each_object_once() -> None:
    """New objects are created, equal ones left, rackbom's changed ones updated."""
    existing = {
        "same": _row(1, "same", OURS, status={"value": "active", "label": "Active"}),
        "moved": _row(2, "moved", OURS, rack={"id": 7, "name": "r7"}),
    }
    wants = [
        Want("new", "new", {"name": "new"}),
        Want("same", "same", {"name": "same", "status": "active"}),
        Want("moved", "moved", {"name": "moved", "rack": 8}),
    ]
    tally = Tally(apply=False, product="NetBox", tag=1)
    ids = sync(None, tally, "dcim/devices", wants, existing)
    assert tally.counts == {"devices": [1, 1, 1]}
    assert ids == {"same": 1, "moved": 2}
    tally.check()


def test_an_object_rackbom_did_not_make_is_never_changed() -> None:
    """An untagged object that differs is a conflict named in one line; a shared one is used."""
    existing = {"helios": _row(3, "helios", [], description="the user's own")}
    wants = [Want("helios", "helios", {"name": "helios", "description": "rackbom design"})]
    tally = Tally(apply=False, product="NetBox", tag=1)
    sync(None, tally, "dcim/sites", wants, existing)
    with pytest.raises(InputError, match="sites 'helios' exists in NetBox, not made by rackbom"):
        tally.check()
    shared = Tally(apply=False, product="NetBox", tag=1)
    sync(None, shared, "dcim/manufacturers", wants, existing, shared=True)
    assert shared.counts == {"manufacturers": [0, 0, 1]}
    shared.check()


@pytest.mark.parametrize(
    ("field", "expected"),
    [
        ({"value": "cat6", "label": "CAT6"}, "cat6"),
        ({"id": 4, "name": "rack"}, 4),
        ("text", "text"),
        (None, None),
    ],
)
def test_plain_reads_a_field_as_it_is_written(field: object, expected: object) -> None:
    assert plain(field) == expected


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_an_unreachable_netbox_is_one_line(cli) -> None:
    url = f"http://127.0.0.1:{_closed_port()}"
    result = cli("export", "netbox", "helios", "--url", url, "--token", "x")
    assert result.code == 2
    assert result.err.strip() == f"rackbom: error: --url: NetBox at {url} cannot be reached " + (
        "(ConnectionError)"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((), "--output: give one of -o DIR (files) or --url URL (push)"),
        (("--url", "http://127.0.0.1:1"), "--token: a NetBox API token is needed"),
    ],
)
def test_a_push_needs_its_netbox(cli, monkeypatch, args: tuple[str, ...], message: str) -> None:
    monkeypatch.delenv("NETBOX_URL", raising=False)
    monkeypatch.delenv("NETBOX_TOKEN", raising=False)
    result = cli("export", "netbox", "helios", *args)
    assert result.code == 2
    assert message in result.err
    assert len(result.err.strip().splitlines()) == 1


def test_files_mode_is_kept_where_netbox_url_is_set(cli, monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("NETBOX_URL", "http://127.0.0.1:1")
    result = cli("export", "netbox", "helios", "-o", str(tmp_path / "out"))
    assert result.code == 0, result.err
    assert (tmp_path / "out" / "racks.yaml").is_file()


def _helios_export() -> DcimPlan:
    return design_plan(rb.load("helios").analysis, vocabulary("netbox"))


def test_a_plan_makes_a_panel_per_side_and_a_feed_per_shelf() -> None:
    """Into an empty NetBox, a plan creates the row's two panels and the rack's eight feeds (one
    per power shelf), each on its side's panel."""
    export = _helios_export()
    tally = Tally(apply=False, product="NetBox", tag=1)
    boards = power_panels(None, tally, export.panels, {"site": None, "location": None})  # type: ignore[arg-type]
    group = list(export.placed())
    power_feeds(None, tally, group, boards, {})  # type: ignore[arg-type]
    assert tally.counts == {"power-panels": [2, 0, 0], "power-feeds": [8, 0, 0]}
    feeds = [f for p in group for f in p.feeds]
    assert [f.panel for f in feeds] == ["row 1 side A", "row 1 side B"] * 4
    assert {f.data()["type"] for f in feeds if f.side == "B"} == {"redundant"}


def test_a_feeds_cable_is_known_by_its_panel() -> None:
    """NetBox names a cable's power-feed end without its panel; the push keys it by the panel
    the feed hangs on, as the export does, so a second push finds the cable unchanged."""
    row = {
        "a_terminations": [
            {"object_type": "dcim.powerfeed", "object_id": 7, "object": {"name": "helios A1"}}
        ],
        "b_terminations": [
            {
                "object_type": "dcim.powerport",
                "object_id": 9,
                "object": {"name": "ac-input", "device": {"name": "helios-OU1"}},
            }
        ],
    }
    names = {("dcim.powerfeed", 7): ("dcim.powerfeed", "row 1 side A", "helios A1")}
    ends = set(row_ends(row, names))
    cable = next(c for p in _helios_export().placed() for c in p.cables if c.a_type == FEED)
    assert ends == {
        (cable.a_type, cable.a_device, cable.a_name),
        (cable.b_type, cable.b_device, cable.b_name),
    }


def _scoped_plan(system: str, racks: list[str]) -> tuple[DcimPlan, RunList, FloorScope]:
    analysis = rb.load_cluster(system).analysis
    run = RunList(analysis)
    scope = bind_scope(
        parse_scope([f"rack={r}" for r in racks]), analysis, lambda: run.network_racks
    )
    return cluster_plan(analysis, vocabulary("netbox"), scope, run), run, scope


def _inside(run: RunList, scope: FloorScope) -> list[CableRow]:
    """The run list's legs between racks (and to the management aggregation) with both ends in
    the scope."""
    names = scope.racks
    return [
        r
        for r in run.rows()
        if (r.tier >= 1 or run.to_aggregation(r)) and r.a_rack in names and r.z_rack in names
    ]


def test_a_scoped_plan_holds_the_cables_between_racks_with_both_ends_in_it() -> None:
    """A leaf rack and a spine rack of the three-rack cluster: every leg with both ends in them
    is a cable of the plan's fabric, between devices the plan places."""
    plan, run, scope = _scoped_plan(str(CLUSTER), ["helios-3-row01-net1", "helios-3-core-001"])
    inside = _inside(run, scope)
    fabric = list(plan.fabric())
    assert plan.scoped is not None and plan.scoped.split == 0
    assert sum(len(c.b_devices) for c in fabric) == len(inside) > 0
    devices = {d.name for p in plan.placed() for d in p.devices}
    assert {n for c in fabric for n in (c.a_device, *c.b_devices)} <= devices
    assert {c.profile for c in fabric} > {None}


def test_a_breakout_a_scope_splits_is_left_out_and_counted() -> None:
    """A breakout NetBox holds as one cable (a leaf's cage to spines in two racks) with only
    some legs in scope is left out whole, and the push's summary line counts it; every other
    leg with both ends in scope is pushed."""
    plan, run, scope = _scoped_plan("helios-8k", ["helios-8k-row01-net1", "helios-8k-core-001"])
    whole = cluster_plan(run.cluster, vocabulary("netbox"), None, run)
    assert whole.fabric is not None
    profiled = {c.label for c in whole.fabric() if c.profile is not None}
    legs: dict[str, int] = {}
    for row in run.rows():
        legs[row.cable_id] = legs.get(row.cable_id, 0) + 1
    inside: dict[str, int] = {}
    for row in _inside(run, scope):
        inside[row.cable_id] = inside.get(row.cable_id, 0) + 1
    split = {c for c, n in inside.items() if c in profiled and n < legs[c]}
    fabric = list(plan.fabric())
    assert plan.scoped is not None and plan.scoped.split == len(split) > 0
    assert not {c.label for c in fabric} & split
    pushed = sum(len(c.b_devices) for c in fabric)
    assert pushed == sum(n for c, n in inside.items() if c not in split) > 0
    assert all(len(c.b_devices) == legs[c.label] for c in fabric if c.profile is not None)
    assert _scoped(plan, pushed=True).endswith(f", {len(split)} breakout cables it splits left out")
    assert "splits" not in _scoped(plan)
