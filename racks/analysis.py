"""Every analysis of one design, run once, and the summary that the CLI and exporters print."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ..components.parts import Cpu, Gpu
from ..components.provenance import Sourced
from ..components.trays import TrayRole
from .bandwidth import Bandwidth, bandwidth
from .bom import Bom, build_bom
from .build import BuiltDesign
from .compute import PRECISIONS, Compute, compute
from .ports import TrayPorts, port_usage
from .power import RackPower, rack_power
from .sensitivity import radix_sensitivity
from .space import RackSpace, rack_space
from .topology import Topology, build_topology


@dataclass
class Analysis:
    """A built design with its topology, ports, bandwidth, power, space and BOM."""

    design: BuiltDesign
    topology: Topology = field(init=False)
    ports: list[TrayPorts] = field(init=False)
    bandwidth: Bandwidth = field(init=False)
    power: list[RackPower] = field(init=False)
    space: list[RackSpace] = field(init=False)
    bom: Bom = field(init=False)
    compute: Compute = field(init=False)
    radix_sensitivity: dict[str, int | None] = field(init=False)

    def __post_init__(self) -> None:
        self.topology = build_topology(self.design)
        self.ports = port_usage(self.design, self.topology)
        self.bandwidth = bandwidth(self.topology)
        self.power = [rack_power(self.design, r) for r in self.design.racks]
        self.space = [rack_space(self.design, r) for r in self.design.racks]
        self.bom = build_bom(self.design)
        self.compute = compute(self.design)
        self.radix_sensitivity = radix_sensitivity(self.design, self.ports)

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
            self.design.part(line.part).hbm_gb * line.qty  # type: ignore[attr-defined]
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
    def weight_kg(self) -> float:
        """Known weight of every rack."""
        return sum(s.weight_kg for s in self.space)

    def warnings(self) -> list[str]:
        """Budgets overrun and figures missing."""
        out = [w for r in self.power for w in r.warnings()]
        out += [w for s in self.space for w in s.warnings()]
        unknown_power = sorted({p for r in self.power for t in r.trays for p in t.unknown_parts})
        if unknown_power:
            out.append(f"no power figure for: {', '.join(unknown_power)} (counted as 0 W)")
        if self.compute.missing:
            out.append(f"no compute figure for: {', '.join(self.compute.missing)} (counted as 0)")
        if self.bom.unpriced():
            out.append(f"no price for: {', '.join(self.bom.unpriced())} (not in the BOM total)")
        return out

    @cached_property
    def figure_sources(self) -> dict[str, list[str]]:
        """Source id -> the figures (`entry.figure`) of this design that rely on it."""
        entries: dict[str, Sourced] = {}
        design = self.design
        for rack in design.racks:
            entries[f"frame:{rack.frame.id}"] = rack.frame
            for line in rack.items:
                entries[line.part] = design.part(line.part)
        for tray in design.placed:
            entries[f"tray:{tray.tray.id}"] = tray.tray
            for line in tray.tray.parts:
                entries[line.part] = design.part(line.part)
        entries[f"power_model:{design.power_model.id}"] = design.power_model
        uses: dict[str, list[str]] = {}
        for name, entry in sorted(entries.items()):
            label = name.split(":", 1)[-1]
            for figure in entry.figure_names():
                uses.setdefault(entry.source_of(figure), []).append(f"{label}.{figure}")
            if not entry.figure_names():
                uses.setdefault(entry.source, []).append(label)
        spec = design.spec
        uses.setdefault(spec.source, []).append(f"design:{spec.id}")
        for what, source_id in spec.sources.items():
            uses.setdefault(source_id, []).append(f"design:{spec.id}.{what}")
        return uses

    def sources(self) -> list[dict[str, Any]]:
        """Every source this design's figures rest on, assumptions first."""
        catalogue = self.design.catalogue
        order = {"assumption": 0, "derived": 1, "analyst": 2, "vendor": 3, "seed": 4}
        rows = []
        for source_id, figures in self.figure_sources.items():
            source = catalogue.sources[source_id]
            rows.append(
                {
                    "id": source.id,
                    "kind": source.kind.value,
                    "cite": source.cite,
                    "note": source.note,
                    "figures": figures,
                }
            )
        rows.sort(key=lambda r: (order[r["kind"]], r["id"]))
        return rows

    def summary(self) -> dict[str, Any]:
        """The design's key figures as one JSON-ready mapping (units in the names)."""
        spec = self.design.spec
        bom_total = self.bom.total_usd
        rack_bom = self.bom.by_rack()
        gpus = self.gpus
        return {
            "design": spec.id,
            "name": spec.name,
            "racks": len(self.design.racks),
            "gpus": gpus,
            "cpus": self.cpus,
            "compute_trays": self.trays_of(TrayRole.COMPUTE),
            "switch_trays": self.trays_of(TrayRole.SWITCH),
            "switch_chips": sum(len(t.chips) for t in self.ports),
            "world_size": self.topology.world_size,
            "scale_up_domains": len(self.topology.domains),
            "switch_ports_total": self.switch_ports_total,
            "switch_ports_used": self.switch_ports_used,
            "switch_ports_unused": self.switch_ports_unused,
            "switch_ports_unused_pct": _round(
                100 * self.switch_ports_unused / self.switch_ports_total
                if self.switch_ports_total
                else 0.0
            ),
            "scale_up_gbps_per_gpu": _round(self.bandwidth.scale_up_gbps_per_gpu),
            "scale_out_gbps_per_gpu": _round(self.bandwidth.scale_out_gbps_per_gpu),
            "scale_up_gbps_total": _round(self.bandwidth.scale_up_gbps_total),
            "scale_out_gbps_total": _round(self.bandwidth.scale_out_gbps_total),
            "in_domain_to_cross_domain": _round(self.bandwidth.in_domain_to_cross_domain),
            "hbm_gb_total": _round(self.hbm_gb_total),
            "power_it_kw": _round(self.power_it_w / 1000),
            "power_kw": _round(self.power_all_in_w / 1000),
            "bom_usd": _round(bom_total),
            "bom_usd_per_gpu": _round(bom_total / gpus if gpus else 0.0),
            "bom_usd_per_hbm_gb": _round(
                bom_total / self.hbm_gb_total if self.hbm_gb_total else 0.0
            ),
            "units_used": sum(s.units_used for s in self.space),
            "units_total": sum(s.units_total for s in self.space),
            "weight_kg": _round(self.weight_kg),
            "rack_details": [
                self._rack_summary(i, rack_bom) for i in range(len(self.design.racks))
            ],
            "switch_tray_ports": [
                {
                    "tray": t.tray,
                    "tray_type": t.tray_id,
                    "ports_total": t.ports_total,
                    "ports_used": t.ports_used,
                    "ports_unused": t.ports_unused,
                    "lanes_in": t.lanes_in,
                    "connector_lanes": t.connector_lanes,
                }
                for t in self.ports
            ],
            "switches": [
                {
                    "tray": c.tray,
                    "chip": c.chip,
                    "part": c.part,
                    "port_gbps": _round(c.port_gbps),
                    "ports_total": c.ports_total,
                    "ports_used": c.ports_used,
                    "ports_unused": c.ports_unused,
                }
                for t in self.ports
                for c in t.chips
            ],
            **self._systems_summary(),
            "warnings": self.warnings(),
            "sources": self.sources(),
        }

    def _systems_summary(self) -> dict[str, Any]:
        """Power levels, compute and memory totals, bandwidth in TB/s and radix sensitivity."""
        c, bw = self.compute, self.bandwidth
        all_in_kw = self.power_all_in_w / 1000
        bom_musd = self.bom.total_usd / 1e6
        out: dict[str, Any] = {
            "power_rack_input_kw": _round(self.power_rack_input_w / 1000),
            "power_all_in_kw": _round(all_in_kw),
            "power_facility_kw": _round(self.power_facility_w / 1000),
            "pue": self.design.power_model.pue,
            "power_all_in_includes": "rack input (IT / conversion efficiency) + the rack's share "
            "of the scale-out network (switch ports and optics); no cooling",
            "power_shelf_redundancy": {r.rack: r.redundancy for r in self.power},
        }
        for p in PRECISIONS:
            out[f"{p}_dense_pflops_per_gpu"] = _round(c.per_gpu(p))
            out[f"{p}_dense_pflops_total"] = _round(c.dense_pflops[p])
        for p in ("fp4", "fp8", "bf16"):
            total = c.dense_pflops[p]
            out[f"{p}_dense_pflops_per_usd_m"] = _round(total / bom_musd if bom_musd else None)
            out[f"{p}_dense_pflops_per_kw"] = _round(total / all_in_kw if all_in_kw else None)
        out |= {
            "hbm_tbps_total": _round(c.hbm_tbytes_per_s),
            "scale_up_tbps_total": _round(bw.scale_up_gbps_total / 8000),
            "scale_up_tbps_bidir_total": _round(bw.scale_up_gbps_total / 4000),
            "scale_out_tbps_total": _round(bw.scale_out_gbps_total / 8000),
            "scale_out_tbps_bidir_total": _round(bw.scale_out_gbps_total / 4000),
            "switch_ports_unused_by_switch": self.radix_sensitivity,
        }
        return out

    def _rack_summary(self, index: int, rack_bom: dict[str, float]) -> dict[str, Any]:
        rack = self.design.racks[index]
        power, space = self.power[index], self.space[index]
        return {
            "rack": rack.name,
            "frame": rack.frame.id,
            "units_total": space.units_total,
            "units_used": space.units_used,
            "units_free": space.units_free,
            "power_it_kw": _round(power.it_w / 1000),
            "power_kw": _round(power.all_in_w / 1000),
            "power_shelf_capacity_kw": _round(
                None if power.shelf_capacity_w is None else power.shelf_capacity_w / 1000
            ),
            "bom_usd": _round(rack_bom.get(rack.name, 0.0)),
            "weight_kg": _round(space.weight_kg),
        }


def _round(value: float | None) -> float | None:
    """Two decimals, so JSON output is stable and prices are to the cent."""
    if value is None:
        return None
    rounded = round(value, 2)
    return int(rounded) if rounded == int(rounded) else rounded
