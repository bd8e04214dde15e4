"""The cable run list: counts against the BOM, valid port assignment, outputs and bad input."""

from __future__ import annotations

import csv
import json
from collections import Counter, defaultdict
from functools import cache
from pathlib import Path
from xml.etree import ElementTree

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openpyxl import load_workbook

import rackbom as rb
from rackbom.components.network_os import os_naming
from rackbom.components.switch_systems import SwitchSystem
from rackbom.exports.workbook.cables_book import check_fits
from rackbom.racks.cabling.counts import run_counts
from rackbom.racks.cabling.row import COLUMNS, CableRow
from rackbom.racks.clusters.cluster_library import builtin_cluster_ids
from rackbom.racks.dcim.device_types import switch_device_type
from rackbom.racks.dcim.vocabulary import vocabulary
from rackbom.racks.library import builtin_design_ids

SMALL = "mi355x-8k"


@cache
def _rows(system: str) -> list[CableRow]:
    return list(rb.cables(system))


def _small(gpus: int, **fabric: object) -> rb.Cluster:
    return rb.cluster(
        "mi355x-128",
        gpus=gpus,
        fabric={"topology": "rail_optimised", **fabric},
        profile="arista-th6",
        id=f"small-{gpus}",
    )


@pytest.mark.parametrize("cluster_id", builtin_cluster_ids())
def test_counts_by_part_equal_the_bom_for_every_cluster(cluster_id: str) -> None:
    cables = rb.cables(cluster_id)
    assert run_counts(cables.run_list) == cables.bom  # type: ignore[arg-type]


@pytest.mark.parametrize("cluster_id", [SMALL, "hgx-b300-8k", "vr200-16k-ib"])
def test_rows_count_as_their_runs_do(cluster_id: str) -> None:
    cables = rb.cables(cluster_id)
    assert cables.counts == run_counts(cables.run_list) == cables.bom  # type: ignore[arg-type]
    assert cables.counts.legs == cables.rows_total


@pytest.mark.parametrize("design_id", builtin_design_ids())
def test_a_design_lists_its_management_cables_as_its_bom_counts_them(design_id: str) -> None:
    cables = rb.cables(design_id)
    rows = list(cables)
    assert cables.counts == cables.bom and len(rows) == cables.rows_total
    if not rows:
        assert cables.note is not None and "management switch" in cables.note
        return
    assert cables.note is None and {r.tier for r in rows} == {0}
    ends = Counter((r.a_device, r.a_port) for r in rows) + Counter(
        (r.z_device, r.z_port) for r in rows
    )
    assert max(ends.values()) == 1 and all(r.run_m <= r.cable_m for r in rows)


def test_helios_cables_every_bmc_to_its_management_switches() -> None:
    cables = rb.cables("helios")
    rows = list(cables)
    assert len(rows) == 18 + 6 + 2  # compute and switch trays' BMCs, the two switches' own
    bmcs = rows[:24]
    assert {r.z_device for r in bmcs} == {"helios-OU34"}  # the first of two 48-port switches
    assert [r.z_port for r in bmcs] == [f"ge{k}" for k in range(1, 25)]
    assert rows[0].a_port == "bmc" and all(r.cable_part.startswith("cat6-") for r in rows)
    # each management switch's own port on the other one: the second is never left uncabled
    own = [(r.a_device, r.z_device, r.z_port) for r in rows[24:]]
    assert own == [("helios-OU34", "helios-OU35", "ge1"), ("helios-OU35", "helios-OU34", "ge25")]
    assert cables.leaving == 2  # one uplink per management switch, out of the system


def test_a_lone_management_switch_leaves_its_own_port_for_the_aggregation() -> None:
    cables = rb.cables("mi500-ual128")
    racks = cables.design.racks
    assert all(len(plan.lone) == 1 and len(plan.uplinks) == 1 for _, plan in racks)
    lone = {f"mi500-ual128-{rack.name}-OU45" for rack, _ in racks}
    assert lone <= {r.z_device for r in cables} and not lone & {r.a_device for r in cables}
    assert cables.leaving == 2 * len(racks)


def test_a_cluster_lists_every_copys_management_cables() -> None:
    cables = rb.cables(SMALL)
    management = [r for r in cables if r.tier == 0]
    copies = rb.load_cluster(SMALL).analysis.copies  # type: ignore[attr-defined]
    run = cables.run_list
    assert run is not None
    boxes = {b.device for rack in run.network_racks for b in rack.boxes}
    network = {rack.name for rack in run.network_racks}
    compute = [r for r in management if r.z_rack not in network]
    assert len(compute) == copies * rb.cables("mi355x-128").rows_total
    assert len({r.a_rack for r in compute}) == copies
    in_network = [r for r in management if r.z_rack in network and r.a_rack == r.z_rack]
    to_tray = [r for r in in_network if not r.z_device.endswith("-mgmtagg")]
    assert {r.a_device for r in to_tray} - boxes == {f"{rack}-mgmtagg" for rack in run.aggregated}
    assert len(to_tray) == run.boxes + run.aggregation.switches
    to_aggregation = [r for r in management if r.z_device.endswith("-mgmtagg")]
    assert len(to_aggregation) == run.aggregation.links
    assert len(management) == len(compute) + len(to_tray) + len(to_aggregation)


def test_every_switch_box_is_cabled_to_its_network_racks_management_switch() -> None:
    cables = rb.cables(SMALL)
    run = cables.run_list
    assert run is not None
    management = run.cluster.sizer.management
    port = os_naming(run.cluster.switch.network_os).management_port  # as the box's OS names it
    assert port == "Management1"  # an Arista box: EOS's name
    rows = [r for r in cables if r.tier == 0 and r.z_device.endswith("-mgmt1") and r.a_port == port]
    assert len(rows) == run.boxes == len({r.a_device for r in rows})
    assert len({(r.z_device, r.z_port) for r in rows}) == len(rows)
    for row in rows:
        assert row.a_rack == row.z_rack and row.z_position == management.tray_position(0)
        assert row.run_m <= row.cable_m and row.cable_part == management.cord.id
    units = run.cluster.network_frame.height_units
    assert management.aggregation is not None
    used = management.boxes_per_rack * management.box_units + management.tray.height_units
    assert used + management.aggregation.height_units <= units  # room for an aggregation switch


def test_a_management_run_no_cord_reaches_is_refused(cli, tmp_path: Path) -> None:
    text = (Path(rb.__file__).parent / "racks" / "data" / "helios.yaml").read_text("utf-8")
    frame = (
        "  frames:\n    - {id: tall-orw, name: Tall rack, unit_standard: ocp, unit_mm: 1500, "
        "height_units: 46, width_mm: 1200, mounting_width_mm: 1074, source: seed-002-helios}\n"
    )
    text = text.replace("frame: orw-46ou", "frame: tall-orw").replace(
        "catalogue:\n", "catalogue:\n" + frame
    )
    design, out = tmp_path / "tall.yaml", tmp_path / "run.csv"
    design.write_text(text, encoding="utf-8")
    result = cli("cables", str(design), "-o", str(out))
    assert result.code == 2 and len(result.err.strip().splitlines()) == 1, result.err
    assert "tall.yaml" in result.err and "racks(name=helios).trays" in result.err
    assert "Cat6" in result.err and not out.exists()


def _check_ports(rows: list[CableRow]) -> None:
    """Each port once; rails on their leaves; lengths within reach; cables of one length."""
    ends = Counter((r.a_device, r.a_port) for r in rows)
    ends.update((r.z_device, r.z_port) for r in rows)
    assert max(ends.values()) == 1
    leaf_rails: dict[str, set[int | None]] = defaultdict(set)
    legs: dict[str, set[tuple[str, float]]] = defaultdict(set)
    for r in rows:
        assert r.run_m <= r.cable_m
        if r.tier == 1:
            leaf_rails[r.z_device].add(r.rail)
        legs[r.cable_id].add((r.cable_part, r.run_m))
    assert all(len(rails) == 1 for rails in leaf_rails.values())
    assert all(len(kinds) == 1 for kinds in legs.values())


def _check_spread(rows: list[CableRow]) -> None:
    """Uplinks spread evenly: the upper switches of a plane differ by at most one link."""
    per: dict[tuple[int, int], Counter[str]] = defaultdict(Counter)
    for r in rows:
        if r.tier == 2:
            per[(r.tier, r.plane)][r.z_device] += 1
    for counts in per.values():
        assert max(counts.values()) - min(counts.values()) <= 1


@pytest.mark.parametrize("cluster_id", [SMALL, "vr200-8k-arista", "gb300-8k"])
def test_built_in_clusters_use_each_port_once(cluster_id: str) -> None:
    rows = _rows(cluster_id)
    _check_ports(rows)
    if rb.load_cluster(cluster_id).summary.fabric_tiers == 2:
        _check_spread(rows)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    racks=st.integers(min_value=1, max_value=40),
    tiers=st.sampled_from([None, 2, 3]),
    planes=st.sampled_from([None, 1, 2]),
)
def test_small_clusters_use_each_port_once(
    racks: int, tiers: int | None, planes: int | None
) -> None:
    fabric = {k: v for k, v in (("tiers", tiers), ("planes", planes)) if v is not None}
    try:
        cluster = _small(128 * racks, **fabric)
        summary = cluster.summary
    except rb.InputError:
        return  # a pinned fabric these racks cannot have is refused, not cabled
    cables = rb.cables(cluster)
    rows = list(cables)
    assert len([r for r in rows if r.tier > 0]) == summary.links
    assert len(rows) == cables.rows_total
    assert cables.counts == cables.bom
    _check_ports(rows)
    if summary.fabric_tiers == 2:
        _check_spread(rows)


def test_ports_carry_the_vendors_names() -> None:
    row = [r for r in _rows(SMALL) if r.tier == 1][1]
    assert row.z_port == "Ethernet1/5" and row.a_port == "so1"
    sn5600 = rb.catalogue().part("nvidia-sn5600")
    assert sn5600.port_name(11, 2, 4) == "swp12s2"  # type: ignore[attr-defined]
    assert rb.catalogue().part("whitebox-th5-64x800g").port_name(11, 2, 4) == "p12/3"  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "box", ["nvidia-sn5600", "arista-7060x6-64pe", "arista-7060xe7-64ps", "whitebox-th5-64x800g"]
)
def test_a_port_at_full_speed_is_named_as_the_dcim_names_its_cage(box: str) -> None:
    """One rule names a cage in the run list and in the DCIM export, the library's boxes too:
    an EOS cage is `Ethernet1`, its 2 x 800G breakout's sub-ports `Ethernet1/1`, `Ethernet1/5`."""
    switch = rb.catalogue().part(box)
    assert isinstance(switch, SwitchSystem)
    cages = [
        i.name
        for i in switch_device_type(rb.catalogue(), switch, vocabulary("netbox")).interfaces
        if not i.mgmt_only
    ]
    assert cages == [switch.port_name(c, 0, 1) for c in range(switch.ports)]
    if box.startswith("arista"):
        assert (cages[0], switch.port_name(0, 1, 2)) == ("Ethernet1", "Ethernet1/5")


def test_rails_land_on_their_rails_leaves_and_breakouts_share_an_id() -> None:
    rows = [r for r in _rows(SMALL) if r.tier == 1]
    assert {r.rail for r in rows} == set(range(1, 9))
    legs = Counter(r.cable_id for r in rows)
    assert set(legs.values()) == {2}  # a 2 x 400G breakout of each 800G cage


def test_several_halls_reconcile_and_name_their_halls() -> None:
    spread = rb.load_cluster(SMALL).with_(floor={"hall_racks": 16})
    cables = rb.cables(spread)
    assert cables.counts == cables.bom
    rows = list(cables)
    assert {r.a_hall for r in rows if r.tier == 1} == {"hall01", "hall02", "hall03", "hall04"}
    _check_ports(rows)


@pytest.mark.parametrize("cluster", [SMALL, "hgx-b200-8k", "vr200-8k-arista"])
def test_ready_made_csv_lines_are_the_rows_joined(cluster: str) -> None:
    cables = rb.cables(cluster)
    assert cables.plain_names
    joined = (",".join("" if v is None else str(v) for v in row) + "\n" for row in cables)
    assert list(cables.lines()) == list(joined)


def test_to_pandas_has_a_column_per_field() -> None:
    frame = rb.cables(_small(256)).to_pandas()
    assert list(frame.columns) == list(COLUMNS) and len(frame) > 0


# --- the command line ----------------------------------------------------------------------------
def _small_file(tmp_path: Path, **fields: object) -> Path:
    raw = {
        "id": "tiny",
        "name": "Tiny",
        "source": "assume-cluster-sizing",
        "design": "mi355x-128",
        "size": {"gpus": 512},
        "fabric": {"topology": "rail_optimised"},
        "profile": "arista-th6",
        **fields,
    }
    path = tmp_path / "tiny.yaml"
    path.write_text(yaml.safe_dump(raw), encoding="utf-8")
    return path


def test_cli_writes_csv_json_workbook_netbox_and_panel(cli, tmp_path: Path) -> None:
    spec = _small_file(tmp_path)
    out = {k: tmp_path / f"run.{k}" for k in ("csv", "xlsx", "json")}
    result = cli(
        "cables", str(spec), "-o", str(out["csv"]), "--xlsx", str(out["xlsx"]),
        "--json", str(out["json"]),
    )  # fmt: skip
    assert result.code == 0, result.err
    with out["csv"].open(encoding="utf-8") as f:
        table = list(csv.reader(f))
    assert tuple(table[0]) == COLUMNS
    data = json.loads(out["json"].read_text(encoding="utf-8"))
    assert len(data["rows"]) == len(table) - 1 and data["columns"] == list(COLUMNS)
    book = load_workbook(out["xlsx"], read_only=True)
    assert book.sheetnames == ["Summary", "hall01"]
    summary = list(book["Summary"].iter_rows(values_only=True))
    assert all(row[-1] == 0 for row in summary[1:])
    rack = table[1][COLUMNS.index("a_rack")]
    netbox, nautobot = tmp_path / "cables.csv", tmp_path / "nautobot.csv"
    panel = tmp_path / "panel.svg"
    result = cli(
        "cables", str(spec), "--rack", rack, "--netbox", str(netbox), "--nautobot",
        str(nautobot), "--panel", str(panel),
    )  # fmt: skip
    assert result.code == 0, result.err
    with netbox.open(encoding="utf-8") as f:
        imported = list(csv.DictReader(f))
    with nautobot.open(encoding="utf-8") as f:
        legs = list(csv.DictReader(f))
    breakouts = [r for r in imported if r["profile"]]
    assert breakouts and all(rack in r["side_b_device"] for r in breakouts)  # leaf cage at A
    assert legs and all(rack in r["side_a_device"] and not r["profile"] for r in legs)
    assert len(legs) == len(imported) + sum(r["side_b_name"].count(",") for r in breakouts)
    assert ElementTree.fromstring(panel.read_text(encoding="utf-8")) is not None


def test_cli_without_a_file_prints_counts_beside_the_bom(cli) -> None:
    result = cli("cables", SMALL)
    assert result.code == 0 and "run list and BOM match" in result.out


def test_workbook_refuses_more_rows_than_a_sheet_holds() -> None:
    with pytest.raises(rb.InputError, match="write CSV") as refused:
        check_fits("big.xlsx", 1_500_000, 1, [1_500_000])
    assert "\n" not in str(refused.value)
    with pytest.raises(rb.InputError, match="--scope hall="):
        check_fits("big.xlsx", 1_500_000, 3, [1_048_576, 300_000])
    check_fits("fine.xlsx", 1_500_000, 3, [800_000, 700_000])


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"fabric": {"topology": "rail_optimised", "plane_gbps": 100}}, "fabric.plane_gbps"),
        ({"floor": {"rack_pitch_m": 5000}}, "reaching"),
    ],
)
def test_bad_cluster_is_one_line_and_writes_nothing(
    cli, tmp_path: Path, fields: dict[str, object], field: str
) -> None:
    spec, out = _small_file(tmp_path, **fields), tmp_path / "run.csv"
    result = cli("cables", str(spec), "-o", str(out))
    assert result.code == 2 and len(result.err.strip().splitlines()) == 1
    assert str(spec) in result.err and field in result.err
    assert not out.exists()


def test_a_box_naming_two_ports_alike_is_refused(cli, tmp_path: Path) -> None:
    catalogue = tmp_path / "box.yaml"
    box = rb.catalogue().part("arista-7060xe7-64ps").model_dump(mode="json", exclude_defaults=True)
    box |= {
        "kind": "switch_system",
        "id": "dup-box",
        "port_names": {"port": "Ethernet{port}", "breakout": "Ethernet{port}"},
    }
    profile = (
        rb.catalogue().network_profiles["arista-th6"].model_dump(mode="json", exclude_defaults=True)
    )
    profile |= {"id": "dup-profile", "switch": "dup-box"}
    catalogue.write_text(
        yaml.safe_dump({"parts": [box], "network_profiles": [profile]}), encoding="utf-8"
    )
    spec, out = _small_file(tmp_path, profile="dup-profile"), tmp_path / "run.csv"
    result = cli("cables", str(spec), "--catalogue", str(catalogue), "-o", str(out))
    assert result.code == 2 and len(result.err.strip().splitlines()) == 1
    assert "box.yaml" in result.err and "port_names.breakout" in result.err
    assert not out.exists()


def test_panel_needs_one_rack(cli, tmp_path: Path) -> None:
    result = cli("cables", SMALL, "--panel", str(tmp_path / "p.svg"))
    assert result.code == 2 and "--rack" in result.err


@pytest.mark.parametrize("cluster_id", builtin_cluster_ids())
def test_the_bom_buys_a_management_switch_for_every_network_rack_the_run_list_fills(
    cluster_id: str,
) -> None:
    run = rb.cables(cluster_id).run_list
    assert run is not None
    cluster = run.cluster
    management = cluster.sizer.management
    bought = {n.part: n.qty for n in cluster.network_bom if n.tier == "management"}
    trays = len(run.network_racks) * management.trays
    floor = cluster.floor_switch  # a floor rack of packed servers has one of its own
    own = {} if floor is None else {p.part: p.qty for p in floor.tray.parts}
    for line in management.tray.parts:
        floor_qty = cluster.packing.units * own.get(line.part, 0)
        assert bought[line.part] == trays * line.qty + floor_qty
    aggregation = management.aggregation
    assert aggregation is not None and run.aggregation.switches == len(run.aggregated)
    for line in aggregation.parts:
        assert bought[line.part] == run.aggregation.switches * line.qty
    in_racks = list(run.network_management_rows())
    assert {r.cable_part for r in in_racks} == {management.cord.id}
    assert len(in_racks) == run.boxes + run.aggregation.switches
    for rack in run.network_racks:
        assert len(rack.boxes) <= management.boxes_per_rack
        top = max((b.place.position for b in rack.boxes), default=0)
        assert top + management.box_units <= management.aggregation_position()


def test_every_patch_panel_cell_names_its_far_end_within_the_cell() -> None:
    from rackbom.layouts.document import GLYPH_EM
    from rackbom.layouts.patch_panel import CELL_W, PatchPanel, panel_ports

    rows = _rows(SMALL)
    rack = rows[0].a_rack
    ports = panel_ports(rows, rack)
    root = ElementTree.fromstring(PatchPanel(SMALL, rack, ports).to_string())
    ns = "{http://www.w3.org/2000/svg}"
    texts = root.findall(f"{ns}text")
    cells = [r for r in root.findall(f"{ns}rect") if r.find(f"{ns}title") is not None]
    assert len(cells) == len(ports)
    for rect in cells:
        x, y = float(rect.get("x", 0)), float(rect.get("y", 0))
        inside = [
            t
            for t in texts
            if x < float(t.get("x", 0)) < x + CELL_W and y < float(t.get("y", 0)) < y + 40
        ]
        assert len(inside) == 3, rect.find(f"{ns}title").text  # port, far device, far port
        for t in inside:
            width = float(t.get("textLength") or len(t.text or "") * 8 * GLYPH_EM)
            assert float(t.get("x", 0)) + width <= x + CELL_W, t.text
    title = cells[0].find(f"{ns}title").text or ""
    far_port = ports[0].far_port
    assert title.split(" → ")[1].split(" (")[0].endswith(far_port)


def test_a_run_list_named_parquet_is_written_as_typed_parquet(cli, tmp_path: Path) -> None:
    import pyarrow.parquet as pq

    spec = _small_file(tmp_path)
    out = {k: tmp_path / f"run.{k}" for k in ("csv", "parquet")}
    for path in out.values():
        assert cli("cables", str(spec), "-o", str(path)).code == 0
    table = pq.read_table(out["parquet"])
    assert table.column_names == list(COLUMNS)
    assert str(table.schema.field("run_m").type) == "double"
    assert str(table.schema.field("a_position").type) == "int32"
    assert table.schema.field("plane").nullable
    with out["csv"].open(encoding="utf-8") as f:
        rows = list(csv.reader(f))[1:]
    got = [["" if v is None else str(v) for v in r.values()] for r in table.to_pylist()]
    assert got == rows
