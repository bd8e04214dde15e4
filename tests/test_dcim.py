"""`rackbom export netbox|nautobot` and device-type files read as trays, without a DCIM.

The devicetype-library's own schema, yamllint config and rules (vendored in
`tests/devicetype_library/`) run over every exported device type of every built-in design and
cluster.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
import yaml
from devicetype_library import rules
from hypothesis import given
from hypothesis import strategies as st

import rackbom as rb
from rackbom.catalogues import load_catalogue
from rackbom.components.catalogue import builtin_catalogue
from rackbom.components.errors import InputError
from rackbom.components.network_os import os_naming
from rackbom.components.switch_systems import SwitchSystem
from rackbom.exports.dcim import yamltext
from rackbom.exports.dcim.dcim_folder import small_files, write_racks
from rackbom.racks.clusters import builtin_cluster_ids
from rackbom.racks.dcim.dcim_model import DcimPlan, DeviceType
from rackbom.racks.dcim.dcim_plan import cluster_plan, design_plan, profile_switch_types
from rackbom.racks.dcim.type_library import library
from rackbom.racks.dcim.type_names import model_slug, plain_model, type_slug
from rackbom.racks.dcim.vocabulary import TARGETS, Target, vocabulary
from rackbom.racks.library import builtin_design_ids

pytestmark = pytest.mark.slow

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
COMPUTE = "device-types/AMD/Helios-compute-tray.yaml"  # its GPUs' maker
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _export(cli, target: str, folder: Path, product: str = "netbox") -> dict[str, object]:
    assert cli("export", product, target, "-o", str(folder)).code == 0
    return {
        str(p.relative_to(folder)): yaml.load(p.read_text(encoding="utf-8"), Loader=LOADER)
        for p in folder.rglob("*.yaml")
    }


@cache
def _all_exports(target: Target) -> dict[str, DcimPlan]:
    """Every built-in design's and cluster's export for one product, by id."""
    vocab = vocabulary(target)
    out = {d: design_plan(rb.load(d).analysis, vocab) for d in builtin_design_ids()}
    for c in builtin_cluster_ids():
        out[c] = cluster_plan(rb.load_cluster(c).analysis, vocab)
    return out


def test_helios_export(cli, tmp_path: Path) -> None:
    """Device types per tray type, whole units, real types, provenance; racks, cables, site."""
    files = _export(cli, "helios", tmp_path / "out")
    types = {k: v for k, v in files.items() if k.startswith("device-types/")}
    assert len(types) == 4
    compute = files[COMPUTE]
    assert compute["u_height"] == 1 and compute["weight"] == 115 and compute["weight_unit"] == "kg"
    assert compute["airflow"] == "front-to-rear"
    assert [i["type"] for i in compute["interfaces"]] == ["1000base-t"] + ["800gbase-x-osfp"] * 12
    assert compute["interfaces"][0] == {"name": "bmc", "type": "1000base-t", "mgmt_only": True}
    assert compute["power-ports"][0]["type"] == "dc-terminal"
    assert "assume-weights (assumption)" in compute["comments"]
    assert "design helios" not in compute["comments"]  # one content whichever design has it
    assert (compute["model"], compute["slug"]) == ("Helios compute tray", "amd-helios-compute-tray")
    assert "part_number" not in compute  # the catalogue has none
    assert compute["description"] == "Helios compute tray (4 x MI450X, 1 x Venice)"
    shelf = files["device-types/Generic/Power-shelf-33-kW-1-OU.yaml"]
    assert len(shelf["module-bays"]) == 6  # six supplies behind one AC input, the shelf's feed
    (inlet,) = shelf["power-ports"]
    assert inlet == {"name": "ac-input", "type": "hardwired", "maximum_draw": 33847}
    assert len(shelf["power-outlets"]) == 16
    assert {o["power_port"] for o in shelf["power-outlets"]} == {"ac-input"}
    racks = files["racks.yaml"]
    (rack,) = racks["racks"]
    (frame,) = racks["rack_types"]
    assert (frame["u_height"], frame["width"], frame["outer_width"]) == (46, 21, 1200)
    assert (frame["outer_height"], frame["outer_depth"]) == (2386, 1200)
    assert (frame["weight"], frame["max_weight"]) == (400, 4700)
    assert rack["rack_type"] == frame["slug"] and rack["site"] == racks["site"]["name"]
    assert "48 mm" in racks["rackbom"]["mapping"]
    assert len(racks["devices"]) == 34
    assert {d["position"] for d in racks["devices"]} == set(range(1, 33)) | {34, 35}
    assert all("assume-placements (assumption)" in d["comments"] for d in racks["devices"])
    assert {r["name"]: r["color"] for r in racks["device_roles"]}["compute"] == "a6cee3"
    managed = [d for d in racks["devices"] if d["role"] in ("compute", "switch", "management")]
    mgmt = [c for c in racks["cables"] if c["side_a_name"] in ("bmc", "eth0")]
    assert len(mgmt) == len(managed) and not racks["uncabled"]  # each switch's own port too
    assert len({c["side_a_device"] for c in mgmt}) == len(managed)
    power = [c for c in racks["cables"] if c["side_b_type"] == "dcim.poweroutlet"]
    assert len(power) == 34 - 8  # every device but the eight shelves draws from the busbar
    assert files["manufacturers.yaml"] == [
        {"name": "AMD", "slug": "amd"},
        {"name": "Generic", "slug": "generic"},
    ]


def test_cluster_plan(cli, tmp_path: Path) -> None:
    """Every copy's racks, network racks with the library's switch box, a bundle per tier (the
    built-in mi355x-8k's fabric at 1,024 GPUs, still two tiers, whose files parse in a moment)."""
    system = "mi355x-8k+gpus=1024"
    summary = rb.load_cluster(system).summary
    files = _export(cli, system, tmp_path / "out")
    racks = files["racks.yaml"]
    roles = [d["role"] for d in racks["devices"]]
    bundles = racks["cable_bundles"]
    switch = files["device-types/Arista/DCS-7060X6-64PE.yaml"]
    assert (switch["slug"], switch["part_number"]) == ("arista-dcs-7060x6-64pe", "DCS-7060X6-64PE")
    assert {i["type"] for i in switch["interfaces"]} == {"800gbase-x-osfp", "1000base-t"}
    assert switch["interfaces"][1]["name"] == "Ethernet1"
    assert (switch["airflow"], switch["weight"]) == ("front-to-rear", 21)
    assert [b["tier"] for b in bundles] == [1, 2]
    assert roles.count("leaf") + roles.count("spine") == summary.switches
    assert roles.count("leaf") > 0 and roles.count("spine") > 0
    assert sum(b["links"] for b in bundles) == summary.links
    assert roles.count("compute") == summary.racks * 16
    names = [r["name"] for r in racks["racks"]]
    assert len(names) == len(set(names)) and all(n.startswith(f"{system}-") for n in names)
    devices = [d["name"] for d in racks["devices"]]
    assert len(devices) == len(set(devices))
    assert all(d["rack"] in names for d in racks["devices"])
    assert racks["site"]["name"] == system


@pytest.mark.parametrize("cluster_id", ["hgx-b200-8k+gpus=128", "gb200-16k+gpus=144"])
def test_every_racks_section_is_a_list(cluster_id: str) -> None:
    """Racks, devices, cables and uncabled ports are lists, empty ones too (never null); two
    clusters' fabrics at a size whose racks file parses in a moment."""
    import io

    stream = io.StringIO()
    write_racks(cluster_plan(rb.load_cluster(cluster_id).analysis, vocabulary("netbox")), stream)
    data = yaml.load(stream.getvalue(), Loader=LOADER)
    for key in ("racks", "devices", "cables", "uncabled", "rack_types", "device_roles"):
        assert isinstance(data[key], list), key


def test_every_export_passes_the_librarys_checks() -> None:
    """Schema, yamllint --strict, file and folder names, slugs, components, power: the files of
    every built-in design and cluster, and the switch box of every network profile."""
    check, lint = rules.validator(), rules.yamllint_config()
    files = {
        (path, text)
        for export in _all_exports("netbox").values()
        for path, text in small_files(export).items()
        if path.startswith("device-types/")
    }
    boxes = profile_switch_types(builtin_catalogue(), vocabulary("netbox"))
    files |= {(t.path, yamltext.document(t.data())) for t in boxes}
    assert len(files) == len({path for path, _ in files})  # one content per file
    problems = [p for path, text in sorted(files) for p in rules.problems(path, text, check, lint)]
    assert problems == []
    broken = yamltext.document({"manufacturer": "Generic", "model": "X", "slug": "x"})
    found = rules.problems("device-types/Acme/Y.yaml", broken.replace("---\n", ""), check, lint)
    assert len(found) >= 5, found  # the rules can fail: start, schema, folder, file, slug


@pytest.mark.parametrize("target", TARGETS)
def test_one_slug_one_content(target: Target) -> None:
    """A slug (and a manufacturer's model) means the same content in every export."""
    seen: dict[str, str] = {}
    models: dict[tuple[str, str], str] = {}
    makers: dict[str, str] = {}
    vocab = vocabulary(target)
    boxes = profile_switch_types(builtin_catalogue(), vocab)
    for types in (*(e.types for e in _all_exports(target).values()), boxes):
        for t in types:
            text = yamltext.document(t.data())
            assert seen.setdefault(t.slug, text) == text, t.slug
            assert models.setdefault((t.manufacturer, t.model), t.slug) == t.slug
            assert makers.setdefault(t.manufacturer.casefold(), t.manufacturer) == t.manufacturer
            assert all(vocab.accepts("interface", i.type) for i in t.interfaces)
            assert all(vocab.accepts("power-port", p.type) for p in t.power_ports)
            assert all(vocab.accepts("power-outlet", o.type) for o in t.power_outlets)
            assert t.airflow is not None and t.weight is not None, t.slug


REAL_PART_NUMBERS = {"AP8886", "DCS-7060X6-64PE", "920-9B36F-00RX-8S0"}
"""The part numbers of the exported types: the APC rack PDU's (catalogue) and the two boxes'
the devicetype-library gives."""


@pytest.mark.parametrize("target", TARGETS)
def test_names_as_the_library_writes_them(target: Target) -> None:
    """Every type of every built-in design and cluster, and every profile's box: a part number
    only where a real one is known, a model without its maker or notes in parentheses, the slug
    `<maker>-<model>` and the file name by the library's rule; rack types alike."""
    vocab = vocabulary(target)
    exports = _all_exports(target).values()
    types = [t for e in exports for t in e.types]
    types += profile_switch_types(builtin_catalogue(), vocab)
    assert {t.part_number for t in types} - {None} == REAL_PART_NUMBERS
    frames = [f for e in exports for f in e.frames]
    for maker, model, slug in [(t.manufacturer, t.model, t.slug) for t in types] + [
        (f.manufacturer, f.model, f.slug) for f in frames
    ]:
        assert maker.casefold() not in model.casefold(), model
        assert not {"(", ")"} & set(model), model
        assert slug == type_slug(maker, model) == f"{slug.split('-')[0]}-{model_slug(model)}"
    for t in types:
        assert t.file_name.removesuffix(".yaml").casefold() == model_slug(t.model)


@pytest.mark.parametrize("target", TARGETS)
def test_a_nic_port_is_described_not_labelled(target: Target) -> None:
    """No interface label (a label is what is printed at the port); a NIC port names its card
    in its description where the product loads one (NetBox), and in the type's comments."""
    types = [t for e in _all_exports(target).values() for t in e.types]
    assert all(i.label is None for t in types for i in t.interfaces)
    gb200 = next(t for t in types if t.model == "GB200 compute tray")
    ports = [i for i in gb200.interfaces if i.name.startswith(("so", "fe"))]
    assert {i.name for i in ports} >= {"so1", "fe1"}
    assert "ConnectX-7 400G (connectx-7-400g" in (gb200.comments or "")
    if vocabulary(target).keeps_interface_description:
        assert {i.description for i in ports} == {"ConnectX-7 400G", "BlueField-3 DPU 400G"}
    else:
        assert all(i.description is None for t in types for i in t.interfaces)


@pytest.mark.parametrize("target", TARGETS)
def test_every_exported_type_reads_back_as_itself(target: Target) -> None:
    """The class the plan builds a device type with is the one a device-type file is read with:
    every exported type's file validates and gives back the same type."""
    vocab = vocabulary(target)
    boxes = profile_switch_types(builtin_catalogue(), vocab)
    for types in (*(e.types for e in _all_exports(target).values()), boxes):
        for t in types:
            raw = yaml.load(yamltext.document(t.data()), Loader=LOADER)
            assert DeviceType.model_validate(raw) == t, t.slug


def test_known_hardware_under_the_librarys_names() -> None:
    """Boxes the library holds keep its manufacturer, model, slug, file and port names."""
    types = {t.slug: t for export in _all_exports("netbox").values() for t in export.types}
    q3400 = types["nvidia-q3400-ra"]
    assert q3400.path == "device-types/Nvidia/Q3400-RA.yaml"
    assert [(p.type, p.maximum_draw) for p in q3400.power_ports] == [("iec-60320-c20", 875)] * 8
    assert {i.type for i in q3400.interfaces[1:]} == {"infiniband-xdr-4x"}
    assert [i.name for i in q3400.interfaces[:3]] == ["eth0", "sw1p1", "sw1p2"]
    assert len(q3400.interfaces) == 1 + 144
    assert types["nvidia-qm9700"].interfaces[1].name == "P0.0"
    assert "arista-dcs-7060x6-64pe" in types
    library = [t for slug, t in types.items() if slug in LIBRARY_MANAGEMENT]
    assert library and all(t.file_name == f"{t.model}.yaml" for t in library)


LIBRARY_MANAGEMENT = {
    "nvidia-q3400-ra": "eth0",
    "nvidia-sn5600": "eth0",
    "nvidia-qm9700": "mgmt0",
    "arista-dcs-7060x6-64pe": "Management1",
}
"""Management port names of the boxes the library holds, as its files (or, for the QM9700, whose
file has none, the library's QM8700 file) name them."""


@pytest.mark.parametrize("target", TARGETS)
def test_every_switch_tray_and_server_has_a_management_port(target: Target) -> None:
    """One `mgmt_only` port on every type with ports (power shelves have none), first, named as
    the library names it for the boxes it holds and `bmc` on rackbom's own types."""
    boxes = profile_switch_types(builtin_catalogue(), vocabulary(target))
    types = {t.slug: t for e in _all_exports(target).values() for t in e.types}
    types |= {t.slug: t for t in boxes}
    assert set(LIBRARY_MANAGEMENT) <= set(types)
    for slug, t in types.items():
        if not t.interfaces:
            assert t.power_outlets, f"{slug}: no ports and not a power shelf"
            continue
        managed = [i.name for i in t.interfaces if i.mgmt_only]
        assert managed == [t.interfaces[0].name] == [t.management], slug
        assert managed == [_management_name(slug, t)], slug
    assert any(t.slug.endswith("management-switch-1u") for t in types.values())


OS_MANAGEMENT = {
    "arista-7060xe7-64ps": "Management1",
    "generic-white-box-tomahawk-5-switch": "eth0",
    "generic-white-box-tomahawk-6-switch": "eth0",
}
"""Management ports of the switch boxes the library does not hold, as their OS names them:
Arista EOS, and SONiC (assumed) on white boxes."""


def _management_name(slug: str, t: DeviceType) -> str:
    """The management port a type should have: the library's name, the OS's on a switch box or
    a management switch (SONiC assumed, `eth0`), else a BMC's."""
    if slug in LIBRARY_MANAGEMENT or slug in OS_MANAGEMENT:
        return {**LIBRARY_MANAGEMENT, **OS_MANAGEMENT}[slug]
    return "eth0" if t.model.startswith("Management") else "bmc"


def test_each_boxs_os_names_its_management_port_as_the_library_does() -> None:
    """The OS rule the run list and the export share gives the library's own names for the
    boxes it holds."""
    catalogue = builtin_catalogue()
    boxes = [p for p in catalogue.parts.values() if isinstance(p, SwitchSystem)]
    held = {b.library_type: b for b in boxes if b.library_type}
    slugs = {s.id: s.slug for s in library().switches}
    assert {slugs[k] for k in held} == set(LIBRARY_MANAGEMENT)
    for key, box in held.items():
        assert os_naming(box.network_os).management_port == LIBRARY_MANAGEMENT[slugs[key]]


def test_1600g_ports_per_product() -> None:
    """1.6T Ethernet is NetBox's `1.6tbase-x-osfp1600` and Nautobot's `1600gbase-x-osfp`;
    1.6T InfiniBand, which neither has, is `other` saying what it is (in the description where
    the product loads one, and in the type's comments)."""
    for target, want in (("netbox", "1.6tbase-x-osfp1600"), ("nautobot", "1600gbase-x-osfp")):
        arista = _all_exports(target)["vr200-8k-arista"]
        switch = next(t for t in arista.types if t.slug.startswith("arista-"))
        assert {i.type for i in switch.interfaces[1:]} == {want}
        ib = _all_exports(target)["vr200-16k-ib"]
        tray = next(t for t in ib.types if t.model == "Vera Rubin compute tray InfiniBand")
        so = [i for i in tray.interfaces if i.name.startswith("so")]
        assert so and all(i.type == "other" for i in so)
        assert "as other (1600G InfiniBand (no " in (tray.comments or "")
        if vocabulary(target).keeps_interface_description:
            assert all("1600G InfiniBand" in (i.description or "") for i in so)
    assert not vocabulary("netbox").accepts("interface", "1600gbase-x-osfp")


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
    slug = "amd-helios-compute-tray"
    tray = load_catalogue(tmp_path / "out" / COMPUTE).trays[slug]
    exported = files[COMPUTE]
    DeviceType.model_validate(exported)
    assert tray.height_units == exported["u_height"]
    assert tray.weight_kg == exported["weight"]
    assert tray.overhead_power_w == exported["power-ports"][0]["allocated_draw"]
    assert tray.manufacturer == "AMD"


@pytest.mark.parametrize(
    ("edit", "field", "message"),
    [
        (
            ("400gbase-x-osfp", "1600gbase-x-osfp"),
            "interfaces[0].type",
            "interface type '1600gbase-x-osfp' is not one of NetBox 4.7.3's; nearest: ",
        ),
        (("u_height: 8", "u_height: 1.5"), "u_height", "whole number"),
        (("u_height: 8", "u_height: 0"), "u_height", "whole number"),
        (("model: X9000 GPU server\n", ""), "model", "required field is missing"),
        (("is_full_depth: true\n", ""), "is_full_depth", "required field is missing"),
        (
            ("type: iec-60320-c20, maximum_draw: 3300}", "type: c20}"),
            "power-ports[1].type",
            "nearest: iec-60320-c20",
        ),
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


def test_unknown_interface_type_names_the_nearest(cli, tmp_path: Path) -> None:
    """Nautobot's 1.6T name in a NetBox file: the line names NetBox's own 1.6T OSFP type."""
    device_type, _, _ = _files(tmp_path, DEVICE_TYPE.replace("400gbase-x-osfp", "1600gbase-x-osfp"))
    result = cli("validate", str(device_type))
    assert result.code == 2 and result.err.count("\n") == 1
    assert str(device_type) in result.err and "'1600gbase-x-osfp'" in result.err
    assert "1.6tbase-x-osfp1600" in result.err


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


def test_export_refuses_a_model_too_long(cli, tmp_path: Path) -> None:
    """A model name longer than the library holds: one line, nothing written."""
    design = tmp_path / "odd.yaml"
    design.write_text(TRAY_DESIGN.replace("NAME", "x" * 101).replace("USE", "host"), "utf-8")
    result = cli("export", "netbox", str(design), "-o", str(tmp_path / "out"))
    assert result.code == 2 and result.err.count("\n") == 1
    assert f"{design}: trays(id=odd-tray).name: " in result.err and "100 characters" in result.err
    assert not (tmp_path / "out").exists()


def test_two_trays_one_model_is_refused(cli, tmp_path: Path) -> None:
    """Two tray types a DCIM would hold as one model of one maker: one line, nothing written."""
    twin = TRAY_DESIGN.replace("NAME", "Odd tray").replace("USE", "host")
    twin = twin.replace(
        "      - {tray: odd-tray, position: 1}",
        "      - {tray: odd-tray, position: 1}\n      - {tray: odd-twin, position: 2}",
    )
    twin += twin[twin.index("    - id: odd-tray") :].replace("id: odd-tray", "id: odd-twin")
    design = tmp_path / "odd.yaml"
    design.write_text(twin, "utf-8")
    result = cli("export", "netbox", str(design), "-o", str(tmp_path / "out"))
    assert result.code == 2 and result.err.count("\n") == 1
    assert "'Odd tray AC'" in result.err and "different content" in result.err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("target", "product"), [("netbox", "NetBox 4.7.3"), ("nautobot", "Nautobot 3.2.7")]
)
def test_a_port_no_product_types_is_other(
    cli, tmp_path: Path, target: Target, product: str
) -> None:
    """A 50G NIC port (no cage the catalogue gives a type for) exports as `other`, described;
    its card in the description where the product keeps one (NetBox), else in the type's
    comments only (Nautobot's device-type import drops an interface's description); never in
    the label, which is what is printed at the port."""
    design = tmp_path / "odd.yaml"
    design.write_text(TRAY_DESIGN.replace("NAME", "Odd tray").replace("USE", "scale_out"), "utf-8")
    files = _export(cli, str(design), tmp_path / "out", target)
    (tray,) = [v for k, v in files.items() if k.startswith("device-types/")]
    (port,) = [i for i in tray["interfaces"] if i["name"] == "so1"]
    note = f"50G NIC (no {product} interface type)"
    assert port["type"] == "other" and "label" not in port
    assert f"1 x 50G NIC 50G (nic-50g, scale_out) as other ({note})" in tray["comments"]
    if target == "netbox":
        assert port["description"] == f"NIC 50G; {note}"
    else:
        assert "description" not in port


def test_one_schema_dump_per_pinned_product() -> None:
    """The committed schema dumps are the pinned versions', and no other is kept."""
    from nautobot_service import NAUTOBOT_VERSION
    from nautobot_service import SCHEMA as NAUTOBOT_SCHEMA
    from netbox_service import NETBOX_VERSION
    from netbox_service import SCHEMA as NETBOX_SCHEMA

    for schema, version in ((NAUTOBOT_SCHEMA, NAUTOBOT_VERSION), (NETBOX_SCHEMA, NETBOX_VERSION)):
        assert sorted(p.name for p in schema.parent.iterdir()) == [f"schema-{version}.sql.gz"]
    assert vocabulary("netbox").version == NETBOX_VERSION
    assert vocabulary("nautobot").version == NAUTOBOT_VERSION


TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40)


@given(
    st.dictionaries(st.text(min_size=1, max_size=10), st.one_of(TEXT, st.integers()), max_size=5)
)
def test_yaml_text_reads_back(data: dict[str, object]) -> None:
    """Whatever text a record holds, the YAML written reads back as the same record."""
    assert (yaml.safe_load(yamltext.document(data)) or {}) == data
    assert yaml.safe_load(yamltext.sequence_document([data])) == [data]


@pytest.mark.parametrize(
    ("name", "maker", "model", "slug"),
    [
        ("Helios compute tray (4 x MI450X, 1 x Venice)", "AMD", "Helios compute tray", None),
        ("NVIDIA HGX B200 (8 GPUs) server", "Nvidia", "HGX B200 server", "nvidia-hgx-b200-server"),
        ("Management switch (1 OU)", "Generic", "Management switch 1 OU", None),
        ("Power shelf 33 kW (1U)", "Generic", "Power shelf 33 kW 1U", None),
        ("Arista 7060XE7-64PS (Tomahawk 6, 64 x 1.6T)", "Arista", "7060XE7-64PS", None),
        ("Acme 2.0 server, 8U", "Acme", "2-0 server, 8U", "acme-2-0-server-8u"),
        ("Ünïcode box+", "Acme", "n-code box+", "acme-n-code-box-plus"),
    ],
)
def test_a_catalogue_name_as_a_model(name: str, maker: str, model: str, slug: str | None) -> None:
    """Maker and notes left out, a height note kept, what no slug holds written as a hyphen; the
    slug is what the library's own rule makes of the maker and the model."""
    assert plain_model(name, maker) == model
    made = type_slug(maker, model)
    assert slug is None or made == slug
    assert re.fullmatch(r"[-a-z0-9_]+", made)
    assert made == f"{maker.casefold()}-{rules._slug(model)}"
