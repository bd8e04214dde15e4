"""`rackbom export netbox SYSTEM --url URL --token TOKEN` against the real NetBox.

Helios and a three-rack Helios cluster are pushed twice each: the second push changes nothing;
so is a scope of a larger cluster, a leaf rack and a spine rack, with its cables between the two
(a breakout it splits left out).
Every device (rack, position, type, role) and every cable (its ends) that NetBox then holds in
the system's site is compared with the export's (a cluster's cables between racks with them:
one NetBox cable per physical cable of the run list, each channel of a channelised cage traced
by NetBox to the run list's far end), NetBox's own feed and rack power
utilisation with rackbom's plant, and so are a changed object, a conflicting object rackbom did
not make, and a refused token."""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from dcim_service import Server, value
from nautobot_client import NetBoxClient
from netbox_service import NETBOX

import rackbom as rb
from rackbom.components.plant_library import plant_rules
from rackbom.racks.cabling.runlist import RunList
from rackbom.racks.cabling.scope import bind_scope, parse_scope
from rackbom.racks.dcim.dcim_plan import cluster_plan, design_plan
from rackbom.racks.dcim.vocabulary import vocabulary
from rackbom.racks.plant.plan import system_plant
from rackbom.racks.plant.rack import side_feeds

pytestmark = pytest.mark.client("netbox")
INTERFACE = "dcim.interface"

CLUSTER = Path(__file__).resolve().parent / "data" / "helios-3.yaml"
"""A three-rack Helios cluster with its network racks."""


@pytest.fixture(scope="module")
def running() -> Iterator[Server]:
    """A private NetBox; every service it runs on is stopped afterwards."""
    yield from NETBOX.fixture()


@pytest.fixture(scope="module")
def client(running: Server) -> NetBoxClient:
    return NetBoxClient(running.url, running.username, running.password)


@pytest.fixture(scope="module")
def token(running: Server, client: NetBoxClient) -> str:
    """A v2 token (`nbt_KEY.TOKEN`), as a user copies it from NetBox."""
    body = {"username": running.username, "password": running.password}
    made = client._json("POST", "/api/users/tokens/provision/", body, {})
    return f"nbt_{made['key']}.{made['token']}" if made.get("version") == 2 else made["token"]


@pytest.fixture(scope="module")
def cluster_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("cluster") / "helios-3.yaml"
    path.write_text(CLUSTER.read_text(encoding="utf-8"), encoding="utf-8")
    return path


def _export(target: str) -> Any:
    vocab = vocabulary("netbox")
    if target.endswith(".yaml"):
        return cluster_plan(rb.load_cluster(target).analysis, vocab)
    return design_plan(rb.load(target).analysis, vocab)


def _push(cli, running: Server, token: str, target: str, *more: str) -> Any:
    return cli("export", "netbox", target, "--url", running.url, "--token", token, *more)


def _counts(out: str) -> tuple[int, int, int]:
    tail = out.strip().splitlines()[-1].split(": ", 1)[1].split(";")[0]
    created, updated, unchanged = (int(part.split()[-1]) for part in tail.split(", "))
    return created, updated, unchanged


def _stored_devices(client: NetBoxClient, site: str) -> dict[str, tuple[Any, ...]]:
    return {
        d["name"]: (d["rack"]["name"], d["position"], d["device_type"]["slug"], value(d["role"]))
        for d in client.all("/api/dcim/devices/", site=site)
    }


def _stored_cables(client: NetBoxClient, site: str) -> set[frozenset[tuple[str, str, str]]]:
    panels = {
        f["id"]: f["power_panel"]["name"] for f in client.all("/api/dcim/power-feeds/", site=site)
    }
    out = set()
    for cable in client.all("/api/dcim/cables/", site=site):
        ends = [
            (
                end["object_type"],
                panels[end["object_id"]]
                if end["object_type"] == "dcim.powerfeed"
                else end["object"]["device"]["name"],
                end["object"]["name"],
            )
            for side in ("a_terminations", "b_terminations")
            for end in cable[side]
        ]
        out.add(frozenset(ends))
    return out


UTILISATION = """
import json
from dcim.models import PowerFeed, Rack
site = {site!r}
racks = {{r.name: r.get_power_utilization() for r in Rack.objects.filter(site__slug=site)}}
feeds = {{
    f.name: [f.available_power, sum(p.get_power_draw()["allocated"] for p in f.link_peers)]
    for f in PowerFeed.objects.filter(power_panel__site__slug=site)
}}
print(json.dumps([racks, feeds]))
"""


def _utilisation(running: Server, site: str) -> tuple[dict[str, float], dict[str, list[int]]]:
    """NetBox's own figures: each rack's power utilisation, and each feed's available power and
    the allocated draw of what it feeds (`Rack.get_power_utilization`, `get_power_draw`)."""
    done = subprocess.run(
        [*running.server, "nbshell", "-c", UTILISATION.format(site=site)],
        env=running.env,
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    racks, feeds = json.loads(done.stdout.strip().splitlines()[-1])
    return racks, feeds


def _one_cable_per_physical_cable(client: NetBoxClient, site: str, run: Any) -> None:
    """NetBox holds one cable per physical cable of the run list (a breakout one cable with its
    profile, labelled with its cable id), and each channel of a channelised cage traces to
    the far end the run list gives its leg."""
    legs = list(run)
    stored = client.all("/api/dcim/cables/", site=site)
    data = [
        c
        for c in stored
        if {e["object_type"] for s in ("a_terminations", "b_terminations") for e in c[s]}
        == {INTERFACE}
    ]
    assert len(data) == len({leg.cable_id for leg in legs})
    profiled = [c for c in data if value(c["profile"])]
    assert profiled and {c["label"] for c in profiled} <= {leg.cable_id for leg in legs}
    for c in profiled:
        ways = len(c["b_terminations"])
        assert (len(c["a_terminations"]), value(c["profile"])) == (
            1,
            f"breakout-1c{ways}p-{ways}c1p",
        )
    far = {(leg.a_device, leg.a_port): (leg.z_device, leg.z_port) for leg in legs}
    far |= {(leg.z_device, leg.z_port): (leg.a_device, leg.a_port) for leg in legs}
    channels = [i for i in client.all("/api/dcim/interfaces/", site=site) if i["channel_id"]]
    assert channels
    for i in channels:
        ends = [(e["device"]["name"], e["name"]) for e in i["connected_endpoints"] or ()]
        assert ends == [far[i["device"]["name"], i["name"]]], i["name"]


def _power_is_the_plants(running: Server, client: NetBoxClient, export: Any, system: Any) -> None:
    """NetBox's feed and rack utilisation are the plant's; every power port is cabled."""
    plant = system_plant(system)
    racks, feeds = _utilisation(running, export.site.slug)
    per_copy = len(plant.racks)
    placed = [p for p in export.placed() if p.feeds]
    compute = [p for p in placed if p.rack.role == "compute"]
    assert compute and len(compute) % per_copy == 0
    for index, p in enumerate(compute):
        rack = plant.racks[index % per_copy]
        for feed, planned in zip(p.feeds, rack.feeds, strict=True):
            available, allocated = feeds[feed.name]
            assert 100 * allocated / available == pytest.approx(planned.nominal_pct, abs=0.05)
        assert racks[p.rack.name] == pytest.approx(rack.feed_use_pct, abs=0.1)
    rules = plant_rules()
    for p in placed[len(compute) :]:  # network racks: the plant's rule for a rack's PDUs
        load = float(sum(d.allocated_draw for d in p.draws))
        planned = side_feeds(rules, p.rack.name, len(p.feeds), load, load)
        for feed, plan in zip(p.feeds, planned, strict=True):
            available, allocated = feeds[feed.name]
            assert 100 * allocated / available == pytest.approx(plan.nominal_pct, abs=0.05)
        use = 100 * load / sum(f.limit_w for f in planned)
        assert racks[p.rack.name] == pytest.approx(use, abs=0.1)
    loose = {
        (port["device"]["name"], port["name"])
        for port in client.all("/api/dcim/power-ports/", site=export.site.slug, cabled="false")
    }
    ends = {(c.b_device, c.b_name) for p in export.placed() for c in p.cables}
    ends |= {(c.a_device, c.a_name) for p in export.placed() for c in p.cables}
    assert not loose & ends
    assert loose == {
        (d.name, port.name)
        for p in export.placed()
        for d in p.devices
        for port in d.device_type.power_ports
        if (d.name, port.name) not in ends
    }


def _planned_cables(export: Any, placed: list[Any]) -> set[frozenset[tuple[str, str, str]]]:
    """Each cable of the plan by its ends: inside its racks, then between them."""
    cables = {
        frozenset({(c.a_type, c.a_device, c.a_name), (c.b_type, c.b_device, c.b_name)})
        for p in placed
        for c in p.cables
    }
    fabric = list(export.fabric()) if export.fabric is not None else []
    return cables | {
        frozenset(
            {
                (INTERFACE, c.a_device, c.a_interface),
                *((INTERFACE, d, n) for d, n in zip(c.b_devices, c.b_interfaces, strict=True)),
            }
        )
        for c in fabric
    }


def _pushed_again(
    cli, running: Server, token: str, first: Any, export: Any, client: NetBoxClient, *target: str
) -> list[Any]:
    """After a first push, a second one changes nothing, and NetBox holds the plan's devices
    where it places them: the plan's racks."""
    again = _push(cli, running, token, *target)
    assert again.code == 0, again.err
    assert _counts(again.out) == (0, 0, sum(_counts(first.out)))
    placed = list(export.placed())
    want = {
        d.name: (d.rack, d.position, d.device_type.slug, d.role) for p in placed for d in p.devices
    }
    assert _stored_devices(client, export.site.slug) == want
    return placed


@pytest.mark.parametrize("target", ["helios", "cluster"])
def test_a_push_loads_the_system_and_a_second_changes_nothing(
    cli, running: Server, client: NetBoxClient, token: str, cluster_file: Path, target: str
) -> None:
    name = str(cluster_file) if target == "cluster" else target
    export = _export(name)
    planned = _push(cli, running, token, name, "--dry-run")
    assert planned.code == 0, planned.err
    first = _push(cli, running, token, name)
    assert first.code == 0, first.err
    assert _counts(first.out)[0] == _counts(planned.out)[0] > 0
    placed = _pushed_again(cli, running, token, first, export, client, name)
    assert _stored_cables(client, export.site.slug) == _planned_cables(export, placed)
    if target == "cluster":
        _one_cable_per_physical_cable(client, export.site.slug, rb.cables(name))
    racks = {r["name"]: r for r in client.all("/api/dcim/racks/", site=export.site.slug)}
    assert set(racks) == {p.rack.name for p in placed}
    for p in placed:
        assert racks[p.rack.name]["rack_type"]["slug"] == p.rack.rack_type.slug
    system = rb.load_cluster(name) if target == "cluster" else rb.load(name)
    _power_is_the_plants(running, client, export, system.analysis)


def test_a_scoped_push_makes_the_cables_between_racks_in_scope(
    cli, running: Server, client: NetBoxClient, token: str
) -> None:
    """A leaf rack and a spine rack of helios-8k: their devices, the cables inside them and the
    cables between them, a breakout whose legs run to spines in both racks and another left out
    whole and counted; a second push changes nothing."""
    racks = ["helios-8k-row01-net1", "helios-8k-core-001"]
    analysis = rb.load_cluster("helios-8k").analysis
    run = RunList(analysis)
    scope = bind_scope(
        parse_scope([f"rack={r}" for r in racks]), analysis, lambda: run.network_racks
    )
    export = cluster_plan(analysis, vocabulary("netbox"), scope, run)
    assert export.scoped is not None and export.scoped.split > 0
    options = [o for r in racks for o in ("--scope", f"rack={r}")]
    first = _push(cli, running, token, "helios-8k", *options)
    assert first.code == 0, first.err
    split = f", {export.scoped.split} breakout cables it splits left out"
    assert first.out.strip().endswith(split)
    again = _push(cli, running, token, "helios-8k", *options)
    assert again.code == 0, again.err
    assert _counts(again.out) == (0, 0, sum(_counts(first.out)))
    placed = list(export.placed())
    devices = {d.name for p in placed for d in p.devices}
    assert set(_stored_devices(client, export.site.slug)) == devices
    stored = _stored_cables(client, export.site.slug)
    assert stored == _planned_cables(export, placed)
    rack_of = {d.name: d.rack for p in placed for d in p.devices}
    spans = [{rack_of[device] for kind, device, _ in c if kind == INTERFACE} for c in stored]
    assert any(len(racks) == 2 for racks in spans)


def test_a_floor_rack_of_packed_servers_lands_with_its_switch(
    cli, running: Server, client: NetBoxClient, token: str
) -> None:
    """A floor rack of hgx-b200-8k, four servers and its own management switch at the top: the
    devices where the export stands them, every BMC cabled to the switch, NetBox's feed and rack
    power the plant's floor rack's; a second push changes nothing."""
    rack = "hgx-b200-8k-00001-server"
    analysis = rb.load_cluster("hgx-b200-8k").analysis
    run = RunList(analysis)
    scope = bind_scope(parse_scope([f"rack={rack}"]), analysis, lambda: run.network_racks)
    export = cluster_plan(analysis, vocabulary("netbox"), scope, run)
    target = ("hgx-b200-8k", "--scope", f"rack={rack}")
    first = _push(cli, running, token, *target)
    assert first.code == 0, first.err
    placed = _pushed_again(cli, running, token, first, export, client, *target)
    want = {
        d.name: (d.rack, d.position, d.device_type.slug, d.role) for p in placed for d in p.devices
    }
    (switch,) = [n for n, (r, _, _, role) in want.items() if r == rack and role == "management"]
    assert want[switch][1] == 42
    servers = {n for n, (r, _, _, role) in want.items() if r == rack and role == "compute"}
    stored = _stored_cables(client, export.site.slug)
    assert stored == _planned_cables(export, placed)
    bmcs = {
        device
        for cable in stored
        if any(end[1] == switch for end in cable)
        for _, device, name in cable
        if name == "bmc"
    }
    assert len(servers) == 4 and bmcs == servers
    _power_is_the_plants(running, client, export, analysis)


def test_a_changed_object_of_rackboms_is_updated(
    cli, running: Server, client: NetBoxClient, token: str
) -> None:
    """A device moved by hand is put back; nothing else changes."""
    assert _push(cli, running, token, "helios").code == 0
    device = client.all("/api/dcim/devices/", site="helios")[0]
    client.api("PATCH", f"/api/dcim/devices/{device['id']}/", {"comments": "moved by hand"})
    done = _push(cli, running, token, "helios")
    assert done.code == 0, done.err
    assert _counts(done.out)[:2] == (0, 1)
    assert client.api("GET", f"/api/dcim/devices/{device['id']}/")["comments"] != "moved by hand"


def test_a_conflicting_object_is_named_and_nothing_is_loaded(
    cli, running: Server, client: NetBoxClient, token: str
) -> None:
    """A site of the same slug that rackbom did not make stops the push before any write."""
    body = {"name": "gb200-nvl72", "slug": "gb200-nvl72", "status": "planned"}
    client.api("POST", "/api/dcim/sites/", body)
    before = len(client.all("/api/dcim/device-types/"))
    done = _push(cli, running, token, "gb200-nvl72")
    assert done.code == 2
    assert done.err.strip() == (
        "rackbom: error: --url: sites 'gb200-nvl72' exists in NetBox, not made by rackbom"
    )
    assert len(client.all("/api/dcim/device-types/")) == before


def test_a_refused_token_is_one_line(cli, running: Server) -> None:
    done = _push(cli, running, "nbt_nokey.notatoken", "helios")
    assert done.code == 2
    assert done.err.strip() == f"rackbom: error: --token: NetBox at {running.url} refused the token"


def test_a_v1_token_from_the_environment(
    cli, running: Server, client: NetBoxClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`NETBOX_URL` and a v1 token in `NETBOX_TOKEN` (sent as `Token`) stand in for the options."""
    (user,) = client.all("/api/users/users/", username=running.username)
    made = client.api("POST", "/api/users/tokens/", {"user": user["id"], "version": 1})
    monkeypatch.setenv("NETBOX_URL", running.url)
    monkeypatch.setenv("NETBOX_TOKEN", made["token"])
    done = cli("export", "netbox", "helios", "--dry-run")
    assert done.code == 0, done.err
    assert "would push helios" in done.out


def test_the_cable_import_form_takes_a_breakout_row(
    cli, client: NetBoxClient, cluster_file: Path, tmp_path: Path
) -> None:
    """A breakout row of `rackbom cables CLUSTER --netbox FILE` loads through NetBox's own cable
    import form: one cable of its profile, the cage at A and the legs' far ports at B, each of
    the cage's channels traced to the far end at its connector. Its devices (renamed, so the
    row stands alone) and interfaces are made by hand, the cage channelised as the plan has it."""
    path = tmp_path / "cables.csv"
    assert cli("cables", str(cluster_file), "--netbox", str(path)).code == 0
    with path.open(encoding="utf-8") as f:
        row = next(r for r in csv.DictReader(f) if r["profile"])
    row = {k: v.replace("helios-3-", "form-") for k, v in row.items()}
    site = client.api("POST", "/api/dcim/sites/", {"name": "form", "slug": "form"})["id"]
    maker = client.ensure("/api/dcim/manufacturers/", {"name": "Form", "slug": "form"}, slug="form")
    body = {"manufacturer": maker, "model": "Form", "slug": "form-box"}
    kind = client.ensure("/api/dcim/device-types/", body, slug="form-box")
    role = client.ensure("/api/dcim/device-roles/", {"name": "form", "slug": "form"}, slug="form")
    far = list(zip(row["side_b_device"].split(","), row["side_b_name"].split(","), strict=True))
    ids = {
        name: client.api(
            "POST",
            "/api/dcim/devices/",
            {"name": name, "device_type": kind, "role": role, "site": site},
        )["id"]
        for name in dict.fromkeys([row["side_a_device"], *(d for d, _ in far)])
    }
    a = ids[row["side_a_device"]]
    ways = len(far)
    cage = {"device": a, "name": row["side_a_name"], "type": "other", "channels": ways}
    cage_id = client.api("POST", "/api/dcim/interfaces/", cage)["id"]
    channels = [f"{row['side_a_name']}/{k}" for k in range(1, ways + 1)]
    for k, name in enumerate(channels, start=1):
        body = {"device": a, "name": name, "type": "other", "parent": cage_id, "channel_id": k}
        client.api("POST", "/api/dcim/interfaces/", body)
    for device, name in far:
        body = {"device": ids[device], "name": name, "type": "other"}
        client.api("POST", "/api/dcim/interfaces/", body)
    text = io.StringIO()
    table = csv.DictWriter(text, fieldnames=list(row))
    table.writeheader()
    table.writerow(row)
    fields = {"data": text.getvalue(), "format": "csv", "csv_delimiter": ","}
    landed, page = client._post_form("/dcim/cables/import/", {**fields, "import_method": "direct"})
    errors = re.findall(r'class="[^"]*(?:errorlist|alert-danger)[^"]*"[^>]*>(.*?)</', page, re.S)
    assert not landed.rstrip("/").endswith("/import"), errors
    (cable,) = client.all("/api/dcim/cables/", site="form")
    assert (cable["label"], value(cable["profile"])) == (row["label"], row["profile"])
    ends = [(t["object"]["device"]["name"], t["object"]["name"]) for t in cable["b_terminations"]]
    assert ends == far
    traced = {
        i["name"]: [(e["device"]["name"], e["name"]) for e in i["connected_endpoints"] or ()]
        for i in client.all("/api/dcim/interfaces/", device_id=str(a))
    }
    assert [traced[name] for name in channels] == [[end] for end in far]
