"""Designs side by side: key figures as rows, designs as columns."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from rackbom.exports.figures import KEY_FIGURES, switch_note
from rackbom.exports.html_page import comparison_table
from rackbom.racks.summary import DesignSummary

from .design import Design, load_all
from .textable import render_table

if TYPE_CHECKING:
    import pandas as pd


class Comparison:
    """Key figures of several designs; shows as a formatted HTML table in Jupyter.

    The values stay numbers (`values[row][column]`, in the units the row labels name);
    `to_pandas()` gives them as a DataFrame, `to_text()` as an aligned table.
    """

    def __init__(self, designs: list[Design]) -> None:
        self.designs = designs
        self.summaries: list[DesignSummary] = [d.summary for d in designs]
        self.columns = [d.id for d in designs]
        self.index = [figure.label for figure in KEY_FIGURES]
        self.values = [[figure.value(s) for s in self.summaries] for figure in KEY_FIGURES]

    def to_text(self) -> str:
        """An aligned plain-text table."""
        rows = [[f.label, *(f.text(s) for s in self.summaries)] for f in KEY_FIGURES]
        return "\n".join([render_table(["", *self.columns], rows), *self.notes])

    @property
    def notes(self) -> list[str]:
        """Footnotes to marked figures: port counts that rest on an assumed switch chip."""
        return [n for s in self.summaries if (n := switch_note(s)) is not None]

    def to_pandas(self) -> pd.DataFrame:
        """The values as a DataFrame, figures as rows and designs as columns (needs pandas)."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError(
                "pandas is needed for a DataFrame: pip install 'rackbom[notebook]'"
            ) from None
        return pd.DataFrame(self.values, index=self.index, columns=self.columns)

    def _repr_html_(self) -> str:
        return comparison_table(self.summaries)

    def __str__(self) -> str:
        return self.to_text()


def compare(designs: Iterable[Design | str]) -> Comparison:
    """Compare designs (objects, built-in ids or YAML paths)."""
    return Comparison(load_all(designs))
