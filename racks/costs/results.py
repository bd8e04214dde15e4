"""What the cost of ownership gives, a type only: one system's TCO under one profile."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...components.records import record

if TYPE_CHECKING:
    from ..cost_basis import Precision


@record
class TcoResult:
    """Cost of ownership of one design or cluster under one profile (per GPU unless named).

    Every figure is None where the system has no GPUs; a per-output figure is None where the
    system has none of that output (no FP4, say).
    """

    target: str
    name: str
    kind: str
    profile: str
    gpus: int
    power_level: str
    input_kw_per_gpu: float | None
    facility_kw_per_gpu: float | None
    capex_compute_usd_per_gpu: float | None
    capex_scale_up_usd_per_gpu: float | None
    capex_scale_out_usd_per_gpu: float | None
    capex_facility_usd_per_gpu: float | None
    capex_usd_per_gpu: float | None
    capex_hardware_usd_per_gpu: float | None
    """Compute, scale-up and scale-out: what the sources call all-in capital cost per chip."""
    capital_usd_per_gpu_hour: float | None
    opex_power_usd_per_gpu_hour: float | None
    opex_colocation_usd_per_gpu_hour: float | None
    opex_maintenance_usd_per_gpu_hour: float | None
    opex_staff_usd_per_gpu_hour: float | None
    opex_software_usd_per_gpu_hour: float | None
    opex_power_scaled_usd_per_gpu_hour: float | None
    """Power, colocation and staff: the opex that scales with input power."""
    opex_usd_per_gpu_hour: float | None
    tco_usd_per_gpu_hour: float | None
    tco_usd_per_fp4_pflops_hour: float | None
    tco_usd_per_fp6_pflops_hour: float | None
    tco_usd_per_fp8_pflops_hour: float | None
    tco_usd_per_bf16_pflops_hour: float | None
    tco_usd_per_hbm_tbps_hour: float | None
    """Per TB/s of HBM bandwidth, per hour."""
    tco_usd_per_hbm_gb_month: float | None
    """Per GB of HBM, per month (730 h): the unit rental offers quote."""
    fp4_dense_tflops_per_w: float | None
    fp8_dense_tflops_per_w: float | None
    """Dense TFLOPS per watt of input power (the level `power_level` names)."""

    @property
    def per_pflops_hour(self) -> dict[Precision, float | None]:
        """TCO per dense PFLOPS-hour by precision."""
        return {
            "fp4": self.tco_usd_per_fp4_pflops_hour,
            "fp6": self.tco_usd_per_fp6_pflops_hour,
            "fp8": self.tco_usd_per_fp8_pflops_hour,
            "bf16": self.tco_usd_per_bf16_pflops_hour,
        }
