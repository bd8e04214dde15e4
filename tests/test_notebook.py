"""The example notebook runs top to bottom in a real Jupyter kernel."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

import rackbom as rb

CHECKOUT = Path(__file__).resolve().parents[1]
NOTEBOOK = CHECKOUT / "examples" / "compare_racks.ipynb"

pytestmark = pytest.mark.client


def test_example_notebook_runs(tmp_path: Path) -> None:
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    shutil.copy(NOTEBOOK, tmp_path)
    here = os.pathsep.join(filter(None, [str(CHECKOUT), os.environ.get("PYTHONPATH")]))
    NotebookClient(
        notebook,
        timeout=120,
        kernel_name="python3",
        resources={"metadata": {"path": str(tmp_path)}},
    ).execute(env={**os.environ, "PYTHONPATH": here})  # this checkout's rackbom, not another
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    html = [o["data"]["text/html"] for o in outputs if "text/html" in o.get("data", {})]
    assert any("<svg" in h and "Switch ports unused" in h for h in html)  # a design, inline
    assert any("<table" in h and "gb200-nvl72" in h for h in html)  # the comparison frame
    svgs = [o["data"]["image/svg+xml"] for o in outputs if "image/svg+xml" in o.get("data", {})]
    assert len(svgs) >= 2  # the NVL72 elevation and the MI500 rear view
    text = "".join(o.get("text", "") for o in outputs)
    assert "unused ports: 960 -> 0" in text
    assert "no 200G lanes" in text
    assert (tmp_path / "rack-comparison.xlsx").stat().st_size > 0
    # the cost section: compare, sweep and its chart, rent or own, the accepted run's tornado
    assert any("TCO per GPU-hour (USD)" in h and "vr200-16k-ib" in h for h in html)
    assert any("electricity_usd_per_kwh" in h and "tco_usd_per_gpu_hour" in h for h in html)
    assert any("renter_margin_pct" in h and "MI355X 8-GPU server" in h for h in html)
    for title in (
        "TCO per GPU-hour",
        "Capital cost per GPU",
        "as Electricity (USD per kWh) varies",
        "What moves the cost most",
    ):
        assert any(title in svg for svg in svgs), title
    assert "mi355x-server-8k: $" in text and "per accepted run (hardware $" in text
    # every verdict with its uncertainty: the intervals, their chart, the claims' verdicts
    assert any("first lower" in h and "rubin.price_usd" in h for h in html)
    assert any("helios-8k minus vr200-8k-ib" in svg for svg in svgs)
    assert any("holds across the ranges" in h and "held in draws" in h for h in html)


def test_designs_display_inline() -> None:
    helios = rb.load("helios")
    html = helios._repr_html_()
    assert html.count("<svg") == 1 and "<table" in html
    assert "<?xml" not in html
    assert helios._repr_svg_().startswith("<?xml")
