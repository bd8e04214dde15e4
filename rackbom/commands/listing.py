"""`rackbom list`: built-in designs and clusters, and catalogue entries."""

from __future__ import annotations

import argparse

from rackbom.components.catalogue import Catalogue, suggest
from rackbom.components.errors import InputError
from rackbom.components.part_kinds import PART_KINDS, kind_names, kind_tag
from rackbom.components.parts import PartType
from rackbom.exports.text.table import render_table
from rackbom.racks.clusters import ClusterSpec, builtin_cluster_ids, load_cluster_spec
from rackbom.racks.library import builtin_design_ids, load_design_spec
from rackbom.racks.spec import DesignSpec

from .common import add_catalogue_option, catalogue_from, print_json

Table = tuple[list[str], list[list[str]]]
"""A table's header and rows of text."""

SECTIONS = (
    "designs",
    "clusters",
    "parts",
    "trays",
    "frames",
    "network",
    "tco",
    "workloads",
    "rentals",
    "plant",
    "sources",
)
ALIASES = {"profiles": ("network", "tco")}
"""A name that lists several sections: `profiles` means both kinds of profile."""
TITLES = {
    "network": "Network profiles (a cluster's `profile:`)",
    "tco": "TCO profiles (--tco PROFILE)",
    "workloads": "Workloads (tco --workload WORKLOAD)",
    "rentals": "Rentals (tco --rent)",
    "plant": "Plant profiles (--plant PROFILE, or a plant file of your own)",
}


def configure(p: argparse.ArgumentParser) -> None:
    """Add the sub-command's arguments."""
    p.add_argument(
        "section",
        nargs="?",
        choices=(*SECTIONS, *ALIASES),
        help="only this section (profiles: network and TCO profiles)",
    )
    p.add_argument(
        "--kind", help="only parts of one kind: gpu, cpu, nic, switch, optics, cable, ... "
    )
    p.add_argument("--json", action="store_true", help="print JSON")
    add_catalogue_option(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """List what is known."""
    if args.kind is not None and args.section not in (None, "parts"):
        raise InputError(
            None, "--kind", f"filters parts only (rackbom list parts --kind {args.kind})"
        )
    cat = catalogue_from(args)
    tables: dict[str, Table] = {}
    specs = [load_design_spec(i)[0] for i in builtin_design_ids()]
    tables["designs"] = (["id", "name"], [[s.id, s.name] for s in specs])
    clusters = [load_cluster_spec(i)[0] for i in builtin_cluster_ids()]
    tables["clusters"] = (
        ["id", "design", "size", "profile", "name"],
        [[c.id, c.design, _size_text(c), c.profile, c.name] for c in clusters],
    )
    tables["parts"] = _parts_table(cat, None if args.kind is None else part_kind(args.kind))
    tables["trays"] = _trays_table(cat, specs)
    tables["frames"] = (
        ["id", "units", "width (mm)", "name"],
        [
            [f.id, f"{f.height_units} {f.unit_name}", f"{f.width_mm:,.0f}", f.name]
            for f in cat.frames.values()
        ],
    )
    tables["network"] = (
        ["id", "vendor", "switch", "transceivers", "cables", "name"],
        [
            [
                n.id,
                n.vendor,
                n.switch,
                ", ".join(n.transceivers) or "-",
                ", ".join(n.cables),
                n.name,
            ]
            for n in cat.network_profiles.values()
        ],
    )
    tables.update(cost_tables())
    tables["plant"] = plant_table()
    tables["sources"] = (
        ["id", "kind", "cite"],
        [[s.id, s.kind.value, s.cite] for s in cat.sources.values()],
    )
    chosen = list(ALIASES.get(args.section, (args.section,)) if args.section else SECTIONS)
    if args.json:
        print_json(
            {
                name: [dict(zip(tables[name][0], row, strict=True)) for row in tables[name][1]]
                for name in chosen
            }
        )
        return 0
    blocks = [
        f"{TITLES.get(name, name.capitalize())}\n{render_table(*tables[name])}" for name in chosen
    ]
    print("\n\n".join(blocks))
    return 0


def cost_tables() -> dict[str, Table]:
    """The built-in TCO profiles, workloads and rentals, with what tells them apart."""
    from rackbom.components.tco_library import builtin_costs

    costs = builtin_costs()
    return {
        "tco": (
            ["id", "facility", "$/kWh", "PUE", "buyer", "name"],
            [
                [
                    p.id,
                    "leased" if p.colocation_usd_per_kw_month > 0 else "owned",
                    f"{p.electricity_usd_per_kwh:g}",
                    f"{p.pue:g}",
                    p.buyer,
                    p.name,
                ]
                for p in costs.profiles.values()
            ],
        ),
        "workloads": (
            ["id", "unit", "example", "name"],
            [
                [w.id, w.unit, "yes" if w.example else "no", w.name]
                for w in costs.workloads.values()
            ],
        ),
        "rentals": (
            ["id", "USD/GPU-h", "owned as", "name"],
            [
                [r.id, f"{r.rent_usd_per_gpu_hour:,.2f}", r.owned_as or "-", r.name]
                for r in costs.rentals.values()
            ],
        ),
    }


def plant_table() -> Table:
    """The built-in plant profiles, with what tells them apart."""
    from rackbom.components.plant_library import builtin_plant_profiles

    return (
        ["id", "redundancy", "feed", "coolant", "ΔT (K)", "CDU", "name"],
        [
            [
                p.id,
                p.redundancy,
                f"{p.feed_voltage_v:g} V {p.feed_phases}-phase",
                p.fluid,
                f"{p.delta_t_k:g}",
                p.cdu,
                p.name,
            ]
            for p in (r.profile for r in builtin_plant_profiles().values())
        ],
    )


def _parts_table(cat: Catalogue, kind: type[PartType] | None) -> Table:
    """The catalogue's parts (of one kind, if given), kind by kind."""
    parts = [p for p in cat.parts.values() if kind is None or isinstance(p, kind)]
    return (
        ["id", "kind", "price (USD)", "price source", "name"],
        [
            [
                p.id,
                kind_tag(type(p)),
                "-" if p.price_usd is None else f"{p.price_usd:,.0f}",
                cat.sources[p.source_of("price_usd")].kind.value,
                p.name,
            ]
            for p in sorted(parts, key=lambda p: (PART_KINDS.index(type(p)), p.id))
        ],
    )


def _trays_table(cat: Catalogue, specs: list[DesignSpec]) -> Table:
    """The catalogue's trays, then those the built-in designs define."""
    trays = [(t, "catalogue") for t in cat.trays.values()] + [
        (t, f"design {spec.id}")
        for spec in specs
        for t in (spec.catalogue.trays if spec.catalogue else [])
    ]
    return (
        ["id", "role", "height", "defined in", "name"],
        [
            [
                t.id,
                t.role.value,
                f"{t.height_units} {'U' if t.unit_standard == 'eia' else 'OU'}",
                where,
                t.name,
            ]
            for t, where in trays
        ],
    )


def _size_text(spec: ClusterSpec) -> str:
    size = spec.size
    for field in ("gpus", "racks", "pods"):
        if (value := getattr(size, field)) is not None:
            return f"{value:,} {field}"
    raise AssertionError("a size gives one of gpus, racks or pods")


def part_kind(name: str) -> type[PartType]:
    """The part kind a user named: its tag, a plural, a short form or its label."""
    names = kind_names()
    key = name.strip().lower().replace(" ", "_").replace("-", "_")
    if key not in names:
        tags = [kind_tag(k) for k in PART_KINDS]
        raise InputError(
            None,
            "--kind",
            f"unknown part kind {name!r}{suggest(key, names) or suggest(key, tags)}"
            f" (kinds: {', '.join(tags)})",
        )
    return names[key]
