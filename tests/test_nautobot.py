"""`rackbom export nautobot`, loaded into a real Nautobot and read back field by field.

Nautobot turns an interface type it does not know into `other` and ignores keys it has no field
for, so the test compares what Nautobot stored with what was exported, value by value. It needs
PostgreSQL and Redis from Debian (`bash tests/install-clients.sh`) and installs the pinned
Nautobot from PyPI into its own venv (`tests/nautobot_service.py`).
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from dcim_service import Server, value
from nautobot_client import NautobotClient, import_exports
from nautobot_service import NAUTOBOT

from rackbom.racks.dcim.vocabulary import vocabulary

pytestmark = pytest.mark.client("nautobot")

CLUSTERS = ("mi355x-8k", "gb300-8k")
"""Clusters whose device types go into Nautobot as well: an Ethernet switch box (800G OSFP cages)
and an InfiniBand one (XDR ports), with InfiniBand NIC ports on GB300's compute trays."""
DOCS = Path(__file__).resolve().parent.parent / "docs"
NO_NAUTOBOT_FIELD = {"slug", "airflow", "weight", "weight_unit", "description"}
"""Device-type keys of the devicetype-library format that Nautobot 3.2 has no field for (NetBox
keeps them); Nautobot's import drops them, and the test checks it drops no other key."""


@pytest.fixture(scope="module")
def running() -> Iterator[Server]:
    """A private Nautobot; every service it runs on is stopped afterwards."""
    yield from NAUTOBOT.fixture()


@pytest.fixture(scope="module")
def service(running: Server) -> NautobotClient:
    """An admin's client of the private Nautobot."""
    return NautobotClient(running.url, running.username, running.password)


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`rackbom export nautobot` of Helios, and beside it of clusters (for their switch boxes)."""
    from rackbom.cli import main

    base = tmp_path_factory.mktemp("export")
    for target in ("helios", *CLUSTERS):
        assert main(["export", "nautobot", target, "-o", str(base / target)]) == 0
    return base / "helios"


@pytest.fixture(scope="module")
def loaded(service: NautobotClient, exported: Path) -> dict[str, Any]:
    """The export loaded: device types through the import form, racks and devices by REST."""
    client = service
    folders = [exported, *(exported.parent / c for c in CLUSTERS)]
    types = import_exports(client, folders, lambda entry: {"name": entry["name"]})
    active = client.one("/api/extras/statuses/", name="Active")["id"]
    kind = client.api(
        "POST",
        "/api/dcim/location-types/",
        {"name": "Hall", "content_types": ["dcim.rack", "dcim.device"]},
    )
    hall = client.api(
        "POST",
        "/api/dcim/locations/",
        {"name": "Hall 1", "location_type": kind["id"], "status": active},
    )
    racks = yaml.safe_load((exported / "racks.yaml").read_text(encoding="utf-8"))
    rack_ids = {}
    for rack in racks["racks"]:
        body = {k: rack[k] for k in RACK_FIELDS if k in rack}
        body |= {"status": active, "location": hall["id"]}
        rack_ids[rack["name"]] = client.api("POST", "/api/dcim/racks/", body)["id"]
    roles = {}
    for role in racks["device_roles"]:
        body = {"name": role["name"], "color": role["color"], "content_types": ["dcim.device"]}
        roles[role["name"]] = client.api("POST", "/api/extras/roles/", body)["id"]
    type_ids = {t["model"]: t["id"] for t in client.all("/api/dcim/device-types/")}
    bodies = [
        {
            **{k: device[k] for k in DEVICE_FIELDS},
            "device_type": type_ids[device["device_type"]["model"]],
            "role": roles[device["role"]],
            "status": active,
            "location": hall["id"],
            "rack": rack_ids[device["rack"]],
        }
        for device in racks["devices"]
    ]
    client.api("POST", "/api/dcim/devices/", bodies)
    return {"types": types, "racks": racks, "rack_ids": rack_ids}


RACK_FIELDS = ("name", "u_height", "width", "outer_width", "outer_depth", "outer_unit", "comments")
"""The rack fields Nautobot 3.2 has (no rack types, site or outer height)."""
DEVICE_FIELDS = ("name", "position", "face", "comments")
COMPONENTS = {
    "interfaces": (
        "/api/dcim/interface-templates/",
        ("name", "label", "type", "mgmt_only", "description"),
    ),
    "power-outlets": (
        "/api/dcim/power-outlet-templates/",
        ("name", "type", "power_port_template"),
    ),
    "power-ports": (
        "/api/dcim/power-port-templates/",
        ("name", "label", "type", "maximum_draw", "allocated_draw"),
    ),
    "console-ports": ("/api/dcim/console-port-templates/", ("name", "label", "type")),
    "module-bays": ("/api/dcim/module-bay-templates/", ("name", "position")),
}
DEFAULTS = {"label": "", "mgmt_only": False, "description": ""}
EXPORTED = {"power_port_template": "power_port"}
"""Nautobot's name for a key -> the devicetype-library's, which its import maps."""
"""What Nautobot stores for a component key the export leaves out."""


def test_device_types_stored_unaltered(service: NautobotClient, loaded: dict[str, Any]) -> None:
    """Every device-type field and every component Nautobot stored equals the exported value."""
    assert {
        "device-types/Arista/DCS-7060X6-64PE.yaml",
        "device-types/Nvidia/Q3400-RA.yaml",
    } <= set(loaded["types"])
    for file, exported in loaded["types"].items():
        stored = service.one("/api/dcim/device-types/", model=exported["model"])
        assert set(exported) - NO_NAUTOBOT_FIELD - set(COMPONENTS) <= {
            "manufacturer",
            "model",
            "part_number",
            "u_height",
            "is_full_depth",
            "comments",
        }, f"{file}: a key the test does not compare"
        for key in ("model", "part_number", "u_height", "is_full_depth", "comments"):
            if key in exported:
                assert stored[key] == exported[key], f"{file}: {key}"
        assert value(stored["manufacturer"]) == exported["manufacturer"], f"{file}: manufacturer"
        for section, (path, keys) in COMPONENTS.items():
            rows = service.all(path, device_type=stored["id"])
            got = sorted((tuple(value(r[k]) for k in keys) for r in rows), key=lambda r: str(r[0]))
            want = sorted(
                (
                    tuple(e.get(EXPORTED.get(k, k), DEFAULTS.get(k)) for k in keys)
                    for e in exported.get(section, [])
                ),
                key=lambda r: str(r[0]),
            )
            assert got == want, f"{file}: {section} differ"


def test_racks_and_devices_stored_unaltered(
    service: NautobotClient, loaded: dict[str, Any]
) -> None:
    """Each rack's size, width and comments, and each device's rack, position and face."""
    for rack in loaded["racks"]["racks"]:
        stored = service.api("GET", f"/api/dcim/racks/{loaded['rack_ids'][rack['name']]}/?depth=1")
        for key in RACK_FIELDS:
            if key in rack:
                assert value(stored[key]) == rack[key], f"rack {key}"
    devices = {d["name"]: d for d in service.all("/api/dcim/devices/")}
    assert len(devices) == len(loaded["racks"]["devices"])
    for device in loaded["racks"]["devices"]:
        stored = devices[device["name"]]
        assert value(stored["rack"]) == device["rack"]
        assert stored["position"] == device["position"]
        assert value(stored["face"]) == device["face"]
        assert stored["comments"] == device["comments"]
        assert value(stored["role"]) == device["role"]
        assert value(stored["device_type"]) == device["device_type"]["model"]


def test_rack_elevation_svg(
    service: NautobotClient, loaded: dict[str, Any], request: pytest.FixtureRequest
) -> None:
    """Nautobot draws the Helios rack with every placed tray; `--update-golden` keeps the SVG."""
    rack_id = loaded["rack_ids"]["helios"]
    svg = service.get_text(f"/api/dcim/racks/{rack_id}/elevation/?face=front&render=svg")
    assert svg.lstrip().startswith(("<?xml", "<svg"))
    for device in loaded["racks"]["devices"]:
        assert device["name"] in svg
    if request.config.getoption("--update-golden"):
        (DOCS / "helios-nautobot-elevation.svg").write_text(svg, encoding="utf-8")


CHOICES = """
import json
from nautobot.dcim import choices as c
names = ("InterfaceTypeChoices", "PowerPortTypeChoices", "PowerOutletTypeChoices",
         "ConsolePortTypeChoices")
print(json.dumps([sorted(getattr(c, n).values()) for n in names]))
"""


def test_type_lists_are_nautobots(running: Server) -> None:
    """The Nautobot vocabulary (`racks/dcim/data/nautobot.yaml`) is the pinned Nautobot's."""
    done = subprocess.run(
        [*running.server, "shell", "-c", CHOICES],
        env=running.env,
        capture_output=True,
        text=True,
        check=True,
    )
    lists = json.loads(done.stdout.strip().splitlines()[-1])
    vocab = vocabulary("nautobot")
    kinds = ("interface", "power-port", "power-outlet", "console-port")
    for kind, values in zip(kinds, lists, strict=True):
        assert set(values) == vocab.choices[kind], kind
