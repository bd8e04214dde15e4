"""`rackbom export nautobot SYSTEM --url URL --token TOKEN` against the real Nautobot.

Helios and a three-rack Helios cluster are pushed twice each: the second push changes nothing.
Every device (rack, position, type, role), every cable (its two ends and type; a cluster's cables
between racks with them, one planned cable per run-list leg) and every power feed (panel, rack,
circuit) that Nautobot then holds in the system's hall is compared with the export's, and so
are a changed object, a conflicting object rackbom did not make, and a refused
token. Each push's wall time is printed (`-s`)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from dcim_service import Server, value
from nautobot_client import NautobotClient
from nautobot_service import NAUTOBOT
from test_netbox_push import CLUSTER, _counts

import rackbom as rb
from rackbom.racks.cabling.runlist import RunList
from rackbom.racks.dcim.dcim_model import FEED, DcimPlan
from rackbom.racks.dcim.dcim_plan import cluster_plan, design_plan
from rackbom.racks.dcim.vocabulary import vocabulary

pytestmark = pytest.mark.client("nautobot")
INTERFACE = "dcim.interface"


@pytest.fixture(scope="module")
def running() -> Iterator[Server]:
    """A private Nautobot; every service it runs on is stopped afterwards."""
    yield from NAUTOBOT.fixture()


@pytest.fixture(scope="module")
def client(running: Server) -> NautobotClient:
    return NautobotClient(running.url, running.username, running.password)


@pytest.fixture(scope="module")
def token(client: NautobotClient) -> str:
    """A token as a user copies it from Nautobot (sent as `Token KEY`)."""
    return client.auth.split()[1]


def _export(target: str) -> DcimPlan:
    vocab = vocabulary("nautobot")
    if target.endswith(".yaml"):
        return cluster_plan(rb.load_cluster(target).analysis, vocab)
    return design_plan(rb.load(target).analysis, vocab)


def _push(cli, running: Server, token: str, target: str, *more: str) -> Any:
    return cli("export", "nautobot", target, "--url", running.url, "--token", token, *more)


def _hall(client: NautobotClient, export: DcimPlan) -> str:
    return client.one("/api/dcim/locations/", name=export.site.location)["id"]


def _stored_devices(client: NautobotClient, hall: str) -> dict[str, tuple[Any, ...]]:
    return {
        d["name"]: (
            d["rack"]["name"],
            d["position"],
            d["device_type"]["model"],
            d["role"]["name"],
        )
        for d in client.all("/api/dcim/devices/", location=hall)
    }


def _stored_cables(client: NautobotClient, hall: str) -> set[tuple[frozenset[Any], str]]:
    """Each cable in the hall: its two ends (kind, device or panel, name) and its type."""
    names: dict[str, tuple[str, str, str]] = {}
    for kind, path in (
        ("dcim.interface", "interfaces"),
        ("dcim.powerport", "power-ports"),
        ("dcim.poweroutlet", "power-outlets"),
    ):
        for row in client.all(f"/api/dcim/{path}/", location=hall, has_cable="true"):
            names[row["id"]] = (kind, row["device"]["name"], row["name"])
    for row in client.all("/api/dcim/power-feeds/", location=hall):
        names[row["id"]] = (FEED, row["power_panel"]["name"], row["name"])
    return {
        (
            frozenset({names[c["termination_a_id"]], names[c["termination_b_id"]]}),
            value(c["type"]),
        )
        for c in client.all("/api/dcim/cables/", location_id=hall)
    }


def _planned_labels(client: NautobotClient, hall: str) -> set[str]:
    """The labels of the planned cables in the hall (the cables between racks)."""
    planned = client.one("/api/extras/statuses/", name="Planned")["id"]
    return {
        c["label"]
        for c in client.all("/api/dcim/cables/", location_id=hall)
        if c["status"]["id"] == planned
    }


def _stored_feeds(client: NautobotClient, hall: str) -> dict[tuple[str, str], tuple[Any, ...]]:
    return {
        (f["power_panel"]["name"], f["name"]): (
            f["rack"]["name"],
            value(f["type"]),
            value(f["phase"]),
            f["voltage"],
            f["amperage"],
            f["max_utilization"],
        )
        for f in client.all("/api/dcim/power-feeds/", location=hall)
    }


@pytest.mark.parametrize("target", ["helios", "cluster"])
def test_a_push_loads_the_system_and_a_second_changes_nothing(
    cli, running: Server, client: NautobotClient, token: str, target: str
) -> None:
    name = str(CLUSTER) if target == "cluster" else target
    export = _export(name)
    planned = _push(cli, running, token, name, "--dry-run")
    assert planned.code == 0, planned.err
    start = time.monotonic()
    first = _push(cli, running, token, name)
    took = time.monotonic() - start
    assert first.code == 0, first.err
    assert _counts(first.out)[0] == _counts(planned.out)[0] > 0
    start = time.monotonic()
    again = _push(cli, running, token, name)
    print(f"{target}: first push {took:.0f} s, second {time.monotonic() - start:.0f} s")
    assert again.code == 0, again.err
    assert _counts(again.out) == (0, 0, sum(_counts(first.out)))
    placed = list(export.placed())
    hall = _hall(client, export)
    want = {
        d.name: (d.rack, d.position, d.device_type.model, d.role) for p in placed for d in p.devices
    }
    assert _stored_devices(client, hall) == want
    cables = {
        (frozenset({(c.a_type, c.a_device, c.a_name), (c.b_type, c.b_device, c.b_name)}), c.type)
        for p in placed
        for c in p.cables
    }
    fabric = list(export.fabric()) if export.fabric is not None else []
    cables |= {
        (
            frozenset(
                {(INTERFACE, c.a_device, c.a_interface), (INTERFACE, *c.b_devices, *c.b_interfaces)}
            ),
            c.type,
        )
        for c in fabric
    }
    assert _stored_cables(client, hall) == cables
    if target == "cluster":
        run = RunList(rb.load_cluster(name).analysis)
        legs = {f"{r.cable_id}.{r.leg}" for r in run.rows() if r.tier >= 1 or run.to_aggregation(r)}
        assert _planned_labels(client, hall) == legs
        assert len(fabric) == len(legs)
    feeds = {}
    for p in placed:
        for f in p.feeds:
            data = f.data()
            keys = ("rack", "type", "phase", "voltage", "amperage", "max_utilization")
            feeds[(f.panel, f.name)] = tuple(data[k] for k in keys)
    assert _stored_feeds(client, hall) == feeds
    racks = {r["name"]: r for r in client.all("/api/dcim/racks/", location=hall)}
    assert set(racks) == {p.rack.name for p in placed}
    for p in placed:
        assert (racks[p.rack.name]["u_height"], value(racks[p.rack.name]["width"])) == (
            p.rack.u_height,
            p.rack.width,
        )


def test_a_changed_object_of_rackboms_is_updated(
    cli, running: Server, client: NautobotClient, token: str
) -> None:
    """A device's comments changed by hand are put back; nothing else changes."""
    assert _push(cli, running, token, "helios").code == 0
    hall = _hall(client, _export("helios"))
    device = client.all("/api/dcim/devices/", location=hall)[0]
    client.api("PATCH", f"/api/dcim/devices/{device['id']}/", {"comments": "changed by hand"})
    done = _push(cli, running, token, "helios")
    assert done.code == 0, done.err
    assert _counts(done.out)[:2] == (0, 1)
    assert client.api("GET", f"/api/dcim/devices/{device['id']}/")["comments"] != "changed by hand"


def test_a_conflicting_object_is_named_and_nothing_is_loaded(
    cli, running: Server, client: NautobotClient, token: str
) -> None:
    """A location of the system's name that rackbom did not make stops the push before any
    write."""
    assert _push(cli, running, token, "helios").code == 0  # the Site location type exists
    site_type = client.one("/api/dcim/location-types/", name="Site")["id"]
    active = client.one("/api/extras/statuses/", name="Active")["id"]
    body = {"name": "gb200-nvl72", "location_type": site_type, "status": active}
    client.api("POST", "/api/dcim/locations/", body)
    before = len(client.all("/api/dcim/device-types/"))
    done = _push(cli, running, token, "gb200-nvl72")
    assert done.code == 2
    assert done.err.strip() == (
        "rackbom: error: --url: locations 'gb200-nvl72' exists in Nautobot, not made by rackbom"
    )
    assert len(client.all("/api/dcim/device-types/")) == before


def test_a_refused_token_is_one_line(cli, running: Server) -> None:
    done = _push(cli, running, "0123456789abcdef0123456789abcdef01234567", "helios")
    assert done.code == 2
    assert done.err.strip() == (
        f"rackbom: error: --token: Nautobot at {running.url} refused the token"
    )


def test_the_url_and_token_from_the_environment(
    cli, running: Server, token: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`NAUTOBOT_URL` and `NAUTOBOT_TOKEN` stand in for the options."""
    monkeypatch.setenv("NAUTOBOT_URL", running.url)
    monkeypatch.setenv("NAUTOBOT_TOKEN", token)
    done = cli("export", "nautobot", "helios", "--dry-run")
    assert done.code == 0, done.err
    assert "would push helios to Nautobot" in done.out
