"""A comparison's uncertainty as plain text: each figure's interval on both sides, the
difference's, the share of draws in which the first is lower, and what drives it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...racks.costs.terms import SYSTEM_TERMS
from .table import render_table

if TYPE_CHECKING:
    from ...components.formats import Format
    from ...racks.uncertainty.compare import FigureUncertainty, Interval, Uncertainty
    from ...racks.uncertainty.inputs import UncertainInput

FORMATS = {t.key: t.format for t in SYSTEM_TERMS}


def span(fmt: Format, interval: Interval) -> str:
    """`p5 to p95` in the figure's format."""
    return f"{fmt.text(interval.p5)} to {fmt.text(interval.p95)}"


def drivers_text(figure: FigureUncertainty) -> str:
    """The drivers as `input (rho)`, strongest first; `-` for none."""
    return ", ".join(f"{d.input} ({d.rho:+.2f})" for d in figure.drivers) or "-"


def uncertainty_rows(u: Uncertainty) -> tuple[list[str], list[list[str]]]:
    """The header and rows of the intervals table."""
    header = [
        "",
        f"{u.first}",
        "p5 to p95",
        f"{u.second}",
        "p5 to p95",
        "difference, p5 to p95",
        "first lower",
        "drivers of the difference (rank correlation)",
    ]
    rows = []
    for f in u.figures:
        fmt = FORMATS[f.figure]
        rows.append(
            [
                f.label,
                fmt.text(f.first.base),
                span(fmt, f.first),
                fmt.text(f.second.base),
                span(fmt, f.second),
                span(fmt, f.difference),
                f"{f.prob_lower * 100:.1f}%",
                drivers_text(f),
            ]
        )
    return header, rows


def _number(value: float) -> str:
    return f"{value:,.0f}" if abs(value) >= 1000 else f"{value:.4g}"


def _input_row(i: UncertainInput) -> list[str]:
    ends = i.low_source if i.low_source == i.high_source else f"{i.low_source} / {i.high_source}"
    numbers = [_number(v) for v in (i.value, i.range.low, i.range.high)]
    return [i.key, *numbers, i.range.distribution, ends]


def uncertainty_text(u: Uncertainty) -> str:
    """The intervals table, a line on how to read it, and the inputs varied."""
    header, rows = uncertainty_rows(u)
    title = (
        f"Uncertainty: {u.first} against {u.second}, profile {u.profile!r}\n"
        f"{u.draws:,} draws (seed {u.seed}) over {len(u.inputs)} ranged inputs; each figure at "
        f"the inputs' values, then its 5th to 95th percentile; 'first lower': the share of "
        f"draws in which {u.first}'s figure is below {u.second}'s"
    )
    inputs = render_table(
        ["input", "value", "low", "high", "distribution", "source of the ends"],
        [_input_row(i) for i in u.inputs],
    )
    return f"{title}\n{render_table(header, rows)}\n\nRanged inputs\n{inputs}"
