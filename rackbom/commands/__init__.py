"""One module per sub-command, each with `configure(parser)` and `run(args)`.

Only the command being run is imported, so a command loads just the layers it needs.
"""

COMMANDS: dict[str, tuple[str, str]] = {
    "list": ("listing", "list designs, clusters, catalogue entries, TCO profiles, workloads"),
    "show": ("show", "summarise one design or cluster (built-in id or YAML file)"),
    "compare": ("compare", "compare designs, or clusters, side by side (one column each)"),
    "svg": ("svg", "draw a design's rack elevation, or a cluster, as SVG"),
    "bom": ("bom", "write a BOM workbook (-o), a flat BOM CSV (--csv), JSON (--json)"),
    "report": (
        "report",
        "write SVGs, JSON, a BOM workbook and index.html for designs and clusters",
    ),
    "tco": ("tco", "cost of ownership of designs or clusters; --reproduce, --rent, --workload"),
    "collectives": (
        "collectives",
        "collective times and bus bandwidth over sizes; --op, --size, --gpus, --json",
    ),
    "goodput": (
        "goodput",
        "interruptions, checkpoint interval, ETTR and cost per effective GPU-hour of a job",
    ),
    "validate": (
        "validate",
        "check catalogue, design, cluster, cost, reliability or device-type YAML files",
    ),
    "cables": (
        "cables",
        "a cluster's cable run list: CSV (-o), --xlsx, --json, --netbox, a rack's --panel",
    ),
    "export": ("export", "export a design or cluster for a DCIM (NetBox, Nautobot)"),
}
"""Command name -> (module in this package, one-line help)."""
