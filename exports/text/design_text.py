"""A design as readable text: key figures, ports, racks, BOM by tray type, I/O and warnings."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ..figures import KEY_FIGURES, Unit, switch_note
from .table import counted, render_table

if TYPE_CHECKING:
    from ...racks.analysis import Analysis
    from ...racks.summary import DesignSummary

_COUNT = Unit.COUNT
_KW = Unit.KW


def render_design(analysis: Analysis) -> str:
    """The design's blocks, each a title line over a table, separated by blank lines."""
    s = analysis.summary
    blocks = [_title(analysis)]
    if s.warnings:
        blocks.append(warnings_block(s.warnings))
    blocks.append(_key_figures(s))
    if analysis.ports:
        blocks.append(_switch_ports(analysis))
    if s.switch_ports_unused_by_switch:
        blocks.append(_radix(s))
    if analysis.copper:
        blocks.append(_copper(analysis))
    blocks.append(_racks(s))
    blocks.append("BOM by tray type\n" + render_table(*bom_by_tray_type(analysis)))
    if analysis.io:
        blocks.append(_io(analysis))
    blocks.append(
        f"Sources: {len(s.sources)} cited, {len(s.assumptions)} of them assumptions "
        f"(`rackbom show {analysis.id} --json` lists every figure behind each)"
    )
    return "\n\n".join(blocks)


def _title(analysis: Analysis) -> str:
    description = analysis.design.spec.description
    return f"{analysis.name} [{analysis.id}]" + (f"\n{description}" if description else "")


def _key_figures(s: DesignSummary) -> str:
    table = render_table(["figure", "value"], [[f.label, f.text(s)] for f in KEY_FIGURES])
    return "Key figures\n" + table + (f"\n{note}" if (note := switch_note(s)) else "")


def _switch_ports(analysis: Analysis) -> str:
    header = ["tray", "type", "chips", "ports", "used", "unused", "lanes in", "connector lanes"]
    rows = [
        [
            t.tray,
            t.tray_id,
            _COUNT.text(len(t.chips)),
            _COUNT.text(t.ports_total),
            _COUNT.text(t.ports_used),
            _COUNT.text(t.ports_unused),
            _COUNT.text(t.lanes_in),
            "-" if t.connector_lanes is None else _COUNT.text(t.connector_lanes),
        ]
        for t in analysis.ports
    ]
    return "Switch ports\n" + render_table(header, rows)


def _radix(s: DesignSummary) -> str:
    rows = [
        [part, "does not fit" if unused is None else _COUNT.text(unused)]
        for part, unused in s.switch_ports_unused_by_switch.items()
    ]
    return (
        "Unused switch ports with each switch chip of the catalogue (radix sensitivity)\n"
        + render_table(["switch chip", "unused ports"], rows)
    )


def _copper(analysis: Analysis) -> str:
    rows = [
        [r.rack, r.fabric, r.span, _COUNT.text(r.pairs), r.part or "not itemised"]
        for r in analysis.copper
    ]
    return "Scale-up copper between trays (2 differential pairs per lane)\n" + render_table(
        ["rack", "fabric", "span", "pairs", "part"], rows
    )


RACK_HEADER = [
    "rack",
    "frame",
    "units used",
    "units free",
    "IT kW",
    "all-in kW",
    "shelves kW",
    "redundancy",
    "BOM (USD)",
    "weight kg",
]


def _racks(s: DesignSummary) -> str:
    rows = [
        [
            r.rack,
            r.frame,
            _COUNT.text(r.units_used),
            _COUNT.text(r.units_free),
            _KW.text(r.power_it_w),
            _KW.text(r.power_all_in_w),
            _KW.text(r.power_shelf_capacity_w),
            r.power_shelf_redundancy,
            _COUNT.text(r.bom_usd),
            Unit.KG.text(r.weight_kg),
        ]
        for r in s.rack_details
    ]
    return "Racks\n" + render_table(RACK_HEADER, rows)


def _io(analysis: Analysis) -> str:
    header = ["tray type", "GPUs", "offered", "scale-up", "CPU", "NICs", "SSDs", "spare"]
    rows = [
        [
            b.tray_id,
            *(
                _COUNT.text(n)
                for n in (
                    b.gpus,
                    b.lanes_offered,
                    b.lanes_scale_up,
                    b.lanes_cpu,
                    b.lanes_nics,
                    b.lanes_ssds,
                    b.lanes_spare,
                )
            ),
        ]
        for b in analysis.io
    ]
    return (
        "GPU flexible I/O lanes per compute tray (scale-up + CPU + scale-out NICs + SSDs)\n"
        + render_table(header, rows)
    )


def bom_by_tray_type(analysis: Analysis) -> tuple[list[str], list[list[str]]]:
    """Header and rows: each tray type, the rack-level items, and the total they add up to."""
    counts = Counter(t.tray.id for t in analysis.design.placed)
    totals = analysis.bom.by_tray_type()
    usd = _COUNT.text
    rows = [
        [tid, f"{counts[tid]:,}", usd(total / counts[tid]), usd(total)]
        for tid, total in totals.items()
        if tid is not None
    ]
    if None in totals:
        rows.append(["rack-level items (frames, backplanes, cooling)", "", "", usd(totals[None])])
    rows.append(["total", "", "", usd(analysis.bom.total_usd)])
    return ["tray type", "count", "each (USD)", "total (USD)"], rows


def warnings_block(warnings: tuple[str, ...]) -> str:
    """Warnings as a block that stands out, counted."""
    return counted(len(warnings), "warning") + "\n" + "\n".join(f"  ! {w}" for w in warnings)
