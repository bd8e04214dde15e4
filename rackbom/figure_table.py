"""Key figures side by side: figures as rows, one column per design or cluster."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .exports.figures import Figure
from .exports.text.table import render_table

if TYPE_CHECKING:
    import pandas as pd


PANDAS_HINT = (
    "pandas is needed for a DataFrame: pip install pandas (in a checkout of rackbom, "
    "pip install '.[notebook]' adds it with Jupyter)"
)


def _plain(figure: Figure[Any], value: Any) -> Any:
    """A whole number where the figure is one (a count), else the value as it is."""
    whole = figure.format.decimals == 0 and not figure.format.percent
    if whole and isinstance(value, float) and value.is_integer():
        return int(value)
    return value


class FigureTable:
    """Values stay numbers (`values[row][column]`, in the units the row labels name);
    `to_pandas()` gives them as a DataFrame, `to_text()` as an aligned table."""

    def __init__(
        self, columns: list[str], summaries: list[Any], figures: Sequence[Figure[Any]]
    ) -> None:
        self.columns = columns
        self.summaries = summaries
        self.figures = figures
        self.index = [figure.label for figure in figures]
        self.values = [[figure.value(s) for s in summaries] for figure in figures]

    @property
    def notes(self) -> list[str]:
        """Footnotes printed under the table."""
        return []

    def to_text(self) -> str:
        """An aligned plain-text table, its footnotes under it."""
        rows = [[f.label, *(f.text(s) for s in self.summaries)] for f in self.figures]
        return "\n".join([render_table(["", *self.columns], rows), *self.notes])

    def to_pandas(self) -> pd.DataFrame:
        """The values as a DataFrame, figures as rows (needs pandas). Each cell keeps its own
        type, so a count shows as `72` beside a price of `4852777.8` in the same column."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError(PANDAS_HINT) from None
        rows = [
            [_plain(f, v) for v in row] for f, row in zip(self.figures, self.values, strict=True)
        ]
        return pd.DataFrame(rows, index=self.index, columns=self.columns, dtype=object)

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:  # a plain REPL shows the table, as a notebook does
        return self.to_text()
