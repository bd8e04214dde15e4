"""A cluster's figures as one typed, frozen result (units in the names, nothing rounded)."""

from __future__ import annotations

from ...components.outputs import counted
from ...components.records import record
from ..summary import DesignSummary, SourceUse


@record
class SwitchPorts:
    """`switches` switches of a tier that use their ports alike."""

    switches: int
    ports_used: int
    ports_unused: int


@record
class TierSummary:
    """One tier of the scale-out fabric; `links` are the links into it from below."""

    tier: int
    role: str
    switch: str
    switches: int
    ports_per_switch: int
    ports_total: int
    ports_used: int
    ports_unused: int
    ports_unused_pct: float
    downlinks_per_uplink: float | None
    links: int
    link_length_m_min: float
    link_length_m_max: float
    cables: dict[str, int]
    transceivers: dict[str, int]
    per_switch: tuple[SwitchPorts, ...]


@record
class NetworkLine:
    """One line of the scale-out BOM: switches of a tier, or a tier's optics or cables."""

    category: str
    part: str
    name: str
    tier: str
    qty: int
    unit_price_usd: float | None
    extended_usd: float
    power_each_w: float | None
    power_total_w: float
    source: str | None


@record
class CapexSplit:
    """Capital cost split by what it buys."""

    compute_usd: float
    scale_up_usd: float
    scale_out_usd: float
    total_usd: float


@record
class FloorSummary:
    """The hall (or the campus of halls) the floor layout needs."""

    halls: int
    rows: int
    racks_per_row: int
    network_racks_in_rows: int
    network_racks_in_core: int
    rack_pitch_m: float
    row_pitch_m: float
    length_m: float
    width_m: float


@record
class CampusSummary:
    """Buildings of a cluster larger than one, and the campus tier joining them."""

    buildings: int
    halls_per_building: int
    building_mw: float
    """Rack input power one building supplies, MW."""
    building_length_m: float
    building_width_m: float
    building_gap_m: float
    length_m: float
    """The campus plot."""
    width_m: float
    oversubscription: float
    """A building's top-tier links per link up to the campus tier."""
    links: int
    link_length_m_min: float
    link_length_m_max: float
    transceivers: dict[str, int]
    cables: dict[str, int]


@record
class FabricOption:
    """One feasible fabric for the cluster, priced: planes x plane speed x tiers."""

    planes: int
    plane_gbps: float
    tiers: int
    switches: int
    transceivers: int
    cables: int
    capex_usd_per_gpu: float
    """The whole cluster's capital per GPU with this fabric."""
    scale_out_usd_per_gpu: float
    power_network_w: float
    chosen: bool


@record(repr=False)
class ClusterSummary:
    """The key figures of a cluster, in the order `rackbom show --json` prints them."""

    def __repr__(self) -> str:  # the fields run to pages; `Cluster.to_dict()` gives them all
        size = f"{counted(self.gpus, 'GPU')}, {counted(self.racks, 'rack')}"
        return f"<ClusterSummary {self.cluster}: {size}>"

    cluster: str
    name: str
    design: str
    profile: str
    topology: str
    fabric_tiers: int
    planes: int
    """Planes each NIC port splits into; every plane is its own fat tree."""
    plane_gbps: float
    gpus_requested: int | None
    gpus: int
    gpus_added_by_rounding: int
    design_copies: int
    racks: int
    design_copies_per_rack: int
    """Copies of a one-rack design (an 8-GPU server) packed into one rack by power and space."""
    world_size: int
    scale_up_domains: int
    hbm_gb_total: float
    nic_ports: int
    """Scale-out NIC ports, each of `endpoint_gbps`."""
    endpoint_gbps: float
    endpoints: int
    """NIC-side plane links over all planes (`planes` per NIC port), each of `plane_gbps`."""
    rails: int
    ports_per_switch: int
    max_endpoints: int
    max_gpus: int
    switches: int
    links: int
    ports_used: int
    ports_unused: int
    ports_unused_pct: float
    tiers: tuple[TierSummary, ...]
    transceivers: dict[str, int]
    cables: dict[str, int]
    power_racks_it_w: float
    power_racks_input_w: float
    """The racks' input power (IT over conversion efficiency): the rack designs' all-in figure
    carries an estimated share of a scale-out network, which the cluster counts itself."""
    power_network_w: float
    """The scale-out network the cluster sizes, counted once."""
    power_network_assumed_by_racks_w: float
    """The network share the racks' all-in figure assumes (a power model's tiers per NIC port),
    replaced here by `power_network_w`: not in `power_total_w`."""
    power_total_w: float
    weight_kg: float
    capex_usd: CapexSplit
    capex_usd_per_gpu: CapexSplit
    floor: FloorSummary
    campus: CampusSummary | None
    """Several buildings: the buildings and the tier between them (None for one building)."""
    fabric_options: tuple[FabricOption, ...]
    network_bom: tuple[NetworkLine, ...]
    design_summary: DesignSummary
    warnings: tuple[str, ...]
    sources: tuple[SourceUse, ...]

    @property
    def assumptions(self) -> tuple[SourceUse, ...]:
        """The sources that are assumptions: the figures to challenge first."""
        return tuple(s for s in self.sources if s.kind == "assumption")
