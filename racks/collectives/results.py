"""What the collective model gives, types and constants only: one collective's figures, an op
at the standard size over one scope, and a published run beside the model's figure for it."""

from __future__ import annotations

from typing import Literal

from ...components.collective_data import BINARY_UNITS, Measurement
from ...components.records import record

SUMMARY_SIZE = BINARY_UNITS["GiB"]
"""The standard size every summary, report and workbook moves per collective: 1 GiB."""

Scope = Literal["one scale-up domain", "every GPU"]
SCOPES: tuple[Scope, ...] = ("one scale-up domain", "every GPU")


@record
class CollectiveResult:
    """One collective: its time and bandwidths, the algorithm chosen and the slowest level."""

    op: str
    bytes: int
    gpus: int
    algorithm: str
    time_us: float
    algbw_gbps: float
    """Algorithm bandwidth, Gbit/s (nccl-tests prints GB/s: divide by 8)."""
    busbw_gbps: float
    """Bus bandwidth, Gbit/s (nccl-tests prints GB/s: divide by 8)."""
    bottleneck: str

    @property
    def busbw_gbytes_per_s(self) -> float:
        """Bus bandwidth in GB/s, as nccl-tests prints it."""
        return self.busbw_gbps / 8


@record
class ScopedResult:
    """One op at `SUMMARY_SIZE` over the GPUs of one scope."""

    scope: Scope
    result: CollectiveResult


@record
class Check:
    """One published measurement beside the model's figure for it."""

    measurement: Measurement
    result: CollectiveResult

    @property
    def error_pct(self) -> float:
        """Model over measurement, less one, in per cent."""
        return 100 * (self.result.busbw_gbytes_per_s / self.measurement.busbw_gbytes_per_s - 1)

    @property
    def run_algorithm(self) -> str:
        """The algorithm the run used as the checks show it: `ring (forced)` where the run
        pinned it, `not stated` where its source does not say."""
        m = self.measurement
        if m.algorithm is None:
            return "not stated"
        return m.algorithm + (" (forced)" if m.pinned else "")
