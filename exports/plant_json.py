"""A plant summary as JSON data: the headline keys at the top level, the rest under `plant`."""

from __future__ import annotations

from typing import Any

from ..racks.plant.feeds import Feed
from ..racks.plant.plan import PlantSummary
from .json_summary import summary_data


def feed_data(feed: Feed) -> dict[str, Any]:
    """One feed, its loads in kW and whether it is over its continuous limit."""
    data = summary_data(feed)
    data["over"] = feed.over
    data["loading_pct"] = summary_data(feed.loading_pct)
    return data


def plant_data(plant: PlantSummary) -> dict[str, Any]:
    """`power_peak_kw`, `feeds`, `coolant_lpm`, `cdus`, `floor_load_kg_m2`, `failure_domains`,
    and every figure of the plant (rows, racks) under `plant`."""
    figures = summary_data(plant)
    figures["feeds"] = [feed_data(f) for f in plant.feeds]
    for row, data in zip(plant.rows, figures["rows"], strict=True):
        data["busways"] = [feed_data(f) for f in row.busways]
    for rack, data in zip(plant.racks, figures["racks"], strict=True):
        data["feeds"] = [feed_data(f) for f in rack.feeds]
    return {
        "power_peak_kw": figures["power_peak_kw"],
        "feeds": figures["feeds"],
        "coolant_lpm": figures["coolant_lpm"],
        "cdus": figures["cdus"],
        "floor_load_kg_m2": figures["floor_load_kg_m2"],
        "failure_domains": [{k: d[k] for k in FAILURE_KEYS} for d in figures["failure_domains"]],
        "plant": figures,
    }


FAILURE_KEYS = ("component", "count", "gpus_lost", "domains_degraded", "capacity_left_pct")
