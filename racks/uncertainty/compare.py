"""Two systems compared under uncertainty: each figure's interval on both sides, the share of
draws in which the first is lower, and the inputs that drive the difference."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ...components.catalogue import Catalogue
from ...components.cost_inputs import TcoProfile
from ...components.records import record
from ..cost_basis import PRECISIONS, CostBasis
from ..costs.ownership import evaluate, profile_values
from ..costs.terms import SYSTEM_TERMS
from .arrays import Value, terms
from .draws import Array, draw
from .effects import Effect, Rebuild, effects, totals
from .inputs import (
    UncertainInput,
    buyer_margin_input,
    markup_input,
    profile_inputs,
)

COMPARED = (
    "capex_usd_per_gpu",
    "input_kw_per_gpu",
    "tco_usd_per_gpu_hour",
    *(f"tco_usd_per_{p}_pflops_hour" for p in PRECISIONS),
    "tco_usd_per_hbm_tbps_hour",
)
"""The figures a comparison gives with their uncertainty, in order."""
LABELS = {t.key: t.label for t in SYSTEM_TERMS}
DRIVERS = 3
"""The inputs named as driving each difference."""
MIN_RHO = 0.1
"""A rank correlation below this in size is sampling noise at the draws allowed, not a driver."""


@record
class Side:
    """One system to compare: its cost basis, how to re-analyse it against a catalogue, the ids
    of the parts and trays it is built from (no other catalogue entry can move it), the catalogue
    it was built against (its design's own entries merged in) and that catalogue's ranged
    figures."""

    basis: CostBasis
    rebuild: Rebuild
    entries: frozenset[str]
    catalogue: Catalogue
    candidates: tuple[UncertainInput, ...]


@record
class Interval:
    """A figure at the inputs' values (`base`) and its 5th, 50th and 95th percentiles."""

    base: float
    p5: float
    p50: float
    p95: float


@record
class Driver:
    """An input and the rank correlation of its draws with the difference."""

    input: str
    rho: float


@record
class FigureUncertainty:
    """One figure of two systems: each side's interval, the difference's, and its drivers."""

    figure: str
    label: str
    first: Interval
    second: Interval
    difference: Interval
    """First minus second."""
    prob_lower: float
    """The share of draws in which the first system's figure is lower than the second's."""
    drivers: tuple[Driver, ...]


@record
class Uncertainty:
    """Every compared figure of two systems under one profile, from `draws` draws."""

    first: str
    second: str
    profile: str
    draws: int
    seed: int
    inputs: tuple[UncertainInput, ...]
    """The inputs varied: those that move either system, and the profile's."""
    figures: tuple[FigureUncertainty, ...]


@record
class Drawn:
    """Every system term of two systems in each draw, and the draws of the inputs varied."""

    inputs: tuple[UncertainInput, ...]
    matrix: Array
    """One row of draws per input, in the order of `inputs`."""
    terms: tuple[dict[str, Value], dict[str, Value]]


def side_effects(side: Side, markup: bool = True) -> tuple[Effect, ...]:
    """The ranged inputs that move one system (NVIDIA's markup among them where `markup`)."""
    candidates = [*side.candidates, *(_markup((side, side)) if markup else [])]
    return effects(side.basis, candidates, side.catalogue, side.rebuild, side.entries)


def draw_pair(
    sides: tuple[Side, Side],
    found: tuple[tuple[Effect, ...], tuple[Effect, ...]],
    profile: TcoProfile,
    draws: int,
    seed: int,
) -> Drawn:
    """Both systems' terms over `draws` draws of the inputs in `found` and the profile's, an
    input both read taking the same draw on both sides (common random numbers)."""
    moved = {e.input.key: e.input for side in found for e in side}
    integrated = any(
        s.basis.integration_base_usd or s.basis.integration_scale_up_base_usd for s in sides
    )
    margin = [buyer_margin_input(profile)] if integrated else []
    inputs = sorted([*moved.values(), *profile_inputs(profile), *margin], key=lambda i: i.key)
    matrix = draw(inputs, draws, seed)
    rows = dict(zip((i.key for i in inputs), matrix, strict=True))
    fixed = {
        k: v
        for (origin, k), v in profile_values(profile).items()
        if origin == "input" and v is not None
    }
    ranged = {i.field: rows[i.key] for i in inputs if i.section == "profile"}
    first, second = (
        terms({**fixed, **ranged}, totals(s.basis, side, rows, draws))
        for s, side in zip(sides, found, strict=True)
    )
    return Drawn(tuple(inputs), matrix, (first, second))


def uncertainty(
    sides: tuple[Side, Side], profile: TcoProfile, draws: int, seed: int
) -> Uncertainty:
    """Monte Carlo over every ranged input that affects either system (common random numbers)."""
    markup = len(_markup(sides)) == 1
    found = (side_effects(sides[0], markup), side_effects(sides[1], markup))
    drawn = draw_pair(sides, found, profile, draws, seed)
    bases = [evaluate(s.basis, profile) for s in sides]
    figures = tuple(
        _figure(key, bases, drawn.terms, drawn.inputs, drawn.matrix)
        for key in COMPARED
        if all(b[key] is not None for b in bases)
    )
    names = (sides[0].basis.target, sides[1].basis.target)
    return Uncertainty(*names, profile.id, draws, seed, drawn.inputs, figures)


def _markup(sides: tuple[Side, Side]) -> list[UncertainInput]:
    """NVIDIA's markup as an input where the systems that pay it pay the same (a what-if that
    changed it on one side is compared at its own markup, not drawn)."""
    paid = {s.basis.vendor_markup for s in sides if s.basis.vendor_margin_base_usd}
    found = markup_input(paid.pop()) if len(paid) == 1 else None
    return [found] if found else []


def _interval(base: float, values: Array) -> Interval:
    p5, p50, p95 = np.percentile(values, [5, 50, 95])
    return Interval(base, float(p5), float(p50), float(p95))


def _figure(
    key: str,
    bases: Sequence[dict[str, float | None]],
    drawn: Sequence[dict[str, Value]],
    inputs: Sequence[UncertainInput],
    matrix: Array,
) -> FigureUncertainty:
    a, b = (np.broadcast_to(d[key], matrix.shape[1:]) for d in drawn)
    base_a, base_b = (float(x[key] or 0.0) for x in bases)
    diff = a - b
    return FigureUncertainty(
        key,
        LABELS[key],
        _interval(base_a, a),
        _interval(base_b, b),
        _interval(base_a - base_b, diff),
        float(np.mean(a < b)),
        drivers(diff, inputs, matrix),
    )


def drivers(diff: Array, inputs: Sequence[UncertainInput], matrix: Array) -> tuple[Driver, ...]:
    """The inputs whose draws correlate most with `diff` by rank (none where it is constant)."""
    if not len(inputs) or np.ptp(diff) == 0:
        return ()
    ranks = _ranks(matrix)
    target = _ranks(diff[np.newaxis, :])[0]
    centred = ranks - ranks.mean(axis=1, keepdims=True)
    t = target - target.mean()
    spread = np.sqrt((centred**2).sum(axis=1) * (t**2).sum())
    rho = np.divide(centred @ t, spread, out=np.zeros(len(inputs)), where=spread > 0)
    order = np.argsort(-np.abs(rho), kind="stable")[:DRIVERS]
    return tuple(Driver(inputs[i].key, float(rho[i])) for i in order if abs(rho[i]) >= MIN_RHO)


def _ranks(rows: Array) -> Array:
    """Each row's ranks (ties broken by position)."""
    out = np.empty_like(rows)
    order = np.argsort(rows, axis=1, kind="stable")
    np.put_along_axis(out, order, np.arange(rows.shape[1], dtype=float)[np.newaxis, :], axis=1)
    return out
