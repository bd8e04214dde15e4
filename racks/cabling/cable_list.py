"""A system's run list: rows on demand, their counts against the BOM, and a DataFrame."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from ...components.catalogue import Catalogue
from ..analysis import Analysis
from ..clusters.cluster_analysis import ClusterAnalysis
from .counts import PartCounts, Tally, bom_counts
from .runlist import COLUMNS, CableRow, RunList

if TYPE_CHECKING:
    import pandas

NO_CABLES = (
    "lists no cables: its scale-up fabric is the rack's copper (counted by pairs, not cables) "
    "and its scale-out NICs leave the rack; cable a cluster of it instead"
)
"""Why a design alone has an empty run list."""


@dataclass(frozen=True)
class CableList:
    """The cable run list of a design or cluster. Iterating it generates the rows afresh."""

    system_id: str
    catalogue: Catalogue
    run_list: RunList | None
    """None for a design: no built-in design has a cable of its own to list."""

    def __iter__(self) -> Iterator[CableRow]:
        if self.run_list is not None:
            yield from self.run_list.rows()

    def lines(self) -> Iterator[str]:
        """The rows as CSV lines, where every name is plain (`plain_names`)."""
        return iter(()) if self.run_list is None else self.run_list.lines()

    @property
    def note(self) -> str | None:
        """Why the list is empty, where it is."""
        return None if self.run_list is not None else f"{self.system_id} {NO_CABLES}"

    @property
    def rows_total(self) -> int:
        """Rows the list has (one per cable leg), known without generating them."""
        if self.run_list is None:
            return 0
        return sum(p.links_in for p in self.run_list.cluster.plans)

    @property
    def plain_names(self) -> bool:
        """Whether no name in the rows could be read as a spreadsheet formula."""
        return self.run_list is None or self.run_list.plain_names

    @property
    def halls(self) -> int:
        """Halls the rows spread over (a campus core counts as one more)."""
        if self.run_list is None:
            return 1
        halls = self.run_list.cluster.floor.halls
        return halls + 1 if halls > 1 else 1

    def tally(self) -> Tally:
        """A fresh count of rows by part, to fill as rows pass."""
        return Tally(self.run_list.ends if self.run_list is not None else [])

    @cached_property
    def counts(self) -> PartCounts:
        """Cables and transceivers by part, counted from the rows."""
        tally = self.tally()
        for row in self:
            tally.add(row)
        return tally.result()

    @cached_property
    def bom(self) -> PartCounts:
        """The same counts as the BOM states them."""
        if self.run_list is None:
            return PartCounts({}, {}, 0)
        return bom_counts(self.run_list)

    def to_pandas(self) -> pandas.DataFrame:
        """The rows as a pandas DataFrame (pandas is needed for this call only)."""
        import pandas

        return pandas.DataFrame.from_records(iter(self), columns=list(COLUMNS))


def cable_list(analysis: Analysis | ClusterAnalysis) -> CableList:
    """The run list of an analysed design or cluster."""
    if isinstance(analysis, ClusterAnalysis):
        return CableList(analysis.id, analysis.catalogue, RunList(analysis))
    return CableList(analysis.id, analysis.design.catalogue, None)
