"""Bus bandwidth against message size, one line per system, as deterministic SVG text.

Measured systems are drawn solid; projections (no published run on the design) dashed.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING

from ...components.collective_data import BINARY_UNITS
from .tco_charts import _figure, _legend_beside, _svg

if TYPE_CHECKING:
    from ...racks.collectives.results import CollectiveResult


def size_text(size: int) -> str:
    """Bytes as the largest binary unit that divides them (`1 GiB`), else in bytes."""
    for unit, scale in reversed(BINARY_UNITS.items()):
        if size >= scale and size % scale == 0:
            return f"{size // scale:,} {unit}"
    return f"{size:,} B"


MARKERS = ("o", "s", "^", "D", "v")
"""One marker per ten lines: with twenty colours, no two of 100 lines look alike."""


def line_style(index: int) -> dict[str, object]:
    """The colour and marker of line `index`: tab20's dark shades, then its light ones, each ten
    with a marker of their own."""
    from matplotlib import colormaps

    shade = (2 * index) % 20 + (index // 10) % 2
    return {"color": colormaps["tab20"](shade), "marker": MARKERS[(index // 10) % len(MARKERS)]}


def _algorithms(results: Sequence[CollectiveResult]) -> str:
    """The algorithms chosen along a line, in order of size, each once (`ring then nvls`)."""
    names = list(dict.fromkeys(r.algorithm for r in results))
    return " then ".join(names)


def busbw_chart(
    series: Mapping[str, Sequence[CollectiveResult]],
    projections: Collection[str] = (),
    title: str | None = None,
) -> str:
    """One line per system: busbw (GB/s, as nccl-tests prints it) at each message size."""
    fig, ax = _figure(8.0, 4.0)
    ops = {r.op for results in series.values() for r in results}
    for index, (name, results) in enumerate(series.items()):
        gpus = results[0].gpus if results else 0
        projected = name in projections
        ax.plot(
            [r.bytes for r in results],
            [r.busbw_gbps / 8 for r in results],
            **line_style(index),
            markersize=3,
            linestyle="--" if projected else "-",
            label=f"{name}, {gpus:,} GPUs, {_algorithms(results)}"
            + (" (projection)" if projected else ""),
        )
    ax.set_xscale("log", base=2)
    sizes = sorted({r.bytes for results in series.values() for r in results})
    ticks = sizes[:: max(1, (len(sizes) + 6) // 7)]
    ax.set_xticks(ticks, [size_text(t) for t in ticks])
    ax.minorticks_off()
    ax.set_xlabel("message size")
    ax.set_ylabel("bus bandwidth, GB/s")
    ax.set_title(title or f"{', '.join(sorted(ops))}: bus bandwidth by message size")
    ax.yaxis.set_major_formatter("{x:,.0f}")
    ax.grid(True, which="major", linewidth=0.3)
    _legend_beside(ax)
    return _svg(fig)
