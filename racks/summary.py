"""A design's key figures as one typed, frozen result: what every output reads.

Units are in the field names (`_w`, `_usd`, `_gbps`, `_gb`, `_kg`, `_pct`); nothing here is
rounded or converted for display: the output layer does that.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..components.outputs import counted
from ..components.precision import Precision
from ..components.records import record

if TYPE_CHECKING:
    from .bom_lines import IntegrationBase
    from .copper_runs import CopperRun
    from .io_budget import IoBudget
    from .port_types import ChipPorts, TrayPorts


@record
class RackSummary:
    """One rack's space, power, price and weight."""

    rack: str
    frame: str
    units_total: int
    units_used: int
    units_free: int
    power_it_w: float
    power_all_in_w: float
    power_shelf_capacity_w: float | None
    power_shelf_redundancy: str
    bom_usd: float
    weight_kg: float


@record
class SourceUse:
    """A source and the figures of one design that rest on it (`entry.figure`)."""

    id: str
    kind: str
    cite: str
    note: str | None
    figures: tuple[str, ...]


@record
class PrecisionFigures:
    """A design's dense throughput at one precision; None where its GPUs lack the precision
    (not applicable, never 0)."""

    per_gpu: float | None
    total: float | None
    per_usd_m: float | None
    """Dense PFLOPS per million USD of BOM."""
    per_kw: float | None
    """Dense PFLOPS per all-in kW."""


@record(repr=False)
class DesignSummary:
    """The key figures of a design, in the order `rackbom show --json` prints them."""

    def __repr__(self) -> str:  # the fields run to pages; `Design.to_dict()` gives them all
        size = f"{counted(self.gpus, 'GPU')}, {counted(self.racks, 'rack')}"
        return f"<DesignSummary {self.design}: {size}>"

    design: str
    name: str
    racks: int
    gpus: int
    cpus: int
    compute_trays: int
    switch_trays: int
    switch_chips: int
    world_size: int
    scale_up_domains: int
    switch_ports_total: int
    switch_ports_used: int
    switch_ports_unused: int
    switch_ports_unused_pct: float
    switch_port_gbps: float | None
    """The port speed of every fabric-wired switch chip (None: no switches, or several speeds)."""
    switch_lanes_total: int
    switch_lanes_used: int
    switch_lanes_unused: int
    scale_up_gbps_per_gpu: float
    scale_out_gbps_per_gpu: float
    scale_up_gbps_total: float
    scale_out_gbps_total: float
    in_domain_to_cross_domain: float | None
    hbm_gb_total: float
    power_it_w: float
    power_all_in_w: float
    bom_usd: float
    bom_usd_per_gpu: float
    bom_usd_per_hbm_gb: float
    vendor_margin_usd: float
    """The part of `bom_usd` that is a system vendor's gross margin (NVIDIA's on its NVLink
    switch trays and copper)."""
    vendor_margin_base_usd: float
    """The price of the parts that margin is charged on."""
    integration: IntegrationBase
    """The parts the buyer's integration margin is charged on and its markup as priced."""
    units_used: int
    units_total: int
    weight_kg: float
    rack_details: tuple[RackSummary, ...]
    switch_tray_ports: tuple[TrayPorts, ...]
    switches: tuple[ChipPorts, ...]
    power_rack_input_w: float
    power_facility_w: float
    pue: float
    power_all_in_includes: str
    compute: Mapping[Precision, PrecisionFigures]
    """Dense throughput by precision, every precision present."""
    hbm_tbytes_per_s_total: float
    scale_up_copper_pairs_in_rack: int
    """Differential pairs of scale-up copper between trays of a rack (2 per lane)."""
    scale_up_copper_pairs_between_racks: int
    """Differential pairs of scale-up copper between racks."""
    scale_up_copper: tuple[CopperRun, ...]
    gpu_io_budgets: tuple[IoBudget, ...]
    """Flexible I/O lanes per compute tray type, where the GPU states them."""
    assumed_switch_chips: tuple[str, ...]
    """Switch chips of the scale-up fabrics whose bandwidth is an assumption (none public)."""
    switch_ports_unused_by_switch: dict[str, int | None]
    """Radix sensitivity: unused ports with each catalogue switch chip fitted (None: too few)."""
    warnings: tuple[str, ...]
    sources: tuple[SourceUse, ...]

    @property
    def assumptions(self) -> tuple[SourceUse, ...]:
        """The sources that are assumptions: the figures to challenge first."""
        return tuple(s for s in self.sources if s.kind == "assumption")
