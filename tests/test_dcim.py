"""`rackbom export netbox` and device-type files read as trays, without a DCIM."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import rackbom as rb
from rackbom.components.catalogue import load_catalogue
from rackbom.components.dcim_types import INTERFACE_TYPES, POWER_PORT_TYPES
from rackbom.components.devicetype_import import DeviceTypeFile
from rackbom.components.errors import InputError

DEVICE_TYPE = """\
manufacturer: Acme
model: X9000 GPU server
slug: acme-x9000
part_number: X9K-8G
u_height: 8
is_full_depth: true
airflow: front-to-rear
weight: 130
weight_unit: kg
power-ports:
  - {name: PSU1, type: iec-60320-c20, maximum_draw: 3300, allocated_draw: 2800}
  - {name: PSU2, type: iec-60320-c20, maximum_draw: 3300}
interfaces:
  - {name: eth0, type: 400gbase-x-osfp}
"""
PRICES = """\
sources:
  - {id: my-quote, kind: vendor, cite: "Acme quote Q-123"}
parts:
  - {id: acme-x9000, kind: item, category: Server, name: Acme X9000, manufacturer: Acme,
     price_usd: 250000, source: my-quote}
"""
DESIGN = """\
id: acme-rack
name: Acme rack
source: my-quote
power_model: liquid-2026
racks:
  - name: r1
    frame: eia-42u
    trays:
      - {tray: acme-x9000, position: 1, count: 2}
"""


def _export(cli, target: str, folder: Path) -> dict[str, object]:
    assert cli("export", "netbox", target, "-o", str(folder)).code == 0
    return {
        str(p.relative_to(folder)): yaml.safe_load(p.read_text(encoding="utf-8"))
        for p in folder.rglob("*.yaml")
    }


def test_helios_export(cli, tmp_path: Path) -> None:
    """Device types per tray type, whole units, real types, provenance; racks and devices."""
    files = _export(cli, "helios", tmp_path / "out")
    types = {k: v for k, v in files.items() if k.startswith("device-types/")}
    assert len(types) == 4
    compute = files["device-types/generic/generic-helios-compute-tray.yaml"]
    assert compute["u_height"] == 1 and compute["weight"] == 115 and compute["weight_unit"] == "kg"
    assert [i["type"] for i in compute["interfaces"]] == ["800gbase-x-osfp"] * 12
    assert compute["power-ports"][0]["type"] == "dc-terminal"
    assert "assume-weights (assumption)" in compute["comments"]
    for name, data in types.items():
        DeviceTypeFile.model_validate(data)  # the import reads every exported file
        assert isinstance(data["u_height"], int), name
        assert all(i["type"] in INTERFACE_TYPES for i in data.get("interfaces", []))
        assert all(p["type"] in POWER_PORT_TYPES for p in data.get("power-ports", []))
        assert all(p["maximum_draw"] <= 32_767 for p in data.get("power-ports", []))
    shelf = files["device-types/generic/generic-power-shelf-33kw-ocp.yaml"]
    assert len(shelf["module-bays"]) == len(shelf["power-ports"]) == 6
    racks = files["racks.yaml"]
    (rack,) = racks["racks"]
    assert (rack["u_height"], rack["width"], rack["outer_width"]) == (46, 21, 1200)
    assert "48 mm" in rack["comments"] and "48 mm" in racks["rackbom"]["mapping"]
    assert len(racks["devices"]) == 34
    assert {d["position"] for d in racks["devices"]} == set(range(1, 33)) | {34, 35}
    assert all("assume-placements (assumption)" in d["comments"] for d in racks["devices"])
    makers = files["manufacturers.yaml"]
    assert makers == [{"name": "Generic", "slug": "generic"}]


def test_cluster_export(cli, tmp_path: Path) -> None:
    """Every copy's racks, network racks with the switch boxes, one cable bundle per tier."""
    summary = rb.load_cluster("mi355x-8k").summary
    files = _export(cli, "mi355x-8k", tmp_path / "out")
    racks = files["racks.yaml"]
    roles = [d["role"] for d in racks["devices"]]
    bundles = racks["cable_bundles"]
    switch_files = [k for k in files if k.startswith("device-types/arista/")]
    assert len(switch_files) == 1
    switch = files[switch_files[0]]
    assert {i["type"] for i in switch["interfaces"]} == {"800gbase-x-osfp", "1000base-t"}
    assert [b["tier"] for b in bundles] == [1, 2]
    assert roles.count("leaf") + roles.count("spine") == summary.switches
    assert roles.count("leaf") > 0 and roles.count("spine") > 0
    assert sum(b["links"] for b in bundles) == summary.links
    assert roles.count("compute") == summary.racks * 16
    names = [r["name"] for r in racks["racks"]]
    assert len(names) == len(set(names))
    for device in racks["devices"]:
        assert device["rack"] in names


def test_export_refuses_a_folder_with_files(cli, tmp_path: Path) -> None:
    """A folder that is not empty needs --force; nothing is written without it."""
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "keep.txt").write_text("mine")
    result = cli("export", "netbox", "helios", "-o", str(folder))
    assert result.code == 2
    assert result.err.count("\n") == 1 and "--force" in result.err and str(folder) in result.err
    assert sorted(p.name for p in folder.iterdir()) == ["keep.txt"]
    assert cli("export", "netbox", "helios", "-o", str(folder), "--force").code == 0
    assert (folder / "racks.yaml").exists() and (folder / "keep.txt").read_text() == "mine"


def _files(tmp_path: Path, device_type: str) -> tuple[Path, Path, Path]:
    paths = (tmp_path / "acme.yaml", tmp_path / "prices.yaml", tmp_path / "design.yaml")
    for path, text in zip(paths, (device_type, PRICES, DESIGN), strict=True):
        path.write_text(text, encoding="utf-8")
    return paths


def test_device_type_becomes_a_priced_tray(tmp_path: Path) -> None:
    """Height, weight and power from the device type; the price from the user's catalogue."""
    device_type, prices, design = _files(tmp_path, DEVICE_TYPE)
    for order in ((device_type, prices), (prices, device_type)):
        catalogue = load_catalogue(*order)
        tray = catalogue.trays["acme-x9000"]
        assert (tray.height_units, tray.unit_standard, tray.weight_kg) == (8, "eia", 130)
        assert tray.overhead_power_w == 2800 + 3300  # allocated, else maximum
        assert (tray.manufacturer, tray.part_number, tray.airflow) == (
            "Acme",
            "X9K-8G",
            "front-to-rear",
        )
        built = rb.load(str(design), catalogue)
        assert built.bom.total_usd == 2 * 250_000
        assert built.summary.power_it_w == 2 * 6100


def test_device_type_without_a_price_is_an_unpriced_part(tmp_path: Path) -> None:
    """Without a price file the tray holds an unpriced part made from the device type."""
    device_type, _, _ = _files(tmp_path, DEVICE_TYPE.replace("weight_unit: kg", "weight_unit: lb"))
    catalogue = load_catalogue(device_type)
    part = catalogue.parts["acme-x9000"]
    assert part.price_usd is None and part.manufacturer == "Acme"
    assert catalogue.trays["acme-x9000"].weight_kg == pytest.approx(130 * 0.45359237)
    assert catalogue.sources["dcim-acme-x9000"].kind.value == "vendor"


def test_exported_device_type_reads_back(cli, tmp_path: Path) -> None:
    """An exported tray read back keeps its height, weight, power and maker."""
    files = _export(cli, "helios", tmp_path / "out")
    path = tmp_path / "out" / "device-types" / "generic" / "generic-helios-compute-tray.yaml"
    tray = load_catalogue(path).trays["generic-helios-compute-tray"]
    exported = files["device-types/generic/generic-helios-compute-tray.yaml"]
    assert tray.height_units == exported["u_height"]
    assert tray.weight_kg == exported["weight"]
    assert tray.overhead_power_w == exported["power-ports"][0]["allocated_draw"]
    assert tray.manufacturer == "Generic"


@pytest.mark.parametrize(
    ("edit", "field", "message"),
    [
        (("400gbase-x-osfp", "400gbase-x-osfpx"), "interfaces[0](name=eth0).type", "unknown"),
        (("u_height: 8", "u_height: 1.5"), "u_height", "whole number"),
        (("u_height: 8", "u_height: 0"), "u_height", "whole number"),
        (("model: X9000 GPU server\n", ""), "model", "required field is missing"),
        (("is_full_depth: true\n", ""), "is_full_depth", "required field is missing"),
        (("type: iec-60320-c20, maximum_draw: 3300}", "type: c20}"), "power-ports[1]", "unknown"),
        (("  - {name: eth0, ", "  - {"), "interfaces[0].name", "required field is missing"),
        (("weight_unit: kg\n", ""), "weight_unit", "go together"),
        (("airflow: front-to-rear", "airflow: sideways"), "airflow", ""),
        (("slug: acme-x9000", "slug: Acme X9000"), "slug", ""),
    ],
)
def test_bad_device_type_is_one_line(
    cli, tmp_path: Path, edit: tuple[str, str], field: str, message: str
) -> None:
    """A bad device type: one line naming the file and the field, exit status 2."""
    assert edit[0] in DEVICE_TYPE
    device_type, prices, design = _files(tmp_path, DEVICE_TYPE.replace(*edit))
    with pytest.raises(InputError) as caught:
        load_catalogue(device_type, prices)
    assert caught.value.file == str(device_type)
    assert caught.value.field is not None and caught.value.field.startswith(field)
    assert message in caught.value.message
    result = cli("show", str(design), "--catalogue", str(device_type), "--catalogue", str(prices))
    assert result.code == 2 and result.err.count("\n") == 1 and str(device_type) in result.err


def test_validate_reads_device_types(cli, tmp_path: Path) -> None:
    """`rackbom validate` checks a device-type file as the loader reads it."""
    device_type, prices, design = _files(tmp_path, DEVICE_TYPE)
    result = cli("validate", str(prices), str(device_type), str(design))
    assert result.code == 0, result.err
    assert f"ok: {device_type}: device type: tray acme-x9000, 8 U" in result.out
    bad = tmp_path / "bad.yaml"
    bad.write_text(DEVICE_TYPE.replace("u_height: 8", "u_height: 2.5"), encoding="utf-8")
    result = cli("validate", str(bad))
    assert result.code == 2 and f"{bad}: u_height:" in result.err


TRAY_DESIGN = """\
id: odd
name: Odd rack
source: assume-placements
power_model: liquid-2026
racks:
  - name: r1
    frame: eia-42u
    trays:
      - {tray: odd-tray, position: 1}
catalogue:
  parts:
    - {id: nic-50g, kind: nic, name: NIC 50G, manufacturer: X, port_gbps: 50,
       source: assume-placements}
  trays:
    - id: odd-tray
      name: NAME
      role: compute
      unit_standard: eia
      height_units: 1
      source: assume-placements
      parts:
        - {part: nic-50g, qty: 1, use: USE}
"""


@pytest.mark.parametrize(
    ("name", "use", "field", "message"),
    [
        ("x" * 101, "host", "trays(id=odd-tray).name", "100 characters"),
        ("Odd tray", "scale_out", "trays(id=odd-tray).parts[0]", "no NetBox interface type"),
    ],
)
def test_export_refuses_what_a_dcim_cannot_hold(
    cli, tmp_path: Path, name: str, use: str, field: str, message: str
) -> None:
    """A model name too long, a port with no real interface type: one line, nothing written."""
    design = tmp_path / "odd.yaml"
    design.write_text(TRAY_DESIGN.replace("NAME", name).replace("USE", use), encoding="utf-8")
    result = cli("export", "netbox", str(design), "-o", str(tmp_path / "out"))
    assert result.code == 2 and result.err.count("\n") == 1
    assert f"{design}: {field}: " in result.err and message in result.err
    assert not (tmp_path / "out").exists()


def test_one_schema_dump_for_the_pinned_nautobot() -> None:
    """The committed schema dump is the pinned version's, and no other is kept."""
    from nautobot_service import NAUTOBOT_VERSION, SCHEMA

    assert sorted(p.name for p in SCHEMA.parent.iterdir()) == [f"schema-{NAUTOBOT_VERSION}.sql.gz"]


def test_infiniband_switch_has_one_interface_per_port() -> None:
    """An InfiniBand box: each cage's ports at the fabric's speed, typed InfiniBand."""
    from rackbom.components.catalogue import builtin_catalogue
    from rackbom.components.switch_systems import SwitchSystem
    from rackbom.exports.dcim_devicetypes import switch_device_type

    catalogue = builtin_catalogue()
    q3400 = catalogue.part("nvidia-q3400", SwitchSystem)
    data = switch_device_type(catalogue, q3400, 800).data
    kinds = [i["type"] for i in data["interfaces"] if not i.get("mgmt_only")]
    assert kinds == ["infiniband-xdr"] * 144
    assert data["interfaces"][0]["name"] == "p1/1"
