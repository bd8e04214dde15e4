"""A comparison's uncertainty as the JSON `rackbom compare --uncertainty --json` prints."""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ...racks.uncertainty.compare import FigureUncertainty, Uncertainty


def _figure(u: Uncertainty, f: FigureUncertainty) -> dict[str, Any]:
    return {
        **asdict(f.difference),
        "prob_lower": f.prob_lower,
        "drivers": [asdict(d) for d in f.drivers],
        "label": f.label,
        "systems": {u.first: asdict(f.first), u.second: asdict(f.second)},
    }


def uncertainty_data(u: Uncertainty) -> dict[str, Any]:
    """`uncertainty`: per figure, the difference (first minus second) at the base and its 5th,
    50th and 95th percentiles, the share of draws in which the first is lower, the drivers and
    each side's interval; `uncertainty_inputs`: every input varied, its range and sources."""
    return {
        "uncertainty": {f.figure: _figure(u, f) for f in u.figures},
        "uncertainty_run": {"draws": u.draws, "seed": u.seed, "profile": u.profile},
        "uncertainty_inputs": [
            {
                "input": i.key,
                "value": i.value,
                "low": i.range.low,
                "high": i.range.high,
                "distribution": i.range.distribution,
                "low_source": i.low_source,
                "high_source": i.high_source,
            }
            for i in u.inputs
        ],
    }
