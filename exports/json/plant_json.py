"""A plant summary as JSON data: the headline keys at the top level, the rest under `plant`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..figures.plant_figures import row_runs
from .summary_json import summary_data

if TYPE_CHECKING:
    from ...racks.plant.feeds import Feed
    from ...racks.plant.plan import PlantSummary


def feed_data(feed: Feed) -> dict[str, Any]:
    """One feed, its loads in kW and whether it is over its continuous limit."""
    data = summary_data(feed)
    data["over"] = feed.over
    data["loading_pct"] = summary_data(feed.loading_pct)
    return data


def plant_data(plant: PlantSummary) -> dict[str, Any]:
    """`power_peak_kw`, `feeds`, `coolant_lpm`, `cdus`, `floor_load_kg_m2`, `failure_domains`,
    and every other figure of the plant under `plant`: racks (a copy of the design, or a floor
    rack of packed servers) and rows, consecutive rows alike as one entry with their count."""
    figures = summary_data(plant)
    feeds = [feed_data(f) for f in plant.feeds]
    del figures["feeds"]  # at the top level
    for data in figures["racks"]:
        del data["feeds"], data["groups"]  # the feeds are at the top level, named by rack
    figures["rows"] = [
        {"rows": run.name, "count": run.count}
        | {k: v for k, v in summary_data(run.first).items() if k not in ("row", "busways")}
        | {"busways_per_side": sum(1 for f in run.first.busways if " busway A" in f.name)}
        for run in row_runs(plant.rows)
    ]
    return {
        "power_peak_kw": figures["power_peak_kw"],
        "feeds": feeds,
        "coolant_lpm": figures["coolant_lpm"],
        "cdus": figures["cdus"],
        "floor_load_kg_m2": figures["floor_load_kg_m2"],
        "failure_domains": [{k: d[k] for k in FAILURE_KEYS} for d in figures["failure_domains"]],
        "plant": figures,
    }


FAILURE_KEYS = ("component", "count", "gpus_lost", "domains_degraded", "capacity_left_pct")
