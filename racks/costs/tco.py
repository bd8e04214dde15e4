"""Total cost of ownership per GPU-hour: one rule, one profile, any design or cluster.

Capital is recovered as an annuity at the cost of capital over each asset class's life (GPU
servers with their scale-up fabric; the scale-out network; the facility). Operating costs are
power (IT power x PUE x price, drawn in the hours used), colocation rent, maintenance (a share
of capital a year), staff (per MW of IT power) and software (per GPU-year). Every yearly cost is
divided by the GPU-hours used in a year: 8,760 x utilisation per GPU.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...components.tco import TcoProfile
from .basis import PRECISIONS, CostBasis

HOURS_PER_YEAR = 8760.0
HOURS_PER_MONTH = HOURS_PER_YEAR / 12


def annuity_factor(rate: float, years: float) -> float:
    """The share of a capital sum to pay each year to recover it with interest over `years`."""
    if rate == 0:
        return 1 / years
    return rate / (1 - (1 + rate) ** -years)


@dataclass(frozen=True)
class TcoResult:
    """Cost of ownership of one design or cluster under one profile (per GPU unless named)."""

    target: str
    name: str
    kind: str
    profile: str
    gpus: int
    power_level: str
    it_kw_per_gpu: float
    facility_kw_per_gpu: float
    capex_compute_usd_per_gpu: float
    capex_scale_up_usd_per_gpu: float
    capex_scale_out_usd_per_gpu: float
    capex_facility_usd_per_gpu: float
    capex_usd_per_gpu: float
    capex_hardware_usd_per_gpu: float
    """Compute, scale-up and scale-out: what the sources call all-in capital cost per chip."""
    capital_usd_per_gpu_hour: float
    opex_power_usd_per_gpu_hour: float
    opex_colocation_usd_per_gpu_hour: float
    opex_maintenance_usd_per_gpu_hour: float
    opex_staff_usd_per_gpu_hour: float
    opex_software_usd_per_gpu_hour: float
    opex_usd_per_gpu_hour: float
    tco_usd_per_gpu_hour: float
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
    """Dense TFLOPS per watt of IT power (the level `power_level` names)."""

    def per_pflops_hour(self, precision: str) -> float | None:
        """TCO per dense PFLOPS-hour at `fp4`, `fp6`, `fp8` or `bf16`."""
        return getattr(self, f"tco_usd_per_{precision}_pflops_hour")


def tco(basis: CostBasis, profile: TcoProfile) -> TcoResult:
    """The cost of ownership of `basis` under `profile`."""
    p = profile
    n = basis.gpus
    it_kw = basis.power_it_w / 1000 / n
    servers = (basis.compute_usd + basis.scale_up_usd) / n
    network = basis.scale_out_usd / n
    facility = it_kw / 1000 * p.facility_capex_usd_per_mw
    capex = servers + network + facility
    hours = HOURS_PER_YEAR * p.utilisation
    capital_year = (
        servers * annuity_factor(p.cost_of_capital, p.life_years_gpu_servers)
        + network * annuity_factor(p.cost_of_capital, p.life_years_network)
        + facility * annuity_factor(p.cost_of_capital, p.life_years_facility)
    )
    power = it_kw * p.pue * p.electricity_usd_per_kwh
    colocation = it_kw * p.colocation_usd_per_kw_month * 12 / hours
    maintenance = capex * p.maintenance_share_per_year / hours
    staff = it_kw / 1000 * p.staff_per_mw * p.staff_usd_per_year / hours
    software = p.software_usd_per_gpu_year / hours
    opex = power + colocation + maintenance + staff + software
    total = capital_year / hours + opex
    per_gpu = {k: v / n for k, v in basis.dense_pflops.items()}
    return TcoResult(
        target=basis.target,
        name=basis.name,
        kind=basis.kind,
        profile=p.id,
        gpus=n,
        power_level=basis.power_level,
        it_kw_per_gpu=it_kw,
        facility_kw_per_gpu=it_kw * p.pue,
        capex_compute_usd_per_gpu=basis.compute_usd / n,
        capex_scale_up_usd_per_gpu=basis.scale_up_usd / n,
        capex_scale_out_usd_per_gpu=network,
        capex_facility_usd_per_gpu=facility,
        capex_usd_per_gpu=capex,
        capex_hardware_usd_per_gpu=servers + network,
        capital_usd_per_gpu_hour=capital_year / hours,
        opex_power_usd_per_gpu_hour=power,
        opex_colocation_usd_per_gpu_hour=colocation,
        opex_maintenance_usd_per_gpu_hour=maintenance,
        opex_staff_usd_per_gpu_hour=staff,
        opex_software_usd_per_gpu_hour=software,
        opex_usd_per_gpu_hour=opex,
        tco_usd_per_gpu_hour=total,
        **{f"tco_usd_per_{k}_pflops_hour": _per(total, per_gpu[k]) for k in PRECISIONS},
        tco_usd_per_hbm_tbps_hour=_per(total, basis.hbm_tbytes_per_s / n),
        tco_usd_per_hbm_gb_month=_per(total * HOURS_PER_MONTH, basis.hbm_gb / n),
        fp4_dense_tflops_per_w=_per(per_gpu["fp4"], it_kw),
        fp8_dense_tflops_per_w=_per(per_gpu["fp8"], it_kw),
    )


def _per(value: float, amount: float) -> float | None:
    """`value` per unit of `amount`; None where the design has none of it (no FP4, say)."""
    return value / amount if amount > 0 else None
