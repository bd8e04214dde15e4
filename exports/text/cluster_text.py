"""A cluster as readable text: key figures, tiers, network BOM, floor and warnings."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...components.outputs import counted, span_text
from ..figures import Unit
from ..figures.cluster_figures import CLUSTER_FIGURES
from .table import render_table

if TYPE_CHECKING:
    from ...racks.clusters.cluster_analysis import ClusterAnalysis
    from ...racks.clusters.cluster_summary import CampusSummary, ClusterSummary

_COUNT = Unit.COUNT
_USD = Unit.USD


def render_cluster(cluster: ClusterAnalysis) -> str:
    """Key figures, tiers, the scale-out BOM, the floor, sources and warnings."""
    s = cluster.summary
    blocks = [
        f"{cluster.name} [{cluster.id}]"
        + (f"\n{cluster.spec.description.strip()}" if cluster.spec.description else "")
        + f"\n{s.design_copies:,} x {s.design} on {s.profile}: {s.topology.replace('_', '-')}, "
        f"{s.planes} x {s.plane_gbps:g}G plane{'s' if s.planes > 1 else ''} of "
        f"{s.fabric_tiers} tier{'s' if s.fabric_tiers > 1 else ''}"
    ]
    if s.gpus_requested:
        blocks[0] += (
            f"\nAsked for {counted(s.gpus_requested, 'GPU')}; whole copies of {s.design} make "
            f"{s.gpus:,} (+{s.gpus_added_by_rounding:,})"
        )
    blocks.append(
        "Key figures\n"
        + render_table(["figure", "value"], [[f.label, f.text(s)] for f in CLUSTER_FIGURES])
    )
    blocks += [_tiers_table(s), _network_table(s)]
    f = s.floor
    blocks.append(
        f"Floor: {f'{f.halls} halls, ' if f.halls > 1 else ''}"
        f"{counted(f.rows, 'row')} of up to {counted(f.racks_per_row, 'rack')}, "
        f"{counted(f.network_racks_in_rows, 'network rack')} in the rows, "
        f"{f.network_racks_in_core:,} in the core; about "
        f"{f.length_m:,.0f} m x {f.width_m:,.0f} m"
    )
    if s.campus is not None:
        blocks.append(_campus_text(s.campus))
    blocks.append(
        f"Sources: {len(s.sources)} cited, {len(s.assumptions)} of them assumptions "
        f"(`rackbom show {cluster.id} --json` lists every figure behind each)"
    )
    if s.warnings:
        blocks.append("Warnings\n" + "\n".join(f"  ! {w}" for w in s.warnings))
    return "\n\n".join(blocks)


def _campus_text(c: CampusSummary) -> str:
    """The buildings, the plot and the campus tier's links and optics."""
    optics = ", ".join(f"{n:,} {p}" for p, n in c.transceivers.items())
    return (
        f"Campus: {c.buildings} buildings (bldg01-bldg{c.buildings:02d}) of {c.building_mw:g} MW, "
        f"{counted(c.halls_per_building, 'hall')} each, about {c.building_length_m:,.0f} m x "
        f"{c.building_width_m:,.0f} m, {c.building_gap_m:,.0f} m apart on a "
        f"{c.length_m:,.0f} m x {c.width_m:,.0f} m plot\n"
        f"Campus tier {c.oversubscription:g}:1 over the buildings' top tiers: "
        f"{c.links:,} links of {span_text(c.link_length_m_min, c.link_length_m_max)} m "
        f"between core rooms by road; optics {optics}"
    )


def _tiers_table(s: ClusterSummary) -> str:
    """Each tier: its switches, their ports, the links into it and their lengths."""
    return "Tiers\n" + render_table(
        ["tier", "switches", "ports each", "used", "unused", "unused %", "links in", "m"],
        [
            [
                t.role,
                _COUNT.text(t.switches),
                _COUNT.text(t.ports_per_switch),
                _COUNT.text(t.ports_used),
                _COUNT.text(t.ports_unused),
                Unit.PCT.text(t.ports_unused_pct),
                _COUNT.text(t.links),
                span_text(t.link_length_m_min, t.link_length_m_max),
            ]
            for t in s.tiers
        ],
    )


def _network_table(s: ClusterSummary) -> str:
    """The scale-out parts with their prices and power."""
    return "Scale-out BOM\n" + render_table(
        ["tier", "kind", "part", "qty", "each (USD)", "total (USD)", "kW"],
        [
            [
                n.tier,
                n.category,
                n.part,
                _COUNT.text(n.qty),
                _USD.text(n.unit_price_usd),
                _USD.text(n.extended_usd),
                Unit.KW.text(n.power_total_w),
            ]
            for n in s.network_bom
        ],
    )


def render_fabric_options(target: ClusterAnalysis) -> str:
    """A cluster's feasible fabrics, cheapest first, the chosen one marked."""
    s = target.summary
    options = sorted(s.fabric_options, key=lambda o: (o.capex_usd_per_gpu, o.power_network_w))
    return f"Fabrics for {target.name} [{target.id}], cheapest first\n" + render_table(
        [
            "planes",
            "plane Gbit/s",
            "tiers",
            "switches",
            "transceivers",
            "cables",
            "capex per GPU",
            "scale-out per GPU",
            "network kW",
            "chosen",
        ],
        [
            [
                str(o.planes),
                f"{o.plane_gbps:g}",
                str(o.tiers),
                _COUNT.text(o.switches),
                _COUNT.text(o.transceivers),
                _COUNT.text(o.cables),
                _USD.text(o.capex_usd_per_gpu),
                _USD.text(o.scale_out_usd_per_gpu),
                Unit.KW.text(o.power_network_w),
                "yes" if o.chosen else "",
            ]
            for o in options
        ],
    )
