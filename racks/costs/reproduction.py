"""Seed 002's cost-of-ownership claims beside rackbom's figures, from one profile for every system.

Each claim names the metric, the clusters compared (on the networking the source pairs it with,
each fabric chosen by cost) and the source's figure. The source states no cluster size, so each
claim is evaluated over a range of sizes (`size_range.py`) and reported as the interval of
rackbom's figure, the share of sizes it holds at and a verdict; the figure at `CLUSTER_GPUS` is
shown, not held. A chip- or server-level claim (TFLOPS per W) depends on no size. Where rackbom
misses at `CLUSTER_GPUS`, the row says what would have to change to meet it there: for a
comparison, the comparator's compute capital per GPU (the one figure of the pair nobody
publishes); for an absolute figure, one profile parameter, which would then move every system
alike. Nothing is fitted.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Literal

from ...components.cost_inputs import TcoProfile
from ...components.records import record
from ..analysis import Analysis
from ..cost_basis import CostBasis
from .ownership import tco
from .results import TcoResult
from .size_range import DrawShare, Verdict, robustness, sweep_sizes, verdict, verdict_text
from .targets import builtin_basis, builtin_basis_at, cluster_design, tier_steps

TOLERANCE_PP = 5.0
"""A comparison is met within this many percentage points, with the right sign, unless the claim
says otherwise (the MI355X-vs-HGX B200 capital and TCO rows, from a public server price of
low confidence, are met within `TOLERANCE_SERVER_PP`)."""
TOLERANCE_SERVER_PP = 8.0
TOLERANCE_USD_PCT = 15.0
"""A dollar figure is met within this share of the source's."""


def _chip_fp8_tflops_per_w(design: Analysis) -> float:
    """Dense FP8 TFLOPS per W of the GPUs' board power (the catalogue's `power_w`)."""
    return design.compute.dense_pflops["fp8"] * 1000 / design.compute.gpu_power_w


def _server_fp8_tflops_per_w(design: Analysis) -> float:
    """Dense FP8 TFLOPS per W of the design's IT power: its parts and its trays' overheads."""
    return design.compute.dense_pflops["fp8"] * 1000 / design.summary.power_it_w


SIZE_FREE: dict[str, Callable[[Analysis], float]] = {
    "chip_fp8_tflops_per_w": _chip_fp8_tflops_per_w,
    "server_fp8_tflops_per_w": _server_fp8_tflops_per_w,
}
"""Metrics of the design a cluster is made of, the same at every cluster size."""


@record
class Claim:
    """One figure of the source: a dollar amount, or a change of one system against another."""

    label: str
    quote: str
    metric: str
    """A `TcoResult` field, or a `SIZE_FREE` metric."""
    subject: str
    source: float
    """Dollars, or the change in per cent (`-45` for '45% lower', `-40` for '60% of'); for a
    claim of direction only, -1 for lower and 1 for higher."""
    comparator: str | None = None
    lever: str = "maintenance_share_per_year"
    """For a dollar figure: the profile parameter solved for where it misses."""
    tolerance_pp: float = TOLERANCE_PP
    """For a change: met within this many percentage points, with the right sign."""
    sign_only: bool = False
    """The source gives a direction and no figure: met with the right sign."""

    @property
    def size_free(self) -> bool:
        """Whether the metric is the design's, the same at every cluster size."""
        return self.metric in SIZE_FREE


SOURCE = "seed-002-tco"
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
        "~60% of B300's",
        "tco_usd_per_fp4_pflops_hour",
        "mi355x-server-8k",
        -40,
        "hgx-b300-8k",
    ),
    Claim(
        "MI355X TCO per FP4 PFLOPS vs GB300 NVL72",
        "~60% of GB300's",
        "tco_usd_per_fp4_pflops_hour",
        "mi355x-server-8k",
        -40,
        "gb300-8k",
    ),
    Claim(
        "MI355X TCO per FP8 PFLOPS vs HGX B200",
        "~50% of B200's",
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
        "MI355X operating cost per GPU-hour vs HGX B200",
        "similar",
        "opex_usd_per_gpu_hour",
        "mi355x-server-8k",
        0,
        "hgx-b200-8k",
    ),
    Claim(
        "MI355X dense FP8 TFLOPS per W vs B200, chip (GPU board power)",
        "22% lower",
        "chip_fp8_tflops_per_w",
        "mi355x-server-8k",
        -22,
        "hgx-b200-8k",
    ),
    Claim(
        "MI355X dense FP8 TFLOPS per W vs HGX B200, server (IT power)",
        "22% lower",
        "server_fp8_tflops_per_w",
        "mi355x-server-8k",
        -22,
        "hgx-b200-8k",
    ),
    *(
        Claim(
            f"MI400 (Arista) TCO per TB/s of HBM vs VR200 NVL144 ({network})",
            "lower",
            "tco_usd_per_hbm_tbps_hour",
            "helios-8k",
            -1,
            f"vr200-8k-{suffix}",
            sign_only=True,
        )
        for network, suffix in (
            ("InfiniBand", "ib"),
            ("Arista", "arista"),
            ("white-box", "whitebox"),
        )
    ),
    Claim(
        "MI400 dense FP8 TFLOPS per W vs VR200 NVL144, chip (GPU board power)",
        "slightly lower",
        "chip_fp8_tflops_per_w",
        "helios-8k",
        -1,
        "vr200-8k-ib",
        sign_only=True,
    ),
    Claim(
        "VR200 NVL144 (InfiniBand) operating cost per GPU-hour",
        "$0.67",
        "opex_usd_per_gpu_hour",
        "vr200-8k-ib",
        0.67,
    ),
)


@record
class ReproducedRow:
    """A claim at one size: rackbom's figure for it, and by how much and why it misses."""

    label: str
    quote: str
    subject: str
    comparator: str | None
    unit: Literal["usd", "pct"]
    source: float
    rackbom: float
    deviation: float | None
    """Percentage points for a change; per cent of the source's figure for dollars; None for a
    claim of direction only."""
    sign_right: bool
    within_tolerance: bool
    needed: str | None
    """What would have to change to meet the source, where rackbom misses."""


@record
class SizedFigure:
    """rackbom's figure for a claim on clusters of one size."""

    gpus: int
    """The GPUs asked for (each system rounds up to whole copies of its design)."""
    rackbom: float
    held: bool
    sign_right: bool


@record
class ClaimResult:
    """A claim over the size range: the interval of rackbom's figure, the share of sizes it holds
    at and the verdict, with the figure at `CLUSTER_GPUS` shown."""

    claim: Claim
    at_reference: ReproducedRow
    sizes: tuple[SizedFigure, ...]
    """Empty for a size-free claim."""
    low: float
    high: float
    share_of_sizes: float
    verdict: Verdict
    """Over sizes alone."""
    draws: DrawShare | None = None
    """Over draws of every ranged input, where they were taken."""

    @property
    def label(self) -> str:
        """The claim's label."""
        return self.claim.label

    @property
    def verdict_text(self) -> str:
        """The verdict in words: over sizes and draws where draws were taken."""
        if self.draws is not None:
            return robustness(self.verdict, self.draws)
        return verdict_text(self.verdict, self.share_of_sizes, len(self.sizes))

    @property
    def sizes_text(self) -> str:
        """The share of sizes it holds at, in words."""
        return verdict_text(self.verdict, self.share_of_sizes, len(self.sizes))


@record
class OpexBasis:
    """One system's operating cost per GPU-hour at `CLUSTER_GPUS`, by what it scales with."""

    system: str
    power_scaled_usd: float
    """Power, colocation and staff: what scales with input power."""
    maintenance_usd: float
    """What scales with capital."""
    software_usd: float
    """What scales with GPUs."""

    @property
    def total_usd(self) -> float:
        """The operating cost per GPU-hour."""
        return self.power_scaled_usd + self.maintenance_usd + self.software_usd

    @property
    def power_scaled_share(self) -> float:
        """The share of it that scales with input power."""
        return self.power_scaled_usd / self.total_usd


def opex_basis(profile: TcoProfile) -> tuple[OpexBasis, ...]:
    """The operating cost of every system the claims compare, split by what it scales with."""
    systems = dict.fromkeys(s for c in CLAIMS for s in (c.subject, c.comparator) if s is not None)
    return tuple(_opex(tco(builtin_basis(system), profile)) for system in systems)


def _opex(result: TcoResult) -> OpexBasis:
    return OpexBasis(
        result.target,
        result.opex_power_scaled_usd_per_gpu_hour or 0.0,
        result.opex_maintenance_usd_per_gpu_hour or 0.0,
        result.opex_software_usd_per_gpu_hour or 0.0,
    )


def reproduce(profile: TcoProfile) -> tuple[ClaimResult, ...]:
    """Every claim under one profile, over the size range."""
    return tuple(_result(claim, profile) for claim in CLAIMS)


def claim_sizes(claim: Claim) -> tuple[int, ...]:
    """The sizes a claim is evaluated at: none for a size-free one."""
    if claim.size_free:
        return ()
    steps = [tier_steps(s) for s in (claim.subject, claim.comparator) if s is not None]
    return sweep_sizes((n for each in steps for n in each), min(each[-1] for each in steps))


def _result(claim: Claim, profile: TcoProfile) -> ClaimResult:
    reference = _row(claim, profile, builtin_basis)
    sized = tuple(
        _sized(n, _row(claim, profile, partial(builtin_basis_at, gpus=n), lever=False))
        for n in claim_sizes(claim)
    )
    figures = [s.rackbom for s in sized] or [reference.rackbom]
    held = [s.held for s in sized] or [reference.within_tolerance]
    signs = [s.sign_right for s in sized] or [reference.sign_right]
    return ClaimResult(
        claim,
        reference,
        sized,
        min(figures),
        max(figures),
        sum(held) / len(held),
        verdict(held, signs),
    )


def _sized(gpus: int, row: ReproducedRow) -> SizedFigure:
    return SizedFigure(gpus, row.rackbom, row.within_tolerance, row.sign_right)


def _metric(claim: Claim, basis: CostBasis, profile: TcoProfile) -> float:
    if claim.size_free:
        return SIZE_FREE[claim.metric](cluster_design(basis.target))
    value = getattr(tco(basis, profile), claim.metric)
    if value is None:
        raise ValueError(f"{basis.target} has no {claim.metric}")
    return float(value)


def _row(
    claim: Claim,
    profile: TcoProfile,
    basis_named: Callable[[str], CostBasis],
    lever: bool = True,
) -> ReproducedRow:
    subject = basis_named(claim.subject)
    value = _metric(claim, subject, profile)
    if claim.comparator is None:
        deviation = (value / claim.source - 1) * 100
        within = abs(deviation) <= TOLERANCE_USD_PCT
        needed = None if within or not lever else _profile_lever(claim, subject, profile)
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
            needed,
        )
    other = basis_named(claim.comparator)
    change = (value / _metric(claim, other, profile) - 1) * 100
    sign_right = claim.source == 0 or (change < 0) == (claim.source < 0)
    off = None if claim.sign_only else change - claim.source
    within = sign_right and (off is None or abs(off) <= claim.tolerance_pp)
    needed = None
    if not (within or claim.size_free or claim.sign_only) and lever:
        needed = _comparator_lever(claim, value, other, profile)
    return ReproducedRow(
        claim.label,
        claim.quote,
        claim.subject,
        claim.comparator,
        "pct",
        claim.source,
        change,
        off,
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
    priced = tco(other, profile).capex_compute_usd_per_gpu or now  # for the profile's buyer
    needed, now = needed + priced - now, priced
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
