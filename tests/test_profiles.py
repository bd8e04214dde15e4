"""Every output of a command is worked out under the profiles the command was given.

Each command that takes `--tco` or `--plant` runs with a profile that is not the default, and
every output it writes (text, JSON, workbook cells, HTML, drawings) is held to the profile's own
figures from the Python API.
"""

from __future__ import annotations

import html
import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml
from openpyxl import load_workbook

from rackbom.collective_api import workload_steps
from rackbom.components.parameters import owned_by
from rackbom.components.tco_library import profile
from rackbom.exports.figures.plant_figures import PLANT_FIGURES
from rackbom.exports.figures.tco_figures import TCO_FIGURES
from rackbom.racks.costs.results import TcoResult
from rackbom.racks.plant.plan import PlantSummary
from rackbom.resolve import resolve

TCO = "neocloud-colo"
TCO_ROW = next(f for f in TCO_FIGURES if f.field == "tco_usd_per_gpu_hour")
PEAK_ROW = next(f for f in PLANT_FIGURES if f.field == "power_peak_w")
DESIGN, CLUSTER = "helios", "mi355x-server-8k"


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A plant profile unlike the built-in one: a larger transient and a narrower rise."""
    text = resources.files("rackbom.components.data").joinpath("plant_profiles.yaml").read_text()
    data = yaml.safe_load(text)
    data["plant_profiles"][0].update(id="hot-hall", transient_factor=1.6, delta_t_k=7)
    path = tmp_path_factory.mktemp("plant") / "hot-hall.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


def owned(target: str) -> TcoResult:
    """The chosen profile's cost of ownership, from the Python API."""
    return resolve(target).tco(TCO)


def planted(target: str, hall: Path) -> PlantSummary:
    """The chosen plant profile's plant, from the Python API."""
    return resolve(target).plant(hall)


def check_json(data: dict[str, Any], target: str, hall: Path) -> None:
    """A system's JSON (`show --json`, `bom --json`, the report's) under both profiles."""
    result, plant = owned(target), planted(target, hall)
    assert data["tco"]["profile"] == TCO and data["plant"]["profile"] == "hot-hall"
    assert data["tco_usd_per_gpu_hour"] == pytest.approx(result.tco_usd_per_gpu_hour, rel=1e-3)
    assert data["opex_usd_per_gpu_hour"] == pytest.approx(result.opex_usd_per_gpu_hour, rel=1e-3)
    assert data["power_peak_kw"] == pytest.approx(plant.power_peak_w / 1000, rel=1e-3)


def check_workbook(path: Path, targets: list[str], hall: Path) -> None:
    """The TCO sheet's inputs are the profile's; the Collectives sheet's costs and the Plant
    sheet's inputs and rack peaks are the profiles' figures."""
    book = load_workbook(path)
    chosen = profile(TCO)
    tco_sheet = book["TCO"]
    assert f"(profile {TCO})" in str(tco_sheet["A1"].value)
    inputs = {row[0].value: row[1].value for row in tco_sheet.iter_rows(min_row=2, max_col=2)}
    for field, param in owned_by("TcoProfile").items():
        assert inputs[param.label] == pytest.approx(getattr(chosen, field)), field
    rows = list(book["Collective workloads"].iter_rows(values_only=True))
    head = next(i for i, r in enumerate(rows) if r[0] == "System" and "Workload" in r)
    column = rows[head].index("TCO $/peak PFLOPS-h")
    for target in targets:
        peak = workload_steps(target, TCO)[0].peak_pflops_per_gpu
        costs = [r[column] for r in rows[head + 1 :] if r[0] == target and r[column] is not None]
        expected = owned(target).tco_usd_per_gpu_hour / peak
        assert costs and costs == pytest.approx([expected] * len(costs)), target
    assert ("Delta T (K)", 7) in [r[:2] for r in book["Plant"].iter_rows(values_only=True)]
    plant_rows = list(book["Plant racks"].iter_rows(values_only=True))
    rack_head = next(i for i, r in enumerate(plant_rows) if r[:2] == ("System", "Rack"))
    peak_column = plant_rows[rack_head].index("Rack input at peak (kW)")
    for target in targets:
        peaks = [r[peak_column] for r in plant_rows[rack_head + 1 :] if r[0] == target]
        expected = [rack.power_peak_w / 1000 for rack in planted(target, hall).racks]
        assert peaks[: len(expected)] == pytest.approx(expected), target


def table_cell(page: str, label: str) -> list[str]:
    """The cells of every HTML table row named `label`."""
    found = re.findall(rf"<th[^>]*>{re.escape(html.escape(label))}</th>((?:<td>[^<]*</td>)+)", page)
    return [html.unescape(c) for row in found for c in re.findall(r"<td>([^<]*)</td>", row)]


def test_report_writes_one_profile_into_every_output(cli, tmp_path: Path, hall: Path) -> None:
    out = tmp_path / "report"
    targets = [DESIGN, CLUSTER]
    done = cli("report", *targets, "-o", str(out), "--tco", TCO, "--plant", str(hall))
    assert done.code == 0, done.err
    for target in targets:
        check_json(json.loads((out / f"{target}.json").read_text()), target, hall)
    check_workbook(out / "rackbom-bom.xlsx", targets, hall)
    page = (out / "index.html").read_text()
    assert f"Under TCO profile {TCO} " in page and "Under plant profile hot-hall:" in page
    tco_cells = table_cell(page, TCO_ROW.label)
    assert tco_cells == [TCO_ROW.text(owned(t)) for t in targets]
    assert table_cell(page, PEAK_ROW.label) == [PEAK_ROW.text(planted(t, hall)) for t in targets]


def test_bom_writes_one_profile_into_every_output(cli, tmp_path: Path, hall: Path) -> None:
    book, summary, flat = tmp_path / "b.xlsx", tmp_path / "b.json", tmp_path / "b.csv"
    options = ["-o", str(book), "--json", str(summary), "--csv", str(flat)]
    done = cli("bom", DESIGN, *options, "--tco", TCO, "--plant", str(hall))
    assert done.code == 0, done.err
    check_json(json.loads(summary.read_text()), DESIGN, hall)
    check_workbook(book, [DESIGN], hall)
    alone = cli("bom", DESIGN, "--csv", str(tmp_path / "c.csv"), "--tco", TCO)
    assert alone.code == 2 and "--tco" in alone.err and not (tmp_path / "c.csv").exists()


def test_show_prints_one_profile_as_text_and_json(cli, hall: Path) -> None:
    given = ("--tco", TCO, "--plant", str(hall))
    check_json(json.loads(cli("show", DESIGN, "--json", *given).out), DESIGN, hall)
    text = cli("show", DESIGN, *given).out
    assert re.search(
        rf"{re.escape(TCO_ROW.label)}\s+{re.escape(TCO_ROW.text(owned(DESIGN)))}", text
    )
    peak = PEAK_ROW.text(planted(DESIGN, hall))
    assert re.search(rf"{re.escape(PEAK_ROW.label)}\s+{re.escape(peak)}\n", text)
    assert "plant profile hot-hall" in text
    refused = cli("show", "helios-16k", "--fabrics", "--tco", TCO)
    assert refused.code == 2 and "--tco" in refused.err


def test_tco_prints_and_charts_one_profile(cli, tmp_path: Path) -> None:
    from rackbom.exports.charts.tco_charts import tco_chart

    data = json.loads(cli("tco", DESIGN, "--tco", TCO, "--json").out)
    assert data[0]["tco_usd_per_gpu_hour"] == pytest.approx(
        owned(DESIGN).tco_usd_per_gpu_hour, rel=1e-3
    )
    text = cli("tco", DESIGN, "--tco", TCO, "--charts", str(tmp_path)).out
    assert TCO_ROW.text(owned(DESIGN)) in text and f"profile {TCO!r}" in text
    assert (tmp_path / "tco-per-gpu-hour.svg").read_text() == tco_chart((owned(DESIGN),))


def test_collectives_price_workloads_under_the_profile(cli) -> None:
    text = cli("collectives", DESIGN, "--size", "1GiB", "--tco", TCO).out
    assert f"TCO under profile {TCO!r}" in text
    for step in workload_steps(DESIGN, TCO):
        cost = f"{step.tco_usd_per_peak_pflops_hour:,.2f}"
        assert re.search(rf"^{step.workload} .* {re.escape(cost)} ", text, re.M), step.workload
    refused = cli("collectives", DESIGN, "--json", "--tco", TCO)
    assert refused.code == 2 and "--tco" in refused.err


def test_compare_and_svg_draw_the_plant_profile(cli, tmp_path: Path, hall: Path) -> None:
    rows = json.loads(cli("compare", DESIGN, "gb200-nvl72", "--json", "--plant", str(hall)).out)
    peaks = next(r["values"] for r in rows["rows"] if r["figure"] == PEAK_ROW.label)
    expected = [planted(t, hall).power_peak_w / 1000 for t in (DESIGN, "gb200-nvl72")]
    assert peaks == pytest.approx(expected)
    drawing = tmp_path / "plant.svg"
    assert cli("svg", DESIGN, "--view", "plant", "--plant", str(hall), "-o", str(drawing)).code == 0
    assert drawing.read_text() == resolve(DESIGN).power_and_cooling(hall).to_string()
    refused = cli("svg", DESIGN, "--plant", str(hall), "-o", str(tmp_path / "front.svg"))
    assert refused.code == 2 and "--plant" in refused.err and not (tmp_path / "front.svg").exists()
