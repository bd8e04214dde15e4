"""Cost-of-ownership results as plain-text tables."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...components.formats import USD, USD_CENTS, USD_MILLS
from ...racks.costs.claim_rules import CLUSTER_GPUS, DRAW_RULE, READING_OPEX, SHARE_RULE
from ..figures.tco_figures import PROFILE_LABELS, TCO_FIGURES
from .table import render_table

if TYPE_CHECKING:
    from ...components.cost_inputs import TcoProfile, Workload
    from ...racks.costs.accepted import AcceptedCost
    from ...racks.costs.rent import RentVsOwn
    from ...racks.costs.reproduction import ClaimResult, OpexBasis
    from ...racks.costs.results import TcoResult
    from ...racks.costs.tornado import TornadoBar


def _number(value: float) -> str:
    return f"{value:,.0f}" if abs(value) >= 1000 else f"{value:.4g}"


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:+.1f}%"


def reproduction_table(
    results: tuple[ClaimResult, ...], opex: tuple[OpexBasis, ...], profile: TcoProfile
) -> str:
    """Each claim: the source, rackbom's figure at the built-in clusters' size, its interval
    over the size range, the share of sizes it holds at and the verdict, and what would have to
    change to meet it at that size where it misses there."""

    header = [
        "claim (seed 002)",
        "source",
        f"at {CLUSTER_GPUS:,}",
        "over sizes",
        "sizes",
        "draws, p5 to p95",
        "verdict",
        f"to meet it at {CLUSTER_GPUS:,}",
    ]
    return "\n".join(
        [
            f"Seed 002's cost-of-ownership claims under profile '{profile.id}' (buyer: "
            f"{profile.buyer}) for every system; the source states no cluster size, so each "
            "claim is held over a range of sizes and over draws of every ranged input",
            render_table(header, [reproduced_cells(r) for r in results]),
            f"Share of sizes held: {SHARE_RULE}. Share of draws held ({_draws(results)}): "
            f"{DRAW_RULE}. Met: the source's sign and within 5 pp "
            "(8 pp for the MI355X-vs-HGX B200 capital and TCO rows), 15% for dollars; a claim "
            "of direction only, its sign. TFLOPS per W are the designs' own, the same at every "
            "size: chip level over the GPUs' board power in the catalogue, server level over the "
            "design's IT power, whose tray overheads are an assumption (assume-server-chassis).",
            READING_OPEX,
            "",
            f"Operating cost per GPU-hour at {CLUSTER_GPUS:,} GPUs by what it scales with (seed "
            "002: 'most operating costs scale with respect to IT power requirements')",
            render_table(
                ["system", "opex", "input power", "capital", "GPUs", "share with power"],
                [
                    [
                        o.system,
                        USD_MILLS.text(o.total_usd),
                        USD_MILLS.text(o.power_scaled_usd),
                        USD_MILLS.text(o.maintenance_usd),
                        USD_MILLS.text(o.software_usd),
                        f"{o.power_scaled_share:.0%}",
                    ]
                    for o in opex
                ],
            ),
            "input power: electricity, colocation, staff; capital: maintenance "
            "(assume-maintenance-share, 3% of IT hardware a year, range 1-5%); GPUs: software.",
        ]
    )


def _draws(results: tuple[ClaimResult, ...]) -> str:
    """How many draws each claim was held over."""
    counts = {r.draws.draws for r in results if r.draws is not None}
    return f"{counts.pop():,} per claim" if len(counts) == 1 else "none taken"


def _figure(unit: str, value: float) -> str:
    return USD_CENTS.text(value) if unit == "usd" else _pct(value)


def reproduced_cells(r: ClaimResult) -> list[str]:
    """One claim's cells, as the table and the README write them."""
    row = r.at_reference
    span = f"{_figure(row.unit, r.low)} to {_figure(row.unit, r.high)}" if r.sizes else "size-free"
    drawn = r.draws
    spread = (
        "-" if drawn is None else f"{_figure(row.unit, drawn.p5)} to {_figure(row.unit, drawn.p95)}"
    )
    return [
        r.label,
        row.quote,
        _figure(row.unit, row.rackbom),
        span,
        r.sizes_text,
        spread,
        r.verdict_text,
        row.needed or "",
    ]


def rent_table(rows: tuple[RentVsOwn, ...]) -> str:
    """Rental prices against owning."""
    body = [
        [
            r.name,
            USD_CENTS.text(r.rent_usd_per_gpu_hour),
            r.owned_as or "not in the catalogue",
            USD_CENTS.text(r.tco_usd_per_gpu_hour),
            _pct(r.renter_margin_pct),
            "-" if r.payback_months is None else f"{r.payback_months:.1f}",
        ]
        for r in rows
    ]
    header = ["rental", "rent/GPU-h", "owned as", "TCO/GPU-h", "renter margin", "payback months"]
    return render_table(header, body)


def accepted_table(workload: Workload, rows: tuple[AcceptedCost, ...]) -> str:
    """Cost per accepted unit on each target, broken down."""
    label = "EXAMPLE (illustrative figures): " if workload.example else ""
    body = [
        [
            r.target,
            _number(r.gpu_hours_per_unit),
            USD.text(r.hardware_usd),
            USD.text(r.power_usd),
            USD.text(r.people_usd),
            USD.text(r.failures_usd),
            USD.text(r.total_usd),
        ]
        for r in rows
    ]
    per = rows[0].per if rows else "accepted unit"
    header = ["target", "GPU-h per unit", "hardware", "power", "people", "failures", "total"]
    return f"{label}{workload.name}: USD per {per}\n" + render_table(header, body)


def tornado_table(target: str, bars: tuple[TornadoBar, ...], per: str) -> str:
    """Each input moved down and up, widest swing first."""
    body = [
        [
            b.input,
            _number(b.low_value),
            _number(b.high_value),
            USD.text(b.cost_at_low_usd),
            USD.text(b.cost_at_high_usd),
            USD.text(b.swing_usd),
        ]
        for b in bars
    ]
    header = ["input", "low", "high", "cost at low", "cost at high", "swing"]
    return f"Sensitivity on {target}: USD per {per}, each input alone\n" + render_table(
        header, body
    )


def render_tco(result: TcoResult) -> str:
    """One system's cost of ownership as a block of `show`."""
    return (
        f"Cost of ownership (profile {result.profile!r}; input power = {result.power_level})\n"
        + render_table(["figure", "value"], [[f.label, f.text(result)] for f in TCO_FIGURES])
    )


SWEEP_COLUMNS = {
    "capex_usd_per_gpu": "all-in capex/GPU",
    "opex_usd_per_gpu_hour": "opex/GPU-h",
    "tco_usd_per_gpu_hour": "TCO/GPU-h",
    "tco_usd_per_fp4_pflops_hour": "TCO/FP4 PFLOPS-h",
}


def sweep_table(rows: list[dict[str, Any]], name: str, profile_id: str) -> str:
    """One row per target and value of the swept profile figure: capex, opex and TCO in USD."""
    figures = [f for f in TCO_FIGURES if f.field in SWEEP_COLUMNS]
    body = [
        [row["target"], f"{row[name]:g}", *(f.format.text(row[f.field]) for f in figures)]
        for row in rows
    ]
    header = ["", name, *(SWEEP_COLUMNS[f.field] for f in figures)]
    title = f"TCO as {PROFILE_LABELS[name]} varies, profile {profile_id!r} otherwise"
    return "\n".join([title, render_table(header, body)])
