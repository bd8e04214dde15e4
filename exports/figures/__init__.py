"""How each key figure is shown: its label, unit and number format, defined once for every output.

A `Figure` names a field of a summary (a design's, a cluster's, a plant's, a TCO result); its
format says how the value is scaled and written as text (tables, the HTML page, the drawings'
title block), as an Excel number format (workbooks) and as a pandas display value.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import reduce
from typing import Any, Generic, TypeVar

from ...components import formats
from ...components.formats import Format
from ...components.precision import Precision
from ...components.records import record
from ...racks.summary import DesignSummary


class Unit:
    """The units key figures come in, each a number format (values in the summary's units)."""

    COUNT = formats.COUNT
    USD = formats.USD
    USD_CENTS = formats.USD_CENTS
    KW = formats.KILOWATTS  # values are in watts
    GBPS = formats.ONE_DECIMAL
    GB = formats.COUNT
    KG = formats.COUNT
    PCT = formats.ONE_DECIMAL  # the label says %
    PFLOPS = formats.ONE_DECIMAL
    TBYTES_PER_S = formats.ONE_DECIMAL
    TBYTES_PER_S_BIDIR = formats.TBYTES_PER_S_BIDIR  # values are one-way Gbit/s
    PER_KW = formats.DECIMAL
    RATIO = formats.RATIO


S = TypeVar("S")


@record
class Figure(Generic[S]):
    """One figure of a summary of type `S` (a design's, a cluster's, a plant's, a TCO result):
    its key, a label that names its unit, and its number format."""

    field: str
    """The summary field it reads (dotted for a nested one: `capex_usd.total_usd`), or, with
    `read`, the key outputs know it by (the published JSON key)."""
    label: str
    format: Format
    read: Callable[[S], float | None] | None = None
    """How to read a figure that is no field of its own (a precision's, from `compute`)."""

    def raw(self, summary: S) -> Any:
        """The figure's value as the summary holds it, unscaled."""
        if self.read is not None:
            return self.read(summary)
        return reduce(getattr, self.field.split("."), summary)

    def value(self, summary: S) -> Any:
        """The figure's value, scaled to the unit its label names."""
        raw = self.raw(summary)
        return None if raw is None else raw * self.format.scale

    def text(self, summary: S) -> str:
        """The figure as table text."""
        return self.plain_text(summary)

    def plain_text(self, summary: S) -> str:
        """The value in the figure's format, with no footnote mark."""
        return self.format.text(self.raw(summary))


@record
class DesignFigure(Figure[DesignSummary]):
    """A design's key figure, marked where it rests on an assumed switch chip."""

    rests_on_switch: bool = False
    """Marked `*` where the design's switch chip is an assumption (see `switch_note`)."""

    def text(self, summary: DesignSummary) -> str:
        """The figure as table text, marked where it rests on an assumed switch chip."""
        text = self.plain_text(summary)
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


KEY_FIGURES: tuple[DesignFigure, ...] = (
    DesignFigure("gpus", "GPUs", Unit.COUNT),
    DesignFigure("racks", "Racks", Unit.COUNT),
    DesignFigure("world_size", "World size (GPUs)", Unit.COUNT),
    DesignFigure("scale_up_domains", "Scale-up domains", Unit.COUNT),
    DesignFigure("scale_up_gbps_per_gpu", "Scale-up per GPU (Gbit/s)", Unit.GBPS),
    DesignFigure("scale_out_gbps_per_gpu", "Scale-out per GPU (Gbit/s)", Unit.GBPS),
    DesignFigure("in_domain_to_cross_domain", "In-domain / cross-domain bandwidth", Unit.RATIO),
    DesignFigure("hbm_gb_total", "HBM total (GB)", Unit.GB),
    DesignFigure("compute_trays", "Compute trays", Unit.COUNT),
    DesignFigure("switch_chips", "Switch chips", Unit.COUNT),
    DesignFigure("switch_port_gbps", "Switch port speed (Gbit/s)", Unit.COUNT),
    DesignFigure("switch_ports_used", "Switch ports used", Unit.COUNT),
    DesignFigure("switch_ports_unused", "Switch ports unused", Unit.COUNT, rests_on_switch=True),
    DesignFigure(
        "switch_ports_unused_pct", "Switch ports unused (%)", Unit.PCT, rests_on_switch=True
    ),
    DesignFigure("switch_lanes_used", "Switch lanes used", Unit.COUNT),
    DesignFigure("switch_lanes_unused", "Switch lanes unused", Unit.COUNT, rests_on_switch=True),
    DesignFigure("power_it_w", "IT power (kW)", Unit.KW),
    DesignFigure("power_all_in_w", "All-in power (kW)", Unit.KW),
    DesignFigure("power_facility_w", "Facility power (kW, all-in x PUE)", Unit.KW),
    DesignFigure("fp4_dense_pflops_total", "FP4 dense (PFLOPS)", Unit.PFLOPS, read=_total("fp4")),
    DesignFigure("fp8_dense_pflops_total", "FP8 dense (PFLOPS)", Unit.PFLOPS, read=_total("fp8")),
    DesignFigure(
        "bf16_dense_pflops_total", "BF16 dense (PFLOPS)", Unit.PFLOPS, read=_total("bf16")
    ),
    DesignFigure("hbm_tbytes_per_s_total", "HBM bandwidth (TB/s)", Unit.TBYTES_PER_S),
    DesignFigure(
        "scale_up_gbps_total", "Scale-up total (TB/s, both ways)", Unit.TBYTES_PER_S_BIDIR
    ),
    DesignFigure(
        "scale_out_gbps_total", "Scale-out total (TB/s, both ways)", Unit.TBYTES_PER_S_BIDIR
    ),
    DesignFigure(
        "fp8_dense_pflops_per_usd_m",
        "FP8 dense PFLOPS per $M",
        Unit.PFLOPS,
        read=lambda s: s.compute["fp8"].per_usd_m,
    ),
    DesignFigure(
        "fp8_dense_pflops_per_kw",
        "FP8 dense PFLOPS per all-in kW",
        Unit.PER_KW,
        read=lambda s: s.compute["fp8"].per_kw,
    ),
    DesignFigure("bom_usd", "BOM total (USD)", Unit.USD),
    DesignFigure("bom_usd_per_gpu", "Cost per GPU (USD)", Unit.USD),
    DesignFigure("bom_usd_per_hbm_gb", "Cost per GB of HBM (USD)", Unit.USD_CENTS),
    DesignFigure("units_used", "Units used", Unit.COUNT),
    DesignFigure("weight_kg", "Weight (kg)", Unit.KG),
)
"""The figures that compare designs side by side, in every output."""
KEY_FIGURE = {figure.field: figure for figure in KEY_FIGURES}
"""The key figures by key, for an output that shows some of them in its own words."""
