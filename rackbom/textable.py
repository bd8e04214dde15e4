"""Plain-text tables for the terminal."""

from __future__ import annotations

import re
from collections.abc import Sequence

_NUMBER = re.compile(r"^-$|^[-+$]?[\d,]+(\.\d+)?[x%]?\*?$")


def render_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """Columns padded to their widest cell; numeric columns right-aligned, text left-aligned.

    A number may carry a trailing `*`, the mark of a figure footnoted under the table.
    """
    table = [list(header), *[list(r) for r in rows]]
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    numeric = [
        bool(rows) and all(_NUMBER.match(row[i]) for row in rows) for i in range(len(header))
    ]

    def line(cells: list[str]) -> str:
        padded = [
            c.rjust(w) if num else c.ljust(w)
            for c, w, num in zip(cells, widths, numeric, strict=True)
        ]
        return "  ".join(padded).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(table[0]), rule, *(line(r) for r in table[1:])])


def size_text(size: int) -> str:
    """A file size for people: `812 bytes`, `14.2 KB`, `1.3 MB`."""
    units = ("KB", "MB", "GB")
    value, index = float(size), -1
    while value >= 1000 and index < len(units) - 1:
        value, index = value / 1000, index + 1
    return f"{size} bytes" if index < 0 else f"{value:,.1f} {units[index]}"
