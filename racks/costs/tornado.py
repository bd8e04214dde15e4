"""Which inputs move the cost per accepted unit most: each varied alone, low and high."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...components.cost_inputs import UNBOUNDED, Param, TcoProfile, Workload, params_of
from .accepted import accepted_cost
from .basis import CostBasis
from .ownership import tco

SWING = 0.2
"""Each input is moved this share down and up (within its valid range)."""
PROFILE_INPUTS = {k: p for k, p in params_of(TcoProfile).items() if p.sensitivity}
"""The profile figures the tornado moves, each within its `Param.sensitivity` range."""
WORKLOAD_INPUTS = {k: p for k, p in params_of(Workload).items() if p.sensitivity}
"""The workload figures the tornado moves."""
CAPEX_INPUT = "compute capital per GPU"


@dataclass(frozen=True)
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
    """Bars for every input that applies, widest swing first."""

    def cost(w: Workload, b: CostBasis, p: TcoProfile) -> float:
        return accepted_cost(w, b, tco(b, p)).total_usd

    base = cost(workload, basis, profile)
    bars = []
    for name, param in PROFILE_INPUTS.items():
        now = float(getattr(profile, name))
        low, high = _ends(param, now, swing)
        at = [cost(workload, basis, profile.model_copy(update={name: v})) for v in (low, high)]
        bars.append(TornadoBar(name, now, low, high, at[0], at[1], base))
    for name, param in WORKLOAD_INPUTS.items():
        value = getattr(workload, name)
        if value is None:
            continue
        low, high = _ends(param, float(value), swing)
        at = [cost(workload.model_copy(update={name: v}), basis, profile) for v in (low, high)]
        bars.append(TornadoBar(name, float(value), low, high, at[0], at[1], base))
    now = basis.compute_usd / basis.gpus
    low, high = _ends(None, now, swing)
    at = [cost(workload, replace(basis, compute_usd=v * basis.gpus), profile) for v in (low, high)]
    bars.append(TornadoBar(CAPEX_INPUT, now, low, high, at[0], at[1], base))
    return tuple(sorted(bars, key=lambda b: (-b.swing_usd, b.input)))


def _ends(param: Param | None, value: float, swing: float) -> tuple[float, float]:
    low, high = param.sensitivity if param and param.sensitivity else UNBOUNDED
    return max(low, value * (1 - swing)), min(high, value * (1 + swing))
