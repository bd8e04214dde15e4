"""Seed 002's cost-of-ownership claims beside rackbom's figures, from one profile for every system.

Each claim names the metric, the clusters compared (each of `CLUSTER_GPUS` GPUs on the networking
the source pairs it with, its fabric chosen by cost) and the source's figure. Where rackbom misses,
the row says what would have to change to meet it: for a comparison, the comparator's compute
capital per GPU (the one figure of the pair nobody publishes); for an absolute figure, one profile
parameter, which would then move every system alike. Nothing is fitted.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal

from ...components.cost_inputs import TcoProfile
from .basis import CostBasis
from .ownership import tco

TOLERANCE_PP = 5.0
"""A comparison is met within this many percentage points, with the right sign, unless the claim
says otherwise (the MI355X-vs-HGX B200 capital and TCO rows, from a public server price of
low confidence, are met within `TOLERANCE_SERVER_PP`)."""
TOLERANCE_SERVER_PP = 8.0
TOLERANCE_USD_PCT = 15.0
"""A dollar figure is met within this share of the source's."""


@dataclass(frozen=True)
class Claim:
    """One figure of the source: a dollar amount, or a change of one system against another."""

    label: str
    quote: str
    metric: str
    subject: str
    source: float
    """Dollars, or the change in per cent (`-45` for '45% lower', `-40` for '60% of')."""
    comparator: str | None = None
    lever: str = "maintenance_share_per_year"
    """For a dollar figure: the profile parameter solved for where it misses."""
    tolerance_pp: float = TOLERANCE_PP
    """For a change: met within this many percentage points, with the right sign."""


SOURCE = "seed-002-tco"
CLUSTER_GPUS = 8192
"""One size for every claim's clusters: the source states none. `LARGER_PAIR` prints the
InfiniBand claims again at twice the size."""
LARGER_PAIR = ("helios-16k", "vr200-16k-ib")
"""The MI400-vs-VR200 InfiniBand pair at 16,384 GPUs, shown beside the claims and not held to
them: past two tiers' reach the VR200's fabric takes a third."""
CLAIMS = (
    Claim("MI355X TCO per GPU-hour", "$1.97", "tco_usd_per_gpu_hour", "mi355x-server-8k", 1.97),
    Claim(
        "MI355X all-in capital cost per GPU vs HGX B200",
        "~45% lower",
        "capex_hardware_usd_per_gpu",
        "mi355x-server-8k",
        -45,
        "hgx-b200-8k",
        tolerance_pp=TOLERANCE_SERVER_PP,
    ),
    Claim(
        "MI355X TCO vs HGX B200",
        "~30% lower",
        "tco_usd_per_gpu_hour",
        "mi355x-server-8k",
        -30,
        "hgx-b200-8k",
        tolerance_pp=TOLERANCE_SERVER_PP,
    ),
    Claim(
        "MI355X TCO vs HGX B200 (earlier section)",
        "33% lower",
        "tco_usd_per_gpu_hour",
        "mi355x-server-8k",
        -33,
        "hgx-b200-8k",
    ),
    Claim(
        "MI355X TCO per FP4 PFLOPS vs HGX B300",
        "~60% of",
        "tco_usd_per_fp4_pflops_hour",
        "mi355x-server-8k",
        -40,
        "hgx-b300-8k",
    ),
    Claim(
        "MI355X TCO per FP4 PFLOPS vs GB300 NVL72",
        "~60% of",
        "tco_usd_per_fp4_pflops_hour",
        "mi355x-server-8k",
        -40,
        "gb300-8k",
    ),
    Claim(
        "MI355X TCO per FP8 PFLOPS vs HGX B200",
        "~50% of",
        "tco_usd_per_fp8_pflops_hour",
        "mi355x-server-8k",
        -50,
        "hgx-b200-8k",
    ),
    Claim(
        "MI355X TCO per FP6 PFLOPS vs HGX B200",
        "75% lower",
        "tco_usd_per_fp6_pflops_hour",
        "mi355x-server-8k",
        -75,
        "hgx-b200-8k",
    ),
    Claim(
        "MI400 (Arista) all-in capital cost per GPU vs VR200 NVL144 (InfiniBand)",
        "~12% lower",
        "capex_hardware_usd_per_gpu",
        "helios-8k",
        -12,
        "vr200-8k-ib",
    ),
    Claim(
        "MI400 (Arista) TCO vs VR200 NVL144 (InfiniBand)",
        "4.5% lower",
        "tco_usd_per_gpu_hour",
        "helios-8k",
        -4.5,
        "vr200-8k-ib",
    ),
    Claim(
        "MI400 TCO vs VR200 NVL144, both on Arista",
        "1.7% higher",
        "tco_usd_per_gpu_hour",
        "helios-8k",
        1.7,
        "vr200-8k-arista",
    ),
    Claim(
        "MI400 TCO vs VR200 NVL144, both white-box",
        "1% higher",
        "tco_usd_per_gpu_hour",
        "helios-8k-whitebox",
        1.0,
        "vr200-8k-whitebox",
    ),
    Claim(
        "VR200 NVL144 (InfiniBand) operating cost per GPU-hour",
        "$0.67",
        "opex_usd_per_gpu_hour",
        "vr200-8k-ib",
        0.67,
    ),
)
INFINIBAND_PAIR = ("helios-8k", "vr200-8k-ib")
INFINIBAND_CLAIMS = tuple(c for c in CLAIMS if (c.subject, c.comparator) == INFINIBAND_PAIR)
"""The MI400 claims against VR200 on InfiniBand, the ones a larger cluster moves."""
READING_OPEX = (
    "Seed 002 says the MI400's higher power 'results in a higher operating cost of ownership of "
    "0.67/hr/GPU for the VR200 NVL144'. rackbom reads $0.67 as the VR200's own operating cost "
    "per GPU-hour (power, facility running costs, maintenance, staff, software; no capital), "
    "the MI400's being higher; the other reading, the MI400 costing $0.67 more, is not used."
)


@dataclass(frozen=True)
class ReproducedRow:
    """A claim, rackbom's figure for it, and by how much and why it misses."""

    label: str
    quote: str
    subject: str
    comparator: str | None
    unit: Literal["usd", "pct"]
    source: float
    rackbom: float
    deviation: float
    """Percentage points for a change; per cent of the source's figure for dollars."""
    sign_right: bool
    within_tolerance: bool
    needed: str | None
    """What would have to change to meet the source, where rackbom misses."""


def reproduce(
    profile: TcoProfile, basis_of: Callable[[str], CostBasis]
) -> tuple[ReproducedRow, ...]:
    """Every claim under one profile; `basis_of` gives a built-in system's cost basis."""
    return tuple(_row(claim, profile, basis_of) for claim in CLAIMS)


@dataclass(frozen=True)
class LargerPair:
    """The InfiniBand claims again on `LARGER_PAIR`, with the VR200 fabric's tiers at each size."""

    subject: str
    comparator: str
    gpus: int
    tiers: tuple[int, int]
    """The comparator's fabric tiers at `CLUSTER_GPUS` and at `gpus`."""
    rows: tuple[ReproducedRow, ...]


def at_larger_pair(
    profile: TcoProfile, basis_of: Callable[[str], CostBasis]
) -> tuple[ReproducedRow, ...]:
    """The claims on the InfiniBand pair, again on `LARGER_PAIR`."""
    subject, comparator = LARGER_PAIR
    return tuple(
        _row(replace(claim, subject=subject, comparator=comparator), profile, basis_of)
        for claim in INFINIBAND_CLAIMS
    )


def _metric(claim: Claim, basis: CostBasis, profile: TcoProfile) -> float:
    value = getattr(tco(basis, profile), claim.metric)
    if value is None:
        raise ValueError(f"{basis.target} has no {claim.metric}")
    return float(value)


def _row(claim: Claim, profile: TcoProfile, basis_of: Callable[[str], CostBasis]) -> ReproducedRow:
    subject = basis_of(claim.subject)
    value = _metric(claim, subject, profile)
    if claim.comparator is None:
        deviation = (value / claim.source - 1) * 100
        within = abs(deviation) <= TOLERANCE_USD_PCT
        return ReproducedRow(
            claim.label,
            claim.quote,
            claim.subject,
            None,
            "usd",
            claim.source,
            value,
            deviation,
            True,
            within,
            None if within else _profile_lever(claim, subject, profile),
        )
    other = basis_of(claim.comparator)
    change = (value / _metric(claim, other, profile) - 1) * 100
    deviation = change - claim.source
    sign_right = (change < 0) == (claim.source < 0)
    within = sign_right and abs(deviation) <= claim.tolerance_pp
    needed = None if within else _comparator_lever(claim, value, other, profile)
    return ReproducedRow(
        claim.label,
        claim.quote,
        claim.subject,
        claim.comparator,
        "pct",
        claim.source,
        change,
        deviation,
        sign_right,
        within,
        needed,
    )


def _comparator_lever(
    claim: Claim, subject_value: float, other: CostBasis, profile: TcoProfile
) -> str:
    """The comparator's compute capital per GPU that would give the source's change."""
    target = subject_value / (1 + claim.source / 100)
    now = other.compute_usd / other.gpus
    step = max(now, 1.0) * 0.1
    low = _metric(claim, other, profile)
    high = _metric(claim, replace(other, compute_usd=(now + step) * other.gpus), profile)
    needed = now + (target - low) * step / (high - low)
    return (
        f"{claim.comparator} compute capital ${needed:,.0f} per GPU "
        f"(now ${now:,.0f}, {(needed / now - 1) * 100:+.0f}%)"
    )


def _profile_lever(claim: Claim, subject: CostBasis, profile: TcoProfile) -> str:
    """The value of one profile parameter that would give the source's dollar figure."""
    name = claim.lever
    now = float(getattr(profile, name))
    step = max(abs(now), 0.01) * 0.1
    low = _metric(claim, subject, profile)
    high = _metric(claim, subject, profile.model_copy(update={name: now + step}))
    needed = now + (claim.source - low) * step / (high - low)
    return f"{name} {needed:.4g} (now {now:.4g}), for every system"
