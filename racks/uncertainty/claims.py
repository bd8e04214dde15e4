"""Seed 002's claims over draws of every ranged input: the share of draws in which each holds.

A cost claim reads the TCO's terms of its systems over the draws (`compare.draw_pair`, common
random numbers); a claim on a design's own figure (TFLOPS per W) reads that figure of each design
re-analysed at each input's ends (`effects.measure_draws`). The claim is held in each draw by the
rule `racks/costs/reproduction.py` holds it at one point.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from numpy.typing import NDArray

from ...components.catalogue import Catalogue
from ...components.cost_inputs import TcoProfile
from ...components.records import record
from ..costs.reproduction import TOLERANCE_USD_PCT, Claim
from ..costs.size_range import DrawShare
from .compare import Side, draw_pair, drivers
from .draws import Array, draw
from .effects import Effect, measure_draws
from .inputs import UncertainInput

Flags = NDArray[np.bool_]


def cost_share(
    claim: Claim,
    sides: Sequence[tuple[Side, tuple[Effect, ...]]],
    profile: TcoProfile,
    draws: int,
    seed: int,
) -> DrawShare:
    """A cost claim over the draws: `sides` are its subject and, where it has one, comparator,
    each with the inputs that move it."""
    pair = (sides[0], sides[-1])
    drawn = draw_pair((pair[0][0], pair[1][0]), (pair[0][1], pair[1][1]), profile, draws, seed)
    values = [np.broadcast_to(t[claim.metric], (draws,)) for t in drawn.terms]
    return share(claim, values, drawn.inputs, drawn.matrix, seed)


Measure = Callable[[Catalogue], float]
"""A design's figure against a catalogue."""


@record
class DesignMeasure:
    """A design's figure, the catalogue it was built against, that catalogue's ranged figures and
    the ids of the parts and trays the design is built from."""

    measure: Measure
    catalogue: Catalogue
    candidates: tuple[UncertainInput, ...]
    entries: frozenset[str]


def design_share(
    claim: Claim, designs: Sequence[DesignMeasure], draws: int, seed: int
) -> DrawShare:
    """A claim on the designs' own figure over the draws of the ranged inputs they are built
    from (an input both read taking the same draw on both)."""
    found = {i.key: i for d in designs for i in d.candidates if i.entry in d.entries}
    inputs = sorted(found.values(), key=lambda i: i.key)
    matrix = draw(inputs, draws, seed)
    rows = dict(zip((i.key for i in inputs), matrix, strict=True))
    values = [
        measure_draws(d.measure, list(d.candidates), d.catalogue, d.entries, rows, draws)
        for d in designs
    ]
    return share(claim, values, inputs, matrix, seed)


def share(
    claim: Claim,
    values: Sequence[Array],
    inputs: Sequence[UncertainInput],
    matrix: Array,
    seed: int,
) -> DrawShare:
    """The claim held in each draw of its systems' `values` (the subject's, then the
    comparator's where it has one)."""
    figure, held, sign_right = held_in_draws(claim, values)
    p5, p95 = np.percentile(figure, [5, 95])
    moved = [i for i, row in zip(inputs, matrix, strict=True) if np.ptp(row) > 0]
    rows = np.array([row for row in matrix if np.ptp(row) > 0]).reshape(len(moved), -1)
    found = drivers(figure, moved, rows) if moved else ()
    return DrawShare(
        len(figure),
        seed,
        float(p5),
        float(p95),
        float(np.mean(held)),
        float(np.mean(sign_right)),
        tuple(d.input for d in found),
    )


def held_in_draws(claim: Claim, values: Sequence[Array]) -> tuple[Array, Flags, Flags]:
    """rackbom's figure for the claim in each draw (dollars, or the change in per cent), whether
    the claim holds, and whether it has the source's sign."""
    if claim.comparator is None:
        figure = values[0]
        held: Flags = np.abs((figure / claim.source - 1) * 100) <= TOLERANCE_USD_PCT
        return figure, held, np.ones(figure.shape, dtype=np.bool_)
    figure = (values[0] / values[1] - 1) * 100
    if claim.source == 0:
        sign_right: Flags = np.ones(figure.shape, dtype=np.bool_)
    else:
        sign_right = (figure < 0) == (claim.source < 0)
    if claim.sign_only:
        return figure, sign_right, sign_right
    near: Flags = np.abs(figure - claim.source) <= claim.tolerance_pp
    return figure, sign_right & near, sign_right
