"""Scale-up copper by differential-pair count, read off the wired topology.

One rule for every design: each scale-up lane between a GPU and a switch chip (or another GPU)
in a different tray is two differential pairs. The pairs run over in-rack copper in the GPU's
rack; where the far end sits in another rack they also run over rack-to-rack cables, booked to
that rack. Lanes inside a tray (an HGX baseboard, a UBB mesh) are board traces, not counted.
"""

from __future__ import annotations

from ..components.copper_parts import CopperSpan, ScaleUpCopper
from ..components.records import record
from .build import BuiltDesign
from .topology import Topology

PAIRS_PER_LANE = 2
"""A full-duplex lane is one differential pair each way (seed 002: 432 pairs carry 216 lanes)."""


@record
class CopperRun:
    """The scale-up pairs of one fabric that one rack carries over one span of copper."""

    rack: str
    fabric: str
    span: CopperSpan
    pairs: int
    part: str | None
    """The fabric's copper part for this span, or None where the design names none."""


def copper_runs(design: BuiltDesign, topology: Topology) -> list[CopperRun]:
    """Pairs per rack, fabric and span, in rack order."""
    fabrics = {f.id: f for f in design.spec.fabrics}
    pairs: dict[tuple[str, str, CopperSpan], int] = {}
    for link in topology.links:
        if link.link != "scale_up" or link.b is None or link.fabric is None:
            continue
        near, far = link.a.tray, link.b.tray  # a scale-up bundle starts at its GPUs
        if near.key == far.key:
            continue
        count = link.lanes * PAIRS_PER_LANE * link.count
        key: tuple[str, str, CopperSpan] = (near.rack, link.fabric, "in_rack")
        pairs[key] = pairs.get(key, 0) + count
        if near.rack != far.rack:
            key = (far.rack, link.fabric, "between_racks")
            pairs[key] = pairs.get(key, 0) + count
    order = {r.name: i for i, r in enumerate(design.racks)}
    return [
        CopperRun(rack, fabric, span, n, fabrics[fabric].copper(span))
        for (rack, fabric, span), n in sorted(
            pairs.items(), key=lambda item: (order[item[0][0]], item[0][1], item[0][2] != "in_rack")
        )
    ]


def copper_part(design: BuiltDesign, run: CopperRun) -> ScaleUpCopper | None:
    """The catalogue part a run is priced and weighed with."""
    return None if run.part is None else design.part(run.part, ScaleUpCopper)
