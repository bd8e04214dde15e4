"""A system's run list: rows on demand, their counts against the BOM, and a DataFrame."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import cached_property
from typing import TYPE_CHECKING

from ...components.cabling import Cable
from ...components.catalogue import Catalogue
from ...components.records import record
from ..analysis import Analysis
from ..clusters.cluster_analysis import ClusterAnalysis
from .counts import PartCounts, Tally, bom_counts
from .management_rows import DESIGN_FLOOR, ManagementRows, joined
from .row import COLUMNS, PLAIN, CableRow
from .runlist import RunList

if TYPE_CHECKING:
    import pandas

NO_CABLES = (
    "lists no cables: it has no management switch to cable its BMCs to, its scale-up fabric is "
    "board traces or copper assemblies (counted by pairs in the BOM, not cables) and its "
    "scale-out NICs leave the rack; cable a cluster of it instead"
)
"""Why a design alone has an empty run list."""


@record
class CableList:
    """The cable run list of a design or cluster. Iterating it generates the rows afresh."""

    system_id: str
    catalogue: Catalogue
    run_list: RunList | None
    """The cluster's run list (its management cables and fabric links); None for a design."""
    design: ManagementRows
    """The design's own cables: its racks' management cables."""
    design_bom: Counter[str]
    """Cables the design's BOM counts, by part."""

    @classmethod
    def of_design(cls, analysis: Analysis) -> CableList:
        """A design's run list: its racks' management cables."""
        rows = ManagementRows(analysis.design)
        return cls(analysis.id, analysis.design.catalogue, None, rows, bom_cables(analysis))

    @classmethod
    def of_cluster(cls, cluster: ClusterAnalysis) -> CableList:
        """A cluster's run list: its management cables and its fabric's links."""
        run = RunList(cluster)
        return cls(cluster.id, cluster.catalogue, run, run.management, bom_cables(cluster.rack))

    def __iter__(self) -> Iterator[CableRow]:
        if self.run_list is not None:
            return self.run_list.rows()
        return self.design.rows(self.system_id, DESIGN_FLOOR * len(self.design.racks), 0)

    def __repr__(self) -> str:  # the catalogue and the rows are far too long to print
        return (
            f"<CableList {self.system_id}: {self.rows_total:,} cable legs; iterate it for the "
            "rows, or .counts, .bom, .to_pandas()>"
        )

    def lines(self) -> Iterator[str]:
        """The rows as CSV lines, where every name is plain (`plain_names`)."""
        if self.run_list is not None:
            return self.run_list.lines()
        return (joined(row) for row in self)

    @property
    def note(self) -> str | None:
        """Why the list is empty, where it is."""
        return None if self.rows_total else f"{self.system_id} {NO_CABLES}"

    @property
    def rows_total(self) -> int:
        """Rows the list has (one per cable leg), known without generating them."""
        if self.run_list is None:
            return self.design.per_copy
        return self.run_list.rows_total

    @property
    def leaving(self) -> int:
        """Management links that leave the system, uncabled here: a design alone's uplinks and
        lone management ports (a cluster lands them on its management aggregation), a cluster's
        aggregation switches' uplinks to the site."""
        if self.run_list is None:
            return self.design.leaving
        return self.run_list.aggregation.leaving

    @property
    def leaving_links(self) -> str:
        """What the links that leave the system are."""
        if self.run_list is None:
            return "uplinks, lone management ports"
        return "management aggregation uplinks to the site's network"

    @property
    def plain_names(self) -> bool:
        """Whether no name in the rows could be read as a spreadsheet formula."""
        if self.run_list is not None:
            return self.run_list.plain_names
        names = [self.system_id] + [r.name for r, _ in self.design.racks]
        return all(PLAIN.fullmatch(n) for n in names)

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
            cables = dict(sorted(self.design_bom.items()))
            return PartCounts(cables, {}, sum(cables.values()))
        return bom_counts(self.run_list, self.design_bom)

    def to_pandas(self) -> pandas.DataFrame:
        """The rows as a pandas DataFrame (pandas is needed for this call only)."""
        import pandas

        return pandas.DataFrame.from_records(iter(self), columns=list(COLUMNS))


def bom_cables(analysis: Analysis) -> Counter[str]:
    """Cables a design's BOM counts, by part (one copy of the design)."""
    parts = analysis.design.catalogue.parts
    out: Counter[str] = Counter()
    for line in analysis.bom.lines:
        if isinstance(parts.get(line.part_id), Cable):
            out[line.part_id] += line.qty
    return out
