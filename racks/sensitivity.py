"""Radix sensitivity: the unused switch ports if the catalogue's other switch chips were fitted."""

from __future__ import annotations

from ..components.parts import SwitchAsic
from .build import BuiltDesign
from .port_types import TrayPorts


def radix_sensitivity(design: BuiltDesign, ports: list[TrayPorts]) -> dict[str, int | None]:
    """Switch part id -> unused ports across the design with that chip in every switch slot.

    Only chips offering every fabric's lane speed are listed; None where a chip has fewer ports
    than the ports landed on it. The fitted chip is listed too, with the design's own figure.
    """
    fabrics = {f.id: f for f in design.spec.fabrics}
    chips = [c for t in ports for c in t.chips if c.fabric in fabrics]
    out: dict[str, int | None] = {}
    for part in design.catalogue.parts.values():
        if not isinstance(part, SwitchAsic) or not chips:
            continue
        speeds = {fabrics[c.fabric].lane_gbps for c in chips if c.fabric}
        if not speeds <= set(part.lane_gbps_options):
            continue
        unused: int | None = 0
        for chip in chips:
            fabric = fabrics[chip.fabric or ""]
            total = part.lanes_at(fabric.lane_gbps or 0) // fabric.lanes_per_port
            if total < chip.ports_used:
                unused = None
                break
            unused = (unused or 0) + total - chip.ports_used
        out[part.id] = unused
    return dict(sorted(out.items()))
