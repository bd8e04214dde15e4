"""Hostile and absurd input: bounded time and memory, finite numbers, clean text in every format,
duplicate keys, strict numbers, and nothing written on failure.

Each class is exercised with generated cases (hypothesis strategies and mutations of the built-in
YAML); every command either rejects the input with one line (exit status 2, nothing written) or
writes outputs that parse.
"""

from __future__ import annotations

import copy
import csv
import io
import json
import math
import re
import resource
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from importlib import resources
from pathlib import Path
from typing import Any

import openpyxl
import pytest
import yaml
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rackbom.components.atomic import write_files
from rackbom.components.errors import InputError
from rackbom.components.limits import RACKS_MAX
from rackbom.exports.json import flat_bom as tables
from rackbom.layouts.geometry import fit_text

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
MEMORY_BYTES = 500 * 2**20
SECONDS = 5
FAST = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


class TooSlow(Exception):
    """A test ran past its time bound."""


@pytest.fixture(autouse=True)
def bounded():
    """Every test here may use 500 MB more memory than it starts with, and 30 s of CPU (not of
    the clock, which a busy machine stretches): a regression fails the test (MemoryError,
    TooSlow) rather than eating the machine."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    pages = int(Path("/proc/self/statm").read_text().split()[0])
    resource.setrlimit(resource.RLIMIT_AS, (pages * resource.getpagesize() + MEMORY_BYTES, hard))

    def stop(signum: int, frame: object) -> None:
        raise TooSlow("the test ran past 30 s of CPU")

    previous = signal.signal(signal.SIGPROF, stop)
    signal.setitimer(signal.ITIMER_PROF, 30)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def builtin_text(name: str = "helios") -> str:
    return resources.files("rackbom.racks.data").joinpath(f"{name}.yaml").read_text()


HELIOS = yaml.safe_load(builtin_text())


def helios() -> dict[str, Any]:
    return copy.deepcopy(HELIOS)


def leaves(node: Any, path: tuple = ()) -> list[tuple]:
    """Paths to every scalar of a parsed document."""
    if isinstance(node, dict):
        return [p for k, v in node.items() for p in leaves(v, (*path, k))]
    if isinstance(node, list):
        return [p for i, v in enumerate(node) for p in leaves(v, (*path, i))]
    return [path]


def put(doc: dict[str, Any], path: tuple, value: Any) -> dict[str, Any]:
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return doc


def _value(doc: Any, path: tuple) -> Any:
    for key in path:
        doc = doc[key]
    return doc


NUMERIC_LEAVES = [p for p in leaves(HELIOS) if type(_value(HELIOS, p)) in (int, float)]
TEXT_LEAVES = [
    p
    for p in leaves(HELIOS)
    if isinstance(_value(HELIOS, p), str)
    and p[-1] in ("name", "label", "description", "notes")
    and p[0] != "racks"  # rack names are ids
]


def dump(doc: Any) -> str:
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)


def write(tmp_path: Path, doc: Any, name: str = "design.yaml") -> Path:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else dump(doc), encoding="utf-8")
    return path


def assert_one_line_error(result, *words: str) -> None:
    assert result.code == 2, (result.code, result.err[-500:])
    lines = result.err.splitlines()
    assert len(lines) == 1 and re.match(r"rackbom( \w+)?: error: ", lines[0]), result.err[-500:]
    assert "Traceback" not in result.err
    for word in words:
        assert word in lines[0], lines[0]


def run_bounded(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`rackbom ARGS` in a child limited to 500 MB of address space and 5 s."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))

    return subprocess.run(
        [sys.executable, "-m", "rackbom", *args],
        cwd=ROOT,
        preexec_fn=limit,
        capture_output=True,
        text=True,
        timeout=SECONDS * 3,  # the wall clock of a busy machine; CPU time is checked below
        check=False,
    )


# --- resource bounds -----------------------------------------------------------------------------
def _absurd(which: str) -> str:
    doc = helios()
    compute = doc["catalogue"]["trays"][0]
    frame = {
        "id": "tall",
        "name": "Tall",
        "unit_standard": "ocp",
        "unit_mm": 48,
        "height_units": 46,
        "width_mm": 600,
        "mounting_width_mm": 500,
        "source": "seed-002-helios",
    }
    if which == "qty":
        compute["parts"][0]["qty"] = 1_000_000_000
    elif which == "height_units":
        doc["catalogue"]["frames"] = [{**frame, "height_units": 1_000_000_000}]
        doc["racks"][0]["frame"] = "tall"
    elif which == "count":
        doc["racks"][0]["trays"][1]["count"] = 10_000_000
    elif which == "parts-within-line-bounds":
        compute["parts"][0]["qty"] = 1_000_000
    elif which == "host-links":
        compute["parts"][0]["qty"] = 20_000
        compute["parts"][1]["qty"] = 20_000
    elif which == "alias-bomb":
        big = "x" * (2**20 - 8000)
        text = dump(doc).replace("name: AMD Helios (MI450X, UALoE72)", f"name: &big {big}")
        return text + "extra: [" + ", ".join(["*big"] * 100) + "]\n"
    elif which == "billion-laughs":
        lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 9)]
        return dump(doc) + "\n".join(lines) + "\n"
    elif which == "long-label":
        compute["label"] = "W" * 100_000
    return dump(doc)


ABSURD = [
    ("qty", "show", "parts[0].qty"),
    ("height_units", "svg", "height_units"),
    ("count", "svg", "trays[1].count"),
    ("parts-within-line-bounds", "show", "part instances"),
    ("host-links", "show", "links"),
    ("alias-bomb", "svg", "aliases"),
    ("alias-bomb", "bom", "aliases"),
    ("billion-laughs", "show", "aliases"),
    ("long-label", "svg", "label"),
]


@pytest.mark.parametrize(
    ("which", "command", "word"), ABSURD, ids=[f"{a}-{b}" for a, b, _ in ABSURD]
)
def test_absurd_files_are_rejected_within_time_and_memory(tmp_path, which, command, word):
    path = write(tmp_path, _absurd(which))
    assert path.stat().st_size <= 2**20
    out = tmp_path / "out"
    args = {"show": [], "svg": ["-o", f"{out}.svg"], "bom": ["--csv", f"{out}.csv"]}[command]
    started = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    result = run_bounded(tmp_path, command, str(path), *args)
    used = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - started
    assert result.returncode == 2, result.stderr[-500:]
    assert len(result.stderr.splitlines()) == 1 and word in result.stderr, result.stderr[-500:]
    assert used < SECONDS
    assert sorted(p.name for p in tmp_path.iterdir()) == ["design.yaml"]


def test_text_fitting_is_linear():
    for length in (1_000, 100_000):
        started = time.process_time()
        text, _ = fit_text("Wide label " * (length // 11), 500, 30, bold=True)
        took = time.process_time() - started
        assert text.endswith("\u2026") and len(text) < 100
    assert took < 0.5


def helios_racks(count: int) -> dict[str, Any]:
    """Helios repeated `count` times in one design, each rack with its own fabric."""
    doc = helios()
    doc["racks"] = [{**doc["racks"][0], "name": f"r{i}"} for i in range(count)]
    doc["fabrics"] = [
        {**doc["fabrics"][0], "id": f"f{i}", "gpu_racks": [f"r{i}"], "switch_racks": [f"r{i}"]}
        for i in range(count)
    ]
    return doc


def test_a_hundred_thousand_gpu_cluster_is_within_the_bounds():
    import rackbom as rb

    cluster = rb.cluster("helios", gpus=100_000, profile="whitebox-th6")
    assert cluster.summary.gpus >= 100_000 and cluster.summary.racks == 1_389


def test_the_largest_design_runs_within_time_and_memory(tmp_path):
    file = write(tmp_path, helios_racks(RACKS_MAX))
    for args in (("show", str(file)), ("svg", str(file), "-o", str(tmp_path / "big.svg"))):
        started = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
        result = run_bounded(tmp_path, *args)
        assert result.returncode == 0, result.stderr[-500:]
        assert resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - started < SECONDS


def test_one_rack_more_is_a_cluster_not_a_design(cli, tmp_path):
    file = write(tmp_path, helios_racks(RACKS_MAX + 1))
    assert_one_line_error(cli("show", str(file)), "racks", f"at most {RACKS_MAX}")


# --- numbers -------------------------------------------------------------------------------------
HUGE = st.one_of(
    st.floats(min_value=1e12, max_value=1e308, allow_infinity=False, allow_nan=False),
    st.integers(min_value=10**13, max_value=10**400),
    st.sampled_from([math.inf, -math.inf, math.nan, -1e308, 1e308]),
)


@FAST
@given(path=st.sampled_from(NUMERIC_LEAVES), value=HUGE)
def test_huge_numbers_are_rejected_or_written_finite(cli, tmp_path_factory, path, value):
    file = write(tmp_path_factory.mktemp("huge"), put(helios(), path, value))
    result = cli("show", str(file), "--json")
    if result.code == 0:
        json.loads(result.out, parse_constant=lambda c: pytest.fail(f"{c} in JSON"))
    else:
        assert_one_line_error(result, str(file), str(path[-1]))


def test_a_five_thousand_digit_integer_is_one_line(cli, tmp_path):
    text = builtin_text().replace("lane_gbps: 200", "lane_gbps: " + "9" * 5000)
    assert_one_line_error(cli("show", str(write(tmp_path, text))), "line", "integer too long")


@pytest.mark.parametrize("width", ["1e308", "inf", "nan", "-1", "0", "1e6"])
def test_command_line_width_is_bounded(cli, tmp_path, width):
    out = tmp_path / "h.svg"
    assert_one_line_error(cli("svg", "helios", "-o", str(out), "--width", width), "width")
    assert not out.exists()


def test_frame_unit_height_is_bounded(cli, tmp_path):
    doc = helios()
    frame = {
        "id": "huge-units",
        "name": "Huge",
        "unit_standard": "ocp",
        "unit_mm": 1.0e308,
        "height_units": 46,
        "width_mm": 600,
        "mounting_width_mm": 500,
        "source": "seed-002-helios",
    }
    doc["catalogue"]["frames"] = [frame]
    doc["racks"][0]["frame"] = "huge-units"
    result = cli("svg", str(write(tmp_path, doc)), "-o", str(tmp_path / "x.svg"))
    assert_one_line_error(result, "frames[0](id=huge-units).unit_mm")


@pytest.mark.parametrize("bad", [float("inf"), float("nan")])
def test_writers_refuse_numbers_that_are_not_finite(bad):
    row = dict.fromkeys(tables.BOM_CSV_FIELDS, "x") | {"extended_usd": bad}
    with pytest.raises(InputError, match="finite"):
        tables.csv_value(row["extended_usd"], "extended_usd")
    with pytest.raises(InputError, match="finite"):
        tables.json_text({"power_w": bad})


# --- text ----------------------------------------------------------------------------------------
CONTROL = st.sampled_from(
    ["\x00", "\x01", "\x08", "\x0b", "\x0c", "\x1b", "\x7f", "\x85", "\ufffe", "\uffff"]
)


@FAST
@given(path=st.sampled_from(TEXT_LEAVES), bad=CONTROL, at=st.integers(0, 5))
def test_control_characters_in_text_are_rejected_naming_the_field(
    cli, tmp_path_factory, path, bad, at
):
    doc = helios()
    text = _value(doc, path)
    put(doc, path, text[:at] + bad + text[at:])
    assume(bad in _value(yaml.safe_load(dump(doc)), path))  # YAML folds some breaks away
    file = write(tmp_path_factory.mktemp("text"), doc)
    for command in ("show", "validate"):
        assert_one_line_error(cli(command, str(file)), str(file), str(path[-1]), "U+")


@FAST
@given(name=st.text(st.characters(codec="utf-8", categories=["Cc", "Cs", "Cn", "L", "Zs"])))
def test_every_written_output_parses(cli, tmp_path_factory, name):
    tmp_path = tmp_path_factory.mktemp("outputs")
    doc = helios()
    doc["catalogue"]["trays"][0]["name"] = name or "x"
    file = write(tmp_path, doc)
    out = tmp_path / "out"
    result = cli(
        "bom", str(file), "-o", f"{out}.xlsx", "--csv", f"{out}.csv", "--json", f"{out}.json"
    )
    svg = cli("svg", str(file), "-o", f"{out}.svg")
    if result.code != 0:
        assert_one_line_error(result, "name")
        assert_one_line_error(svg, "name")
        assert not list(tmp_path.glob("out*"))
        return
    assert svg.code == 0, svg.err
    ET.parse(f"{out}.svg")
    openpyxl.load_workbook(f"{out}.xlsx")
    json.loads(Path(f"{out}.json").read_text(encoding="utf-8"))
    with Path(f"{out}.csv").open(encoding="utf-8", newline="") as stream:
        assert list(csv.reader(stream))


def test_xml_writers_replace_what_xml_cannot_hold():
    from rackbom.components.outputs import xml_safe
    from rackbom.exports.workbook.cells import text

    hostile = "a\x00b\x1bc\ufffed\uffffe\ud800f\tg\nh"
    ET.fromstring(f"<t>{xml_safe(hostile)}</t>")
    assert text(hostile).value == "a\ufffdb\ufffdc\ufffdd\ufffde\ufffdf\tg\nh"


FORMULA = st.tuples(
    st.text(" \t\r\n", max_size=3), st.sampled_from("=+-@"), st.text(max_size=10)
).map("".join)


@FAST
@given(values=st.lists(st.one_of(FORMULA, st.text(max_size=12)), min_size=6, max_size=6))
def test_csv_text_never_reads_as_a_formula_or_a_new_row(monkeypatch, values):
    columns = ("tray", "description", "manufacturer", "part_number", "category", "rack")
    row = dict.fromkeys(tables.BOM_CSV_FIELDS, 1) | dict(zip(columns, values, strict=True))
    monkeypatch.setattr(tables, "bom_rows", lambda systems: [row, row])
    rows = list(csv.DictReader(io.StringIO(tables.bom_csv([]), newline="")))
    assert len(rows) == 2
    for column, value in zip(columns, values, strict=True):
        written = rows[0][column]
        assert written.lstrip()[:1] not in ("=", "+", "-", "@")
        assert written in (value, "'" + value)


# --- YAML ----------------------------------------------------------------------------------------
KEY_LINES = [
    i for i, line in enumerate(builtin_text().splitlines()) if re.match(r"^\s*[a-z_]+: \S", line)
]


@FAST
@given(index=st.sampled_from(KEY_LINES))
def test_a_duplicated_key_names_file_line_and_key(cli, tmp_path_factory, index):
    tmp_path = tmp_path_factory.mktemp("dup")
    lines = builtin_text().splitlines()
    key = lines[index].split(":")[0].strip()
    lines.insert(index + 1, lines[index])
    file = write(tmp_path, "\n".join(lines) + "\n")
    for command in ("show", "validate"):
        result = cli(command, str(file))
        assert_one_line_error(result, str(file), f"line {index + 2}", f"duplicate key '{key}'")


def test_two_parts_sections_in_a_catalogue_are_an_error(cli, tmp_path):
    file = write(tmp_path, "parts: []\nframes: []\nparts: []\n", "cat.yaml")
    for args in (["validate", str(file)], ["show", "helios", "--catalogue", str(file)]):
        assert_one_line_error(cli(*args), str(file), "line 3", "duplicate key 'parts'")


# --- output paths and messages -------------------------------------------------------------------
DESTINATIONS = st.sampled_from(["good", "missing-dir", "a-directory", "empty", "newline-dir"])


def _destination(tmp_path: Path, kind: str, name: str) -> str:
    return {
        "good": str(tmp_path / name),
        "missing-dir": str(tmp_path / "nodir" / name),
        "a-directory": str(tmp_path / "adir"),
        "empty": "",
        "newline-dir": str(tmp_path / "no\ndir" / name),
    }[kind]


@FAST
@given(kinds=st.tuples(DESTINATIONS, DESTINATIONS, DESTINATIONS))
def test_bom_writes_all_of_its_outputs_or_none(cli, tmp_path_factory, kinds):
    tmp_path = tmp_path_factory.mktemp("bom")
    (tmp_path / "adir").mkdir()
    names = ("book.xlsx", "bom.csv", "s.json")
    paths = [_destination(tmp_path, k, n) for k, n in zip(kinds, names, strict=True)]
    result = cli("bom", "helios", "-o", paths[0], "--csv", paths[1], "--json", paths[2])
    written = sorted(p.name for p in tmp_path.iterdir())
    if all(k == "good" for k in kinds):
        assert result.code == 0 and written == sorted([*names, "adir"])
        return
    assert_one_line_error(result)
    assert ".tmp" not in result.err
    assert written == ["adir"]
    assert list((tmp_path / "adir").iterdir()) == []


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["svg", "helios", "-o", "{tmp}/adir"], ["{tmp}/adir: is a directory"]),
        (["svg", "helios", "-o", ""], ["output file name is empty"]),
        (["bom", "helios", "--json", "{tmp}/adir"], ["{tmp}/adir: is a directory"]),
        (["svg", "helios", "-o", "{tmp}/no\ndir/o.svg"], ["no\\ndir"]),
        (["report", "helios", "-o", "{tmp}/file.txt"], ["file.txt: is not a directory"]),
    ],
)
def test_errors_name_the_users_path_on_one_line(cli, tmp_path, args, words):
    (tmp_path / "adir").mkdir()
    (tmp_path / "file.txt").write_text("keep")
    result = cli(*(a.replace("{tmp}", str(tmp_path)) for a in args))
    assert_one_line_error(result, *(w.replace("{tmp}", str(tmp_path)) for w in words))
    assert ".tmp" not in result.err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["adir", "file.txt"]
    assert list((tmp_path / "adir").iterdir()) == []


def test_a_failing_later_write_removes_the_earlier_outputs(tmp_path):
    def fail(path: Path) -> None:
        raise OSError(28, "No space left on device")

    first = tmp_path / "first.txt"
    with pytest.raises(OSError, match="No space") as caught:
        write_files([(first, lambda p: p.write_text("one")), (tmp_path / "second.txt", fail)])
    assert caught.value.filename == str(tmp_path / "second.txt")
    assert list(tmp_path.iterdir()) == []


def test_a_failing_report_leaves_no_folder(cli, tmp_path, monkeypatch):
    import rackbom.report_folder as report

    def fail(outputs):
        raise OSError(28, "No space left on device", str(outputs[-1][0]))

    monkeypatch.setattr(report, "write_files", fail)
    result = cli("report", "helios", "-o", str(tmp_path / "new" / "report"))
    assert_one_line_error(result, "No space left on device", "index.html")
    assert list(tmp_path.iterdir()) == []


# --- strict parsing, decided once -----------------------------------------------------------------
LAX = st.sampled_from([True, False, "2300", "1", "4.0", [], {}])


@FAST
@given(path=st.sampled_from(NUMERIC_LEAVES), value=LAX)
def test_numbers_are_strict_everywhere(cli, tmp_path_factory, path, value):
    tmp_path = tmp_path_factory.mktemp("strict")
    doc = put(helios(), path, value)
    file = write(tmp_path, doc)
    catalogue = write(tmp_path, {"trays": doc["catalogue"]["trays"]}, "cat.yaml")
    assert_one_line_error(cli("show", str(file)), str(file))
    assert_one_line_error(cli("validate", str(file)), str(file))
    if path[0] == "catalogue" and path[1] == "trays":
        result = cli("show", "gb200-nvl72", "--catalogue", str(catalogue))
        assert_one_line_error(result, str(catalogue), str(path[-1]))


@pytest.mark.parametrize("content", ["", "# nothing but a comment\n", "---\n"])
def test_an_empty_catalogue_file_is_the_same_error_everywhere(cli, tmp_path, content):
    file = write(tmp_path, content, "empty.yaml")
    errors = {
        cli("validate", str(file)).err,
        cli("show", "helios", "--catalogue", str(file)).err,
        cli("list", "parts", "--catalogue", str(file)).err,
    }
    assert errors == {f"rackbom: error: {file}: the file is empty\n"}


# --- a built-in limit passed by the user's design names the user's file ---------------------------
def _shelved(efficiency: float, gpus_per_tray: int) -> dict[str, Any]:
    """Helios with power shelves of its own at `efficiency` and `gpus_per_tray` GPUs a tray."""
    doc = helios()
    for rack in doc["racks"]:
        for placement in rack["trays"]:
            if placement["tray"] == "power-shelf-33kw-ocp":
                placement["tray"] = "own-shelf-tray"
    catalogue = doc["catalogue"]
    catalogue["trays"][0]["parts"][0]["qty"] = gpus_per_tray
    shelf = {"part": "own-shelf", "qty": 1, "face": "rear"}
    catalogue["trays"].append(
        {
            "id": "own-shelf-tray",
            "name": "Own shelf",
            "label": "Shelf",
            "role": "power",
            "unit_standard": "ocp",
            "height_units": 1,
            "source": "seed-002-helios",
            "parts": [shelf],
        }
    )
    catalogue.setdefault("parts", []).append(
        {
            "id": "own-shelf",
            "kind": "power_shelf",
            "name": "Own shelf",
            "manufacturer": "generic",
            "source": "seed-002-helios",
            "capacity_w": 33000,
            "psus": 6,
            "efficiency": efficiency,
            "price_usd": 12000,
            "weight_kg": 18,
        }
    )
    return doc


CLUSTER_OF = (
    "id: mine\nname: Mine\nsource: assume-cluster-sizing\ndesign: design.yaml\n"
    "size: {racks: 4}\nprofile: arista-th6\n"
)


@FAST
@given(
    efficiency=st.floats(1e-6, 1.0),
    gpus=st.sampled_from([1, 2, 4]),
    kind=st.sampled_from(["design", "cluster"]),
)
def test_a_built_in_limit_passed_names_the_users_file(tmp_path_factory, efficiency, gpus, kind):
    from rackbom.resolve import resolve

    tmp_path = tmp_path_factory.mktemp("limit")
    design = write(tmp_path, _shelved(efficiency, gpus))
    named = design if kind == "design" else write(tmp_path, CLUSTER_OF, "cluster.yaml")
    try:
        resolve(named).plant()
    except InputError as error:
        assert error.file == str(design) and error.field == "racks[0](name=helios)"
        limits = ("built-in plant profile liquid-hall-2026", "the default floor.hall_mw")
        assert any(limit in error.message for limit in limits), error.message
        assert f"efficiency {efficiency:.3g} of power shelves own-shelf" in error.message
        assert "\n" not in str(error) and "rackbom/" not in str(error)
    else:
        assert efficiency > 0.07  # one GPU a tray: 100 kW IT at peak passes 1.37 MW below 7.4 %


@pytest.mark.parametrize("command", ["show", "compare", "report", "svg"])
def test_a_tiny_shelf_efficiency_is_the_users_error_and_writes_nothing(cli, tmp_path, command):
    design = write(tmp_path, _shelved(0.001, 4))
    out = tmp_path / "out"
    extra = {"report": ["-o", str(out)], "svg": ["--view", "plant", "-o", f"{out}.svg"]}
    result = cli(command, str(design), *extra.get(command, []))
    assert_one_line_error(result, f"{design}: racks[0](name=helios): rack input 262,290.0 kW")
    assert "efficiency 0.001 of power shelves own-shelf" in result.err
    assert "busway-2500a-415v, built-in plant profile liquid-hall-2026" in result.err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["design.yaml"]


def test_a_users_plant_limit_names_both_inputs(cli, tmp_path):
    rules = yaml.safe_load(
        resources.files("rackbom.components.data").joinpath("plant_profiles.yaml").read_text()
    )
    (profile,) = [p for p in rules["plant_profiles"] if p["id"] == "liquid-hall-2026"]
    profile["continuous_load_fraction"] = 0.01
    plant = write(tmp_path, {**rules, "plant_profiles": [profile]}, "plant.yaml")
    result = cli("show", "helios", "--plant", str(plant))
    words = ["built-in design helios: racks[0](name=helios)", f"{plant}: plant_profiles.row_busway"]
    assert_one_line_error(result, *words)


def test_an_interrupt_at_any_line_of_a_write_leaves_no_temporary_file(tmp_path):
    """A signal (SIGTERM, Ctrl-C) may land between any two lines: the write is all or none."""
    from rackbom.components import atomic

    def interrupted_at(line: int, folder: Path) -> bool:
        seen = 0

        def tracer(frame, event, arg):
            def each_line(frame, event, arg):
                nonlocal seen
                seen += event == "line"
                if seen == line:
                    raise KeyboardInterrupt
                return each_line

            return each_line if frame.f_code.co_filename == atomic.__file__ else None

        outputs = [
            (folder / "new.txt", lambda p: p.write_text("new")),
            (folder / "old.txt", lambda p: p.write_text("replaced")),
        ]
        sys.settrace(tracer)
        try:
            write_files(outputs)
        except KeyboardInterrupt:
            return True
        finally:
            sys.settrace(None)
        return False

    for line in range(1, 1000):
        folder = tmp_path / str(line)
        folder.mkdir()
        (folder / "old.txt").write_text("old")
        interrupted = interrupted_at(line, folder)
        names = sorted(p.name for p in folder.iterdir())
        if not interrupted:
            assert names == ["new.txt", "old.txt"]
            assert line > 20, "the trace saw too few lines to cover the write"
            return
        assert names in (["old.txt"], ["new.txt", "old.txt"]), (line, names)
        if "new.txt" in names:  # interrupted only once every output was in place
            assert (folder / "new.txt").read_text() == "new"
            assert (folder / "old.txt").read_text() == "replaced"
        else:
            assert (folder / "old.txt").read_text() in ("old", "replaced")
    raise AssertionError("the write never completed")
