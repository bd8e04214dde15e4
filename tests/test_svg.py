"""Rack elevation SVGs: golden files, positions against the design, port bars, escaping, CLI."""

from __future__ import annotations

import json
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from svgwrite.validator2 import get_validator
from test_workbook import write_overloaded_helios

import rackbom as rb
from conftest import DESIGNS, GOLDEN, check_golden
from rackbom.layouts.document import FONT_FAMILY
from rackbom.layouts.elevation import Elevation, xml_id
from rackbom.layouts.geometry import Box, text_width, tray_box

SVG_NS = "{http://www.w3.org/2000/svg}"
XLINK_NS = "{http://www.w3.org/1999/xlink}"
GOLDEN_VIEWS = [(d, "front") for d in DESIGNS] + [
    ("helios", "rear"),
    ("gb200-nvl72", "rear"),
]
SCRIPT_NAME = "<script>alert(1)</script>"
QUOTES_LABEL = "\"&'"

HOSTILE_DESIGN = f"""
id: hostile-names
name: {json.dumps("Lab <b>rack</b> & co")}
source: lab-source
power_model: liquid-2026
racks:
  - name: lab
    frame: eia-42u
    trays:
      - {{tray: lab-tray, position: 3, count: 2}}
catalogue:
  sources:
    - id: lab-source
      kind: assumption
      cite: a lab rack
  trays:
    - id: lab-tray
      name: {json.dumps(SCRIPT_NAME)}
      label: {json.dumps(QUOTES_LABEL)}
      role: management
      unit_standard: eia
      height_units: 1
      source: lab-source
      parts:
        - {{part: mgmt-switch-48x1g, qty: 1}}
"""


@pytest.fixture(scope="module")
def designs() -> dict[str, rb.Design]:
    return {d: rb.load(d) for d in DESIGNS}


def svg_of(design: rb.Design, face: str = "front") -> ET.Element:
    return ET.fromstring(design.elevation(face).to_string().encode())


def by_id(root: ET.Element, element_id: str) -> ET.Element:
    found = root.find(f".//*[@id='{element_id}']")
    assert found is not None, f"no element with id {element_id}"
    return found


def child(element: ET.Element, tag: str) -> ET.Element:
    found = element.find(f"{SVG_NS}{tag}")
    assert found is not None, f"no <{tag}> in {element.get('id')}"
    return found


def number(element: ET.Element, attribute: str) -> float:
    return float(element.get(attribute, "nan"))


def rack_body(root: ET.Element, rack: str) -> tuple[ET.Element, str, float, float]:
    """Where a rack's units, trays and port bars are drawn: its own group, or the group of the
    first rack drawn alike that its `<use>` places; with that rack's name and the offset."""
    group = by_id(root, xml_id("rack", rack))
    use = group.find(f"{SVG_NS}use")
    if use is None:
        return group, rack, 0.0, 0.0
    href = use.get(f"{XLINK_NS}href", "")
    body = by_id(root, href.removeprefix("#"))
    first = href.removeprefix("#rack-").removesuffix("-body")
    return body, first, number(use, "x"), number(use, "y")


# --- golden files and the quality of the markup ---------------------------------------------
@pytest.mark.parametrize(("design_id", "face"), GOLDEN_VIEWS)
def test_matches_golden(design_id, face, designs, request):
    text = designs[design_id].elevation(face).to_string()
    assert text == rb.load(design_id).elevation(face).to_string(), "output is not deterministic"
    check_golden(f"svg/{design_id}-{face}.svg", text, request)


@pytest.mark.parametrize(("design_id", "face"), GOLDEN_VIEWS)
def test_golden_is_plain_valid_svg_11(design_id, face):
    root = ET.parse(GOLDEN / "svg" / f"{design_id}-{face}.svg").getroot()
    assert root.tag == f"{SVG_NS}svg"
    assert root.get("version") == "1.1"
    assert root.get("font-family") == FONT_FAMILY and FONT_FAMILY.endswith(", sans-serif")
    assert len(root.get("viewBox", "").split()) == 4
    validator = get_validator("full", debug=True)
    for element in root.iter():
        name = element.tag.removeprefix(SVG_NS)
        assert name not in ("script", "foreignObject", "image", "a", "style")
        if name == "use":  # a rack drawn like an earlier one places that drawing
            assert element.get(f"{XLINK_NS}href", "").startswith("#rack-")
        attributes = {k: v for k, v in element.attrib.items() if not k.startswith("{")}
        validator.check_all_svg_attribute_values(name, attributes)
        for sub in element:
            validator.check_valid_children(name, sub.tag.removeprefix(SVG_NS))
        links = [k for k in element.attrib if k.startswith(XLINK_NS)]
        assert links in ([], [f"{XLINK_NS}href"] if name == "use" else []), "external reference"
        assert not any(k.startswith("on") for k in element.attrib), "event handler"
        assert "url(" not in " ".join(element.attrib.values())


# --- the drawing against the design ----------------------------------------------------------
@pytest.mark.parametrize("design_id", DESIGNS)
def test_every_tray_is_drawn_at_its_units(design_id, designs):
    design = designs[design_id]
    root = svg_of(design)
    for rack in design.built.racks:
        frame = rack.frame
        opening = by_id(root, xml_id("rack", rack.name, "opening"))
        top = number(opening, "y")
        assert number(opening, "height") == pytest.approx(frame.height_units * frame.unit_mm)
        assert number(opening, "width") == pytest.approx(frame.mounting_width_mm)
        box = Box(number(opening, "x"), top, number(opening, "width"), number(opening, "height"))
        body, drawn_as, dx, dy = rack_body(root, rack.name)
        for placed in rack.trays:
            tray = by_id(body, xml_id("tray", f"{drawn_as}/{placed.label}"))
            rect = child(tray, "rect")
            y = number(rect, "y") + dy
            assert number(rect, "x") + dx == pytest.approx(box.x, abs=0.01), placed.key
            # unit N's top edge lies (height_units - N) units below the top of the opening
            expected_y = top + (frame.height_units - placed.top) * frame.unit_mm
            assert y == pytest.approx(expected_y, abs=0.01), placed.key
            assert number(rect, "height") == pytest.approx(
                placed.tray.height_units * frame.unit_mm, abs=0.01
            )
            assert y == pytest.approx(tray_box(box, rack, placed).y, abs=0.01)


def test_unit_two_ou_node_sits_at_units_5_and_6(designs):
    root = svg_of(designs["mi355x-128"])
    opening = by_id(root, "rack-mi355x-opening")
    rect = child(by_id(root, xml_id("tray", "mi355x/OU5")), "rect")
    assert number(rect, "y") == pytest.approx(number(opening, "y") + (44 - 6) * 48)
    assert number(rect, "height") == 96


def test_frames_at_true_proportions(designs):
    widths = {}
    for design_id in ("helios", "gb200-nvl72", "mi355x-128"):
        design = designs[design_id]
        rack = design.built.racks[0]
        frame = by_id(svg_of(design), xml_id("rack", rack.name, "frame"))
        widths[design_id] = number(frame, "width")
        units = rack.frame.height_units * rack.frame.unit_mm
        assert number(frame, "height") - units == pytest.approx(60)  # top and bottom members
    assert widths == {"helios": 1200, "gb200-nvl72": 600, "mi355x-128": 600}


@pytest.mark.parametrize("design_id", DESIGNS)
def test_units_numbered_and_empty_units_visible(design_id, designs):
    design = designs[design_id]
    root = svg_of(design)
    for rack, space in zip(design.built.racks, design.analysis.space, strict=True):
        body, drawn_as, _, _ = rack_body(root, rack.name)
        numbers = by_id(body, xml_id("rack", drawn_as, "units"))
        labels = [t.text for t in numbers.iter(f"{SVG_NS}text")]
        assert labels[0] == rack.frame.unit_name
        assert labels[1:] == [str(u) for u in range(rack.frame.height_units, 0, -1)]
        empty = by_id(body, xml_id("rack", drawn_as, "empty"))
        assert len(empty.findall(f"{SVG_NS}rect")) == space.units_free


def port_bars(root: ET.Element) -> list[tuple[str, float, float]]:
    """(caption, used width, total width) of every port bar; a caption its tray's bars share
    counts for each of them."""
    bars = []
    for parent in root.iter(f"{SVG_NS}g"):
        shared = next((t.text or "" for t in parent if t.get("class") == "port-caption"), None)
        for group in parent:
            if group.get("class") == "port-bar":
                total, used = group.findall(f"{SVG_NS}rect")
                own = group.find(f"{SVG_NS}text")
                caption = own.text or "" if own is not None else shared
                assert caption is not None, group.get("id")
                bars.append((caption, number(used, "width"), number(total, "width")))
    return bars


def test_helios_port_bars_show_432_of_512_ports_used_80_unused_per_tomahawk(designs):
    root = svg_of(designs["helios"])
    bars = port_bars(root)
    assert len(bars) == 12
    for caption, used, total in bars:
        assert caption == "432 of 512 ports used \u00b7 80 unused"
        assert used / total == pytest.approx(432 / 512, abs=1e-3)
    tooltip = child(by_id(root, xml_id("ports", "helios/OU14", "1")), "title").text or ""
    assert "432 of 512 ports used, 80 unused" in tooltip


def test_nvl72_port_bars_are_full_and_say_so_in_words(designs):
    root = svg_of(designs["gb200-nvl72"])
    bars = port_bars(root)
    assert len(bars) == 18
    for caption, used, total in bars:
        assert caption == "72 of 72 ports used"
        assert used == total
    shared = by_id(root, xml_id("ports", "nvl72/U13", "caption"))
    assert float(shared.get("font-size", "0")) >= 16  # the size of the other labels


def test_port_bars_follow_a_variant(designs):
    variant = designs["helios"].with_(switch="switch-86t-200g")
    chips = [c for t in variant.analysis.ports for c in t.chips]
    bars = port_bars(svg_of(variant))
    assert len(bars) == len(chips)
    for (caption, used, total), chip in zip(bars, chips, strict=True):
        assert caption.startswith(f"{chip.ports_used:,} ")
        assert used / total == pytest.approx(chip.ports_used / chip.ports_total, abs=1e-3)


def test_compute_trays_labelled_with_counts_and_tooltips(designs):
    root = svg_of(designs["helios"])
    tray = by_id(root, xml_id("tray", "helios/OU5"))
    assert child(tray, "text").text == "Compute \u00b7 4 \u00d7 MI450X \u00b7 1 \u00d7 Venice"
    tooltip = child(tray, "title").text or ""
    assert "4 \u00d7 AMD Instinct MI450X" in tooltip
    assert "Price: $210,000" in tooltip
    power = next(
        t for r in designs["helios"].analysis.power for t in r.trays if t.tray == "helios/OU5"
    )
    assert f"Power: {power.it_w:,.0f} W" in tooltip


def test_title_block_figures(designs):
    root = svg_of(designs["helios"])
    texts = [t.text for t in by_id(root, "title-block").iter(f"{SVG_NS}text")]
    for expected in ("72", "72 GPUs", "$4,364,853", "960 of 6,144 (15.6%)"):
        assert expected in texts
    assert any(t.startswith("240.1 kW") for t in texts)
    legend = [t.text for t in by_id(root, "legend").iter(f"{SVG_NS}text")]
    assert "Switch ports per chip: used / unused" in legend and "Compute tray" in legend
    assert not root.findall(".//*[@id='warnings']")  # none for helios


def test_title_block_marks_figures_on_an_assumed_switch_chip():
    """As the text table does: the switch-port row marked `*`, and a note saying why."""
    design = rb.load("mi500-ual256")
    texts = [t.text or "" for t in by_id(svg_of(design), "title-block").iter(f"{SVG_NS}text")]
    marked = [t for t in texts if t.endswith("%)*")]
    assert len(marked) == 1 and marked[0].startswith("0 of ")
    note = " ".join(t for t in texts if not t.endswith("*")).split("* mi500-ual256: ")[1]
    assert note.startswith("the unused switch ports rest on an assumed switch chip")
    helios = [t.text or "" for t in by_id(svg_of(rb.load("helios")), "title-block").iter()]
    assert not any("*" in t for t in helios)


def test_title_block_shows_warnings(tmp_path):
    overloaded = rb.load(write_overloaded_helios(tmp_path))
    root = svg_of(overloaded)
    warnings = [t.text or "" for t in by_id(root, "warnings").iter(f"{SVG_NS}text")]
    assert warnings[0] == "Warnings"
    assert " ".join(warnings[1:]) == " ".join(overloaded.summary.warnings)
    assert "exceeds its power shelves" in " ".join(warnings[1:3])
    block = by_id(root, "title-block").find(f"{SVG_NS}rect")
    right = number(block, "x") + number(block, "width")
    for text in by_id(root, "warnings").iter(f"{SVG_NS}text"):
        assert number(text, "y") < number(block, "y") + number(block, "height")
        estimate = text_width(text.text or "", number(text, "font-size"))
        assert number(text, "x") + estimate <= right


def test_pod_racks_side_by_side_with_one_title_block(designs):
    design = designs["mi500-ual256"]
    root = svg_of(design)
    frames = [by_id(root, xml_id("rack", r.name, "frame")) for r in design.built.racks]
    xs = [number(f, "x") for f in frames]
    assert [r.name for r in design.built.racks] == ["compute-a", "switch", "compute-b"]
    assert xs == sorted(xs) and xs[1] - xs[0] > 1200
    bottoms = {number(f, "y") + number(f, "height") for f in frames}
    assert len(bottoms) == 1
    assert len(root.findall(".//*[@id='title-block']")) == 1
    assert number(by_id(root, "title-block").find(f"{SVG_NS}rect"), "x") > xs[-1] + 1200
    assert len(port_bars(root)) == 36


def test_pod_one_rack_per_row(designs):
    design = designs["mi500-ual256"]
    drawing = Elevation(design.analysis, racks_per_row=1)
    root = ET.fromstring(drawing.to_string().encode())
    frames = [by_id(root, xml_id("rack", r.name, "frame")) for r in design.built.racks]
    assert len({number(f, "x") for f in frames}) == 1
    tops = [number(f, "y") for f in frames]
    assert tops == sorted(tops) and tops[1] - tops[0] > number(frames[0], "height")
    side_by_side = designs["mi500-ual256"].elevation().geometry
    assert drawing.geometry.width < side_by_side.width / 2
    assert "3 racks, one per row" in (by_id(root, "header")[1].text or "")
    with pytest.raises(rb.InputError, match="racks per row"):
        Elevation(design.analysis, racks_per_row=0)


def test_rear_view_shows_rear_facing_parts(designs):
    root = svg_of(designs["helios"], "rear")
    label = child(by_id(root, xml_id("tray", "helios/OU5")), "text").text
    assert label == "12 \u00d7 Pensando Vulcano 800G"
    switch = child(by_id(root, xml_id("tray", "helios/OU14")), "text").text
    assert switch == "4 \u00d7 UALoE backplane connector"
    power = child(by_id(root, xml_id("tray", "helios/OU1")), "text").text
    assert power == "1 \u00d7 ORV3 HPR power shelf 33 kW"
    assert port_bars(root) == []
    mgmt = child(by_id(root, xml_id("tray", "helios/OU34")), "rect")
    assert mgmt.get("fill") == "#ececec"  # nothing of it is reached from the rear


# --- escaping ---------------------------------------------------------------------------------
@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    path = tmp_path / "hostile.yaml"
    path.write_text(HOSTILE_DESIGN, encoding="utf-8")
    return path


def test_names_are_escaped_as_text(hostile):
    text = rb.load(hostile).elevation().to_string()
    root = ET.fromstring(text.encode())
    assert not [e for e in root.iter() if e.tag.removeprefix(SVG_NS) == "script"]
    assert "<script>" not in text and "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    labels = [child(g, "text").text for g in root.iter(f"{SVG_NS}g") if g.get("class") == "tray"]
    assert labels == [QUOTES_LABEL, QUOTES_LABEL]
    titles = [
        child(g, "title").text or "" for g in root.iter(f"{SVG_NS}g") if g.get("class") == "tray"
    ]
    assert all(t.startswith(SCRIPT_NAME + "\n") for t in titles)
    header = [t.text for t in by_id(root, "header").iter(f"{SVG_NS}text")]
    assert header[0] == "Lab <b>rack</b> & co"


def test_rear_view_of_a_design_without_rear_parts_is_bad_input(hostile):
    with pytest.raises(rb.InputError, match="no rear-facing parts"):
        rb.load(hostile).elevation("rear")


# --- Python interface -------------------------------------------------------------------------
def test_python_interface(designs, tmp_path):
    design = designs["helios"]
    drawing = design.elevation()
    assert isinstance(drawing, Elevation)
    assert design._repr_svg_() == drawing._repr_svg_() == drawing.to_string()
    path = drawing.save(tmp_path / "h.svg")
    assert path.read_text(encoding="utf-8") == drawing.to_string()
    assert list(tmp_path.iterdir()) == [path]
    sized = ET.fromstring(design.elevation(width=800).to_string().encode())
    geometry = drawing.geometry
    assert sized.get("width") == "800"
    assert float(sized.get("height", "0")) == pytest.approx(
        800 * geometry.height / geometry.width, abs=0.01
    )
    assert sized.get("viewBox") == f"0 0 {geometry.width:g} {geometry.height:g}"
    fluid = drawing._repr_html_()
    assert fluid.startswith('<svg style="width:100%;height:auto" ')
    assert "viewBox=" in fluid and "<?xml" not in fluid
    with pytest.raises(rb.InputError, match="face"):
        design.elevation("side")
    for width in (0, -1, float("inf"), float("nan")):
        with pytest.raises(rb.InputError, match="width"):
            design.elevation(width=width)


# --- command line -----------------------------------------------------------------------------
def test_cli_writes_the_svg(cli, tmp_path, designs):
    out = tmp_path / "h.svg"
    result = cli("svg", "helios", "-o", str(out))
    assert result.code == 0, result.err
    assert out.read_text(encoding="utf-8") == designs["helios"].elevation().to_string()
    result = cli("svg", "helios", "-o", str(out), "--face", "rear", "--width", "640")
    assert result.code == 0, result.err
    root = ET.parse(out).getroot()
    assert root.get("width") == "640"
    assert "Rear elevation" in (by_id(root, "header")[1].text or "")


@pytest.mark.parametrize(
    "args",
    [
        ("no-such-design",),
        ("helios", "--width", "-5"),
        ("helios", "--face", "side"),
        ("{hostile}", "--face", "rear"),
    ],
)
def test_cli_bad_input_leaves_nothing(cli, tmp_path, hostile, args):
    args = tuple(a.format(hostile=hostile) for a in args)
    fresh = tmp_path / "new.svg"
    result = cli("svg", *args, "-o", str(fresh))
    assert result.code == 2
    assert result.out == "" and len(result.err.strip().splitlines()) == 1
    assert not fresh.exists()
    kept = tmp_path / "kept.svg"
    kept.write_text("previous drawing", encoding="utf-8")
    assert cli("svg", *args, "-o", str(kept)).code == 2
    assert kept.read_text(encoding="utf-8") == "previous drawing"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hostile.yaml", "kept.svg"]


def test_cli_missing_directory_is_bad_input(cli, tmp_path):
    result = cli("svg", "helios", "-o", str(tmp_path / "missing" / "h.svg"))
    assert result.code == 2 and "no such directory" in result.err


def test_pod_rear_view_is_seen_from_behind(designs):
    design = designs["mi500-ual256"]
    root = svg_of(design, "rear")
    xs = [number(by_id(root, xml_id("rack", r.name, "frame")), "x") for r in design.built.racks]
    assert xs[2] < xs[1] < xs[0]
    footer = [t.text for t in by_id(root, "rack-compute-b").iter(f"{SVG_NS}text")][-1]
    assert footer is not None and footer.startswith("128 GPUs")


@pytest.mark.parametrize("design_id", DESIGNS)
def test_no_negative_or_non_finite_sizes(design_id):
    text = rb.load(design_id).elevation().to_string()
    for name, value in re.findall(r'\b(width|height|x|y|font-size)="([^"]*)"', text):
        number = float(value.removesuffix("px").removesuffix("%"))
        assert math.isfinite(number), (name, value)
        if name in ("width", "height", "font-size"):
            assert number >= 0, (design_id, name, value)
