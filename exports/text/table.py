"""Plain-text tables for the terminal."""

from __future__ import annotations

import os
import re
import shutil
import sys
from collections.abc import Sequence

from ...components.outputs import counted

__all__ = ["counted", "output_width", "render_table", "size_text"]

_NUMBER = re.compile(r"^-$|^[-+$]?[\d,]+(\.\d+)?[x%]?\*?$")


NARROWEST_TEXT = 12
"""A text column is never cut narrower than this."""


def output_width() -> int | None:
    """The width tables are fitted to: `COLUMNS` where set, else the terminal's when standard
    output is one; None (never cut) when output goes to a file or a pipe."""
    if os.environ.get("COLUMNS", "").isdigit() or sys.stdout.isatty():
        return shutil.get_terminal_size().columns
    return None


def render_table(
    header: Sequence[str], rows: Sequence[Sequence[str]], width: int | None = None
) -> str:
    """Columns padded to their widest cell; numeric columns right-aligned, text left-aligned.

    A number may carry a trailing `*`, the mark of a figure footnoted under the table. Where the
    table is wider than `width` (default `output_width()`), the widest text columns but the
    first are cut, ending in `…`; with no width nothing is cut.
    """
    table = [list(header), *[list(r) for r in rows]]
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    numeric = [  # blank cells (a total row's empty count) leave a column numeric
        any(row[i] for row in rows) and all(not row[i] or _NUMBER.match(row[i]) for row in rows)
        for i in range(len(header))
    ]
    limit = output_width() if width is None else width
    if limit is not None:
        _fit(widths, numeric, limit)

    def line(cells: list[str]) -> str:
        padded = [
            _cut(c, w).rjust(w) if num else _cut(c, w).ljust(w)
            for c, w, num in zip(cells, widths, numeric, strict=True)
        ]
        return "  ".join(padded).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(table[0]), rule, *(line(r) for r in table[1:])])


def _fit(widths: list[int], numeric: list[bool], limit: int) -> None:
    """Narrow the widest text columns until the table fits `limit`, or none can give."""
    while 2 * (len(widths) - 1) + sum(widths) > limit:
        text = [  # the first column names the row (an id to type): it is never cut
            i for i, num in enumerate(numeric) if i and not num and widths[i] > NARROWEST_TEXT
        ]
        if not text:
            return
        widest = max(text, key=widths.__getitem__)
        excess = 2 * (len(widths) - 1) + sum(widths) - limit
        widths[widest] = max(NARROWEST_TEXT, widths[widest] - excess)


def _cut(cell: str, width: int) -> str:
    return cell if len(cell) <= width else cell[: width - 1] + "\u2026"


def size_text(size: int) -> str:
    """A file size for people: `812 bytes`, `14.2 KB`, `1.3 MB`."""
    units = ("KB", "MB", "GB")
    value, index = float(size), -1
    while value >= 1000 and index < len(units) - 1:
        value, index = value / 1000, index + 1
    return f"{size} bytes" if index < 0 else f"{value:,.1f} {units[index]}"
