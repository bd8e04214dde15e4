"""`rackbom export netbox`, loaded into a real NetBox and read back field by field.

The pinned NetBox (`tests/netbox_service.py`) is installed from PyPI into its own venv under
Python 3.12 or later, runs on PostgreSQL and Redis from Debian (`bash tests/install-clients.sh`)
and starts from the committed dump of a migrated database. Every built-in design's device types
and each built-in cluster's switch box go in through NetBox's own device-type import; then, per
built-in cluster, its site, hall, roles, rack types, one compute rack and one network rack with
their devices and the cables inside the racks, by REST. What NetBox stored is compared with the
files.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from nautobot_client import NetBoxClient
from netbox_service import (
    NETBOX_VERSION,
    NetBox,
    ServiceError,
    missing_programs,
    netbox,
    netbox_venv,
)

from rackbom.components.catalogue import builtin_catalogue
from rackbom.exports.dcim import yamltext
from rackbom.exports.dcim.dcim_export import profile_switch_types
from rackbom.exports.dcim.type_library import slugify
from rackbom.exports.dcim.vocabulary import vocabulary
from rackbom.racks.clusters import builtin_cluster_ids
from rackbom.racks.library import builtin_design_ids

pytestmark = pytest.mark.client

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


def _unavailable(message: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def _value(field: Any) -> Any:
    """A choice's value, a related object's name or model, a float's whole number."""
    if isinstance(field, dict):
        for key in ("value", "name", "model"):
            if key in field:
                return field[key]
    return field


@pytest.fixture(scope="module")
def running() -> Iterator[NetBox]:
    """A private NetBox; every service it runs on is stopped afterwards."""
    missing = missing_programs()
    if missing:
        _unavailable(f"{', '.join(missing)} not installed (bash tests/install-clients.sh)")
    work = Path(tempfile.mkdtemp(prefix="rackbom-netbox-"))
    try:
        with netbox(work) as started:
            yield started
    except ServiceError as exc:
        _unavailable(f"NetBox {NETBOX_VERSION} could not run: {exc}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


@pytest.fixture(scope="module")
def client(running: NetBox) -> NetBoxClient:
    """An admin's client of the private NetBox."""
    return NetBoxClient(running.url, running.username, running.password)


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """`rackbom export netbox` of every built-in design and cluster, by id."""
    from rackbom.cli import main

    base = tmp_path_factory.mktemp("export")
    for target in (*builtin_design_ids(), *builtin_cluster_ids()):
        assert main(["export", "netbox", target, "-o", str(base / target)]) == 0
    boxes = base / "profiles"  # the switch box of every network profile
    types = profile_switch_types(builtin_catalogue(), vocabulary("netbox"))
    for box in types:
        (boxes / box.path).parent.mkdir(parents=True, exist_ok=True)
        (boxes / box.path).write_text(yamltext.document(box.data()), encoding="utf-8")
    makers = [{"name": m, "slug": slugify(m)} for m in sorted({t.manufacturer for t in types})]
    (boxes / "manufacturers.yaml").write_text(yamltext.sequence_document(makers), "utf-8")
    return {p.name: p for p in base.iterdir()}


def _create(client: NetBoxClient, path: str, body: dict[str, Any], **lookup: str) -> int:
    """The id of the object `lookup` finds, created from `body` if there is none."""
    found = client.all(path, **lookup)
    return found[0]["id"] if found else client.api("POST", path, body)["id"]


@pytest.fixture(scope="module")
def loaded(client: NetBoxClient, exported: dict[str, Path]) -> dict[str, Any]:
    """Device types through NetBox's import form; per cluster two racks with devices and cables."""
    types: dict[str, dict[str, Any]] = {}
    for folder in exported.values():
        for entry in yaml.safe_load((folder / "manufacturers.yaml").read_text()):
            _create(client, "/api/dcim/manufacturers/", entry, slug=entry["slug"])
        for path in sorted((folder / "device-types").rglob("*.yaml")):
            name = str(path.relative_to(folder))
            if name not in types:
                text = path.read_text(encoding="utf-8")
                client.import_device_type(text)
                types[name] = yaml.safe_load(text)
    assert {t.path for t in profile_switch_types(builtin_catalogue(), vocabulary("netbox"))} <= set(
        types
    )
    racks: dict[str, dict[str, Any]] = {}
    for cluster in builtin_cluster_ids():
        data = yaml.load((exported[cluster] / "racks.yaml").read_text(), Loader=LOADER)
        racks[cluster] = _load_cluster(client, data)
    return {"types": types, "racks": racks}


def _load_cluster(client: NetBoxClient, data: dict[str, Any]) -> dict[str, Any]:
    """A cluster's site, roles, rack types, first compute and network rack, devices, cables."""
    site = data["site"]
    body = {k: site[k] for k in ("name", "slug", "status")}
    site_id = _create(client, "/api/dcim/sites/", body, slug=site["slug"])
    location = {"name": site["location"], "slug": f"{site['slug']}-hall", "site": site_id}
    location_id = _create(
        client, "/api/dcim/locations/", {**location, "status": "active"}, site_id=str(site_id)
    )
    roles = {
        r["name"]: _create(client, "/api/dcim/device-roles/", r, slug=r["slug"])
        for r in data["device_roles"]
    }
    rack_roles = {
        r["name"]: _create(client, "/api/dcim/rack-roles/", r, slug=r["slug"])
        for r in data["rack_roles"]
    }
    rack_types = {}
    for entry in data["rack_types"]:
        maker = client.one("/api/dcim/manufacturers/", name=entry["manufacturer"])["id"]
        rack_types[entry["slug"]] = _create(
            client, "/api/dcim/rack-types/", {**entry, "manufacturer": maker}, slug=entry["slug"]
        )
    chosen = [
        next(r for r in data["racks"] if r["role"] == "compute"),
        next(r for r in data["racks"] if r["role"] == "network" and _has_devices(data, r)),
    ]
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
    cables = [c for c in data["cables"] if c["side_a_device"] in names]
    ids = _component_ids(client, rack_ids.values())
    client.api(
        "POST",
        "/api/dcim/cables/",
        [
            {
                "a_terminations": [_end(ids, c, "a")],
                "b_terminations": [_end(ids, c, "b")],
                "type": c["type"],
                "status": c["status"],
            }
            for c in cables
        ],
    )
    return {"data": data, "rack_ids": rack_ids, "devices": devices, "cables": cables}


def _has_devices(data: dict[str, Any], rack: dict[str, Any]) -> bool:
    return any(d["rack"] == rack["name"] for d in data["devices"])


def _component_ids(client: NetBoxClient, racks: Any) -> dict[tuple[str, str, str], int]:
    out = {}
    for kind, path in COMPONENT_PATHS.items():
        for rack in racks:
            for row in client.all(path, rack_id=str(rack)):
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
        assert _value(stored["manufacturer"]) == exported["manufacturer"], file
        for key in TYPE_FIELDS:
            want = exported.get(key, DEFAULTS.get(key))
            assert _value(stored[key]) == want, f"{file}: {key}"
        for section, (path, keys) in COMPONENTS.items():
            rows = client.all(path, device_type_id=str(stored["id"]))
            got = sorted(tuple(_value(r[k]) for k in keys) for r in rows)
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
                    assert _value(stored[key]) == racks[name][key], f"{cluster} {name} {key}"
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
            assert _value(stored["role"]) == device["role"]
            assert stored["comments"] == device["comments"]
        cabled = sum(
            len(client.all("/api/dcim/cables/", rack_id=str(r))) for r in done["rack_ids"].values()
        )
        assert cabled == len(done["cables"]), cluster
    helios = loaded["racks"]["helios-16k"]
    (rack_id, *_) = helios["rack_ids"].values()
    assert client.api("GET", f"/api/dcim/racks/{rack_id}/")["outer_height"] == 46 * 48


CHOICES = """
import json, django
django.setup()
from dcim import choices as c
names = ("InterfaceTypeChoices", "PowerPortTypeChoices", "PowerOutletTypeChoices",
         "ConsolePortTypeChoices", "DeviceAirflowChoices", "RackWidthChoices",
         "RackFormFactorChoices")
print(json.dumps([getattr(c, n).values() for n in names]))
"""


def _netbox_python(code: str, *args: str) -> str:
    """Run Python or a `netbox` command in NetBox's venv with a configuration that needs no
    database (choice lists and the schema are read, not stored)."""
    from netbox_service import CONFIG

    venv = netbox_venv()
    with tempfile.TemporaryDirectory(prefix="rackbom-netbox-") as tmp:
        conf = Path(tmp) / "conf"
        conf.mkdir()
        config = CONFIG.format(name="netbox", user="netbox", db_port=1, redis_port=1)
        (conf / "configuration.py").write_text(config, encoding="utf-8")
        env = {**os.environ, "NETBOX_ROOT": tmp, "DJANGO_SETTINGS_MODULE": "netbox.settings"}
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
    """The NetBox vocabulary (`exports/dcim/data/netbox.yaml`) is the pinned NetBox's own."""
    try:
        out = _netbox_python(CHOICES)
    except ServiceError as exc:
        _unavailable(f"NetBox {NETBOX_VERSION} could not be installed: {exc}")
    interfaces, power, outlets, console, airflow, widths, forms = json.loads(out.splitlines()[-1])
    vocab = vocabulary("netbox")
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
        _unavailable(f"NetBox {NETBOX_VERSION} could not be installed: {exc}")
    assert json.loads(out) == json.loads((SCHEMA / "generated_schema.json").read_text())
