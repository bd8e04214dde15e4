"""Charts for a notebook: systems (or their results) in, a drawing that shows itself out.

`rb.capex_chart(["helios-16k", "vr200-16k-ib"])` works the TCO out under a profile and returns
a `Chart`, which Jupyter shows inline and `.save(path)` writes; results already worked out
(`rb.tco(...)`) are taken as they are.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from rackbom.exports.charts import tco_charts
from rackbom.exports.charts import uncertainty_chart as uncertainty_charts
from rackbom.layouts.document import SvgDocument
from rackbom.racks.cost_basis import Precision
from rackbom.racks.costs.results import TcoResult
from rackbom.racks.costs.tornado import TornadoBar
from rackbom.racks.uncertainty.compare import Uncertainty

from .cost_api import ProfileLike, tco
from .system import System

Costed = System | str | Path | TcoResult
"""A system to cost under the chart's profile, or a TCO result already worked out."""


class Chart(SvgDocument):
    """A chart as one SVG document: shown inline in Jupyter, saved with `save(path)`."""

    def __init__(self, title: str, svg: str) -> None:
        self.title, self.svg = title, svg

    def to_string(self) -> str:
        """The SVG document as text."""
        return self.svg

    def __repr__(self) -> str:
        return f"<Chart {self.title!r}: SVG, {len(self.svg):,} bytes>"


def _results(items: Iterable[Costed], tco_profile: ProfileLike) -> list[TcoResult]:
    return [i if isinstance(i, TcoResult) else tco(i, tco_profile) for i in items]


def capex_chart(items: Iterable[Costed], tco_profile: ProfileLike = None) -> Chart:
    """Capex per GPU as stacked bars: compute, scale-up, scale-out, facility."""
    return Chart("capex per GPU", tco_charts.capex_chart(_results(items, tco_profile)))


def tco_chart(
    items: Iterable[Costed], tco_profile: ProfileLike = None, per: Precision | None = None
) -> Chart:
    """TCO per GPU-hour split capital/opex, or per dense PFLOPS-hour (`per="fp4"`)."""
    title = "TCO per GPU-hour" if per is None else f"TCO per {per.upper()} PFLOPS-hour"
    return Chart(title, tco_charts.tco_chart(_results(items, tco_profile), per))


def tornado_chart(bars: Sequence[TornadoBar], per: str) -> Chart:
    """`rb.sensitivity`'s bars about the base cost per `per`, widest at the top."""
    return Chart(f"what moves the cost per {per}", tco_charts.tornado_chart(bars, per))


def uncertainty_chart(found: Uncertainty) -> Chart:
    """`rb.compare(..., uncertainty=N)`'s intervals: the first system less the second, in % of
    the second's base value, one row per figure."""
    return Chart("uncertainty of the difference", uncertainty_charts.uncertainty_chart(found))


def sweep_chart(rows: Any, param: str, value: str = "tco_usd_per_gpu_hour") -> Chart:
    """One line per system: `value` against the swept `param`, from `rb.sweep`'s table (a
    DataFrame or its records)."""
    records: Sequence[Mapping[str, Any]] = (
        rows.to_dict("records") if hasattr(rows, "to_dict") else list(rows)
    )
    return Chart(f"{value} against {param}", tco_charts.sweep_chart(records, param, value))
