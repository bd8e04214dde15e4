"""Designs side by side: key figures as rows, designs as columns."""

from __future__ import annotations

from collections.abc import Iterable

from rackbom.exports.figures import KEY_FIGURES, switch_note
from rackbom.exports.html_page import comparison_table

from .design import Design
from .figure_table import FigureTable
from .resolve import resolve_designs


class Comparison(FigureTable):
    """Key figures of several designs; shows as a formatted HTML table in Jupyter."""

    def __init__(self, designs: list[Design]) -> None:
        self.designs = designs
        super().__init__([d.id for d in designs], [d.summary for d in designs], KEY_FIGURES)

    @property
    def notes(self) -> list[str]:
        """Footnotes to marked figures: port counts that rest on an assumed switch chip."""
        return [n for s in self.summaries if (n := switch_note(s)) is not None]

    def _repr_html_(self) -> str:
        return comparison_table(self.summaries)


def compare(designs: Iterable[Design | str]) -> Comparison:
    """Compare designs (objects, built-in ids or YAML paths)."""
    return Comparison(resolve_designs(designs))
