"""How each cost-of-ownership figure is shown: label and format, defined once for every output."""

from __future__ import annotations

from dataclasses import dataclass

from ..racks.costs.tco import TcoResult
from .figures import Format

USD = Format(prefix="$")
USD_CENTS = Format(decimals=2, prefix="$")
USD_MILLS = Format(decimals=3, prefix="$")
DECIMAL = Format(decimals=2)
KW = Format(decimals=2)


@dataclass(frozen=True)
class TcoFigure:
    """One TCO figure: the `TcoResult` field, a label naming its unit, and the format."""

    field: str
    label: str
    format: Format

    def value(self, result: TcoResult) -> float | None:
        """The figure's value, unformatted."""
        return getattr(result, self.field)

    def text(self, result: TcoResult) -> str:
        """The figure as table text."""
        return self.format.text(self.value(result))


CAPEX = (
    TcoFigure("capex_compute_usd_per_gpu", "Capex per GPU: compute (USD)", USD),
    TcoFigure("capex_scale_up_usd_per_gpu", "Capex per GPU: scale-up (USD)", USD),
    TcoFigure("capex_scale_out_usd_per_gpu", "Capex per GPU: scale-out (USD)", USD),
    TcoFigure("capex_facility_usd_per_gpu", "Capex per GPU: facility (USD)", USD),
)
OPEX = (
    TcoFigure("opex_power_usd_per_gpu_hour", "Opex: power (USD/GPU-h)", USD_MILLS),
    TcoFigure("opex_colocation_usd_per_gpu_hour", "Opex: colocation (USD/GPU-h)", USD_MILLS),
    TcoFigure("opex_maintenance_usd_per_gpu_hour", "Opex: maintenance (USD/GPU-h)", USD_MILLS),
    TcoFigure("opex_staff_usd_per_gpu_hour", "Opex: staff (USD/GPU-h)", USD_MILLS),
    TcoFigure("opex_software_usd_per_gpu_hour", "Opex: software (USD/GPU-h)", USD_MILLS),
)
PER_OUTPUT = (
    TcoFigure("tco_usd_per_fp4_pflops_hour", "TCO per dense FP4 PFLOPS-hour (USD)", USD_MILLS),
    TcoFigure("tco_usd_per_fp6_pflops_hour", "TCO per dense FP6 PFLOPS-hour (USD)", USD_MILLS),
    TcoFigure("tco_usd_per_fp8_pflops_hour", "TCO per dense FP8 PFLOPS-hour (USD)", USD_MILLS),
    TcoFigure("tco_usd_per_bf16_pflops_hour", "TCO per dense BF16 PFLOPS-hour (USD)", USD_MILLS),
    TcoFigure("tco_usd_per_hbm_tbps_hour", "TCO per TB/s of HBM per hour (USD)", USD_MILLS),
    TcoFigure("tco_usd_per_hbm_gb_month", "TCO per GB of HBM per month (USD)", USD_CENTS),
    TcoFigure("fp4_dense_tflops_per_w", "Dense FP4 TFLOPS per W of input power", DECIMAL),
    TcoFigure("fp8_dense_tflops_per_w", "Dense FP8 TFLOPS per W of input power", DECIMAL),
)
TCO_FIGURES = (
    TcoFigure("it_kw_per_gpu", "Input power per GPU (kW)", KW),
    TcoFigure("facility_kw_per_gpu", "Facility power per GPU, x PUE (kW)", KW),
    *CAPEX,
    TcoFigure("capex_usd_per_gpu", "Capex per GPU (USD)", USD),
    TcoFigure("capital_usd_per_gpu_hour", "Capital per GPU-hour (USD)", USD_MILLS),
    *OPEX,
    TcoFigure("opex_usd_per_gpu_hour", "Opex per GPU-hour (USD)", USD_MILLS),
    TcoFigure("tco_usd_per_gpu_hour", "TCO per GPU-hour (USD)", USD_MILLS),
    *PER_OUTPUT,
)
"""Every figure, in the order tables show them."""

PROFILE_LABELS = {
    "life_years_gpu_servers": "Life: GPU servers and scale-up (years)",
    "life_years_network": "Life: scale-out network (years)",
    "life_years_facility": "Life: facility (years)",
    "cost_of_capital": "Cost of capital (per year)",
    "utilisation": "Utilisation (share of hours used)",
    "electricity_usd_per_kwh": "Electricity (USD per kWh)",
    "pue": "PUE",
    "facility_capex_usd_per_mw": "Facility capital (USD per MW of input power)",
    "colocation_usd_per_kw_month": "Colocation (USD per kW of input power per month)",
    "maintenance_share_per_year": "Maintenance (share of capex per year)",
    "staff_per_mw": "Operations staff per MW of input power",
    "staff_usd_per_year": "Staff cost (USD per person-year)",
    "software_usd_per_gpu_year": "Software (USD per GPU-year)",
}
"""A TCO profile's figures, as tables, charts and the workbook's input cells name them."""
