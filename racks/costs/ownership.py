"""Total cost of ownership per GPU-hour: one rule, one profile, any design or cluster.

Capital is recovered as an annuity at the cost of capital over each asset class's life (GPU
servers with their scale-up fabric; the scale-out network; the facility). Compute capital is
priced for the profile's buyer: the parts an integrator's margin is on carry that buyer's markup
(an ODM's or an OEM's, `components/data/margins.yaml`) in place of the design's own. Operating
costs are power (input power x PUE x price, drawn in the hours used), colocation rent, maintenance
(a share of the IT hardware's capital a year: servers, scale-up and scale-out, not the hall),
staff (per MW of input power) and software (per GPU-year). Every yearly cost is divided by the
GPU-hours used in a year: 8,760 x utilisation per GPU.

The rule is written once, as `PROFILE_TERMS` and `SYSTEM_TERMS`: Python evaluates them here,
and the workbook writes the same terms as live formulas. A system without GPUs has no cost per
GPU: every term is None.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...components.cost_inputs import HOURS_PER_MONTH, HOURS_PER_YEAR, TcoProfile
from ...components.formats import DECIMAL, DECIMAL_3, ONE_DECIMAL, USD, USD_CENTS, USD_MILLS
from ...components.formats import Format as Fmt
from ..cost_basis import PRECISIONS, CostBasis
from .formula import Annuity, Expr, Given, Key, Per, basis, inp, term, total
from .results import TcoResult

Scope = Literal["profile", "system"]
Role = Literal["step", "figure", "result"]
"""`step`: shown only where the arithmetic is laid out (the workbook); `result`: a `TcoResult`
field; `figure`: a result that tables and charts show too."""


@dataclass(frozen=True)
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


def _system_terms() -> tuple[Term, ...]:
    gpus = basis("gpus")
    input_kw, hours = term("input_kw_per_gpu"), term("hours")
    capex_of = dict(
        zip(("compute", "scale_up", "scale_out", "facility"), map(term, CAPEX_KEYS), strict=True)
    )
    per_gpu = [
        Term(
            f"{p}_dense_pflops_per_gpu",
            f"Dense {p.upper()} PFLOPS per GPU",
            DECIMAL_3,
            Given(Per(basis(f"{p}_dense_pflops"), gpus)),  # none where the chip lacks it
            "step",
        )
        for p in PRECISIONS
    ]
    opex = (
        Term(
            "opex_power_usd_per_gpu_hour",
            "Opex: power (USD/GPU-h)",
            USD_MILLS,
            input_kw * inp("pue") * inp("electricity_usd_per_kwh"),
        ),
        Term(
            "opex_colocation_usd_per_gpu_hour",
            "Opex: colocation (USD/GPU-h)",
            USD_MILLS,
            input_kw * inp("colocation_usd_per_kw_month") * 12 / hours,
        ),
        Term(
            "opex_maintenance_usd_per_gpu_hour",
            "Opex: maintenance (USD/GPU-h)",
            USD_MILLS,
            term("capex_hardware_usd_per_gpu") * inp("maintenance_share_per_year") / hours,
        ),
        Term(
            "opex_staff_usd_per_gpu_hour",
            "Opex: staff (USD/GPU-h)",
            USD_MILLS,
            input_kw / 1000 * inp("staff_per_mw") * inp("staff_usd_per_year") / hours,
        ),
        Term(
            "opex_software_usd_per_gpu_hour",
            "Opex: software (USD/GPU-h)",
            USD_MILLS,
            inp("software_usd_per_gpu_year") / hours,
        ),
    )
    tco = term("tco_usd_per_gpu_hour")
    return (
        *per_gpu,
        Term(
            "hbm_tbytes_per_s_per_gpu",
            "HBM bandwidth per GPU (TB/s)",
            DECIMAL_3,
            Per(basis("hbm_tbytes_per_s"), gpus),
            "step",
        ),
        Term("hbm_gb_per_gpu", "HBM per GPU (GB)", ONE_DECIMAL, Per(basis("hbm_gb"), gpus), "step"),
        Term(
            "input_kw_per_gpu",
            "Input power per GPU (kW)",
            DECIMAL,
            Per(basis("power_input_w") / 1000, gpus),
        ),
        Term(
            "facility_kw_per_gpu",
            "Facility power per GPU, input x PUE (kW)",
            DECIMAL,
            input_kw * inp("pue"),
        ),
        Term(
            "capex_compute_usd_per_gpu",
            "Capex per GPU: compute (USD)",
            USD,
            Per(
                basis("compute_usd")
                + basis("integration_base_usd")
                * (inp("integration_markup") - basis("integration_markup")),
                gpus,
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
                gpus,
            ),
        ),
        Term(
            "capex_scale_out_usd_per_gpu",
            "Capex per GPU: scale-out (USD)",
            USD,
            Per(basis("scale_out_usd"), gpus),
        ),
        Term(
            "capex_facility_usd_per_gpu",
            "Capex per GPU: facility (USD)",
            USD,
            input_kw / 1000 * inp("facility_capex_usd_per_mw"),
        ),
        Term(
            "capex_usd_per_gpu",
            "Capex per GPU with facility (USD)",
            USD,
            total(*capex_of.values()),
            total=True,
        ),
        Term(
            "capex_hardware_usd_per_gpu",
            "Capex per GPU: hardware (USD)",
            USD,
            capex_of["compute"] + capex_of["scale_up"] + capex_of["scale_out"],
            "result",
        ),
        Term(
            "capital_usd_per_gpu_year",
            "Capital per GPU-year, annuities (USD)",
            USD,
            (capex_of["compute"] + capex_of["scale_up"]) * term("annuity_servers")
            + capex_of["scale_out"] * term("annuity_network")
            + capex_of["facility"] * term("annuity_facility"),
            "step",
        ),
        Term(
            "capital_usd_per_gpu_hour",
            "Capital per GPU-hour (USD)",
            USD_MILLS,
            term("capital_usd_per_gpu_year") / hours,
        ),
        *opex,
        Term(
            "opex_power_scaled_usd_per_gpu_hour",
            "Opex scaling with input power: power, colocation, staff (USD/GPU-h)",
            USD_MILLS,
            total(*(term(t.key) for t in opex if t.key in POWER_SCALED_OPEX)),
            "result",
        ),
        Term(
            "opex_usd_per_gpu_hour",
            "Opex per GPU-hour (USD)",
            USD_MILLS,
            total(*(term(t.key) for t in opex)),
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
                Per(tco, term(f"{p}_dense_pflops_per_gpu")),
            )
            for p in PRECISIONS
        ),
        Term(
            "tco_usd_per_hbm_tbps_hour",
            "TCO per TB/s of HBM per hour (USD)",
            USD_MILLS,
            Per(tco, term("hbm_tbytes_per_s_per_gpu")),
        ),
        Term(
            "tco_usd_per_hbm_gb_month",
            "TCO per GB of HBM per month (USD)",
            USD_CENTS,
            Per(tco * HOURS_PER_MONTH, term("hbm_gb_per_gpu")),
        ),
        Term(
            "fp4_dense_tflops_per_w",
            "Dense FP4 TFLOPS per W of input power",
            DECIMAL,
            Per(term("fp4_dense_pflops_per_gpu"), input_kw),
        ),
        Term(
            "fp8_dense_tflops_per_w",
            "Dense FP8 TFLOPS per W of input power",
            DECIMAL,
            Per(term("fp8_dense_pflops_per_gpu"), input_kw),
        ),
    )


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
SYSTEM_TERMS = _system_terms()
"""Terms per system, in the order they are laid out."""


RESULT_TERMS = tuple(t for t in SYSTEM_TERMS if t.role != "step")
"""The terms a `TcoResult` holds, one field each."""
FIGURE_TERMS = tuple(t for t in SYSTEM_TERMS if t.role == "figure")
"""The terms tables and charts show, in order."""


def profile_values(profile: TcoProfile) -> dict[Key, float | None]:
    """The profile's inputs (its buyer's integration markup among them) and the profile-wide
    terms, by name."""
    values: dict[Key, float | None] = {
        ("input", name): float(getattr(profile, name))
        for name in TcoProfile.model_fields
        if isinstance(getattr(profile, name), int | float)
    }
    values[("input", "integration_markup")] = buyer_markup(profile)
    for t in PROFILE_TERMS:
        values[("term", t.key)] = t.rule.evaluate(values)
    return values


def buyer_markup(profile: TcoProfile) -> float:
    """The integration markup of the profile's buyer, from the built-in margins table."""
    from ...components.catalogue import builtin_catalogue  # the catalogue loads when asked for

    return builtin_catalogue().margins[profile.buyer].markup


def evaluate(basis_: CostBasis, profile: TcoProfile) -> dict[str, float | None]:
    """Every system term of `basis_` under `profile`, by key (None throughout without GPUs)."""
    values = profile_values(profile)
    values.update({("basis", k): v for k, v in basis_.values().items()})
    out: dict[str, float | None] = {}
    for t in SYSTEM_TERMS:
        value = t.rule.evaluate(values) if basis_.gpus > 0 else None
        values[("term", t.key)] = out[t.key] = value
    return out


def tco(basis_: CostBasis, profile: TcoProfile) -> TcoResult:
    """The cost of ownership of `basis_` under `profile`."""
    values = evaluate(basis_, profile)
    return TcoResult(
        target=basis_.target,
        name=basis_.name,
        kind=basis_.kind,
        profile=profile.id,
        gpus=basis_.gpus,
        power_level=basis_.power_level,
        **{t.key: values[t.key] for t in RESULT_TERMS},
    )
