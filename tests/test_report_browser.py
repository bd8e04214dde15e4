"""The report page in headless Chromium: no console errors, every elevation shown and legible,
one column per design."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_report import COLLECTIVE_CHARTS, TCO_CHARTS

from browser import console_messages, run_chromium, screenshot
from conftest import CLUSTERS, DESIGNS, require_client

pytestmark = pytest.mark.client

# Appended to a copy of the page: measures what the browser laid out and writes it into the DOM.
PROBE = """<script>
const svgs = [...document.querySelectorAll("svg")].map(s => {
  const r = s.getBoundingClientRect(); return [r.width, r.height]; });
const first = document.querySelector("table.comparison:not(.clusters)");
const heads = [...(first ? first.querySelectorAll("thead th") : [])].map(t => t.textContent);
const out = document.createElement("pre"); out.id = "probe";
out.textContent = JSON.stringify({svgs, heads});
document.body.appendChild(out);
</script>"""


# Measures every drawn label's rendered height, smallest first.
LABEL_PROBE = """<script>
const labels = [...document.querySelectorAll("svg text")].map(t => {
  const r = t.getBoundingClientRect();
  return [r.height, t.textContent, t.closest("section").id];
}).sort((a, b) => a[0] - b[0]);
const out = document.createElement("pre"); out.id = "probe";
out.textContent = JSON.stringify({labels, width: document.documentElement.clientWidth});
document.body.appendChild(out);
</script>"""
LEGIBLE_PX = 8
WINDOW = (1280, 1800)


def probe_page(chromium: str, report: Path, script: str, tmp: Path, *args: str) -> dict:
    """What a script appended to a copy of the page found, read back from the DOM."""
    page = (report / "index.html").read_text()
    probe = report / "probe.html"
    probe.write_text(page.replace("</body>", script + "</body>"))
    try:
        dom = run_chromium(chromium, [*args, "--dump-dom", probe.as_uri()], tmp).stdout
    finally:
        probe.unlink()
    return json.loads(re.search(r'<pre id="probe">(.*?)</pre>', dom, re.S).group(1))


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from rackbom.cli import main

    out = tmp_path_factory.mktemp("report")
    assert main(["report", "-o", str(out)]) == 0
    return out


def test_page_loads_without_console_messages(report: Path, tmp_path: Path) -> None:
    chromium = require_client("chromium")
    done = run_chromium(chromium, ["--dump-dom", (report / "index.html").as_uri()], tmp_path)
    assert "Rack comparison" in done.stdout
    assert console_messages(done.stderr) == []


def test_every_elevation_is_displayed_and_each_design_has_a_column(
    report: Path, tmp_path: Path
) -> None:
    chromium = require_client("chromium")
    found = probe_page(chromium, report, PROBE, tmp_path)
    # cost, collective and goodput charts for the designs and for the clusters, the uncertainty
    # of the first two designs and of the first two clusters; a plant drawing each
    charts = 2 * len(TCO_CHARTS) + 2 * len(COLLECTIVE_CHARTS) + 2 + 2
    plants = len(DESIGNS) + len(CLUSTERS)
    assert len(found["svgs"]) == len(DESIGNS) + 2 * len(CLUSTERS) + charts + plants
    assert all(w > 100 and h > 100 for w, h in found["svgs"]), found["svgs"]
    assert found["heads"] == ["Figure", *DESIGNS]


def test_screenshot_is_not_blank(report: Path, tmp_path: Path) -> None:
    chromium = require_client("chromium")
    image = screenshot(chromium, report / "index.html", 1280, 6000, tmp_path)  # table and racks
    samples = [image.rgb(x, y) for y in range(0, image.height, 8) for x in range(0, image.width, 8)]
    assert sum(s == (255, 255, 255) for s in samples) < 0.9 * len(samples)
    assert len(set(samples)) > 20


def test_every_drawn_label_is_legible_in_a_1280_px_window(report: Path, tmp_path: Path) -> None:
    chromium = require_client("chromium")
    size = f"--window-size={WINDOW[0]},{WINDOW[1]}"
    found = probe_page(chromium, report, LABEL_PROBE, tmp_path, size)
    assert found["width"] == WINDOW[0]
    labels = found["labels"]
    sections = {f"design-{d}" for d in DESIGNS} | {f"cluster-{c}" for c in CLUSTERS}
    sections |= {"tco-designs", "tco-clusters", "collectives-designs", "collectives-clusters"}
    sections |= {"goodput-designs", "goodput-clusters"}
    sections |= {"uncertainty-1", "uncertainty-2"}  # the first two designs, the first two clusters
    sections |= {f"plant-{s}" for s in (*DESIGNS, *CLUSTERS)}
    assert {section for _, _, section in labels} == sections
    assert labels[0][0] >= LEGIBLE_PX, labels[:5]  # a pod side by side drew them 4 px high


# Measures the cost charts: their size and every bar name's box, per section.
CHART_PROBE = """<script>
const charts = [...document.querySelectorAll("section.tco")].map(s => [s.id,
  [...s.querySelectorAll("div.chart > svg")].map(svg => {
    const r = svg.getBoundingClientRect();
    const texts = [...svg.querySelectorAll("text")].map(t => t.getBoundingClientRect().height);
    return [r.width, r.height, Math.min(...texts), texts.length]; })]);
const out = document.createElement("pre"); out.id = "probe";
out.textContent = JSON.stringify({charts});
document.body.appendChild(out);
</script>"""


def test_cost_charts_are_drawn_large_and_legible(report: Path, tmp_path: Path) -> None:
    chromium = require_client("chromium")
    size = f"--window-size={WINDOW[0]},{WINDOW[1]}"
    found = dict(probe_page(chromium, report, CHART_PROBE, tmp_path, size)["charts"])
    assert set(found) == {"tco-designs", "tco-clusters"}
    for section, charts in found.items():
        assert len(charts) == len(TCO_CHARTS), section
        for width, height, smallest, labels in charts:
            assert width >= 800 and height >= 300, (section, width, height)
            assert smallest >= LEGIBLE_PX and labels > 10, (section, smallest, labels)
