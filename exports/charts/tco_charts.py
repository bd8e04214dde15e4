"""Cost-of-ownership charts as SVG text, drawn with matplotlib and byte-for-byte deterministic.

The SVG hash salt is fixed and the metadata carries no date, so the same results give the same
bytes. matplotlib loads only when a chart is drawn.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..figures.tco_figures import CAPEX, PROFILE_LABELS, TCO_FIGURES

if TYPE_CHECKING:
    from matplotlib.typing import RcKeyType

    from ...racks.cost_basis import Precision
    from ...racks.costs.results import TcoResult
    from ...racks.costs.tornado import TornadoBar

RC: dict[RcKeyType, Any] = {"svg.hashsalt": "rackbom", "svg.fonttype": "none", "font.size": 9}
METADATA = {"Date": None, "Creator": "rackbom"}


def _width(bars: int) -> float:
    """Inches wide enough for `bars` labelled bars side by side."""
    return max(7.0, 1.5 + 0.55 * bars)


def _names_below(ax: Any) -> None:
    """Bar names slanted, each ending under its bar, so long ids do not overlap."""
    ax.tick_params(axis="x", rotation=30)
    for label in ax.get_xticklabels():
        label.set_horizontalalignment("right")
        label.set_rotation_mode("anchor")


def _legend_beside(ax: Any) -> None:
    """The legend right of the axes, where no bar can be under it."""
    ax.legend(frameon=False, loc="upper left", bbox_to_anchor=(1.0, 1.0))


def _figure(width: float = 7.0, height: float = 3.6) -> tuple[Any, Any]:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    plt.rcParams.update(RC)
    return plt.subplots(figsize=(width, height))


def _svg(fig: Any) -> str:
    from matplotlib import pyplot as plt

    out = io.StringIO()
    fig.tight_layout()
    fig.savefig(out, format="svg", metadata=METADATA)
    plt.close(fig)
    return out.getvalue()


def capex_chart(results: Sequence[TcoResult]) -> str:
    """Capex per GPU as stacked bars: compute, scale-up, scale-out, facility."""
    fig, ax = _figure(_width(len(results)))
    names = [r.target for r in results]
    bottom = [0.0] * len(results)
    for figure in CAPEX:
        values = [figure.value(r) or 0.0 for r in results]
        ax.bar(names, values, bottom=bottom, label=figure.label.split(": ")[1].split(" (")[0])
        bottom = [b + v for b, v in zip(bottom, values, strict=True)]
    ax.set_ylabel("USD per GPU")
    ax.set_title("Capital cost per GPU")
    ax.yaxis.set_major_formatter("{x:,.0f}")
    _legend_beside(ax)
    _names_below(ax)
    return _svg(fig)


def tco_chart(results: Sequence[TcoResult], per: Precision | None = None) -> str:
    """TCO per GPU-hour as bars split capital/opex, or per dense PFLOPS-hour (`per="fp4"`)."""
    fig, ax = _figure(_width(len(results)))
    names = [r.target for r in results]
    if per is None:
        capital = [r.capital_usd_per_gpu_hour or 0.0 for r in results]  # none without GPUs
        opex = [r.opex_usd_per_gpu_hour or 0.0 for r in results]
        ax.bar(names, capital, label="capital")
        ax.bar(names, opex, bottom=capital, label="opex")
        ax.set_ylabel("USD per GPU-hour")
        ax.set_title("TCO per GPU-hour")
        _legend_beside(ax)
    else:
        ax.bar(names, [r.per_pflops_hour[per] or 0.0 for r in results])
        ax.set_ylabel(f"USD per dense {per.upper()} PFLOPS-hour")
        ax.set_title(f"TCO per dense {per.upper()} PFLOPS-hour")
    _names_below(ax)
    return _svg(fig)


def tornado_chart(bars: Sequence[TornadoBar], per: str) -> str:
    """Each input's low and high ends as bars about the base cost, widest at the top."""
    fig, ax = _figure(height=0.35 * len(bars) + 1.2)
    shown = list(reversed(bars))
    base = shown[0].base_cost_usd if shown else 0.0
    labels = [b.input for b in shown]
    ax.barh(labels, [b.cost_at_low_usd - base for b in shown], left=base, label="input low")
    ax.barh(labels, [b.cost_at_high_usd - base for b in shown], left=base, label="input high")
    ax.axvline(base, color="black", linewidth=0.8)
    ax.set_xlabel(f"USD per {per}")
    ax.set_title("What moves the cost most (±20 %, or a sourced range)")
    ax.legend(frameon=False)
    return _svg(fig)


def sweep_chart(rows: Sequence[Mapping[str, Any]], param: str, value: str) -> str:
    """One line per target: `value` against the swept `param` (rows as `rb.sweep` gives them)."""
    fig, ax = _figure()
    targets = list(dict.fromkeys(row["target"] for row in rows))
    for target in targets:
        mine = sorted((r[param], r[value]) for r in rows if r["target"] == target)
        ax.plot([x for x, _ in mine], [y for _, y in mine], marker="o", label=target)
    labels = {f.field: f.label for f in TCO_FIGURES}
    ax.set_xlabel(PROFILE_LABELS.get(param, param))
    ax.set_ylabel(labels.get(value, value))
    ax.set_title(f"{labels.get(value, value)} as {PROFILE_LABELS.get(param, param)} varies")
    _legend_beside(ax)
    return _svg(fig)
