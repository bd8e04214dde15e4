"""Every golden elevation rendered by headless Chromium: not blank, racks at their proportions."""

from __future__ import annotations

from pathlib import Path

import pytest

import rackbom as rb
from browser import Image, screenshot
from conftest import GOLDEN, require_client
from rackbom.layouts.elevation import FRAME_FILL, PORT_UNUSED, PORT_USED, ROLE_FILL
from test_svg import GOLDEN_VIEWS

pytestmark = pytest.mark.client

RENDER_WIDTH_PX = 640
FILL_RUN_PX = 5
PAGE = (
    '<!DOCTYPE html><html><body style="margin:0;background:#ffffff">'
    '<img src="{src}" width="{w}" height="{h}" style="display:block"></body></html>'
)


def hex_rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def screenshot_svg(chromium: str, svg: Path, width: int, height: int, tmp: Path) -> Image:
    page = tmp / "page.html"
    page.write_text(PAGE.format(src=svg.as_uri(), w=width, h=height), encoding="utf-8")
    return screenshot(chromium, page, width, height, tmp)


@pytest.mark.parametrize(("design_id", "face"), GOLDEN_VIEWS)
def test_chromium_draws_the_racks_at_their_proportions(design_id, face, tmp_path):
    chromium = require_client("chromium")
    svg = GOLDEN / "svg" / f"{design_id}-{face}.svg"
    geometry = rb.load(design_id).elevation(face).geometry
    scale = RENDER_WIDTH_PX / geometry.width
    height = round(geometry.height * scale)
    image = screenshot_svg(chromium, svg, RENDER_WIDTH_PX, height, tmp_path)
    assert (image.width, image.height) == (RENDER_WIDTH_PX, height)

    step = 4
    samples = [image.rgb(x, y) for y in range(0, height, step) for x in range(0, image.width, step)]
    white = sum(1 for s in samples if s == (255, 255, 255))
    assert white < 0.8 * len(samples), "the page is (nearly) blank"
    assert len(set(samples)) > 20, "too few colours for a drawing"

    frames = image.where(hex_rgb(FRAME_FILL), run=FILL_RUN_PX)
    assert frames is not None, "no rack frame on the page"
    left, top, right, bottom = frames
    expected = geometry.frames_box
    drawn_ratio = (right - left + 1) / (bottom - top + 1)
    assert drawn_ratio == pytest.approx(expected.width / expected.height, rel=0.02)
    assert left == pytest.approx(expected.x * scale, abs=2)
    assert top == pytest.approx(expected.y * scale, abs=2)

    roles = {t.tray.role for t in rb.load(design_id).built.placed}
    if face == "front":
        for role in roles:
            assert image.where(hex_rgb(ROLE_FILL[role])) is not None, f"no {role} tray drawn"
    if face == "front" and design_id == "helios":
        assert image.where(hex_rgb(PORT_USED)) is not None
        assert image.where(hex_rgb(PORT_UNUSED)) is not None


def test_chromium_draws_a_1400_rack_floor_plan(tmp_path):
    from rackbom.layouts.cluster_svg import CORE_FILL, NET_FILL, RACK_FILL

    chromium = require_client("chromium")
    # in one building: a cluster over several is drawn as a campus of buildings, not racks
    big = rb.load_cluster("helios-16k").with_(gpus=100_000, building_mw=400)
    svg = big.floor_plan().save(tmp_path / "big.svg")
    image = screenshot_svg(chromium, svg, 1100, 1300, tmp_path)
    for fill in (RACK_FILL, NET_FILL, CORE_FILL):
        assert image.where(hex_rgb(fill), run=FILL_RUN_PX) is not None, fill


def test_chromium_draws_a_million_gpu_campus(tmp_path):
    from rackbom.layouts.campus_svg import BUILDING_FILL
    from rackbom.layouts.cluster_svg import CORE_FILL, RACK_FILL

    chromium = require_client("chromium")
    svg = rb.load_cluster("helios-1m").floor_plan().save(tmp_path / "campus.svg")
    image = screenshot_svg(chromium, svg, 1100, 1300, tmp_path)
    for fill in (BUILDING_FILL, RACK_FILL, CORE_FILL):
        assert image.where(hex_rgb(fill), run=FILL_RUN_PX) is not None, fill
