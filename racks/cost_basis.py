"""What a cost calculation needs from a design or a cluster: capital by class, input power, output.

A bare design buys no scale-out network: its NICs are in the compute capital, the switches,
optics and cables they plug into are not, and its input power is the racks' input (the
design's all-in figure carries an estimated network share that it does not buy). A cluster
adds the network it sizes, capital and power together. So a design's TCO is the racks'
alone, and comparisons that involve networking are made between clusters.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from ..components.parameters import default_of
from ..components.precision import PRECISIONS
from ..components.precision import Precision as Precision  # the costs' name for it
from ..components.records import record

if TYPE_CHECKING:
    from .clusters.cluster_summary import ClusterSummary
    from .summary import DesignSummary


@record
class CostBasis:
    """Totals for a whole design or cluster; the TCO divides them by the GPUs."""

    target: str
    name: str
    kind: Literal["design", "cluster"]
    gpus: int
    compute_usd: float
    scale_up_usd: float
    scale_out_usd: float
    power_input_w: float
    """The input power the hall supplies: rack input, plus the scale-out network for a cluster."""
    power_level: str
    dense_pflops: dict[str, float | None]
    """Dense PFLOPS in total, by precision; None where the chip lacks the precision."""
    hbm_tbytes_per_s: float
    hbm_gb: float
    vendor_margin_base_usd: float = 0.0
    """The scale-up parts a system vendor's gross margin is charged on (NVIDIA's NVLink switch
    trays' bought-in parts and copper); the margin itself is inside `scale_up_usd`."""
    vendor_markup: float = default_of("vendor_markup")
    """That margin as a markup on cost: 0.82 for the source's 45% gross margin; its label and
    range are its row of `components/parameters.py`."""
    integration_base_usd: float = 0.0
    """The compute parts an integrator's margin is charged on, as the design's buyer pays it;
    the TCO re-prices them for the profile's buyer (`ownership.py`)."""
    integration_scale_up_base_usd: float = 0.0
    """The same for the scale-up parts (switch trays)."""
    integration_markup: float = 0.0
    """The markup both are priced at, inside `compute_usd` and `scale_up_usd`."""

    @property
    def vendor_margin_usd(self) -> float:
        """The vendor's gross margin inside `scale_up_usd`."""
        return self.vendor_margin_base_usd * self.vendor_markup

    def values(self) -> dict[str, float | None]:
        """The totals the TCO's terms read, by name (`racks/costs/ownership.py`); None where a
        figure does not exist, an empty cell in the workbook."""
        return {
            "gpus": float(self.gpus),
            "compute_usd": self.compute_usd,
            "scale_up_usd": self.scale_up_usd,
            "scale_out_usd": self.scale_out_usd,
            "power_input_w": self.power_input_w,
            **{f"{p}_dense_pflops": self.dense_pflops[p] for p in PRECISIONS},
            "hbm_tbytes_per_s": self.hbm_tbytes_per_s,
            "hbm_gb": self.hbm_gb,
            "integration_base_usd": self.integration_base_usd,
            "integration_scale_up_base_usd": self.integration_scale_up_base_usd,
            "integration_markup": self.integration_markup,
        }


def design_basis(s: DesignSummary, scale_up: float) -> CostBasis:
    """A bare design: its racks, no scale-out network; `scale_up` the part of its BOM that buys
    the scale-up fabric."""
    return CostBasis(
        target=s.design,
        name=s.name,
        kind="design",
        gpus=s.gpus,
        compute_usd=s.bom_usd - scale_up,
        scale_up_usd=scale_up,
        scale_out_usd=0.0,
        power_input_w=s.power_rack_input_w,
        power_level="rack input (a bare design buys no scale-out network)",
        dense_pflops={p: s.compute[p].total for p in PRECISIONS},
        hbm_tbytes_per_s=s.hbm_tbytes_per_s_total,
        hbm_gb=s.hbm_gb_total,
        vendor_margin_base_usd=s.vendor_margin_base_usd,
        vendor_markup=_markup(s.vendor_margin_usd, s.vendor_margin_base_usd),
        integration_base_usd=s.integration.compute_usd,
        integration_scale_up_base_usd=s.integration.scale_up_usd,
        integration_markup=s.integration.markup,
    )


def cluster_basis(summary: ClusterSummary) -> CostBasis:
    """A cluster: its copies of the design and the scale-out network it sizes."""
    d = summary.design_summary
    copies = summary.design_copies
    return CostBasis(
        target=summary.cluster,
        name=summary.name,
        kind="cluster",
        gpus=summary.gpus,
        compute_usd=summary.capex_usd.compute_usd,
        scale_up_usd=summary.capex_usd.scale_up_usd,
        scale_out_usd=summary.capex_usd.scale_out_usd,
        power_input_w=summary.power_total_w,
        power_level="racks' input plus the scale-out network",
        dense_pflops={p: _times(copies, d.compute[p].total) for p in PRECISIONS},
        hbm_tbytes_per_s=copies * d.hbm_tbytes_per_s_total,
        hbm_gb=summary.hbm_gb_total,
        vendor_margin_base_usd=copies * d.vendor_margin_base_usd,
        vendor_markup=_markup(d.vendor_margin_usd, d.vendor_margin_base_usd),
        integration_base_usd=copies * d.integration.compute_usd,
        integration_scale_up_base_usd=copies * d.integration.scale_up_usd,
        integration_markup=d.integration.markup,
    )


def _markup(margin_usd: float, base_usd: float) -> float:
    """A margin of `margin_usd` on parts of `base_usd`, as a markup (0 without such parts)."""
    return margin_usd / base_usd if base_usd else 0.0


def _times(copies: int, total: float | None) -> float | None:
    return None if total is None else copies * total
