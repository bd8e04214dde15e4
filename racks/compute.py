"""Compute and memory totals of a design: dense FLOPS per precision, HBM capacity and bandwidth."""

from __future__ import annotations

from ..components.parts import Gpu
from ..components.precision import PRECISIONS, Precision
from ..components.records import record
from .build import BuiltDesign


@record
class Compute:
    """Totals over every GPU; a figure a GPU does not state counts as 0 and is listed."""

    gpus: int
    dense_pflops: dict[Precision, float]
    hbm_gb: float
    hbm_tbytes_per_s: float
    missing: list[str]
    gpu_power_w: float = 0.0
    """The GPUs' board power (their catalogue `power_w`), in total: the chip-level power."""

    def per_gpu(self, precision: Precision) -> float:
        """Dense PFLOPS of one precision per GPU (the design's mean)."""
        return self.dense_pflops[precision] / self.gpus if self.gpus else 0.0

    def lacks(self, precision: Precision) -> bool:
        """Whether the design's GPUs lack the precision (the H200 at FP4, stated as 0): not
        applicable, so shown as `-` and written as null rather than as 0."""
        return self.gpus > 0 and not self.dense_pflops[precision]


def compute(design: BuiltDesign) -> Compute:
    """Add up the dense FLOPS, HBM and HBM bandwidth of every GPU placed in the design."""
    flops: dict[Precision, float] = dict.fromkeys(PRECISIONS, 0.0)
    hbm_gb = hbm_tbps = power_w = 0.0
    gpus = 0
    missing: set[str] = set()
    for tray in design.placed:
        for line in tray.tray.parts:
            part = design.part(line.part)
            if not isinstance(part, Gpu):
                continue
            gpus += line.qty
            hbm_gb += part.hbm_gb * line.qty
            power_w += (part.power_w or 0.0) * line.qty
            hbm_tbps += (part.hbm_tbytes_per_s or 0.0) * line.qty
            if part.hbm_tbytes_per_s is None:
                missing.add(f"{part.id}.hbm_tbytes_per_s")
            for precision in PRECISIONS:
                value = part.dense_pflops(precision)
                if value is None:
                    missing.add(f"{part.id}.{precision}_dense_pflops")
                flops[precision] += (value or 0.0) * line.qty
    return Compute(gpus, flops, hbm_gb, hbm_tbps, sorted(missing), power_w)
