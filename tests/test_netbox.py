"""`rackbom export netbox`, loaded into a real NetBox and read back field by field.

The pinned NetBox (`tests/netbox_service.py`) is installed from PyPI into its own venv under
Python 3.12 or later, runs on PostgreSQL and Redis from Debian (`bash tests/install-clients.sh`)
and starts from the committed dump of a migrated database. Every built-in design's device types,
each distinct built-in cluster's and every network profile's switch box go in through NetBox's
own device-type import; then, per cluster, its site, hall, roles, rack types, a compute rack and a
network rack not loaded before with their devices and the cables inside the racks, by REST. What
NetBox stored is compared with the files, and NetBox's own elevation of a rack is opened in
Chromium."""

from __future__ import annotations

import html
import json
import re
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from dcim_service import Server, ServiceError, unavailable, value
from nautobot_client import NetBoxClient, import_exports
from netbox_service import NETBOX, NETBOX_VERSION, netbox_root, netbox_venv

import rackbom as rb
from browser import run_chromium, screenshot
from conftest import require_client
from rackbom.components.catalogue import builtin_catalogue
from rackbom.exports.dcim import yamltext
from rackbom.racks.clusters import builtin_cluster_ids
from rackbom.racks.dcim.dcim_plan import cluster_plan, profile_switch_types
from rackbom.racks.dcim.type_library import slugify
from rackbom.racks.dcim.vocabulary import vocabulary
from rackbom.racks.library import builtin_design_ids

pytestmark = pytest.mark.client("netbox")

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
SCHEMA = Path(__file__).resolve().parent / "devicetype_library" / "schema"
TYPE_FIELDS = (
    "model",
    "slug",
    "part_number",
    "u_height",
    "is_full_depth",
    "airflow",
    "weight",
    "weight_unit",
    "description",
    "comments",
)
COMPONENTS = {
    "interfaces": (
        "/api/dcim/interface-templates/",
        ("name", "label", "type", "mgmt_only", "description"),
    ),
    "power-ports": (
        "/api/dcim/power-port-templates/",
        ("name", "type", "maximum_draw", "allocated_draw"),
    ),
    "power-outlets": ("/api/dcim/power-outlet-templates/", ("name", "type", "power_port")),
    "console-ports": ("/api/dcim/console-port-templates/", ("name", "type")),
    "module-bays": ("/api/dcim/module-bay-templates/", ("name", "position")),
}
DEFAULTS = {"label": "", "mgmt_only": False, "description": "", "part_number": ""}
RACK_FIELDS = ("u_height", "width", "outer_width", "outer_height", "outer_depth", "comments")
BATCH = 8
"""Devices created per request."""
COMPONENT_PATHS = {
    "dcim.interface": "/api/dcim/interfaces/",
    "dcim.powerport": "/api/dcim/power-ports/",
    "dcim.poweroutlet": "/api/dcim/power-outlets/",
}


@pytest.fixture(scope="module")
def running() -> Iterator[Server]:
    """A private NetBox; every service it runs on is stopped afterwards."""
    yield from NETBOX.fixture()


@pytest.fixture(scope="module")
def client(running: Server) -> NetBoxClient:
    """An admin's client of the private NetBox."""
    return NetBoxClient(running.url, running.username, running.password)


def distinct_clusters() -> list[str]:
    """The built-in clusters whose device types no earlier one has all of: `helios-1m` is
    `helios-16k`'s racks many times over (a ~460 MB racks file) and adds nothing to load."""
    vocab, out = vocabulary("netbox"), []
    seen: set[frozenset[str]] = set()
    for cluster in builtin_cluster_ids():
        export = cluster_plan(rb.load_cluster(cluster).analysis, vocab)
        slugs = frozenset(t.slug for t in export.types)
        if not any(slugs <= s for s in seen):
            seen.add(slugs)
            out.append(cluster)
    return out


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """`rackbom export netbox` of every built-in design and distinct cluster, by id."""
    from rackbom.cli import main

    base = tmp_path_factory.mktemp("export")
    for target in (*builtin_design_ids(), *distinct_clusters()):
        assert main(["export", "netbox", target, "-o", str(base / target)]) == 0
    boxes = base / "profiles"  # the switch box of every network profile
    types = profile_switch_types(builtin_catalogue(), vocabulary("netbox"))
    for box in types:
        (boxes / box.path).parent.mkdir(parents=True, exist_ok=True)
        (boxes / box.path).write_text(yamltext.document(box.data()), encoding="utf-8")
    makers = [{"name": m, "slug": slugify(m)} for m in sorted({t.manufacturer for t in types})]
    (boxes / "manufacturers.yaml").write_text(yamltext.sequence_document(makers), "utf-8")
    return {p.name: p for p in base.iterdir()}


@pytest.fixture(scope="module")
def loaded(client: NetBoxClient, exported: dict[str, Path]) -> dict[str, Any]:
    """Device types through NetBox's import form; per cluster a compute and a network rack
    (each unless an earlier cluster's rack had the same devices) with devices and cables."""
    types = import_exports(client, list(exported.values()), dict)
    boxes = profile_switch_types(builtin_catalogue(), vocabulary("netbox"))
    assert {t.path for t in boxes} <= set(types)
    racks: dict[str, dict[str, Any]] = {}
    seen: set[tuple[tuple[int, str], ...]] = set()
    for cluster in distinct_clusters():
        data = yaml.load((exported[cluster] / "racks.yaml").read_text(), Loader=LOADER)
        racks[cluster] = _load_cluster(client, data, seen)
    return {"types": types, "racks": racks}


def _content(data: dict[str, Any], rack: dict[str, Any]) -> tuple[tuple[int, str], ...]:
    """What a rack holds: its devices' positions and types."""
    return tuple(
        (d["position"], d["device_type"]["slug"])
        for d in data["devices"]
        if d["rack"] == rack["name"]
    )


def _load_cluster(
    client: NetBoxClient, data: dict[str, Any], seen: set[tuple[tuple[int, str], ...]]
) -> dict[str, Any]:
    """A cluster's site, roles, rack types, its first compute and network rack (each unless
    `seen` holds its content), their devices and cables."""
    site = data["site"]
    body = {k: site[k] for k in ("name", "slug", "status")}
    site_id = client.ensure("/api/dcim/sites/", body, slug=site["slug"])
    location = {"name": site["location"], "slug": f"{site['slug']}-hall", "site": site_id}
    location_id = client.ensure(
        "/api/dcim/locations/", {**location, "status": "active"}, site_id=str(site_id)
    )
    roles = {
        r["name"]: client.ensure("/api/dcim/device-roles/", r, slug=r["slug"])
        for r in data["device_roles"]
    }
    rack_roles = {
        r["name"]: client.ensure("/api/dcim/rack-roles/", r, slug=r["slug"])
        for r in data["rack_roles"]
    }
    rack_types = {}
    for entry in data["rack_types"]:
        maker = client.one("/api/dcim/manufacturers/", name=entry["manufacturer"])["id"]
        rack_types[entry["slug"]] = client.ensure(
            "/api/dcim/rack-types/", {**entry, "manufacturer": maker}, slug=entry["slug"]
        )
    chosen = []
    for role in ("compute", "network"):
        rack = next(r for r in data["racks"] if r["role"] == role and _content(data, r))
        if _content(data, rack) not in seen:
            seen.add(_content(data, rack))
            chosen.append(rack)
    rack_ids = {}
    for rack in chosen:
        body = {
            **rack,
            "site": site_id,
            "location": location_id,
            "role": rack_roles[rack["role"]],
            "rack_type": rack_types[rack["rack_type"]],
        }
        rack_ids[rack["name"]] = client.api("POST", "/api/dcim/racks/", body)["id"]
    type_ids = {t["slug"]: t["id"] for t in client.all("/api/dcim/device-types/")}
    devices = [d for d in data["devices"] if d["rack"] in rack_ids]
    bodies = [
        {
            **d,
            "device_type": type_ids[d["device_type"]["slug"]],
            "role": roles[d["role"]],
            "site": site_id,
            "location": location_id,
            "rack": rack_ids[d["rack"]],
        }
        for d in devices
    ]
    for start in range(0, len(bodies), BATCH):
        client.api("POST", "/api/dcim/devices/", bodies[start : start + BATCH])
    names = {d["name"] for d in devices}
    cables = [c for c in data["cables"] if c.get("side_a_device") in names]
    ids = _component_ids(client, rack_ids.values())
    bodies = [
        {
            "a_terminations": [_end(ids, c, "a")],
            "b_terminations": [_end(ids, c, "b")],
            "type": c["type"],
            "status": c["status"],
        }
        for c in cables
    ]
    if bodies:
        client.api("POST", "/api/dcim/cables/", bodies)
    return {"data": data, "rack_ids": rack_ids, "devices": devices, "cables": cables}


def _component_ids(client: NetBoxClient, racks: Any) -> dict[tuple[str, str, str], int]:
    out = {}
    for kind, path in COMPONENT_PATHS.items():
        for rack in racks:
            for row in client.all(path, rack_id=str(rack), brief="true"):
                out[(kind, row["device"]["name"], row["name"])] = row["id"]
    return out


def _end(ids: dict[tuple[str, str, str], int], cable: dict[str, Any], side: str) -> dict[str, Any]:
    kind = cable[f"side_{side}_type"]
    key = (kind, cable[f"side_{side}_device"], cable[f"side_{side}_name"])
    return {"object_type": kind, "object_id": ids[key]}


def test_device_types_stored_unaltered(client: NetBoxClient, loaded: dict[str, Any]) -> None:
    """Every device-type field and every component NetBox stored equals the exported value."""
    assert {"device-types/Nvidia/Q3400-RA.yaml", "device-types/Arista/DCS-7060X6-64PE.yaml"} <= set(
        loaded["types"]
    )
    for file, exported in loaded["types"].items():
        stored = client.one("/api/dcim/device-types/", slug=exported["slug"])
        assert value(stored["manufacturer"]) == exported["manufacturer"], file
        for key in TYPE_FIELDS:
            want = exported.get(key, DEFAULTS.get(key))
            assert value(stored[key]) == want, f"{file}: {key}"
        for section, (path, keys) in COMPONENTS.items():
            rows = client.all(path, device_type_id=str(stored["id"]))
            got = sorted(tuple(value(r[k]) for k in keys) for r in rows)
            want = sorted(
                tuple(e.get(k, DEFAULTS.get(k)) for k in keys) for e in exported.get(section, [])
            )
            assert got == want, f"{file}: {section} differ"


def test_racks_devices_and_cables_stored(client: NetBoxClient, loaded: dict[str, Any]) -> None:
    """Racks keep their true size from their rack type; devices their place; cables connect."""
    for cluster, done in loaded["racks"].items():
        racks = {r["name"]: r for r in done["data"]["racks"]}
        for name, rack_id in done["rack_ids"].items():
            stored = client.api("GET", f"/api/dcim/racks/{rack_id}/")
            for key in RACK_FIELDS:
                if key in racks[name]:
                    assert value(stored[key]) == racks[name][key], f"{cluster} {name} {key}"
            assert stored["rack_type"]["slug"] == racks[name]["rack_type"]
        stored_devices = {
            d["name"]: d
            for rack_id in done["rack_ids"].values()
            for d in client.all("/api/dcim/devices/", rack_id=str(rack_id))
        }
        assert set(stored_devices) == {d["name"] for d in done["devices"]}, cluster
        for device in done["devices"]:
            stored = stored_devices[device["name"]]
            assert stored["position"] == device["position"]
            assert stored["device_type"]["slug"] == device["device_type"]["slug"]
            assert value(stored["role"]) == device["role"]
            assert stored["comments"] == device["comments"]
        stored_cables = _stored_cables(client, done["rack_ids"].values())
        assert stored_cables == sorted(_exported_cable(c) for c in done["cables"]), cluster
    helios = loaded["racks"]["helios-16k"]
    (rack_id, *_) = helios["rack_ids"].values()
    assert client.api("GET", f"/api/dcim/racks/{rack_id}/")["outer_height"] == 2386


Cable = tuple[str, ...]
"""(type, status, side a's kind, device, port, side b's kind, device, port)."""


def _exported_cable(cable: dict[str, Any]) -> Cable:
    ends = [cable[f"side_{s}_{k}"] for s in "ab" for k in ("type", "device", "name")]
    return (cable["type"], cable["status"], *ends)


def _stored_cables(client: NetBoxClient, rack_ids: Any) -> list[Cable]:
    """Every cable NetBox holds in the racks, once, read back as the export writes it."""
    found = {c["id"]: c for r in rack_ids for c in client.all("/api/dcim/cables/", rack_id=str(r))}
    out: list[Cable] = []
    for cable in found.values():
        ends = []
        for side in ("a_terminations", "b_terminations"):
            (end,) = cable[side]
            ends += [end["object_type"], end["object"]["device"]["name"], end["object"]["name"]]
        out.append((value(cable["type"]), value(cable["status"]), *ends))
    return sorted(out)


ELEVATION_PAGE = """<!DOCTYPE html><html><body style="margin:0;background:#fff">{svg}
<pre id="out"></pre><script>
const svg = document.querySelector("svg"), frame = svg.querySelector("rect.rack");
const box = (e) => {{
  const r = e.getBoundingClientRect();
  return [r.left, r.top, r.width, r.height];
}};
const devices = [...svg.querySelectorAll("a")].filter((a) => a.querySelector("title"))
  .map((a) => [a.querySelector("title").textContent.split("\\n")[0].replace("Name: ", ""),
               box(a.querySelector("rect")), a.querySelector("text").textContent]);
document.getElementById("out").textContent = JSON.stringify({{frame: box(frame), devices}});
</script></body></html>"""
"""The elevation inline, and what Chromium laid out: the rack frame's box and each device's
name (from its tooltip, the `title`), rectangle and label, in page pixels."""


def test_rack_elevation_in_chromium(
    client: NetBoxClient, loaded: dict[str, Any], tmp_path: Path
) -> None:
    """NetBox's own SVG elevation of the Helios compute rack, opened in Chromium: every device of
    the rack is drawn, in its role's colour, at its unit and height, labelled with its name."""
    chromium = require_client("chromium")
    helios = loaded["racks"]["helios-16k"]
    name, rack_id = next(iter(helios["rack_ids"].items()))
    rack = next(r for r in helios["data"]["racks"] if r["name"] == name)
    svg = client.get_text(f"/api/dcim/racks/{rack_id}/elevation/?face=front&render=svg")
    (tmp_path / "elevation.svg").write_text(svg, encoding="utf-8")
    page = tmp_path / "elevation.html"
    page.write_text(ELEVATION_PAGE.format(svg=svg.split("?>", 1)[-1]), encoding="utf-8")
    dom = run_chromium(chromium, ["--dump-dom", page.as_uri()], tmp_path).stdout
    laid = json.loads(html.unescape(dom.split('<pre id="out">')[1].split("</pre>")[0]))
    drawn = {d: (b, label) for d, b, label in laid["devices"]}
    devices = [d for d in helios["devices"] if d["rack"] == name]
    assert set(drawn) == {d["name"] for d in devices}
    heights = {t["slug"]: t["u_height"] for t in loaded["types"].values()}
    _, frame_top, _, frame_height = laid["frame"]
    unit = frame_height / rack["u_height"]
    colours = {r["name"]: r["color"] for r in helios["data"]["device_roles"]}
    shot = screenshot(chromium, page, 400, round(frame_top + frame_height) + 20, tmp_path)
    for device in devices:
        (left, top, _, height), label = drawn[device["name"]]
        units = heights[device["device_type"]["slug"]]
        top_unit = device["position"] + units - 1
        assert top == pytest.approx(frame_top + (rack["u_height"] - top_unit) * unit, abs=2)
        assert height == pytest.approx(units * unit, abs=2), device["name"]
        shown = label.removesuffix("...")  # NetBox cuts what does not fit
        assert shown and (
            device["name"].startswith(shown) or device["device_type"]["model"].startswith(shown)
        )
        colour = bytes.fromhex(colours[device["role"]])
        assert shot.rgb(round(left + 3), round(top + height / 2)) == tuple(colour), device["name"]


CHOICES = """
import json, django
django.setup()
from dcim import choices as c
names = ("InterfaceTypeChoices", "PowerPortTypeChoices", "PowerOutletTypeChoices",
         "ConsolePortTypeChoices", "DeviceAirflowChoices", "RackWidthChoices",
         "RackFormFactorChoices", "CableProfileChoices")
print(json.dumps([getattr(c, n).values() for n in names]))
"""


def _netbox_python(code: str, *args: str) -> str:
    """Run Python or a `netbox` command in NetBox's venv with a configuration that needs no
    database (choice lists and the schema are read, not stored)."""
    venv = netbox_venv()
    with tempfile.TemporaryDirectory(prefix="rackbom-netbox-") as tmp:
        env = netbox_root(Path(tmp), db_port=1, redis_port=1)
        env["DJANGO_SETTINGS_MODULE"] = "netbox.settings"
        command = [str(venv / "bin" / "netbox"), *args] if args else [str(venv / "bin" / "python")]
        done = subprocess.run(
            [*command, "-c", code] if not args else command,
            env=env,
            capture_output=True,
            text=True,
            check=True,
            timeout=300,
        )
    return done.stdout


def test_type_lists_are_netboxs() -> None:
    """The NetBox vocabulary (`racks/dcim/data/netbox.yaml`) is the pinned NetBox's own."""
    try:
        out = _netbox_python(CHOICES)
    except ServiceError as exc:
        unavailable(f"NetBox {NETBOX_VERSION} could not be installed: {exc}")
    found = json.loads(out.splitlines()[-1])
    interfaces, power, outlets, console, airflow, widths, forms, profiles = found
    vocab = vocabulary("netbox")
    assert vocab.breakout_profiles == {
        p for p in profiles if re.fullmatch(r"breakout-1c\d+p-\d+c1p", p)
    }
    assert set(interfaces) == vocab.choices["interface"]
    assert set(power) == vocab.choices["power-port"]
    assert set(outlets) == vocab.choices["power-outlet"]
    assert set(console) == vocab.choices["console-port"]
    assert (set(airflow), set(widths), set(forms)) == (
        vocab.airflows,
        vocab.rack_widths,
        vocab.rack_form_factors,
    )


def test_vendored_generated_schema_is_netboxs() -> None:
    """`generated_schema.json` is what the pinned NetBox's `buildschema` prints."""
    try:
        out = _netbox_python("", "buildschema", "--skip-checks")
    except ServiceError as exc:
        unavailable(f"NetBox {NETBOX_VERSION} could not be installed: {exc}")
    assert json.loads(out) == json.loads((SCHEMA / "generated_schema.json").read_text())
