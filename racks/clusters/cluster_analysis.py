"""A cluster analysed: one copy of the design analysed once, the fabric sized by counts."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from functools import cached_property
from typing import ClassVar

from ...components.catalogue import Catalogue, file_source
from ...components.errors import InputError
from ...components.frames import RackFrame
from ...components.network_profiles import NetworkProfile
from ...components.parts import PartType
from ...components.records import record
from ...components.switch_systems import SwitchSystem
from ..analysis import Analysis, source_uses
from ..cost_basis import CostBasis, cluster_basis
from ..management import rack_management
from ..origin import Kind
from ..packing import Packing, stack_of
from ..power import conversion_text
from ..scale_out import ScaleOut
from .cluster_spec import ClusterSpec
from .cluster_summary import (
    CampusSummary,
    CapexSplit,
    ClusterSummary,
    FabricOption,
    FloorSummary,
    NetworkLine,
    SwitchPorts,
    TierSummary,
)
from .fabric import FabricSizer, SizedFabric, cheapest
from .floor import FloorLayout, Lengths
from .floor_switch import FloorRacks, FloorSwitch, StandingRack, rack_switch, standing_rack
from .links import TierLinkParts
from .sizing import TierPlan
from .unit import DesignUnit, design_unit

CAMPUS_SOURCES = {
    "building_mw": "assume-campus-building",
    "building_m2_per_mw": "assume-campus-building",
    "building_gap_m": "assume-campus-gap",
    "campus_oversubscription": "assume-campus-oversubscription",
}
"""The source of each campus figure of the floor where the cluster file leaves it out."""


@record(frozen=False)
class ClusterAnalysis:
    """A cluster spec resolved against its design's analysis and the catalogue."""

    kind: ClassVar[Kind] = "cluster"
    spec: ClusterSpec
    file: str | None
    rack: Analysis

    def __post_init__(self) -> None:
        spec, file = self.spec, self.file
        catalogue = self.catalogue
        file_source(catalogue, spec.source, file)
        for figure, source_id in spec.sources.items():
            catalogue.lookup("sources", source_id, file, f"sources.{figure}")
        self.profile: NetworkProfile = catalogue.lookup(
            "network_profiles", spec.profile, file, "profile"
        )
        self.switch = catalogue.part(self.profile.switch, SwitchSystem)
        self.network_frame: RackFrame = catalogue.lookup(
            "frames", spec.floor.network_frame, file, "floor.network_frame"
        )
        self.unit: DesignUnit = design_unit(
            self.rack, file, spec.fabric.topology == "rail_optimised"
        )
        self.copies = self._copies()
        design = self.rack.design
        frames = [r.frame for r in design.racks]
        racks_per_hall, halls_per_building = self._halls_and_buildings()
        self.sizer = FabricSizer(
            catalogue=catalogue,
            profile=self.profile,
            switch=self.switch,
            unit=self.unit,
            copies=self.copies,
            floor=spec.floor,
            network_frame=self.network_frame,
            rack_pitch_m=spec.floor.rack_pitch_m or max(f.width_mm for f in frames) / 1000,
            rack_endpoints=self._rack_endpoints(),
            racks_per_hall=racks_per_hall,
            halls_per_building=halls_per_building,
            gpus_per_copy=self.rack.gpus,
            file=file,
            rack_management=tuple(rack_management(design, r) for r in design.racks),
            packing=self.packing,
            floor_racks=self.floor_racks,
        )
        self.options = self.sizer.options(spec.fabric)
        self.fabric: SizedFabric = cheapest(self.options)
        self.plans: list[TierPlan] = list(self.fabric.plans)
        self.floor: FloorLayout = self.fabric.floor
        self.link_parts: list[TierLinkParts] = list(self.fabric.link_parts)

    @cached_property
    def catalogue(self) -> Catalogue:
        """The design's catalogue (the built-in one plus the design's own entries), with the
        cluster file's own entries."""
        own = self.spec.catalogue
        if own is None:
            return self.rack.design.catalogue
        return self.rack.design.catalogue.merged(own, self.file or self.id, prefix="catalogue.")

    @property
    def id(self) -> str:
        """The cluster's id."""
        return self.spec.id

    @property
    def name(self) -> str:
        """The cluster's display name."""
        return self.spec.name

    # --- a system (`SystemModel`): copies of its design and the fabric it sizes ---------------
    @property
    def floor_rows(self) -> tuple[int, ...]:
        """Racks in each row of the floor layout."""
        return self.floor.rows

    @property
    def row_design_racks(self) -> tuple[int, ...]:
        """The design's racks in each row of the floor layout: its floor racks, or where servers
        are packed several to a floor rack, the servers (each a copy of a one-rack design)."""
        per = self.copies_per_rack
        if per == 1:
            return self.floor.rows
        out, left = [], self.copies
        for racks in self.floor.rows:
            out.append(min(racks * per, left))
            left -= out[-1]
        return tuple(out)

    @property
    def network_power_w(self) -> float:
        """The scale-out network's power."""
        return self.summary.power_network_w

    def cost_basis(self) -> CostBasis:
        """Its copies of the design and the scale-out network it sizes."""
        return cluster_basis(self.summary)

    def scale_out(self) -> ScaleOut:
        """Its sized fabric: 2 x tiers - 1 switches on the longest path (a campus tier counted), the
        steepest taper of any tier, the in-network reduction of its switch."""
        summary = self.summary
        tapers = [t.downlinks_per_uplink for t in summary.tiers if t.downlinks_per_uplink]
        hops = 2 * len(summary.tiers) - 1
        reduction = frozenset({self.switch.in_network_reduction})
        return ScaleOut(
            self.profile, self.catalogue, summary.gpus, hops, max([1.0, *tapers]), reduction
        )

    def tables(self) -> tuple[tuple[()], tuple[ClusterAnalysis]]:
        """Itself in the clusters' table."""
        return (), (self,)

    # --- size -------------------------------------------------------------------------------
    def _copies(self) -> int:
        size, per_copy = self.spec.size, len(self.rack.design.racks)
        if size.pods is not None:
            return size.pods
        if size.racks is not None:
            if size.racks % per_copy:
                raise InputError(
                    self.file,
                    "size.racks",
                    f"{size.racks} racks is not a whole number of {per_copy}-rack "
                    f"{self.rack.id} pods",
                )
            return size.racks // per_copy * self.copies_per_rack
        return math.ceil((size.gpus or 0) / self.rack.gpus)

    @property
    def copies_per_rack(self) -> int:
        """Copies of a one-rack design packed into one rack by the hall's power and space (its
        trays stacked as `racks/packing.py` says)."""
        design = self.rack.design
        if len(design.racks) != 1:
            return 1
        (rack,) = design.racks
        switch = self._rack_switch
        spare_w, spare_units = (switch.power_w, switch.units) if switch else (0.0, 0)
        room_w = self.spec.floor.rack_power_kw * 1000 - spare_w
        by_power = int(room_w // self.rack.summary.power_rack_input_w)
        by_space = stack_of(rack).fits(rack.frame.height_units - spare_units)
        return max(1, min(by_power, by_space))

    @cached_property
    def _rack_switch(self) -> FloorSwitch | None:
        """The management switch a floor rack of the design's packed copies would need
        (`floor_switch.py`), whose room and power the packing leaves."""
        return rack_switch(self.rack.design, self.catalogue, self.file)

    @property
    def floor_switch(self) -> FloorSwitch | None:
        """The management switch each floor rack of servers gets, whether it holds one copy or
        several; None where each copy stands in its own racks with its own management."""
        return self._rack_switch

    @property
    def in_floor_racks(self) -> bool:
        """Whether each floor unit is one floor rack of servers as it stands (copies packed
        several to it, or a copy with the floor rack's management switch), not a copy in its
        own racks."""
        return self.packing.per > 1 or self.floor_switch is not None

    def standing(self, unit: int) -> StandingRack:
        """Floor unit `unit` of packed servers as it stands, for its drawing."""
        copies = len(self.packing.unit_copies(unit))
        return standing_rack(self.rack.design, self.packing, copies, self.floor_switch)

    @cached_property
    def floor_racks(self) -> FloorRacks | None:
        """The floor racks of servers with their management switch, as they stand."""
        switch = self.floor_switch
        return None if switch is None else FloorRacks(self.rack.design, self.packing, switch)

    @cached_property
    def packing(self) -> Packing:
        """Where each copy stands: its floor unit and how far its trays are raised in it."""
        per = self.copies_per_rack
        span = stack_of(self.rack.design.racks[0]).span if per > 1 else 0
        return Packing(self.copies, per, span)

    @property
    def physical_racks(self) -> int:
        """Racks on the floor: each floor unit's (a copy's racks, or one of packed servers)."""
        return self.packing.units * self.rack.summary.racks

    @property
    def _rack_kw(self) -> float:
        """Input power of one rack on the floor, kW."""
        rack_kw = self.rack.summary.power_rack_input_w / 1000 / self.rack.summary.racks
        return rack_kw * self.copies_per_rack

    def _halls_and_buildings(self) -> tuple[int, int]:
        """Racks per hall and halls per building (0 where one building holds the cluster): a
        building holds the whole halls its power supplies, or one hall cut to its power."""
        racks_per_hall = self._racks_per_hall()
        floor, rack_kw = self.spec.floor, self._rack_kw
        per_building = int(floor.building_mw * 1000 // rack_kw)
        if per_building < 1:
            why = f"a building of {floor.building_mw:g} MW cannot supply one {rack_kw:,.1f} kW rack"
            raise InputError(self.file, "floor.building_mw", why)
        if self.physical_racks <= per_building:
            return racks_per_hall, 0
        if per_building < racks_per_hall:
            return per_building, 1
        return racks_per_hall, per_building // racks_per_hall

    def _racks_per_hall(self) -> int:
        """Racks one hall holds: as the file says, or as many as its power supplies."""
        floor = self.spec.floor
        if floor.hall_racks is not None:
            return floor.hall_racks
        rack_kw = self._rack_kw
        racks = int(floor.hall_mw * 1000 // rack_kw)
        if racks < 1:
            raise self._hall_too_small(rack_kw)
        return racks

    def _hall_too_small(self, rack_kw: float) -> InputError:
        """The error for a rack no hall supplies: the cluster's `floor.hall_mw` where the file
        gives it, else the design's rack that passes the default."""
        hall_mw = self.spec.floor.hall_mw
        if "hall_mw" in self.spec.floor.model_fields_set:
            why = f"a hall of {hall_mw:g} MW cannot supply one {rack_kw:,.1f} kW rack"
            return InputError(self.file, "floor.hall_mw", why)
        design, field, what = self.rack.design, "racks", ""
        if len(design.racks) == 1:
            (rack,) = design.racks
            field = f"racks[0](name={rack.name})"
            what = f" ({conversion_text(design, rack, self.rack.power[0].conversion_efficiency)})"
        return InputError(
            design.file or design.spec.id,
            field,
            f"rack input {rack_kw:,.1f} kW{what} is more than a hall of {hall_mw:g} MW supplies "
            f"(the default floor.hall_mw of cluster {self.id})",
        )

    def _rack_endpoints(self) -> tuple[int, ...]:
        """NIC ports in each rack on the floor, in order."""
        per, ports = self.copies_per_rack, self.unit.endpoints_per_rack
        if per == 1:
            return ports * self.copies
        full, rest = divmod(self.copies, per)
        return (ports[0] * per,) * full + ((ports[0] * rest,) if rest else ())

    @property
    def endpoints(self) -> int:
        """NIC-side links across the cluster, over all planes."""
        return self.copies * self.unit.endpoints * self.fabric.choice.planes

    @property
    def gpus(self) -> int:
        """GPUs across the cluster."""
        return self.copies * self.rack.gpus

    @property
    def max_endpoints(self) -> int:
        """NIC-side links the chosen fabric's tiers reach, over all planes."""
        return self.fabric.plane_max_endpoints * self.fabric.choice.planes

    @property
    def max_gpus(self) -> int:
        """GPUs of the most whole copies of the design the fabric's tiers reach."""
        return self.fabric.plane_max_endpoints // self.unit.endpoints * self.rack.gpus

    # --- results ----------------------------------------------------------------------------
    @cached_property
    def network_bom(self) -> list[NetworkLine]:
        """Switches per tier, then each tier's optics and cables."""
        return list(self.fabric.lines)

    def _tier(
        self, plan: TierPlan, role: str, parts: TierLinkParts, lengths: Lengths
    ) -> TierSummary:
        unused = plan.ports_total - plan.ports_used
        top = plan.tier == len(self.plans)
        return TierSummary(
            tier=plan.tier,
            role=role,
            switch=self.switch.id,
            switches=plan.switches,
            ports_per_switch=plan.radix,
            ports_total=plan.ports_total,
            ports_used=plan.ports_used,
            ports_unused=unused,
            ports_unused_pct=100 * unused / plan.ports_total,
            downlinks_per_uplink=None if top else plan.down_ports / (plan.radix - plan.down_ports),
            links=plan.links_in,
            link_length_m_min=lengths[0][0],
            link_length_m_max=lengths[-1][0],
            cables=parts.cables,
            transceivers=parts.transceivers,
            per_switch=tuple(
                SwitchPorts(g.count, g.used, plan.radix - g.used) for g in plan.groups
            ),
        )

    def _option(self, fabric: SizedFabric) -> FabricOption:
        gpus, copies = self.gpus, self.copies
        racks_usd = copies * self.rack.summary.bom_usd
        return FabricOption(
            planes=fabric.choice.planes,
            plane_gbps=fabric.choice.plane_gbps,
            tiers=fabric.choice.tiers,
            switches=fabric.switches,
            transceivers=fabric.transceivers,
            cables=fabric.cables,
            capex_usd_per_gpu=(racks_usd + fabric.scale_out_usd) / gpus,
            scale_out_usd_per_gpu=fabric.scale_out_usd / gpus,
            power_network_w=fabric.power_w,
            chosen=fabric is self.fabric,
        )

    def warnings(self) -> list[str]:
        """The design's warnings, and network parts without a price or power figure."""
        out = list(self.rack.warnings())
        unpriced = sorted({n.part for n in self.network_bom if n.unit_price_usd is None})
        if unpriced:
            out.append(f"no price for network parts: {', '.join(unpriced)} (not in the capex)")
        return out

    def figure_sources(self) -> dict[str, list[str]]:
        """Source id -> the figures of the cluster that rest on it."""
        uses = {k: list(v) for k, v in self.rack.figure_sources.items()}
        entries: dict[str, PartType | RackFrame] = {
            n.part: self.catalogue.parts[n.part] for n in self.network_bom
        }
        entries[self.network_frame.id] = self.network_frame
        for name, entry in sorted(entries.items()):
            for figure in entry.figure_names():
                uses.setdefault(entry.source_of(figure), []).append(f"{name}.{figure}")
        uses.setdefault(self.profile.source, []).append(f"profile:{self.profile.id}")
        spec = self.spec
        uses.setdefault(spec.sources.get("size", spec.source), []).append(f"cluster:{spec.id}")
        floor_default = "floor" not in spec.model_fields_set
        floor_source = spec.sources.get(
            "floor", "assume-floor-layout" if floor_default else spec.source
        )
        uses.setdefault(floor_source, []).append(f"cluster:{spec.id}.floor")
        if self.floor.campus is not None:
            given = spec.floor.model_fields_set
            for field, default in CAMPUS_SOURCES.items():
                source = spec.sources.get("floor", spec.source) if field in given else default
                uses.setdefault(source, []).append(f"cluster:{spec.id}.floor.{field}")
        return uses

    @cached_property
    def summary(self) -> ClusterSummary:
        """The cluster's key figures."""
        spec, rack, copies = self.spec, self.rack.summary, self.copies
        tiers = self._tiers()
        capex, per_gpu = self._capex()
        gpus = self.gpus
        network_w = sum(n.power_total_w for n in self.network_bom)
        ports_total = sum(t.ports_total for t in tiers)
        ports_used = sum(t.ports_used for t in tiers)
        return ClusterSummary(
            cluster=spec.id,
            name=spec.name,
            design=rack.design,
            profile=self.profile.id,
            topology=spec.fabric.topology,
            fabric_tiers=self.fabric.choice.tiers,
            planes=self.fabric.choice.planes,
            plane_gbps=self.fabric.choice.plane_gbps,
            gpus_requested=spec.size.gpus,
            gpus=gpus,
            gpus_added_by_rounding=gpus - spec.size.gpus if spec.size.gpus else 0,
            design_copies=copies,
            racks=self.physical_racks,
            design_copies_per_rack=self.copies_per_rack,
            world_size=rack.world_size,
            scale_up_domains=copies * rack.scale_up_domains,
            hbm_gb_total=copies * rack.hbm_gb_total,
            nic_ports=self.sizer.nic_ports,
            endpoint_gbps=self.unit.endpoint_gbps,
            endpoints=self.endpoints,
            rails=self.unit.rails,
            ports_per_switch=self.fabric.radix,
            max_endpoints=self.max_endpoints,
            max_gpus=self.max_gpus,
            switches=sum(t.switches for t in tiers),
            links=sum(t.links for t in tiers),
            ports_used=ports_used,
            ports_unused=ports_total - ports_used,
            ports_unused_pct=100 * (ports_total - ports_used) / ports_total,
            tiers=tiers,
            transceivers=_totals(p.transceivers for p in self.link_parts),
            cables=_totals(p.cables for p in self.link_parts),
            power_racks_it_w=copies * rack.power_it_w,
            power_racks_input_w=copies * rack.power_rack_input_w,
            power_network_w=network_w,
            power_network_assumed_by_racks_w=copies
            * (rack.power_all_in_w - rack.power_rack_input_w),
            power_total_w=copies * rack.power_rack_input_w + network_w,
            weight_kg=copies * rack.weight_kg,
            capex_usd=capex,
            capex_usd_per_gpu=per_gpu,
            floor=self._floor_summary(),
            campus=self._campus_summary(),
            fabric_options=tuple(self._option(f) for f in self.options),
            network_bom=tuple(self.network_bom),
            design_summary=rack,
            warnings=tuple(self.warnings()),
            sources=tuple(source_uses(self.catalogue, self.figure_sources())),
        )

    def _tiers(self) -> tuple[TierSummary, ...]:
        """Each tier of the chosen fabric, summed over its planes."""
        return tuple(
            self._tier(p, r, parts, lengths)
            for p, r, parts, lengths in zip(
                self.plans, self.fabric.roles, self.link_parts, self.floor.lengths, strict=True
            )
        )

    def _capex(self) -> tuple[CapexSplit, CapexSplit]:
        """Capital cost split by part of the system: in total and per GPU."""
        copies, scale_out = self.copies, sum(n.extended_usd for n in self.network_bom)
        capex = CapexSplit(
            compute_usd=copies * self.unit.compute_usd,
            scale_up_usd=copies * self.unit.scale_up_usd,
            scale_out_usd=scale_out,
            total_usd=copies * self.rack.summary.bom_usd + scale_out,
        )
        splits = (capex.compute_usd, capex.scale_up_usd, capex.scale_out_usd, capex.total_usd)
        return capex, CapexSplit(*(v / self.gpus for v in splits))

    def _floor_summary(self) -> FloorSummary:
        """Rows, network racks and the floor's extent."""
        floor = self.floor
        core_width = math.ceil(floor.core_racks / floor.core_rows) * floor.network_rack_width_m
        return FloorSummary(
            halls=floor.halls,
            rows=len(floor.rows),
            racks_per_row=self.spec.floor.racks_per_row,
            network_racks_in_rows=sum(floor.row_network_racks),
            network_racks_in_core=floor.core_racks,
            rack_pitch_m=floor.rack_pitch_m,
            row_pitch_m=floor.row_pitch_m,
            length_m=floor.campus_length_m or floor.row_length_m + floor.row_pitch_m + core_width,
            width_m=floor.campus_width_m
            or max(len(floor.rows), floor.core_rows) * floor.row_pitch_m,
        )

    def _campus_summary(self) -> CampusSummary | None:
        """The buildings and the campus tier, where the cluster spans buildings."""
        site = self.floor.campus
        if site is None:
            return None
        tier, parts, lengths = self.plans[-1], self.link_parts[-1], self.floor.lengths[-1]
        return CampusSummary(
            buildings=site.buildings,
            halls_per_building=site.halls_per_building,
            building_mw=site.building_mw,
            building_length_m=site.building_length_m,
            building_width_m=site.building_width_m,
            building_gap_m=site.gap_m,
            length_m=site.length_m,
            width_m=site.width_m,
            oversubscription=self.spec.floor.campus_oversubscription,
            links=tier.links_in,
            link_length_m_min=lengths[0][0],
            link_length_m_max=lengths[-1][0],
            transceivers=parts.transceivers,
            cables=parts.cables,
        )


def _totals(tables: Iterable[Mapping[str, int]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for table in tables:
        for key, qty in table.items():
            out[key] = out.get(key, 0) + qty
    return dict(sorted(out.items()))
