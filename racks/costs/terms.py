"""The cost of ownership's terms, a table only: each named quantity with its label, format and
rule (`racks/costs/formula.py`), in the order they are laid out.

Python evaluates the terms (`racks/costs/ownership.py`) and the workbook writes the same terms as
live formulas (`exports/workbook/tco_sheet.py`); tables and charts take their labels and formats.
The rule of each is described in `ownership.py`'s docstring.
"""

from __future__ import annotations

from functools import partial
from typing import Literal

from ...components.formats import DECIMAL, DECIMAL_3, ONE_DECIMAL, USD, USD_CENTS, USD_MILLS
from ...components.formats import Format as Fmt
from ...components.parameters import HOURS_PER_MONTH, HOURS_PER_YEAR, MONTHS_PER_YEAR
from ...components.precision import PRECISIONS
from ...components.records import record
from .formula import Annuity, Expr, Given, Name, Per

inp = partial(Name, "input")
"""A profile input by field name."""
basis = partial(Name, "basis")
"""One of the system's totals (`CostBasis.values()`) by name."""
term = partial(Name, "term")
"""An earlier term by key."""


Scope = Literal["profile", "system"]
Role = Literal["step", "figure", "result"]
"""`step`: shown only where the arithmetic is laid out (the workbook); `result`: a `TcoResult`
field; `figure`: a result that tables and charts show too."""


@record
class Term:
    """One named quantity of the cost of ownership, its label and format, and its rule."""

    key: str
    label: str
    format: Fmt
    rule: Expr
    role: Role = "figure"
    scope: Scope = "system"
    total: bool = False
    """A bottom line, set in bold where it is laid out."""


CAPEX_KEYS = tuple(
    f"capex_{c}_usd_per_gpu" for c in ("compute", "scale_up", "scale_out", "facility")
)
"""Capex per GPU by class, which add up to `capex_usd_per_gpu`."""
OPEX_KEYS = tuple(
    f"opex_{c}_usd_per_gpu_hour"
    for c in ("power", "colocation", "maintenance", "staff", "software")
)
"""Opex per GPU-hour by kind, which add up to `opex_usd_per_gpu_hour`."""
POWER_SCALED_OPEX = tuple(f"opex_{c}_usd_per_gpu_hour" for c in ("power", "colocation", "staff"))
"""The opex that scales with input power, as seed 002 says most operating costs do (002:298);
maintenance scales with capital and software with GPUs."""


PROFILE_TERMS: tuple[Term, ...] = (
    Term(
        "hours",
        "GPU-hours used per GPU-year",
        ONE_DECIMAL,
        HOURS_PER_YEAR * inp("utilisation"),
        "step",
        "profile",
    ),
    *(
        Term(
            f"annuity_{asset}",
            f"Annuity factor: {label}",
            Fmt(decimals=6),
            Annuity(inp("cost_of_capital"), inp(life)),
            "step",
            "profile",
        )
        for asset, life, label in (
            ("servers", "life_years_gpu_servers", "GPU servers"),
            ("network", "life_years_network", "network"),
            ("facility", "life_years_facility", "facility"),
        )
    ),
)
"""Terms that depend on the profile alone: one value for every system."""


_GPUS = basis("gpus")
_INPUT_KW, _HOURS = term("input_kw_per_gpu"), term("hours")
_CAPEX_OF = dict(
    zip(("compute", "scale_up", "scale_out", "facility"), map(term, CAPEX_KEYS), strict=True)
)
_PER_GPU = [
    Term(
        f"{p}_dense_pflops_per_gpu",
        f"Dense {p.upper()} PFLOPS per GPU",
        DECIMAL_3,
        Given(Per(basis(f"{p}_dense_pflops"), _GPUS)),  # none where the chip lacks it
        "step",
    )
    for p in PRECISIONS
]
_OPEX = (
    Term(
        "opex_power_usd_per_gpu_hour",
        "Opex: power (USD/GPU-h)",
        USD_MILLS,
        _INPUT_KW * inp("pue") * inp("electricity_usd_per_kwh"),
    ),
    Term(
        "opex_colocation_usd_per_gpu_hour",
        "Opex: colocation (USD/GPU-h)",
        USD_MILLS,
        _INPUT_KW * inp("colocation_usd_per_kw_month") * MONTHS_PER_YEAR / _HOURS,
    ),
    Term(
        "opex_maintenance_usd_per_gpu_hour",
        "Opex: maintenance (USD/GPU-h)",
        USD_MILLS,
        term("capex_hardware_usd_per_gpu") * inp("maintenance_share_per_year") / _HOURS,
    ),
    Term(
        "opex_staff_usd_per_gpu_hour",
        "Opex: staff (USD/GPU-h)",
        USD_MILLS,
        _INPUT_KW / 1000 * inp("staff_per_mw") * inp("staff_usd_per_year") / _HOURS,
    ),
    Term(
        "opex_software_usd_per_gpu_hour",
        "Opex: software (USD/GPU-h)",
        USD_MILLS,
        inp("software_usd_per_gpu_year") / _HOURS,
    ),
)
_TCO = term("tco_usd_per_gpu_hour")
SYSTEM_TERMS: tuple[Term, ...] = (
    *_PER_GPU,
    Term(
        "hbm_tbytes_per_s_per_gpu",
        "HBM bandwidth per GPU (TB/s)",
        DECIMAL_3,
        Per(basis("hbm_tbytes_per_s"), _GPUS),
        "step",
    ),
    Term("hbm_gb_per_gpu", "HBM per GPU (GB)", ONE_DECIMAL, Per(basis("hbm_gb"), _GPUS), "step"),
    Term(
        "input_kw_per_gpu",
        "Input power per GPU (kW)",
        DECIMAL,
        Per(basis("power_input_w") / 1000, _GPUS),
    ),
    Term(
        "facility_kw_per_gpu",
        "Facility power per GPU, input x PUE (kW)",
        DECIMAL,
        _INPUT_KW * inp("pue"),
    ),
    Term(
        "capex_compute_usd_per_gpu",
        "Capex per GPU: compute (USD)",
        USD,
        Per(
            basis("compute_usd")
            + basis("integration_base_usd")
            * (inp("integration_markup") - basis("integration_markup")),
            _GPUS,
        ),
    ),
    Term(
        "capex_scale_up_usd_per_gpu",
        "Capex per GPU: scale-up (USD)",
        USD,
        Per(
            basis("scale_up_usd")
            + basis("integration_scale_up_base_usd")
            * (inp("integration_markup") - basis("integration_markup")),
            _GPUS,
        ),
    ),
    Term(
        "capex_scale_out_usd_per_gpu",
        "Capex per GPU: scale-out (USD)",
        USD,
        Per(basis("scale_out_usd"), _GPUS),
    ),
    Term(
        "capex_facility_usd_per_gpu",
        "Capex per GPU: facility (USD)",
        USD,
        _INPUT_KW / 1000 * inp("facility_capex_usd_per_mw"),
    ),
    Term(
        "capex_usd_per_gpu",
        "Capex per GPU with facility (USD)",
        USD,
        Expr.total(*_CAPEX_OF.values()),
        total=True,
    ),
    Term(
        "capex_hardware_usd_per_gpu",
        "Capex per GPU: hardware (USD)",
        USD,
        _CAPEX_OF["compute"] + _CAPEX_OF["scale_up"] + _CAPEX_OF["scale_out"],
        "result",
    ),
    Term(
        "capital_usd_per_gpu_year",
        "Capital per GPU-year, annuities (USD)",
        USD,
        (_CAPEX_OF["compute"] + _CAPEX_OF["scale_up"]) * term("annuity_servers")
        + _CAPEX_OF["scale_out"] * term("annuity_network")
        + _CAPEX_OF["facility"] * term("annuity_facility"),
        "step",
    ),
    Term(
        "capital_usd_per_gpu_hour",
        "Capital per GPU-hour (USD)",
        USD_MILLS,
        term("capital_usd_per_gpu_year") / _HOURS,
    ),
    *_OPEX,
    Term(
        "opex_power_scaled_usd_per_gpu_hour",
        "Opex scaling with input power: power, colocation, staff (USD/GPU-h)",
        USD_MILLS,
        Expr.total(*(term(t.key) for t in _OPEX if t.key in POWER_SCALED_OPEX)),
        "result",
    ),
    Term(
        "opex_usd_per_gpu_hour",
        "Opex per GPU-hour (USD)",
        USD_MILLS,
        Expr.total(*(term(t.key) for t in _OPEX)),
    ),
    Term(
        "tco_usd_per_gpu_hour",
        "TCO per GPU-hour (USD)",
        USD_MILLS,
        term("capital_usd_per_gpu_hour") + term("opex_usd_per_gpu_hour"),
        total=True,
    ),
    *(
        Term(
            f"tco_usd_per_{p}_pflops_hour",
            f"TCO per dense {p.upper()} PFLOPS-hour (USD)",
            USD_MILLS,
            Per(_TCO, term(f"{p}_dense_pflops_per_gpu")),
        )
        for p in PRECISIONS
    ),
    Term(
        "tco_usd_per_hbm_tbps_hour",
        "TCO per TB/s of HBM per hour (USD)",
        USD_MILLS,
        Per(_TCO, term("hbm_tbytes_per_s_per_gpu")),
    ),
    Term(
        "tco_usd_per_hbm_gb_month",
        "TCO per GB of HBM per month (USD)",
        USD_CENTS,
        Per(_TCO * HOURS_PER_MONTH, term("hbm_gb_per_gpu")),
    ),
    Term(
        "fp4_dense_tflops_per_w",
        "Dense FP4 TFLOPS per W of input power",
        DECIMAL,
        Per(term("fp4_dense_pflops_per_gpu"), _INPUT_KW),
    ),
    Term(
        "fp8_dense_tflops_per_w",
        "Dense FP8 TFLOPS per W of input power",
        DECIMAL,
        Per(term("fp8_dense_pflops_per_gpu"), _INPUT_KW),
    ),
)
"""Terms per system, in the order they are laid out."""


RESULT_TERMS = tuple(t for t in SYSTEM_TERMS if t.role != "step")
"""The terms a `TcoResult` holds, one field each."""
FIGURE_TERMS = tuple(t for t in SYSTEM_TERMS if t.role == "figure")
"""The terms tables and charts show, in order."""
