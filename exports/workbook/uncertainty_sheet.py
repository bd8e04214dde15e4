"""The workbook's Uncertainty sheet: every input drawn with its range and the sources of its
ends, and per comparison each figure's difference at the inputs' values, its 5th, 50th and 95th
percentiles over the draws and the share of draws in which the first system is lower.

Figures are values the Monte Carlo engine computed (`racks/uncertainty/`); the TCO sheet keeps
the base case as live formulas.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..text.uncertainty_text import drivers_text
from .cells import SheetData, number, text

if TYPE_CHECKING:
    from ...racks.uncertainty.compare import Uncertainty
    from ...racks.uncertainty.inputs import UncertainInput

INPUT_COLUMNS = (
    "Input",
    "Value",
    "Low",
    "High",
    "Distribution",
    "Source of the low end",
    "Source of the high end",
)
FIGURE_COLUMNS = (
    "First",
    "Second",
    "Figure",
    "Difference at the inputs' values",
    "p5",
    "p50",
    "p95",
    "Share of draws first lower",
    "Drivers (rank correlation)",
)


def uncertainty_sheet(found: Sequence[Uncertainty]) -> SheetData:
    """The inputs every comparison drew, then each comparison's figures."""
    sheet = SheetData("Uncertainty", freeze_column=2)
    sheet.add(text("Uncertainty", "title"))
    runs = "; ".join(
        f"{u.first} against {u.second}: {u.draws:,} draws, seed {u.seed}" for u in found
    )
    sheet.add(
        text(
            "Each ranged input drawn from its distribution, an input both systems read taking "
            "the same draw on both; the difference is the first system's figure less the "
            f"second's, under profile {found[0].profile}. {runs}.",
            "note",
        )
    )
    sheet.add()
    sheet.add(text("Inputs", "section"))
    sheet.header(INPUT_COLUMNS)
    seen: dict[str, UncertainInput] = {}
    for u in found:
        seen.update({i.key: i for i in u.inputs if i.key not in seen})
    for i in sorted(seen.values(), key=lambda i: i.key):
        sheet.add(
            text(i.key),
            number(i.value, "plain"),
            number(i.range.low, "plain"),
            number(i.range.high, "plain"),
            text(i.range.distribution),
            text(i.low_source),
            text(i.high_source),
        )
    sheet.add()
    sheet.add(text("Comparisons", "section"))
    sheet.header(FIGURE_COLUMNS)
    for u in found:
        for f in u.figures:
            d = f.difference
            sheet.add(
                text(u.first),
                text(u.second),
                text(f.label),
                *(number(v, "plain") for v in (d.base, d.p5, d.p50, d.p95)),
                number(f.prob_lower, "percent"),
                text(drivers_text(f)),
            )
    return sheet
