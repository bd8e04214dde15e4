"""Seed 002's claims as an interval chart: rackbom's figure over the cluster sizes and over the
draws of every ranged input, beside the source's figure."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .tco_charts import _figure, _svg

if TYPE_CHECKING:
    from ...racks.costs.reproduction import ClaimResult


def _scale(result: ClaimResult) -> tuple[float, float, str]:
    """How a claim's figures map to the axis (a change in % as it is; a dollar figure as % off
    the source's), and the row's label."""
    row = result.at_reference
    if row.unit == "pct":
        return 0.0, 1.0, result.label
    return -100.0, 100 / row.source, f"{result.label} (% off {row.quote})"


def reproduction_chart(results: Sequence[ClaimResult]) -> str:
    """One row per claim: the interval over sizes (thin), over draws (thick, p5 to p95), the
    figure at the reference size (|) and the source's (x; none for a claim of direction only)."""
    fig, ax = _figure(9.0, 1.4 + 0.32 * len(results))
    labels = []
    for row, r in enumerate(reversed(results)):
        shift, scale, label = _scale(r)
        labels.append(label)
        at = r.at_reference
        ax.plot([r.low * scale + shift, r.high * scale + shift], [row, row], color="grey")
        if r.draws is not None:
            ends = [r.draws.p5 * scale + shift, r.draws.p95 * scale + shift]
            ax.plot(ends, [row, row], color="tab:blue", linewidth=5, alpha=0.6)
        ax.plot(at.rackbom * scale + shift, row, "|", color="black", markersize=12)
        if not r.claim.sign_only:
            ax.plot(at.source * scale + shift, row, "x", color="tab:red")
    ax.axvline(0, color="grey", linewidth=0.8)
    ax.set_yticks(range(len(results)), labels, fontsize=7)
    ax.set_xlabel("change against the comparator, % (a dollar figure: % off the source's)")
    draws = next((r.draws.draws for r in results if r.draws is not None), 0)
    ax.set_title(
        "Seed 002's claims\nthin line: over cluster sizes; bar: 5th to 95th percentile of "
        f"{draws:,} draws\n|: at the built-in 8,192-GPU clusters; x: the source's figure",
        fontsize=9,
    )
    return _svg(fig)
