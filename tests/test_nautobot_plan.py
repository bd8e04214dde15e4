"""The Nautobot push's plan, without a Nautobot: what is created, left or refused, and the
command's bad input (`rackbom export nautobot SYSTEM --url URL`)."""

from __future__ import annotations

import csv
from typing import Any

import pytest
from test_netbox_plan import _closed_port
from test_netbox_push import CLUSTER

import rackbom as rb
from rackbom.components.errors import InputError
from rackbom.exports.dcim.cable_import import dcim_writer
from rackbom.exports.dcim.dcim_api import RestApi
from rackbom.exports.dcim.dcim_fabric import fabric_want
from rackbom.exports.dcim.nautobot_api import Nautobot
from rackbom.exports.dcim.nautobot_fabric import row_ends
from rackbom.exports.dcim.nautobot_push import push
from rackbom.racks.cabling.runlist import RunList
from rackbom.racks.dcim.dcim_model import DcimCable, DcimPlan, Lane
from rackbom.racks.dcim.dcim_plan import cluster_plan, design_plan
from rackbom.racks.dcim.vocabulary import vocabulary

STATUSES = [
    {"id": "s-active", "name": "Active"},
    {"id": "s-connected", "name": "Connected"},
    {"id": "s-planned", "name": "Planned"},
]


class _Nautobot(Nautobot):
    """A Nautobot holding `held` (rows by endpoint), read only: every filter returns them all."""

    def __init__(self, held: dict[str, list[dict[str, Any]]]) -> None:
        self.url = "http://nautobot.invalid"
        self.version = "3.2.7"
        self.held = {"extras/statuses": STATUSES, **held}

    def rows(self, path: str, **query: Any) -> Any:
        return iter(self.held.get(path, []))

    def rows_of(self, path: str, field: str, ids: Any, **query: Any) -> Any:
        return iter(self.held.get(path, []))


def _helios() -> DcimPlan:
    return design_plan(rb.load("helios").analysis, vocabulary("nautobot"))


def test_into_an_empty_nautobot_a_plan_creates_every_object_once() -> None:
    """Helios into an empty Nautobot: the tag, its makers, types and their templates, one role
    per name (racks and devices share them), the Site and Hall location types and locations, the
    row's panels, the rack, its devices, feeds and cables; nothing is written."""
    plan = _helios()
    tally = push(_Nautobot({}), plan, apply=False)
    placed = list(plan.placed())
    roles = {r.name for r in (*plan.device_roles, *plan.rack_roles)}
    created = {kind: counts[0] for kind, counts in tally.counts.items()}
    assert created["tags"] == 1
    assert created["manufacturers"] == len(plan.manufacturers)
    assert created["device-types"] == len(plan.types)
    assert created["interface-templates"] == sum(len(t.interfaces) for t in plan.types)
    assert created["roles"] == len(roles) < len(plan.device_roles) + len(plan.rack_roles)
    assert created["location-types"] == created["locations"] == 2
    assert created["power-panels"] == len(plan.panels)
    assert created["racks"] == len(placed)
    assert created["devices"] == sum(len(p.devices) for p in placed)
    assert created["power-feeds"] == sum(len(p.feeds) for p in placed)
    assert created["cables"] == sum(len(p.cables) for p in placed)
    assert not tally.apply and tally.totals()[1:] == (0, 0)


def test_a_clusters_lanes_and_cables_between_racks_are_planned_one_cable_per_leg() -> None:
    """The three-rack cluster into an empty Nautobot: every breakout lane an interface of its
    own, and besides the cables inside racks one cable per run-list leg between racks (its
    fabric's legs and the links to the management aggregation), each a planned cable."""
    analysis = rb.load_cluster(str(CLUSTER)).analysis
    plan = cluster_plan(analysis, vocabulary("nautobot"))
    tally = push(_Nautobot({}), plan, apply=False)
    placed = list(plan.placed())
    run = RunList(analysis)
    legs = sum(1 for r in run.rows() if r.tier >= 1 or run.to_aggregation(r))
    lanes = sum(len(p.lanes) for p in placed)
    lanes += sum(len(box.ports) * len(boxes) for p in placed for box, boxes in p.laned)
    assert min(legs, lanes) > 0
    assert tally.counts["interfaces"] == [lanes, 0, 0]
    assert tally.counts["cables"] == [sum(len(p.cables) for p in placed) + legs, 0, 0]
    assert all(len(c.b_devices) == 1 and c.profile is None for c in plan.fabric())


def test_a_clusters_cables_between_racks_end_on_interfaces_the_push_makes() -> None:
    """Each end of a cable between racks is an interface of its device's type or a lane the
    push creates on the device, named as `rackbom cables --nautobot` names it, and no
    interface carries two cables."""
    plan = cluster_plan(rb.load_cluster(str(CLUSTER)).analysis, vocabulary("nautobot"))
    placed = list(plan.placed())
    made = {(d.name, i.name) for p in placed for d in p.devices for i in d.device_type.interfaces}
    lanes = [*(lane for p in placed for lane in p.lanes)]
    lanes += [i for p in placed for box, boxes in p.laned for b in boxes for i in box.of(b)]
    assert all(isinstance(lane, Lane) and lane.channel is None for lane in lanes)
    made |= {(lane.device, lane.name) for lane in lanes}
    ends = [(c.a_device, c.a_interface) for c in plan.fabric()]
    ends += [(c.b_devices[0], c.b_interfaces[0]) for c in plan.fabric()]
    ends += [
        (device, name)
        for p in placed
        for c in p.cables
        for kind, device, name in (
            (c.a_type, c.a_device, c.a_name),
            (c.b_type, c.b_device, c.b_name),
        )
        if kind == "dcim.interface"
    ]
    assert set(ends) <= made
    assert len(ends) == len(set(ends))
    assert any(end in {(lane.device, lane.name) for lane in lanes} for end in ends)


def test_rackboms_tag_is_given_the_content_types_it_lacks() -> None:
    """A tag of rackbom's name and description is rackbom's: one lacking a kind the push tags
    (interfaces) is updated; one of another description is a conflict."""
    tag = {
        "id": "t-1",
        "name": "rackbom",
        "color": "9e9e9e",
        "description": "Made by rackbom",
        "content_types": ["dcim.cable", "dcim.device"],
        "tags": [],
    }
    tally = push(_Nautobot({"extras/tags": [tag]}), _helios(), apply=False)
    assert tally.counts["tags"] == [0, 1, 0]
    mine = {**tag, "description": "a user's own"}
    with pytest.raises(InputError, match="tags 'rackbom' exists in Nautobot"):
        push(_Nautobot({"extras/tags": [mine]}), _helios(), apply=False)


def test_a_location_rackbom_did_not_make_is_a_conflict_named_in_one_line() -> None:
    """A location of the system's name that carries no tag and differs stops the push."""
    held = {
        "dcim/location-types": [
            {"id": "t-site", "name": "Site", "content_types": ["dcim.rack"], "parent": None}
        ],
        "dcim/locations": [
            {"id": "l-1", "name": "helios", "location_type": {"id": "t-site"}, "tags": []}
        ],
    }
    message = r"^--url: locations 'helios' exists in Nautobot, not made by rackbom$"
    with pytest.raises(InputError, match=message):
        push(_Nautobot(held), _helios(), apply=True)


def test_a_role_or_hall_type_holding_more_is_used_and_one_holding_less_refused() -> None:
    """Roles and location types carry no tag in Nautobot: one that holds what rackbom needs
    (more content types too) is used as it is; one lacking a content type is a conflict."""
    plan = _helios()
    roles = [
        {
            "id": f"r-{r.name}",
            "name": r.name,
            "color": r.color,
            "content_types": ["dcim.device", "dcim.rack", "ipam.prefix"],
        }
        for r in plan.device_roles
    ]
    hall = {
        "id": "t-hall",
        "name": "Hall",
        "parent": {"id": "t-site", "object_type": "dcim.locationtype"},
        "content_types": ["dcim.device", "dcim.powerpanel", "dcim.rack", "dcim.controller"],
    }
    site = {"id": "t-site", "name": "Site", "content_types": []}
    held: dict[str, list[dict[str, Any]]] = {
        "extras/roles": roles,
        "dcim/location-types": [site, hall],
    }
    tally = push(_Nautobot(held), plan, apply=False)
    assert tally.counts["location-types"] == [0, 0, 2]
    assert tally.counts["roles"][2] == len(roles)
    held["dcim/location-types"] = [site, {**hall, "content_types": ["dcim.device"]}]
    with pytest.raises(InputError, match="location-types 'Hall' exists in Nautobot"):
        push(_Nautobot(held), plan, apply=False)


def test_a_cables_ends_are_named_as_the_export_names_them() -> None:
    """Nautobot gives a cable's ends by kind and id; the push names them by the components it
    read, so a second push finds the cable unchanged."""
    row = {
        "termination_a_type": "dcim.powerfeed",
        "termination_a_id": "f-1",
        "termination_b_type": "dcim.powerport",
        "termination_b_id": "p-9",
    }
    names = {
        ("dcim.powerfeed", "f-1"): ("dcim.powerfeed", "row 1 side A", "helios A1"),
        ("dcim.powerport", "p-9"): ("dcim.powerport", "helios-OU1", "ac-input"),
    }
    assert set(row_ends(row, names)) == set(names.values())


@pytest.mark.parametrize(
    ("metres", "held"), [(3.0, (3, "m")), (2.5, (250, "cm")), (0.125, (12, "cm")), (30, (30, "m"))]
)
def test_a_cables_length_is_a_whole_number_in_the_push_and_the_import(
    metres: float, held: tuple[int, str], tmp_path
) -> None:
    """Nautobot keeps a cable's length as a whole number: metres where whole, else centimetres,
    alike in the push's body and the cable import file."""
    cable = DcimCable("leaf", "p1", ("tray",), ("eth1",), "dac-active", "T1-1", metres)
    _, body, _ = fabric_want(cable, "planned")
    assert (body["length"], body["length_unit"]) == held
    assert isinstance(body["length"], int)
    path = tmp_path / "cables.csv"
    dcim_writer([cable], plain=True)(path)
    row = next(csv.DictReader(path.open(encoding="utf-8")))
    assert (row["length"], row["length_unit"]) == (str(held[0]), held[1])


def test_an_unreachable_nautobot_is_one_line(cli) -> None:
    url = f"http://127.0.0.1:{_closed_port()}"
    result = cli("export", "nautobot", "helios", "--url", url, "--token", "x")
    assert result.code == 2
    assert result.err.strip() == (
        f"rackbom: error: --url: Nautobot at {url} cannot be reached (ConnectionError)"
    )


def test_a_push_needs_a_token(cli, monkeypatch) -> None:
    monkeypatch.delenv("NAUTOBOT_TOKEN", raising=False)
    result = cli("export", "nautobot", "helios", "--url", "http://127.0.0.1:1")
    assert result.code == 2
    assert result.err.strip() == (
        "rackbom: error: --token: a Nautobot API token is needed (or $NAUTOBOT_TOKEN)"
    )


class _Answering:
    """A client whose server answers its status with `status`."""

    def __init__(self, status: dict[str, str]) -> None:
        self.answer = status

    def status(self) -> dict[str, str]:
        return self.answer


@pytest.mark.parametrize(
    ("status", "message"),
    [
        ({"nautobot-version": "2.2.9"}, "--url: Nautobot 2.2.9 is older than 2.3"),
        (
            {"netbox-version": "4.7.3"},
            "--url: http://n.invalid is not a Nautobot API (no Nautobot version)",
        ),
    ],
)
def test_an_older_nautobot_or_another_server_is_one_line(
    status: dict[str, str], message: str
) -> None:
    api = Nautobot.__new__(Nautobot)
    with pytest.raises(InputError) as refused:
        RestApi.__init__(api, "http://n.invalid", _Answering(status), LookupError)
    assert str(refused.value) == message
