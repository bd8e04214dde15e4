"""How each key figure is shown: its label, unit and number format, defined once for every output.

A figure names a `DesignSummary` field; its unit says how the value is scaled and written as
text (tables, HTML), as an Excel number format (workbooks) and as a pandas display format.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ...components.formats import Format
from ...components.precision import Precision
from ...racks.summary import DesignSummary


class Unit(Enum):
    """The units key figures come in, each with its display format."""

    COUNT = Format()
    USD = Format(prefix="$")
    USD_CENTS = Format(decimals=2, prefix="$")
    KW = Format(decimals=1, scale=1e-3)  # values are in watts
    GBPS = Format(decimals=1)
    GB = Format()
    KG = Format()
    PCT = Format(decimals=1)  # the label says %
    PFLOPS = Format(decimals=1)
    TBYTES_PER_S = Format(decimals=1)
    TBYTES_PER_S_BIDIR = Format(decimals=1, scale=2 / 8000)  # values are one-way Gbit/s
    PER_KW = Format(decimals=2)
    RATIO = Format(decimals=2, suffix="x")


@dataclass(frozen=True)
class Figure:
    """One key figure: its key, a label that names its unit, and the unit."""

    field: str
    """The summary field it reads, or (with `read`) its published JSON key."""
    label: str
    unit: Unit
    rests_on_switch: bool = False
    """Marked `*` where the design's switch chip is an assumption (see `switch_note`)."""
    read: Callable[[DesignSummary], float | None] | None = None
    """How to read a figure that is no field of its own (a precision's, from `compute`)."""

    def raw(self, summary: DesignSummary) -> Any:
        """The figure's value as the summary holds it, unscaled."""
        return getattr(summary, self.field) if self.read is None else self.read(summary)

    @property
    def format(self) -> Format:
        """The figure's number format."""
        return self.unit.value

    def value(self, summary: DesignSummary) -> Any:
        """The figure's value, scaled to the unit its label names."""
        raw = self.raw(summary)
        return None if raw is None else raw * self.format.scale

    def text(self, summary: DesignSummary) -> str:
        """The figure as table text, marked where it rests on an assumed switch chip."""
        text = self.format.text(self.raw(summary))
        return (
            text + ASSUMED_MARK if self.rests_on_switch and summary.assumed_switch_chips else text
        )


ASSUMED_MARK = "*"


def switch_note(summary: DesignSummary) -> str | None:
    """Why a design's port figures are marked: the assumed switch chips they rest on."""
    if not summary.assumed_switch_chips:
        return None
    return (
        f"{ASSUMED_MARK} {summary.design}: the unused switch ports rest on an assumed switch chip "
        f"({', '.join(summary.assumed_switch_chips)}); `rackbom show {summary.design}` gives "
        "them for the catalogue's other chips"
    )


def _total(precision: Precision) -> Callable[[DesignSummary], float | None]:
    """Reads a precision's dense PFLOPS in total."""
    return lambda s: s.compute[precision].total


KEY_FIGURES: tuple[Figure, ...] = (
    Figure("gpus", "GPUs", Unit.COUNT),
    Figure("racks", "Racks", Unit.COUNT),
    Figure("world_size", "World size (GPUs)", Unit.COUNT),
    Figure("scale_up_domains", "Scale-up domains", Unit.COUNT),
    Figure("scale_up_gbps_per_gpu", "Scale-up per GPU (Gbit/s)", Unit.GBPS),
    Figure("scale_out_gbps_per_gpu", "Scale-out per GPU (Gbit/s)", Unit.GBPS),
    Figure("in_domain_to_cross_domain", "In-domain / cross-domain bandwidth", Unit.RATIO),
    Figure("hbm_gb_total", "HBM total (GB)", Unit.GB),
    Figure("compute_trays", "Compute trays", Unit.COUNT),
    Figure("switch_chips", "Switch chips", Unit.COUNT),
    Figure("switch_port_gbps", "Switch port speed (Gbit/s)", Unit.COUNT),
    Figure("switch_ports_used", "Switch ports used", Unit.COUNT),
    Figure("switch_ports_unused", "Switch ports unused", Unit.COUNT, rests_on_switch=True),
    Figure("switch_ports_unused_pct", "Switch ports unused (%)", Unit.PCT, rests_on_switch=True),
    Figure("switch_lanes_used", "Switch lanes used", Unit.COUNT),
    Figure("switch_lanes_unused", "Switch lanes unused", Unit.COUNT, rests_on_switch=True),
    Figure("power_it_w", "IT power (kW)", Unit.KW),
    Figure("power_all_in_w", "All-in power (kW)", Unit.KW),
    Figure("power_facility_w", "Facility power (kW, x PUE)", Unit.KW),
    Figure("fp4_dense_pflops_total", "FP4 dense (PFLOPS)", Unit.PFLOPS, read=_total("fp4")),
    Figure("fp8_dense_pflops_total", "FP8 dense (PFLOPS)", Unit.PFLOPS, read=_total("fp8")),
    Figure("bf16_dense_pflops_total", "BF16 dense (PFLOPS)", Unit.PFLOPS, read=_total("bf16")),
    Figure("hbm_tbytes_per_s_total", "HBM bandwidth (TB/s)", Unit.TBYTES_PER_S),
    Figure("scale_up_gbps_total", "Scale-up total (TB/s, both ways)", Unit.TBYTES_PER_S_BIDIR),
    Figure("scale_out_gbps_total", "Scale-out total (TB/s, both ways)", Unit.TBYTES_PER_S_BIDIR),
    Figure(
        "fp8_dense_pflops_per_usd_m",
        "FP8 dense PFLOPS per $M",
        Unit.PFLOPS,
        read=lambda s: s.compute["fp8"].per_usd_m,
    ),
    Figure(
        "fp8_dense_pflops_per_kw",
        "FP8 dense PFLOPS per all-in kW",
        Unit.PER_KW,
        read=lambda s: s.compute["fp8"].per_kw,
    ),
    Figure("bom_usd", "BOM total (USD)", Unit.USD),
    Figure("bom_usd_per_gpu", "Cost per GPU (USD)", Unit.USD),
    Figure("bom_usd_per_hbm_gb", "Cost per GB of HBM (USD)", Unit.USD_CENTS),
    Figure("units_used", "Units used", Unit.COUNT),
    Figure("weight_kg", "Weight (kg)", Unit.KG),
)
"""The figures that compare designs side by side, in every output."""
