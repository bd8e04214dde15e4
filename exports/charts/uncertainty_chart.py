"""A comparison's uncertainty as an interval chart: each figure's difference between the two
systems, as a share of the second's value, 5th to 95th percentile with the median and the base."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .tco_charts import _figure, _svg

if TYPE_CHECKING:
    from ...racks.uncertainty.compare import Uncertainty


def uncertainty_chart(u: Uncertainty) -> str:
    """One row per figure: the first system minus the second, in % of the second's base value."""
    figures = [f for f in u.figures if f.second.base]
    fig, ax = _figure(7.0, 1.2 + 0.35 * len(figures))
    for row, f in enumerate(reversed(figures)):
        scale = 100 / abs(f.second.base)
        d = f.difference
        ax.plot([d.p5 * scale, d.p95 * scale], [row, row], color="tab:blue", linewidth=4)
        ax.plot(d.p50 * scale, row, "o", color="white", markeredgecolor="tab:blue")
        ax.plot(d.base * scale, row, "|", color="black", markersize=12)
    ax.axvline(0, color="grey", linewidth=0.8)
    ax.set_yticks(range(len(figures)), [f.label for f in reversed(figures)])
    ax.set_xlabel(f"{u.first} minus {u.second}, % of {u.second}")
    ax.set_title(
        f"{u.first} against {u.second}, {u.draws:,} draws\n"
        "bar: 5th to 95th percentile, o: median, |: at the inputs' values",
        fontsize=9,
    )
    return _svg(fig)
