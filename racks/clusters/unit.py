"""What one copy of the design brings to a cluster: endpoints, rails and the split of its price."""

from __future__ import annotations

from ...components.errors import InputError
from ...components.parts import Nic
from ...components.records import record
from ...components.trays import PartUse, TrayRole
from ..analysis import Analysis


@record
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
    scale_up = analysis.bom.scale_up_usd(analysis.design.catalogue)
    return DesignUnit(
        endpoints_per_rack=tuple(per_rack.values()),
        endpoint_gbps=speeds.pop(),
        rails=per_tray.pop() if rail_optimised else 1,
        scale_up_usd=scale_up,
        compute_usd=analysis.bom.total_usd - scale_up,
    )
