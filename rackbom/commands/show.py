"""`rackbom show`: one design's figures, readable or as JSON."""

from __future__ import annotations

import argparse
from collections import Counter

from rackbom.design import Design
from rackbom.exports.figures import KEY_FIGURES, Unit, switch_note
from rackbom.racks.bom import tray_price
from rackbom.textable import render_table

from .common import add_catalogue_option, load_designs, print_json


def register(sub: argparse._SubParsersAction) -> None:
    """Add the sub-command."""
    p = sub.add_parser("show", help="summarise one design (built-in id or YAML file)")
    p.add_argument("design", metavar="DESIGN_OR_FILE")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    add_catalogue_option(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the summary."""
    (design,) = load_designs(args, [args.design])
    if args.json:
        print_json(design.to_dict())
    else:
        print(render_summary(design))
    return 0


def render_summary(design: Design) -> str:
    """The design as readable text: key figures, ports, racks, BOM by tray type, warnings."""
    s = design.summary
    a = design.analysis
    blocks = [
        f"{design.name} [{design.id}]"
        + (f"\n{design.built.spec.description}" if design.built.spec.description else "")
    ]
    blocks.append(
        "Key figures\n"
        + render_table(
            ["figure", "value"],
            [[figure.label, figure.text(s)] for figure in KEY_FIGURES],
        )
        + (f"\n{note}" if (note := switch_note(s)) else "")
    )
    if a.ports:
        blocks.append(
            "Switch ports\n"
            + render_table(
                ["tray", "type", "chips", "ports", "used", "unused", "lanes in", "connector lanes"],
                [
                    [
                        t.tray,
                        t.tray_id,
                        str(len(t.chips)),
                        str(t.ports_total),
                        str(t.ports_used),
                        str(t.ports_unused),
                        str(t.lanes_in),
                        "-" if t.connector_lanes is None else str(t.connector_lanes),
                    ]
                    for t in a.ports
                ],
            )
        )
    if s.switch_ports_unused_by_switch:
        blocks.append(
            "Unused switch ports with each switch chip of the catalogue (radix sensitivity)\n"
            + render_table(
                ["switch chip", "unused ports"],
                [
                    [part, "does not fit" if unused is None else f"{unused:,}"]
                    for part, unused in s.switch_ports_unused_by_switch.items()
                ],
            )
        )
    if a.copper:
        blocks.append(
            "Scale-up copper between trays (2 differential pairs per lane)\n"
            + render_table(
                ["rack", "fabric", "span", "pairs", "part"],
                [
                    [r.rack, r.fabric, r.span, f"{r.pairs:,}", r.part or "not itemised"]
                    for r in a.copper
                ],
            )
        )
    blocks.append(
        "Racks\n"
        + render_table(
            [
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
            ],
            [
                [
                    r.rack,
                    r.frame,
                    str(r.units_used),
                    str(r.units_free),
                    Unit.KW.value.text(r.power_it_w),
                    Unit.KW.value.text(r.power_all_in_w),
                    Unit.KW.value.text(r.power_shelf_capacity_w),
                    r.power_shelf_redundancy,
                    Unit.COUNT.value.text(r.bom_usd),
                    Unit.KG.value.text(r.weight_kg),
                ]
                for r in s.rack_details
            ],
        )
    )
    counts = Counter(t.tray.id for t in design.built.placed)
    first = {t.tray.id: t for t in reversed(design.built.placed)}
    blocks.append(
        "BOM by tray type\n"
        + render_table(
            ["tray type", "count", "each (USD)", "total (USD)"],
            [
                [
                    tid,
                    str(n),
                    f"{tray_price(design.built, first[tid]):,.0f}",
                    f"{n * tray_price(design.built, first[tid]):,.0f}",
                ]
                for tid, n in counts.items()
            ],
        )
    )
    if a.io:
        blocks.append(
            "GPU flexible I/O lanes per compute tray (scale-up + CPU + scale-out NICs + SSDs)\n"
            + render_table(
                ["tray type", "GPUs", "offered", "scale-up", "CPU", "NICs", "SSDs", "spare"],
                [
                    [
                        b.tray_id,
                        str(b.gpus),
                        str(b.lanes_offered),
                        str(b.lanes_scale_up),
                        str(b.lanes_cpu),
                        str(b.lanes_nics),
                        str(b.lanes_ssds),
                        str(b.lanes_spare),
                    ]
                    for b in a.io
                ],
            )
        )
    blocks.append(
        f"Sources: {len(s.sources)} cited, {len(s.assumptions)} of them assumptions "
        f"(`rackbom show {design.id} --json` lists every figure behind each)"
    )
    if s.warnings:
        blocks.append("Warnings\n" + "\n".join(f"  ! {w}" for w in s.warnings))
    return "\n\n".join(blocks)
