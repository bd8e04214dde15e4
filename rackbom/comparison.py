"""Designs side by side: a pandas DataFrame where pandas is installed, else a small table."""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import Any

from rackbom.racks.comparison import COMPARISON_ROWS

from .design import Design, load
from .textable import render_table


class Comparison:
    """Key figures as rows, designs as columns; shows as HTML in Jupyter."""

    def __init__(self, designs: list[Design]) -> None:
        self.columns = [d.id for d in designs]
        self.index = [row.label for row in COMPARISON_ROWS]
        summaries = [d.summary() for d in designs]
        self.values = [[s.get(row.key) for s in summaries] for row in COMPARISON_ROWS]

    def to_text(self) -> str:
        """An aligned plain-text table."""
        rows = [
            [row.label, *(row.format(v) for v in values)]
            for row, values in zip(COMPARISON_ROWS, self.values, strict=True)
        ]
        return render_table(["", *self.columns], rows)

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{html.escape(c)}</th>" for c in self.columns)
        body = "".join(
            f"<tr><th>{html.escape(row.label)}</th>"
            + "".join(f"<td>{html.escape(row.format(v))}</td>" for v in values)
            + "</tr>"
            for row, values in zip(COMPARISON_ROWS, self.values, strict=True)
        )
        return (
            f'<table class="rackbom-compare"><thead><tr><th></th>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table>"
        )

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
