"""`rackbom show`: one design's figures, readable or as JSON."""

from __future__ import annotations

import argparse
from collections import Counter
from typing import TYPE_CHECKING, cast

from rackbom.design import Design
from rackbom.exports.figures import KEY_FIGURES, Unit, switch_note
from rackbom.textable import counted, render_table

from .common import add_catalogue_option, add_tco_option, load_targets, print_json
from .plant_text import add_plant_option, render_plant

if TYPE_CHECKING:
    from rackbom.cluster_model import Cluster


def configure(p: argparse.ArgumentParser) -> None:
    """Add the sub-command's arguments."""
    p.add_argument("design", metavar="DESIGN_OR_CLUSTER")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument(
        "--fabrics",
        action="store_true",
        help="a cluster's feasible fabrics (planes x speed x tiers) side by side, then stop",
    )
    add_catalogue_option(p)
    add_tco_option(p)
    add_plant_option(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the summary."""
    (target,) = load_targets(args, [args.design])
    if args.fabrics:
        from .cluster_text import render_fabric_options

        print(render_fabric_options(target))
        return 0
    if args.json:
        print_json(target.to_dict(args.tco, args.plant))
        return 0
    from .tco_text import render_tco  # the text's cost tables only

    if isinstance(target, Design):
        text = render_summary(target)
    else:
        from .cluster_text import render_cluster

        text = render_cluster(cast("Cluster", target))  # the one other kind of system
    from rackbom import collective_api as collectives

    from .collectives_text import render_summary_block

    plant = render_plant(target.plant(args.plant))
    blocks = [
        text,
        plant,
        render_tco(target.tco(args.tco)),
        render_summary_block(target, collectives),
    ]
    print("\n\n".join(blocks))
    return 0


def render_summary(design: Design) -> str:
    """The design as readable text: key figures, ports, racks, BOM by tray type, warnings."""
    s = design.summary
    a = design.analysis
    blocks = [
        f"{design.name} [{design.id}]"
        + (f"\n{design.built.spec.description}" if design.built.spec.description else "")
    ]
    if s.warnings:
        blocks.append(warnings_block(s.warnings))
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
                        f"{len(t.chips):,}",
                        f"{t.ports_total:,}",
                        f"{t.ports_used:,}",
                        f"{t.ports_unused:,}",
                        f"{t.lanes_in:,}",
                        "-" if t.connector_lanes is None else f"{t.connector_lanes:,}",
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
                    f"{r.units_used:,}",
                    f"{r.units_free:,}",
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
    blocks.append("BOM by tray type\n" + render_table(*bom_by_tray_type(design)))
    if a.io:
        blocks.append(
            "GPU flexible I/O lanes per compute tray (scale-up + CPU + scale-out NICs + SSDs)\n"
            + render_table(
                ["tray type", "GPUs", "offered", "scale-up", "CPU", "NICs", "SSDs", "spare"],
                [
                    [
                        b.tray_id,
                        f"{b.gpus:,}",
                        f"{b.lanes_offered:,}",
                        f"{b.lanes_scale_up:,}",
                        f"{b.lanes_cpu:,}",
                        f"{b.lanes_nics:,}",
                        f"{b.lanes_ssds:,}",
                        f"{b.lanes_spare:,}",
                    ]
                    for b in a.io
                ],
            )
        )
    blocks.append(
        f"Sources: {len(s.sources)} cited, {len(s.assumptions)} of them assumptions "
        f"(`rackbom show {design.id} --json` lists every figure behind each)"
    )
    return "\n\n".join(blocks)


def bom_by_tray_type(design: Design) -> tuple[list[str], list[list[str]]]:
    """Header and rows: each tray type, the rack-level items, and the total they add up to."""
    counts = Counter(t.tray.id for t in design.built.placed)
    totals = design.bom.by_tray_type()
    usd = Unit.COUNT.value.text
    rows = [
        [tid, f"{counts[tid]:,}", usd(total / counts[tid]), usd(total)]
        for tid, total in totals.items()
        if tid is not None
    ]
    if None in totals:
        rows.append(["rack-level items (frames, backplanes, cooling)", "", "", usd(totals[None])])
    rows.append(["total", "", "", usd(design.bom.total_usd)])
    return ["tray type", "count", "each (USD)", "total (USD)"], rows


def warnings_block(warnings: tuple[str, ...]) -> str:
    """Warnings as a block that stands out, counted."""
    return counted(len(warnings), "warning") + "\n" + "\n".join(f"  ! {w}" for w in warnings)
