"""TCO results as JSON data: the headline figures at the top level, the rest under `tco`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..components.tco import TcoProfile
from ..components.tco_library import profile
from ..racks.analysis import Analysis
from ..racks.clusters import ClusterAnalysis
from ..racks.costs.basis import cluster_basis, design_basis
from ..racks.costs.tco import TcoResult, tco
from .collectives_json import collective_rows
from .json_summary import summary_data


def tco_data(result: TcoResult) -> dict[str, Any]:
    """`tco_usd_per_gpu_hour` and `opex_usd_per_gpu_hour`, and every figure under `tco`."""
    figures = summary_data(result)
    return {
        "tco_usd_per_gpu_hour": figures["tco_usd_per_gpu_hour"],
        "opex_usd_per_gpu_hour": figures["opex_usd_per_gpu_hour"],
        "tco": figures,
    }


def design_data(
    analysis: Analysis, tco_profile: TcoProfile | str | Path | None = None
) -> dict[str, Any]:
    """A design's summary and its TCO (bare design, default profile unless named) as JSON data."""
    result = tco(design_basis(analysis), profile(tco_profile))
    rows = collective_rows(analysis)
    return {**summary_data(analysis.summary), **tco_data(result), "collectives": rows}


def cluster_data(
    cluster: ClusterAnalysis, tco_profile: TcoProfile | str | Path | None = None
) -> dict[str, Any]:
    """A cluster's summary and its TCO (default profile unless named) as JSON data."""
    result = tco(cluster_basis(cluster.summary), profile(tco_profile))
    rows = collective_rows(cluster)
    return {**summary_data(cluster.summary), **tco_data(result), "collectives": rows}
