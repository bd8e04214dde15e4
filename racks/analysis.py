"""Every analysis of one design, run once, and the summary that the CLI and exporters print."""

from __future__ import annotations

from dataclasses import field
from functools import cached_property
from typing import TYPE_CHECKING, ClassVar

from ..components.catalogue import Catalogue
from ..components.copper_parts import ScaleUpCopper
from ..components.parts import Cpu, Gpu
from ..components.precision import PRECISIONS, Precision
from ..components.provenance import Sourced
from ..components.records import record
from ..components.tco_library import profile as tco_profile
from ..components.tco_library import site_pue
from ..components.trays import TrayRole
from .bandwidth import Bandwidth, bandwidth
from .bom_lines import Bom, build_bom, tray_price
from .build import BuiltDesign
from .compute import Compute, compute
from .copper_runs import CopperRun, copper_runs
from .io_budget import IoBudget, io_budgets
from .origin import Kind
from .port_types import TrayPorts
from .ports import port_usage
from .power import RackPower, rack_power
from .scale_out import ScaleOut, scale_out_nic
from .sensitivity import radix_sensitivity
from .space import RackSpace, rack_space
from .summary import DesignSummary, PrecisionFigures, RackSummary, SourceUse
from .topology import Topology, build_topology

if TYPE_CHECKING:
    from .cost_basis import CostBasis
    from .packing import Packing


@record(frozen=False)
class Analysis:
    """A built design with its topology, ports, bandwidth, power, space and BOM."""

    kind: ClassVar[Kind] = "design"
    design: BuiltDesign
    topology: Topology = field(init=False)
    ports: list[TrayPorts] = field(init=False)
    copper: list[CopperRun] = field(init=False)
    bandwidth: Bandwidth = field(init=False)
    power: list[RackPower] = field(init=False)
    space: list[RackSpace] = field(init=False)
    bom: Bom = field(init=False)
    compute: Compute = field(init=False)
    io: list[IoBudget] = field(init=False)
    radix_sensitivity: dict[str, int | None] = field(init=False)

    def __post_init__(self) -> None:
        self.topology = build_topology(self.design)
        self.ports = port_usage(self.design, self.topology)
        self.copper = copper_runs(self.design, self.topology)
        self.bandwidth = bandwidth(self.topology)
        self.power = [rack_power(self.design, r) for r in self.design.racks]
        self.space = [rack_space(self.design, r, self.copper) for r in self.design.racks]
        self.bom = build_bom(self.design, self.copper)
        self.compute = compute(self.design)
        self.io = io_budgets(self.design)
        self.radix_sensitivity = radix_sensitivity(self.design, self.ports)

    @property
    def id(self) -> str:
        """The design's id."""
        return self.design.spec.id

    @property
    def name(self) -> str:
        """The design's display name."""
        return self.design.spec.name

    # --- counts -----------------------------------------------------------------------------
    def _count(self, kind: type, role: TrayRole | None = None) -> int:
        return sum(
            line.qty
            for tray in self.design.placed
            if role is None or tray.tray.role == role
            for line in tray.tray.parts
            if isinstance(self.design.part(line.part), kind)
        )

    @property
    def gpus(self) -> int:
        """GPU packages in the design."""
        return self._count(Gpu)

    @property
    def cpus(self) -> int:
        """Host CPUs in compute trays (switch-tray management CPUs are in the BOM only)."""
        return self._count(Cpu, TrayRole.COMPUTE)

    def trays_of(self, role: TrayRole) -> int:
        """Placed trays of one role."""
        return sum(1 for t in self.design.placed if t.tray.role == role)

    @property
    def hbm_gb_total(self) -> float:
        """HBM across all GPUs, GB."""
        return sum(
            self.design.part(line.part, Gpu).hbm_gb * line.qty
            for tray in self.design.placed
            for line in tray.tray.parts
            if isinstance(self.design.part(line.part), Gpu)
        )

    # --- ports ------------------------------------------------------------------------------
    @property
    def switch_ports_total(self) -> int:
        """Ports across every switch chip."""
        return sum(t.ports_total for t in self.ports)

    @property
    def switch_ports_used(self) -> int:
        """Ports with a GPU lane landed."""
        return sum(t.ports_used for t in self.ports)

    @property
    def switch_ports_unused(self) -> int:
        """Ports left unused."""
        return self.switch_ports_total - self.switch_ports_used

    # --- totals -----------------------------------------------------------------------------
    @property
    def power_it_w(self) -> float:
        """IT load of every rack."""
        return sum(r.it_w for r in self.power)

    @property
    def power_all_in_w(self) -> float:
        """All-in power of every rack."""
        return sum(r.all_in_w for r in self.power)

    @property
    def power_rack_input_w(self) -> float:
        """What every rack draws from the grid: IT over conversion efficiency."""
        return sum(r.rack_input_w for r in self.power)

    @property
    def power_facility_w(self) -> float:
        """All-in power times PUE."""
        return sum(r.facility_w for r in self.power)

    @property
    def assumed_switch_chips(self) -> tuple[str, ...]:
        """Fabric switch chips whose bandwidth (so radix) rests on an assumption source."""
        sources = self.design.catalogue.sources
        parts = {c.part for t in self.ports for c in t.chips if c.fabric is not None}
        return tuple(
            sorted(
                p
                for p in parts
                if sources[self.design.part(p).source_of("bandwidth_gbps")].kind == "assumption"
            )
        )

    @property
    def weight_kg(self) -> float:
        """Known weight of every rack."""
        return sum(s.weight_kg for s in self.space)

    def warnings(self) -> list[str]:
        """Budgets overrun and figures missing."""
        out = [w for r in self.power for w in r.warnings()]
        out += [w for s in self.space for w in s.warnings()]
        for tray in self.ports:
            idle = [c for c in tray.chips if c.fabric is None]
            if idle:
                out.append(
                    f"switch tray {tray.tray}: {len(idle)} of {len(tray.chips)} switch chips are "
                    f"on no fabric, so their {sum(c.ports_total for c in idle):,} ports count as "
                    "unused (no `fabrics:` entry reaches them)"
                )
        out += [w for b in self.io for w in b.warnings()]
        out += sorted({w for r in self.power for t in r.trays if (w := t.overhead_warning())})
        unknown_power = sorted({p for r in self.power for t in r.trays for p in t.unknown_parts})
        if unknown_power:
            out.append(f"no power figure for: {', '.join(unknown_power)} (counted as 0 W)")
        if self.compute.missing:
            out.append(f"no compute figure for: {', '.join(self.compute.missing)} (counted as 0)")
        if self.bom.unpriced():
            out.append(f"no price for: {', '.join(self.bom.unpriced())} (not in the BOM total)")
        out += [no_cooling_warning(tray) for tray in self.uncooled_trays]
        return out

    @cached_property
    def tray_prices(self) -> dict[str, float]:
        """Each placed tray's price by its key (`rack/slot`): its fixed price, or its parts plus
        integration margin."""
        return {t.key: tray_price(self.design, t) for t in self.design.placed}

    @cached_property
    def uncooled_trays(self) -> tuple[str, ...]:
        """The tray types placed here that declare no cooling, in order of first placement."""
        placed = self.design.placed
        return tuple(dict.fromkeys(t.tray.id for t in placed if t.tray.cooling is None))

    @cached_property
    def figure_sources(self) -> dict[str, list[str]]:
        """Source id -> the figures (`entry.figure`) of this design that rely on it."""
        entries: dict[str, Sourced] = {}
        design = self.design
        for rack in design.racks:
            entries[f"frame:{rack.frame.id}"] = rack.frame
            for line in rack.items:
                entries[line.part] = design.part(line.part)
        for run in self.copper:
            if run.part is not None:
                entries[run.part] = design.part(run.part)
        for tray in {placed.tray.id: placed.tray for placed in design.placed}.values():
            entries[f"tray:{tray.id}"] = tray
            for line in tray.parts:
                entries[line.part] = design.part(line.part)
        entries[f"power_model:{design.power_model.id}"] = design.power_model
        uses: dict[str, list[str]] = {}
        for name, entry in sorted(entries.items()):
            label = name.split(":", 1)[-1]
            figures = entry.figure_names()
            for figure in figures:
                uses.setdefault(entry.source_of(figure), []).append(f"{label}.{figure}")
            if not figures:
                uses.setdefault(entry.source, []).append(label)
            if isinstance(entry, ScaleUpCopper) and entry.margin_kind is not None:
                margin_source = design.catalogue.copper_margin(entry)[1]
                uses.setdefault(margin_source, []).append(f"{label}.margin_kind")
        for tray_id in sorted({placed.tray.id for placed in design.placed}):
            kind = design.catalogue.trays[tray_id]
            markup, source_id = design.catalogue.tray_margin(kind, design.buyer)
            if markup and kind.integration_margin is None:  # the margins table's figure
                uses.setdefault(source_id, []).append(f"{tray_id}.margin_kind")
        site = tco_profile()  # the facility figures' PUE is the default site's
        uses.setdefault(site.source_of("pue"), []).append(f"{site.id}.pue")
        spec = design.spec
        uses.setdefault(spec.source, []).append(f"design:{spec.id}")
        for what, source_id in spec.sources.items():
            uses.setdefault(source_id, []).append(f"design:{spec.id}.{what}")
        return uses

    def sources(self) -> list[SourceUse]:
        """Every source this design's figures rest on, assumptions first."""
        return source_uses(self.design.catalogue, self.figure_sources)

    @cached_property
    def summary(self) -> DesignSummary:
        """The design's key figures (units in the names, nothing rounded)."""
        spec = self.design.spec
        bom_total = self.bom.total_usd
        gpus, hbm, ports_total = self.gpus, self.hbm_gb_total, self.switch_ports_total
        chips = [chip for tray in self.ports for chip in tray.chips]
        return DesignSummary(
            design=spec.id,
            name=spec.name,
            racks=len(self.design.racks),
            gpus=gpus,
            cpus=self.cpus,
            compute_trays=self.trays_of(TrayRole.COMPUTE),
            switch_trays=self.trays_of(TrayRole.SWITCH),
            switch_chips=sum(len(t.chips) for t in self.ports),
            world_size=self.topology.world_size,
            scale_up_domains=len(self.topology.domains),
            switch_ports_total=ports_total,
            switch_ports_used=self.switch_ports_used,
            switch_ports_unused=self.switch_ports_unused,
            switch_ports_unused_pct=100 * self.switch_ports_unused / max(ports_total, 1),
            switch_port_gbps=_one({c.port_gbps for c in chips if c.fabric is not None}),
            switch_lanes_total=sum(c.lanes_total for c in chips),
            switch_lanes_used=sum(c.lanes_used for c in chips),
            switch_lanes_unused=sum(c.lanes_total - c.lanes_used for c in chips),
            scale_up_gbps_per_gpu=self.bandwidth.scale_up_gbps_per_gpu,
            scale_out_gbps_per_gpu=self.bandwidth.scale_out_gbps_per_gpu,
            scale_up_gbps_total=self.bandwidth.scale_up_gbps_total,
            scale_out_gbps_total=self.bandwidth.scale_out_gbps_total,
            in_domain_to_cross_domain=self.bandwidth.in_domain_to_cross_domain,
            hbm_gb_total=hbm,
            power_it_w=self.power_it_w,
            power_all_in_w=self.power_all_in_w,
            bom_usd=bom_total,
            bom_usd_per_gpu=bom_total / gpus if gpus else 0.0,
            bom_usd_per_hbm_gb=bom_total / hbm if hbm else 0.0,
            vendor_margin_usd=self.bom.vendor_margin_usd,
            vendor_margin_base_usd=self.bom.vendor_margin_base_usd,
            integration=self.bom.integration,
            units_used=sum(s.units_used for s in self.space),
            units_total=sum(s.units_total for s in self.space),
            weight_kg=self.weight_kg,
            rack_details=self._rack_summaries(),
            switch_tray_ports=tuple(self.ports),
            switches=tuple(chips),
            power_rack_input_w=self.power_rack_input_w,
            power_facility_w=self.power_facility_w,
            pue=site_pue(),
            power_all_in_includes=ALL_IN_INCLUDES,
            compute=self._precision_figures(),
            hbm_tbytes_per_s_total=self.compute.hbm_tbytes_per_s,
            scale_up_copper_pairs_in_rack=_pairs(self.copper, "in_rack"),
            scale_up_copper_pairs_between_racks=_pairs(self.copper, "between_racks"),
            scale_up_copper=tuple(self.copper),
            gpu_io_budgets=tuple(self.io),
            assumed_switch_chips=self.assumed_switch_chips,
            switch_ports_unused_by_switch=dict(self.radix_sensitivity),
            warnings=tuple(self.warnings()),
            sources=tuple(self.sources()),
        )

    def _rack_summaries(self) -> tuple[RackSummary, ...]:
        """Space, power, cost and weight of each rack, in rack order."""
        rack_bom = self.bom.by_rack()
        return tuple(
            RackSummary(
                rack=rack.name,
                frame=rack.frame.id,
                units_total=space.units_total,
                units_used=space.units_used,
                units_free=space.units_free,
                power_it_w=power.it_w,
                power_all_in_w=power.all_in_w,
                power_shelf_capacity_w=power.shelf_capacity_w,
                power_shelf_redundancy=power.redundancy,
                bom_usd=rack_bom.get(rack.name, 0.0),
                weight_kg=space.weight_kg,
            )
            for rack, power, space in zip(self.design.racks, self.power, self.space, strict=True)
        )

    def _precision_figures(self) -> dict[Precision, PrecisionFigures]:
        """Dense throughput per precision: per GPU, in total, per $M of BOM, per all-in kW."""
        c, usd_m, kw = self.compute, self.bom.total_usd / 1e6, self.power_all_in_w / 1e3
        return {
            p: PrecisionFigures(None, None, None, None)  # not applicable: None, never 0
            if c.lacks(p)
            else PrecisionFigures(
                c.per_gpu(p),
                c.dense_pflops[p],
                _ratio(c.dense_pflops[p], usd_m),
                _ratio(c.dense_pflops[p], kw),
            )
            for p in PRECISIONS
        }

    # --- a system (`SystemModel`): a bare design, one copy, no scale-out network of its own ----
    @property
    def rack(self) -> Analysis:
        """The design the system is built of: this one."""
        return self

    @property
    def copies(self) -> int:
        """One copy of itself."""
        return 1

    @property
    def packing(self) -> Packing:
        """One copy, in its own racks."""
        from .packing import ALONE  # only a plant asks: a drawing or a table does not load it

        return ALONE

    @property
    def in_floor_racks(self) -> bool:
        """Its racks stand alone."""
        return False

    @property
    def floor_switch(self) -> None:
        """Its racks stand alone, with the management they hold."""
        return None

    @property
    def floor_rows(self) -> tuple[int, ...]:
        """Its racks, standing in one row."""
        return (len(self.design.racks),)

    @property
    def row_design_racks(self) -> tuple[int, ...]:
        """Its racks, each a floor rack of its own."""
        return self.floor_rows

    @property
    def network_power_w(self) -> float:
        """A bare design buys no scale-out network."""
        return 0.0

    @property
    def fabric(self) -> None:
        """A bare design sizes no scale-out fabric."""
        return None

    def cost_basis(self) -> CostBasis:
        """Its racks' capital and input power, no scale-out network."""
        from .cost_basis import design_basis  # costs load when asked for

        return design_basis(self.summary, self.bom.scale_up_usd(self.design.catalogue))

    def scale_out(self) -> ScaleOut | None:
        """Its own NICs joining its scale-up domains, one switch hop away; none where it has a
        single domain, no scale-out NIC or no scale-out bandwidth."""
        summary = self.summary
        nic = scale_out_nic(self.design)
        if summary.scale_up_domains <= 1 or nic is None or summary.scale_out_gbps_per_gpu <= 0:
            return None
        return ScaleOut(nic, self.design.catalogue, summary.gpus, 1, 1, frozenset())

    def tables(self) -> tuple[tuple[Analysis], tuple[()]]:
        """Itself in the designs' table."""
        return (self,), ()


ALL_IN_INCLUDES = (
    "rack input (IT / conversion efficiency) + the rack's share of the scale-out network "
    "(switch ports and optics); no cooling"
)


def _one(values: set[float]) -> float | None:
    """The one value all share, or None for none or several."""
    return next(iter(values)) if len(values) == 1 else None


def _pairs(runs: list[CopperRun], span: str) -> int:
    return sum(r.pairs for r in runs if r.span == span)


def _ratio(top: float, bottom: float) -> float | None:
    return top / bottom if bottom else None


def source_uses(catalogue: Catalogue, figure_sources: dict[str, list[str]]) -> list[SourceUse]:
    """Sources with the figures resting on each, assumptions first, then derived to seed."""
    order = {"assumption": 0, "derived": 1, "analyst": 2, "vendor": 3, "seed": 4}
    rows = [
        SourceUse(
            id=source.id,
            kind=source.kind.value,
            cite=source.cite,
            note=source.note,
            figures=tuple(figures),
        )
        for source_id, figures in figure_sources.items()
        for source in (catalogue.sources[source_id],)
    ]
    rows.sort(key=lambda r: (order[r.kind], r.id))
    return rows


def no_cooling_warning(tray: str) -> str:
    """What a tray type declaring no cooling is taken as, for every output that warns."""
    return (
        f"tray {tray} declares no cooling (cold-plate, liquid or air): its plant figures take "
        "it as air-cooled (no heat to liquid under the built-in plant profile)"
    )
