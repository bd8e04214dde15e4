"""`--scope`: one grammar for a building, hall, row or racks of a cluster, on every command."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

import rackbom as rb
from rackbom.components.errors import InputError
from rackbom.racks.cabling.names import is_aggregation
from rackbom.racks.cabling.row import CableRow
from rackbom.racks.cabling.scope import LEVELS, Scope, parse_scope

TINY = {
    "id": "tiny",
    "name": "Tiny",
    "source": "assume-cluster-sizing",
    "design": "mi355x-128",
    "size": {"gpus": 1024},
    "fabric": {"topology": "rail_optimised"},
    "profile": "arista-th6",
    "floor": {"hall_racks": 4, "racks_per_row": 2},
}
"""8 racks in 2 halls of 2 rows each, and a core of 3 network racks."""
RACK = "tiny-00003-mi355x"  # hall01, row02
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("tiny") / "tiny.yaml"
    path.write_text(yaml.safe_dump(TINY), encoding="utf-8")
    return str(path)


@pytest.fixture(scope="module")
def run_list(tiny: str) -> list[CableRow]:
    """The tiny cluster's whole run list."""
    return list(rb.cables(tiny))


@pytest.mark.parametrize(
    ("values", "scope"),
    [
        (["building=bldg02"], Scope("building", ("bldg02",))),
        (["hall=hall03"], Scope("hall", ("hall03",))),
        (["row=row04"], Scope("row", ("row04",))),
        (["rack=a", "rack=b", "rack=a"], Scope("rack", ("a", "b"))),
        (["rack=x=y"], Scope("rack", ("x=y",))),
        ([], None),
    ],
)
def test_the_grammar(values: list[str], scope: Scope | None) -> None:
    assert parse_scope(values) == scope


@pytest.mark.parametrize(
    ("values", "words"),
    [
        (["hall"], "LEVEL=NAME"),
        (["aisle=a1"], "LEVEL=NAME"),
        (["hall="], "needs a name"),
        (["hall= hall01"], "needs a name"),
        (["hall=hall01", "row=row01"], "one level"),
        (["hall=hall01", "hall=hall02"], "only rack= may repeat"),
    ],
)
def test_bad_scopes_are_refused(values: list[str], words: str) -> None:
    with pytest.raises(InputError, match=words):
        parse_scope(values)


VALUES = st.one_of(
    st.text(max_size=30),
    st.builds("{}={}".format, st.sampled_from([*LEVELS, "aisle", ""]), st.text(max_size=30)),
)


@settings(max_examples=50, deadline=None)
@given(st.lists(VALUES, min_size=1, max_size=3))
def test_any_text_is_a_scope_or_one_line(values: list[str]) -> None:
    try:
        scope = parse_scope(values)
    except InputError as refused:
        assert "\n" not in str(refused) and str(refused).startswith("--scope: ")
    else:
        assert scope is not None and all(scope.names)


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


@pytest.mark.parametrize(
    ("scope", "holds"),
    [
        ("building=bldg01", lambda hall, row, rack: True),
        ("hall=hall02", lambda hall, row, rack: hall == "hall02"),
        ("row=row02", lambda hall, row, rack: row == "row02"),
        ("rack=" + RACK, lambda hall, row, rack: rack == RACK),
    ],
)
def test_cables_keep_the_rows_with_an_end_in_scope(
    cli, tiny: str, run_list: list[CableRow], tmp_path: Path, scope: str, holds
) -> None:
    out = tmp_path / "run.csv"
    result = cli("cables", tiny, "--scope", scope, "-o", str(out))
    assert result.code == 0, result.err
    rows = [(r["cable_id"], int(r["leg"])) for r in _rows(out)]
    kept = [
        (r.cable_id, r.leg)
        for r in run_list
        if holds(r.a_hall, r.a_row, r.a_rack) or holds(r.z_hall, r.z_row, r.z_rack)
    ]
    assert rows == kept and rows
    assert f"{len(rows):,} cable leg" in result.out


def test_rack_is_the_scope_of_a_rack(cli, tiny: str, tmp_path: Path) -> None:
    one, other = tmp_path / "one.csv", tmp_path / "other.csv"
    assert cli("cables", tiny, "--rack", RACK, "-o", str(one)).code == 0
    assert cli("cables", tiny, "--scope", f"rack={RACK}", "-o", str(other)).code == 0
    assert one.read_bytes() == other.read_bytes()


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--scope", "hall=hall07"], "has no hall hall07 (did you mean hall01, hall02?)"),
        (["--scope", "row=row9"], "rows are named like row01 to row04, core"),
        (["--rack", "tiny-00003-mi355"], "did you mean tiny-00003-mi355x"),
        (["--scope", "building=bldg02"], "buildings are named like bldg01"),
    ],
)
def test_a_scope_naming_nothing_is_one_line_and_writes_nothing(
    cli, tiny: str, tmp_path: Path, args: list[str], words: str
) -> None:
    out = tmp_path / "run.csv"
    result = cli("cables", tiny, *args, "-o", str(out))
    assert result.code == 2 and words in result.err
    assert len(result.err.strip().splitlines()) == 1 and not out.exists()


def test_a_design_takes_no_scope(cli, tmp_path: Path) -> None:
    out = tmp_path / "run.csv"
    result = cli("cables", "helios", "--scope", "hall=hall01", "-o", str(out))
    assert result.code == 2 and "is a design" in result.err and not out.exists()


def test_a_scope_without_a_file_counts_its_parts(cli, tiny: str) -> None:
    result = cli("cables", tiny, "--scope", "hall=core")
    assert result.code == 0 and result.out.startswith("core of tiny: ")
    assert "transceivers" in result.out and "BOM" not in result.out


@pytest.mark.parametrize(
    ("scope", "numbers"),
    [
        ("hall=hall02", range(5, 9)),
        ("row=row02", range(3, 5)),
        (f"rack={RACK}", range(3, 4)),
    ],
)
def test_the_racks_drawn_are_the_scopes(
    cli, tiny: str, tmp_path: Path, scope: str, numbers
) -> None:
    out = tmp_path / "racks.svg"
    result = cli("svg", tiny, "--view", "racks", "--scope", scope, "-o", str(out))
    assert result.code == 0, result.err
    text = out.read_text(encoding="utf-8")
    drawn = {n for n in range(1, 9) if f">#{n}<" in text}
    assert drawn == set(numbers)


def test_the_floor_plan_of_a_hall_draws_its_rows(cli, tiny: str, tmp_path: Path) -> None:
    out = tmp_path / "floor.svg"
    result = cli("svg", tiny, "--view", "floor", "--scope", "hall=hall02", "-o", str(out))
    assert result.code == 0, result.err
    text = out.read_text(encoding="utf-8")
    assert ">row 3<" in text and ">row 4<" in text and ">row 1<" not in text
    assert "hall02: rows 3-4 of 4 in 2 halls" in text


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--view", "racks"], "drawn one hall at a time (--scope hall=hall01 to hall=hall02)"),
        (["--view", "racks", "--scope", "building=bldg01"], "stand in 2 halls"),
        (["--view", "racks", "--scope", "hall=core"], "holds no compute racks"),
        (["--view", "floor", "--scope", "row=row01"], "scoped to a building or hall"),
        (["--view", "floor", "--scope", "hall=core"], "holds no rows"),
        (["--view", "fabric", "--scope", "hall=hall01"], "applies to --view racks"),
        (["--view", "plant", "--scope", "hall=hall01"], "shows every row"),
        (["--view", "racks", "--scope", "hall=hall3"], "did you mean"),
    ],
)
def test_a_drawing_refuses_a_scope_it_cannot_draw(
    cli, tiny: str, tmp_path: Path, args: list[str], words: str
) -> None:
    out = tmp_path / "x.svg"
    result = cli("svg", tiny, *args, "-o", str(out))
    assert result.code == 2 and words in result.err and not out.exists()
    assert len(result.err.strip().splitlines()) == 1


def _places(rows: list[CableRow], tiny: str) -> dict[str, tuple[str, str]]:
    """Every rack of the run list and every network rack (an empty one too): its hall and
    row."""
    out = {r.a_rack: (r.a_hall, r.a_row) for r in rows}
    run = rb.cables(tiny).run_list
    assert run is not None
    out |= {r.name: (r.hall, r.row) for r in run.network_racks}
    return out | {r.z_rack: (r.z_hall, r.z_row) for r in rows}


EXPORT_SCOPES = {
    "building=bldg01": lambda hall, row, rack: True,
    "hall=hall02": lambda hall, row, rack: hall == "hall02",
    "hall=core": lambda hall, row, rack: hall == "core",
    "row=row01": lambda hall, row, rack: row == "row01",
    f"rack={RACK}": lambda hall, row, rack: rack == RACK,
    "rack=tiny-row01-net1": lambda hall, row, rack: rack == "tiny-row01-net1",
}


@pytest.mark.parametrize("scope", EXPORT_SCOPES)
def test_a_scoped_export_holds_its_racks_and_what_they_hold(
    cli, tiny: str, run_list: list[CableRow], tmp_path: Path, scope: str
) -> None:
    holds = EXPORT_SCOPES[scope]
    out = tmp_path / "dcim"
    result = cli("export", "netbox", tiny, "--scope", scope, "-o", str(out))
    assert result.code == 0, result.err
    racks = yaml.load((out / "racks.yaml").read_text(encoding="utf-8"), Loader=LOADER)
    wanted = {name for name, place in _places(run_list, tiny).items() if holds(*place, name)}
    names = {r["name"] for r in racks["racks"]}
    assert names == wanted
    devices = {d["name"] for d in racks["devices"]}
    assert {d["rack"] for d in racks["devices"]} <= names and devices
    ends = {c[f"side_{s}_device"] for c in racks["cables"] for s in "ab" if f"side_{s}_device" in c}
    assert ends <= devices and {i["device"] for i in racks["interfaces"]} <= devices
    feeds = {f["name"]: f for f in racks["power_feeds"]}
    assert {f["rack"] for f in feeds.values()} <= names
    panels = {p["name"] for p in racks["power_panels"]}
    assert {f["power_panel"] for f in feeds.values()} == panels
    fed = [c for c in racks["cables"] if "side_a_power_panel" in c]
    assert {c["side_a_name"] for c in fed} <= set(feeds) and {
        c["side_b_device"] for c in fed
    } <= devices
    types = {d["device_type"]["slug"] for d in racks["devices"]}
    written = {
        yaml.load(p.read_text(encoding="utf-8"), Loader=LOADER)["slug"]
        for p in out.rglob("*/*.yaml")
    }
    assert types <= written
    inside = [r for r in run_list if r.tier and holds(r.a_hall, r.a_row, r.a_rack)]
    inside = [r for r in inside if holds(r.z_hall, r.z_row, r.z_rack)]
    assert sum(b["links"] for b in racks["cable_bundles"]) == len(inside)
    one_end = sum(  # fabric links and links to the management aggregation
        1
        for r in run_list
        if (r.tier or is_aggregation(r.z_device))
        and holds(r.a_hall, r.a_row, r.a_rack) != holds(r.z_hall, r.z_row, r.z_rack)
    )
    assert f"{len(names)} rack" in result.out and f"{one_end:,} cable leg" in result.out


class _EmptyNetBox:
    """A NetBox holding nothing: the plan creates everything it loads."""

    version = "4.7.3"

    def rows(self, *_: object, **__: object) -> list[dict[str, object]]:
        return []

    def rows_of(self, *_: object, **__: object) -> list[dict[str, object]]:
        return []


@pytest.mark.parametrize("scope", ["hall=hall02", f"rack={RACK}"])
def test_the_push_plans_only_the_racks_in_scope(
    tiny: str, run_list: list[CableRow], scope: str
) -> None:
    from rackbom.exports.dcim.netbox_push import push
    from rackbom.racks.dcim.dcim_plan import cluster_plan
    from rackbom.racks.dcim.vocabulary import vocabulary

    (cluster,) = rb.resolve_all([tiny])
    bound = cluster.bound_scope(scope)
    plan = push(_EmptyNetBox(), cluster_plan(cluster.analysis, vocabulary("netbox"), bound), False)  # type: ignore[arg-type]
    holds = EXPORT_SCOPES.get(scope) or EXPORT_SCOPES["hall=hall02"]
    wanted = [name for name, place in _places(run_list, tiny).items() if holds(*place, name)]
    assert plan.counts["racks"][0] == len(wanted)
    assert plan.counts["devices"][0] > 0


def test_a_scoped_export_of_a_design_is_refused(cli, tmp_path: Path) -> None:
    out = tmp_path / "dcim"
    result = cli("export", "netbox", "helios", "--scope", "rack=helios", "-o", str(out))
    assert result.code == 2 and "is a design" in result.err and not out.exists()


def test_an_export_scope_naming_nothing_writes_nothing(cli, tiny: str, tmp_path: Path) -> None:
    out = tmp_path / "dcim"
    result = cli("export", "nautobot", tiny, "--scope", "row=row05", "-o", str(out))
    assert result.code == 2 and "did you mean" in result.err and not out.exists()


def test_every_run_list_format_keeps_the_same_rows(cli, tiny: str, tmp_path: Path) -> None:
    import json

    import pyarrow.parquet as pq
    from openpyxl import load_workbook

    out = {k: tmp_path / f"run.{k}" for k in ("csv", "json", "parquet", "xlsx")}
    netbox, panel = tmp_path / "import.csv", tmp_path / "panel.svg"
    scoped = ("--scope", f"rack={RACK}")
    result = cli(
        "cables", tiny, *scoped, "-o", str(out["csv"]), "--json", str(out["json"]),
        "--xlsx", str(out["xlsx"]), "--netbox", str(netbox), "--panel", str(panel),
    )  # fmt: skip
    assert result.code == 0, result.err
    assert cli("cables", tiny, *scoped, "-o", str(out["parquet"])).code == 0
    rows = _rows(out["csv"])
    assert len(json.loads(out["json"].read_text(encoding="utf-8"))["rows"]) == len(rows)
    assert pq.read_table(out["parquet"]).num_rows == len(rows)
    book = load_workbook(out["xlsx"], read_only=True)
    sheets = [n for n in book.sheetnames if n != "Summary"]
    assert sum(sum(1 for _ in book[n].iter_rows(min_row=2)) for n in sheets) == len(rows)
    with netbox.open(encoding="utf-8") as f:
        assert all(RACK in r["side_a_device"] + r["side_b_device"] for r in csv.DictReader(f))
    assert RACK in panel.read_text(encoding="utf-8")


def test_a_building_holds_its_halls() -> None:
    from rackbom.racks.clusters.floor_index import FloorIndex

    one = FloorIndex(racks_per_hall=4, racks_per_row=2, halls=5)
    campus = FloorIndex(racks_per_hall=4, racks_per_row=2, halls=5, halls_per_building=2)
    assert [one.building_of_hall(h) for h in range(5)] == [0] * 5
    assert [campus.building_of_hall(h) for h in range(5)] == [0, 0, 1, 1, 2]


def test_a_campus_scopes_each_buildings_halls(tiny: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    from rackbom.racks.cabling import places

    whole = places.floor_index
    monkeypatch.setattr(
        places, "floor_index", lambda c: dataclasses.replace(whole(c), halls_per_building=1)
    )
    (cluster,) = rb.resolve_all([tiny])
    second = cluster.bound_scope("building=bldg02")
    assert second.halls == {"hall02"} and second.copies == (4, 5, 6, 7)
    assert "core" not in cluster.bound_scope("building=bldg01").halls
    with pytest.raises(InputError, match="buildings are named like bldg01 to bldg02"):
        cluster.bound_scope("building=bldg03")
