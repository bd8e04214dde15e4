"""Which inputs move the cost per accepted unit most: each varied alone, low and high."""

from __future__ import annotations

from dataclasses import replace

from ...components.cost_inputs import TcoProfile, Workload
from ...components.parameters import UNBOUNDED, Parameter, owned_by, parameter
from ...components.records import record
from ..cost_basis import CostBasis
from .accepted import accepted_cost, speed
from .ownership import tco

SWING = 0.2
"""An input without a range of its own is moved this share down and up (within its valid
range)."""
PROFILE_PARAMS = owned_by("TcoProfile")
PROFILE_INPUTS = {k: p for k, p in PROFILE_PARAMS.items() if p.sensitivity}
"""The profile figures the tornado moves, with any other the profile ranges: between the ends
of the profile's range for the figure (`TcoProfile.ranges`, its sources' spread) where it has
one, else by `SWING` within its `Parameter.sensitivity` bounds."""
WORKLOAD_INPUTS = {k: p for k, p in owned_by("Workload").items() if p.sensitivity}
"""The workload figures the tornado moves."""
CAPEX_INPUT = "compute capital per GPU"
MARKUP_INPUT = "vendor_markup"
MARKUP_PARAM = parameter(MARKUP_INPUT)
"""The vendor margin's range, moved end to end: the source gives it as a range."""


@record
class TornadoBar:
    """One input moved down and up, and the cost per accepted unit at each end."""

    input: str
    base_value: float
    low_value: float
    high_value: float
    cost_at_low_usd: float
    cost_at_high_usd: float
    base_cost_usd: float

    @property
    def swing_usd(self) -> float:
        """How far the cost moves between the two ends."""
        return abs(self.cost_at_high_usd - self.cost_at_low_usd)


def tornado(
    workload: Workload, basis: CostBasis, profile: TcoProfile, swing: float = SWING
) -> tuple[TornadoBar, ...]:
    """Bars for every input that applies, widest swing first. An input that cannot move (a
    figure at 0 with no range of its own, moved by a share of itself) has no bar; a workload
    figure measured on another GPU is shown as carried to this design."""

    def cost(w: Workload, b: CostBasis, p: TcoProfile) -> float:
        return accepted_cost(w, b, tco(b, p)).total_usd

    base = cost(workload, basis, profile)
    bars = []
    for name, param in PROFILE_PARAMS.items():
        if name not in PROFILE_INPUTS and name not in profile.ranges:
            continue
        now = float(getattr(profile, name))
        ranged = profile.ranges.get(name)
        low, high = (ranged.low, ranged.high) if ranged else _ends(param, now, swing)
        at = [cost(workload, basis, profile.model_copy(update={name: v})) for v in (low, high)]
        bars.append(TornadoBar(name, now, low, high, at[0], at[1], base))
    for name, param in WORKLOAD_INPUTS.items():
        value = getattr(workload, name)
        if value is None:
            continue
        low, high = _ends(param, float(value), swing)
        at = [cost(workload.model_copy(update={name: v}), basis, profile) for v in (low, high)]
        here = _carried(workload, basis, name)
        bars.append(TornadoBar(name, value * here, low * here, high * here, at[0], at[1], base))
    now = basis.compute_usd / basis.gpus
    low, high = _ends(None, now, swing)
    at = [cost(workload, replace(basis, compute_usd=v * basis.gpus), profile) for v in (low, high)]
    bars.append(TornadoBar(CAPEX_INPUT, now, low, high, at[0], at[1], base))
    if basis.vendor_margin_base_usd > 0 and MARKUP_PARAM.sensitivity:
        low, high = MARKUP_PARAM.sensitivity
        at = [cost(workload, with_markup(basis, v), profile) for v in (low, high)]
        bars.append(TornadoBar(MARKUP_INPUT, basis.vendor_markup, low, high, at[0], at[1], base))
    moved = [b for b in bars if b.low_value != b.high_value]
    return tuple(sorted(moved, key=lambda b: (-b.swing_usd, b.input)))


def _carried(workload: Workload, basis: CostBasis, name: str) -> float:
    """What a workload figure measured on another GPU is multiplied by on this design, so a bar
    shows the figure the cost table uses (GPU-hours per run on this design, not the measured)."""
    ratio = speed(workload, basis)
    return {"gpu_hours_per_run": 1 / ratio, "tokens_per_second_per_gpu": ratio}.get(name, 1.0)


def with_markup(basis: CostBasis, markup: float) -> CostBasis:
    """`basis` with its vendor's margin charged at `markup` instead (scale-up capital follows)."""
    change = basis.vendor_margin_base_usd * (markup - basis.vendor_markup)
    return replace(basis, scale_up_usd=basis.scale_up_usd + change, vendor_markup=markup)


def _ends(param: Parameter | None, value: float, swing: float) -> tuple[float, float]:
    low, high = param.sensitivity if param and param.sensitivity else UNBOUNDED
    return max(low, value * (1 - swing)), min(high, value * (1 + swing))
