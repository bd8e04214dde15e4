"""The parameter table as Markdown (`docs/parameters.md`): a table per input model, a row per
parameter with its unit, bounds, default, label, number format, tornado range and source."""

from __future__ import annotations

from ...components.parameters import OWNERS, UNBOUNDED, Parameter, number_text, owned_by

HEADER = (
    "# Parameters\n\n"
    "Every user-set parameter, written from the one table the input models take their bounds "
    "and defaults from (`components/parameters.py`). Bounds are inclusive at `[` `]` and "
    "exclusive at `(` `)`; a value outside them is refused with the file and field named. The "
    "format is the spreadsheet number format the workbook writes the figure in; the tornado "
    "range is what the tornado of `rackbom tco --workload` moves it within (`swing`: by a "
    "share of its value); the source is an id of `components/data/sources.yaml`, or "
    "`assumption` where the bounds and default are rackbom's own.\n"
)
COLUMNS = ("name", "unit", "bounds", "default", "label", "format", "tornado range", "source")


def parameters_markdown() -> str:
    """The whole document: its header, then each owner's table under its own heading, each
    described parameter's description below it."""
    parts = [HEADER]
    for owner, where in OWNERS.items():
        owned = owned_by(owner).values()
        lines = [_line(COLUMNS), _line(("---",) * len(COLUMNS)), *(_line(_row(p)) for p in owned)]
        notes = [f"- `{p.name}`: {p.description}" for p in owned if p.description]
        below = "\n\n" + "\n".join(notes) if notes else ""
        parts.append(f"## {owner}\n\n{where}\n\n" + "\n".join(lines) + below + "\n")
    return "\n".join(parts)


def _row(p: Parameter) -> tuple[str, ...]:
    return (
        f"`{p.name}`",
        p.unit,
        p.bounds.text() if p.bounds else "fixed",
        _default(p),
        p.label,
        f"`{p.format.excel}`",
        _tornado(p),
        p.source,
    )


def _default(p: Parameter) -> str:
    if p.default is ...:
        return "required"
    return "none" if p.default is None else number_text(p.default)


def _tornado(p: Parameter) -> str:
    if p.sensitivity is None:
        return "-"
    if p.sensitivity == UNBOUNDED:
        return "swing"
    low, high = p.sensitivity
    return f"[{number_text(low)}, {number_text(high)}]"


def _line(cells: tuple[str, ...]) -> str:
    return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"
