"""The figures that compare designs side by side, shared by every output."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Row:
    """One compared figure: its summary key, a label with its unit, and a number format."""

    key: str
    label: str
    fmt: str = "{:,.0f}"

    def format(self, value: Any) -> str:
        """The value as text for tables."""
        return "-" if value is None else self.fmt.format(value)


COMPARISON_ROWS: tuple[Row, ...] = (
    Row("gpus", "GPUs"),
    Row("racks", "Racks"),
    Row("world_size", "World size (GPUs)"),
    Row("scale_up_domains", "Scale-up domains"),
    Row("scale_up_gbps_per_gpu", "Scale-up per GPU (Gbit/s)", "{:,.1f}"),
    Row("scale_out_gbps_per_gpu", "Scale-out per GPU (Gbit/s)"),
    Row("in_domain_to_cross_domain", "In-domain / cross-domain bandwidth", "{:,.2f}x"),
    Row("hbm_gb_total", "HBM total (GB)"),
    Row("compute_trays", "Compute trays"),
    Row("switch_chips", "Switch chips"),
    Row("switch_ports_used", "Switch ports used"),
    Row("switch_ports_unused", "Switch ports unused"),
    Row("switch_ports_unused_pct", "Switch ports unused (%)", "{:,.1f}"),
    Row("power_it_kw", "IT power (kW)", "{:,.1f}"),
    Row("power_kw", "All-in power (kW)", "{:,.1f}"),
    Row("power_facility_kw", "Facility power (kW, x PUE)", "{:,.1f}"),
    Row("fp4_dense_pflops_total", "FP4 dense (PFLOPS)", "{:,.1f}"),
    Row("fp8_dense_pflops_total", "FP8 dense (PFLOPS)", "{:,.1f}"),
    Row("bf16_dense_pflops_total", "BF16 dense (PFLOPS)", "{:,.1f}"),
    Row("hbm_tbps_total", "HBM bandwidth (TB/s)", "{:,.1f}"),
    Row("scale_up_tbps_bidir_total", "Scale-up total (TB/s, both ways)", "{:,.1f}"),
    Row("scale_out_tbps_bidir_total", "Scale-out total (TB/s, both ways)", "{:,.1f}"),
    Row("fp8_dense_pflops_per_usd_m", "FP8 dense PFLOPS per $M", "{:,.1f}"),
    Row("fp8_dense_pflops_per_kw", "FP8 dense PFLOPS per all-in kW", "{:,.2f}"),
    Row("bom_usd", "BOM total (USD)", "${:,.0f}"),
    Row("bom_usd_per_gpu", "Cost per GPU (USD)", "${:,.0f}"),
    Row("bom_usd_per_hbm_gb", "Cost per GB of HBM (USD)", "${:,.2f}"),
    Row("units_used", "Units used"),
    Row("weight_kg", "Weight (kg)"),
)


def comparison_table(summaries: list[dict[str, Any]]) -> list[list[Any]]:
    """Rows of [label, value per design], designs as columns."""
    return [[row.label, *(s.get(row.key) for s in summaries)] for row in COMPARISON_ROWS]
