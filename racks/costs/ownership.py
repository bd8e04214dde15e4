"""Total cost of ownership per GPU-hour: one rule, one profile, any design or cluster.

Capital is recovered as an annuity at the cost of capital over each asset class's life (GPU
servers with their scale-up fabric; the scale-out network; the facility). Compute capital is
priced for the profile's buyer: the parts an integrator's margin is on carry that buyer's markup
(an ODM's or an OEM's, `components/data/margins.yaml`) in place of the design's own. Operating
costs are power (input power x PUE x price, drawn in the hours used), colocation rent, maintenance
(a share of the IT hardware's capital a year: servers, scale-up and scale-out, not the hall),
staff (per MW of input power) and software (per GPU-year). Every yearly cost is divided by the
GPU-hours used in a year: 8,760 x utilisation per GPU.

The rule is written once, as the `PROFILE_TERMS` and `SYSTEM_TERMS` of `terms.py`: Python
evaluates them here, and the workbook writes the same terms as live formulas. A system without
GPUs has no cost per GPU: every term is None.
"""

from __future__ import annotations

from ...components.cost_inputs import TcoProfile
from ..cost_basis import CostBasis
from .formula import Key
from .results import TcoResult
from .terms import PROFILE_TERMS, RESULT_TERMS, SYSTEM_TERMS


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
