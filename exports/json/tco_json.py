"""TCO results as JSON data: the headline figures at the top level, the rest under `tco`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .collectives_json import collective_rows
from .summary_json import summary_data

if TYPE_CHECKING:
    from ...racks.costs.results import TcoResult
    from ...racks.report.system_report import SystemReport


def tco_data(result: TcoResult) -> dict[str, Any]:
    """`tco_usd_per_gpu_hour` and `opex_usd_per_gpu_hour`, and every figure under `tco`."""
    figures = summary_data(result)
    return {
        "tco_usd_per_gpu_hour": figures["tco_usd_per_gpu_hour"],
        "opex_usd_per_gpu_hour": figures["opex_usd_per_gpu_hour"],
        "tco": figures,
    }


def report_data(report: SystemReport) -> dict[str, Any]:
    """What `rackbom show --json` prints for a design or cluster: its summary, TCO, plant,
    collectives and the goodput of a job on all its GPUs (null without GPUs)."""
    from .goodput_json import goodput_data
    from .plant_json import plant_data

    goodput = report.goodput
    return {
        **summary_data(report.summary),
        **tco_data(report.tco),
        **plant_data(report.plant),
        "collectives": collective_rows(report.collectives_by_group),
        "goodput": None if goodput is None else goodput_data(goodput),
    }
