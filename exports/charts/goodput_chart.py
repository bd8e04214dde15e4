"""ETTR against job size, one line per system, as deterministic SVG text."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from .tco_charts import _figure, _legend_beside, _svg

if TYPE_CHECKING:
    from ...racks.goodput.results import GoodputResult


def job_sizes(gpus: int) -> list[int]:
    """Powers of two from 8 GPUs up to the system's size, and the size itself."""
    sizes = []
    size = 8
    while size < gpus:
        sizes.append(size)
        size *= 2
    return [*sizes, gpus]


def axis_floor(ettrs: Sequence[float]) -> float:
    """The ETTR axis's bottom, in %: the ten below the lowest point with a point's room, so
    lines a few points apart stay apart (0 where a job trains under a tenth of the time)."""
    lowest = min(ettrs, default=0.0) * 100
    return max(0.0, math.floor((lowest - 1) / 10) * 10)


def ettr_chart(series: Mapping[str, Sequence[GoodputResult]]) -> str:
    """One line per system: ETTR (its training GPUs' share of wall time) at each job size."""
    fig, ax = _figure(8.0, 4.0)
    for name, results in series.items():
        ax.plot(
            [r.gpus for r in results],
            [r.ettr * 100 for r in results],
            marker="o",
            markersize=3,
            label=f"{name}, up to {results[-1].gpus:,} GPUs" if results else name,
        )
    ax.set_xscale("log", base=2)
    ax.set_xlabel("GPUs in the job (log scale)")
    ax.set_ylabel("effective training time, %")
    ax.set_ylim(axis_floor([r.ettr for results in series.values() for r in results]), 100)
    ax.set_title("Effective training time ratio by job size")
    ax.xaxis.set_major_formatter("{x:,.0f}")
    ax.grid(True, which="major", linewidth=0.3)
    _legend_beside(ax)
    return _svg(fig)
