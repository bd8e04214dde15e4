"""A system of the model: a design (`Analysis`) or a cluster (`ClusterAnalysis`), behind one
interface. Every output takes a sequence of them, in the order the user named them; each system
gives its own figures, and the parts the two kinds differ in, so no caller asks which it holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Protocol

if TYPE_CHECKING:
    from .analysis import Analysis
    from .clusters.cluster_analysis import ClusterAnalysis
    from .clusters.cluster_summary import ClusterSummary
    from .clusters.fabric import SizedFabric
    from .clusters.floor_switch import FloorSwitch
    from .cost_basis import CostBasis
    from .origin import Kind
    from .packing import Packing
    from .scale_out import ScaleOut
    from .summary import DesignSummary


class SystemModel(Protocol):
    """What the model's layers and the outputs ask of a design or a cluster."""

    kind: ClassVar[Kind]
    """`design` or `cluster`: a label to print, never a branch."""

    @property
    def id(self) -> str:
        """The id tables, files and sheets are named after."""

    @property
    def name(self) -> str:
        """The display name."""

    @property
    def gpus(self) -> int:
        """GPUs in the whole system."""

    @property
    def summary(self) -> DesignSummary | ClusterSummary:
        """The key figures, typed."""

    def warnings(self) -> list[str]:
        """What the analysis found wrong or doubtful."""

    @property
    def rack(self) -> Analysis:
        """The design it is built of: a design itself, or the design a cluster copies."""

    @property
    def copies(self) -> int:
        """Copies of that design it holds."""

    @property
    def packing(self) -> Packing:
        """Where each copy stands: its floor unit and how far its trays are raised in it."""

    @property
    def in_floor_racks(self) -> bool:
        """Whether each floor unit is one floor rack of servers as it stands, not a copy in its
        own racks."""

    @property
    def floor_switch(self) -> FloorSwitch | None:
        """The management switch each floor rack of servers gets (None where each copy stands
        in its own racks with the management it holds)."""

    @property
    def floor_rows(self) -> tuple[int, ...]:
        """Racks in each row of its floor (a design's racks stand in one row)."""

    @property
    def row_design_racks(self) -> tuple[int, ...]:
        """The design's racks in each row of its floor, a copy's racks counted one by one even
        where several copies of a one-rack design share a floor rack (a design's racks stand in
        one row)."""

    @property
    def network_power_w(self) -> float:
        """Power of the scale-out network it buys, fed by the hall (none for a bare design)."""

    @property
    def fabric(self) -> SizedFabric | None:
        """The scale-out fabric it sizes (a bare design sizes none)."""

    def cost_basis(self) -> CostBasis:
        """Capital by class, input power and output: what the cost of ownership divides."""

    def scale_out(self) -> ScaleOut | None:
        """How its scale-up domains reach each other (none within a single domain)."""

    def tables(self) -> tuple[tuple[Analysis, ...], tuple[ClusterAnalysis, ...]]:
        """Itself in the designs' table or in the clusters' (for outputs that tabulate the two
        apart), the other empty."""
