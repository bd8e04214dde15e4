"""`--scope`: one grammar for a building, hall, row or racks of a cluster, on every command."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from rackbom.components.errors import InputError
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


@pytest.fixture
def tiny(tmp_path: Path) -> str:
    path = tmp_path / "tiny.yaml"
    path.write_text(yaml.safe_dump(TINY), encoding="utf-8")
    return str(path)


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
    cli, tiny: str, tmp_path: Path, scope: str, holds
) -> None:
    out = tmp_path / "run.csv"
    result = cli("cables", tiny, "--scope", scope, "-o", str(out))
    assert result.code == 0, result.err
    rows = _rows(out)
    everything = tmp_path / "all.csv"
    assert cli("cables", tiny, "-o", str(everything)).code == 0
    kept = [
        r
        for r in _rows(everything)
        if holds(r["a_hall"], r["a_row"], r["a_rack"])
        or holds(r["z_hall"], r["z_row"], r["z_rack"])
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
