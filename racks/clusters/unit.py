"""What one copy of the design brings to a cluster: endpoints, rails and the split of its price."""

from __future__ import annotations

from dataclasses import dataclass

from ...components.errors import InputError
from ...components.parts import Connector, Nic
from ...components.trays import PartUse, TrayRole
from ..analysis import Analysis
from ..bom_lines import VENDOR_MARGIN

SCALE_UP_CABLING = "cable"
"""Rack-level items of this BOM category carry the scale-up fabric (copper backplanes, spines)."""


@dataclass(frozen=True)
class DesignUnit:
    """Per copy of the design: scale-out ports per rack, rails, and its price by what it buys."""

    endpoints_per_rack: tuple[int, ...]
    endpoint_gbps: float
    rails: int
    scale_up_usd: float
    compute_usd: float

    @property
    def endpoints(self) -> int:
        """Scale-out NIC ports in one copy."""
        return sum(self.endpoints_per_rack)


def design_unit(analysis: Analysis, file: str | None, rail_optimised: bool) -> DesignUnit:
    """Count a design's scale-out ports by rack and compute tray, and split its BOM."""
    design = analysis.design
    per_rack = dict.fromkeys((r.name for r in design.racks), 0)
    per_tray: set[int] = set()
    speeds: set[float] = set()
    for tray in design.placed:
        if tray.tray.role != TrayRole.COMPUTE:
            continue
        ports = 0
        for line in tray.tray.parts:
            part = design.part(line.part)
            if isinstance(part, Nic) and line.use == PartUse.SCALE_OUT:
                ports += line.qty * part.ports
                speeds.add(part.port_gbps)
        per_rack[tray.rack] += ports
        per_tray.add(ports)
    if not speeds:
        raise InputError(file, "design", f"{design.spec.id} has no scale-out NICs to connect")
    if len(speeds) > 1:
        raise InputError(
            file, "design", f"{design.spec.id} mixes scale-out NIC speeds {sorted(speeds)}"
        )
    if rail_optimised and len(per_tray) > 1:
        raise InputError(
            file,
            "fabric.topology",
            "rail-optimised needs the same scale-out ports in every compute tray",
        )
    scale_up = scale_up_usd(analysis)
    return DesignUnit(
        endpoints_per_rack=tuple(per_rack.values()),
        endpoint_gbps=speeds.pop(),
        rails=per_tray.pop() if rail_optimised else 1,
        scale_up_usd=scale_up,
        compute_usd=analysis.bom.total_usd - scale_up,
    )


def scale_up_lines(analysis: Analysis) -> list[bool]:
    """Per BOM line, whether it buys the scale-up fabric: switch trays, connectors, rack cabling
    (with a vendor's margin on it)."""
    catalogue = analysis.design.catalogue
    out = []
    for line in analysis.bom.lines:
        tray = catalogue.trays.get(line.tray_id) if line.tray_id else None
        in_switch_tray = tray is not None and tray.role == TrayRole.SWITCH
        is_connector = isinstance(catalogue.parts.get(line.part_id), Connector)
        rack_cabling = tray is None and line.category in (SCALE_UP_CABLING, VENDOR_MARGIN)
        out.append(in_switch_tray or is_connector or rack_cabling)
    return out


def scale_up_usd(analysis: Analysis) -> float:
    """The part of a design's BOM that buys its scale-up fabric (see `scale_up_lines`)."""
    lines = zip(analysis.bom.lines, scale_up_lines(analysis), strict=True)
    return sum(line.extended_usd for line, up in lines if up)
