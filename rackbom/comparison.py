"""Designs side by side: a pandas DataFrame where pandas is installed, else a small table."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rackbom.exports.html_report import comparison_table
from rackbom.racks.comparison import COMPARISON_ROWS

from .design import Design, load
from .textable import render_table


class Comparison:
    """Key figures as rows, designs as columns; shows as HTML in Jupyter."""

    def __init__(self, designs: list[Design]) -> None:
        self.columns = [d.id for d in designs]
        self.index = [row.label for row in COMPARISON_ROWS]
        self.summaries = [d.summary() for d in designs]
        self.values = [[s.get(row.key) for s in self.summaries] for row in COMPARISON_ROWS]

    def to_text(self) -> str:
        """An aligned plain-text table."""
        rows = [
            [row.label, *(row.format(v) for v in values)]
            for row, values in zip(COMPARISON_ROWS, self.values, strict=True)
        ]
        return render_table(["", *self.columns], rows)

    def _repr_html_(self) -> str:
        return comparison_table(self.summaries)

    def __str__(self) -> str:
        return self.to_text()


def compare(designs: Iterable[Design | str], *, frame: bool | None = None) -> Any:
    """Compare designs (objects, ids or paths): a DataFrame if pandas is available.

    `frame=False` always returns a `Comparison`; `frame=True` insists on pandas.
    """
    loaded = [d if isinstance(d, Design) else load(d) for d in designs]
    table = Comparison(loaded)
    if frame is False:
        return table
    try:
        import pandas as pd
    except ImportError:
        if frame:
            raise ImportError(
                "pandas is needed for a DataFrame: pip install 'rackbom[notebook]'"
            ) from None
        return table
    return pd.DataFrame(table.values, index=table.index, columns=table.columns)
