"""How each ranged input moves a system's cost basis: the system re-analysed at the input's two
ends, and linear between each end and the value."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import numpy as np

from ...components.catalogue import Catalogue
from ...components.records import record
from ..cost_basis import CostBasis
from ..costs.tornado import with_markup
from .draws import Array
from .inputs import UncertainInput

Rebuild = Callable[[Catalogue], CostBasis]
"""The system's cost basis against another catalogue, its fabric fixed at the base case's."""


@record
class Effect:
    """One input's effect on one system's totals: the change at its low and at its high end."""

    input: UncertainInput
    at_low: dict[str, float]
    at_high: dict[str, float]


def basis_at(
    item: UncertainInput, value: float, base: CostBasis, catalogue: Catalogue, rebuild: Rebuild
) -> CostBasis:
    """The system's basis with one input at `value`."""
    if item.section == "markup":
        return with_markup(base, value) if base.vendor_margin_base_usd else base
    if item.section == "profile":
        return base
    entry = getattr(catalogue, item.section)[item.entry]
    changed = catalogue.replaced(item.section, entry.model_copy(update={item.field: value}))
    return rebuild(changed)


def effects(
    base: CostBasis,
    inputs: Sequence[UncertainInput],
    catalogue: Catalogue,
    rebuild: Rebuild,
    entries: frozenset[str],
) -> tuple[Effect, ...]:
    """The inputs that move `base`, each with its effect (a catalogue entry not among
    `entries`, the parts and trays the system is built from, is not re-analysed)."""
    now = base.values()
    out = []
    for item in inputs:
        if item.section == "profile" or (item.section != "markup" and item.entry not in entries):
            continue
        ends = [
            basis_at(item, v, base, catalogue, rebuild).values()
            for v in (item.range.low, item.range.high)
        ]
        low, high = ({k: _moved(end[k], now[k]) for k in now} for end in ends)
        if any(low.values()) or any(high.values()):
            out.append(Effect(item, low, high))
    return tuple(out)


def _moved(at: float | None, now: float | None) -> float:
    """How far an input's end moves a total; a total that does not exist (None) moves not."""
    return 0.0 if at is None or now is None else at - now


def totals(
    base: CostBasis, found: Sequence[Effect], rows: Mapping[str, Array], draws: int
) -> dict[str, Array]:
    """The system's totals in every draw: the base plus each input's effect, piecewise linear."""
    out = {k: np.full(draws, np.nan if v is None else v) for k, v in base.values().items()}
    for effect in found:
        below, above = weights(effect.input, rows[effect.input.key])
        for key in out:
            if effect.at_low[key] or effect.at_high[key]:
                out[key] += below * effect.at_low[key] + above * effect.at_high[key]
    return out


def weights(item: UncertainInput, x: Array) -> tuple[Array, Array]:
    """How far each draw `x` of an input lies towards its low end and towards its high end, from
    0 at its value to 1 at the end: an effect at each end times these is piecewise linear."""
    span_low = item.value - item.range.low
    span_high = item.range.high - item.value
    below = np.where(x < item.value, (item.value - x) / (span_low or 1.0), 0.0)
    above = np.where(x > item.value, (x - item.value) / (span_high or 1.0), 0.0)
    return below, above


def measure_draws(
    measure: Callable[[Catalogue], float],
    inputs: Sequence[UncertainInput],
    catalogue: Catalogue,
    entries: frozenset[str],
    rows: Mapping[str, Array],
    draws: int,
) -> Array:
    """One figure of a design (`measure` of it against a catalogue) in every draw: its value, plus
    each catalogue input among `entries` piecewise linear between its value and its ends."""
    now = measure(catalogue)
    out = np.full(draws, now)
    for item in inputs:
        if item.section not in ("parts", "trays") or item.entry not in entries:
            continue
        entry = getattr(catalogue, item.section)[item.entry]
        at = [
            measure(catalogue.replaced(item.section, entry.model_copy(update={item.field: v})))
            - now
            for v in (item.range.low, item.range.high)
        ]
        below, above = weights(item, rows[item.key])
        out += below * at[0] + above * at[1]
    return out
