"""Progress of long work on stderr: a bar on a terminal, nothing at all where stderr is piped
or redirected (a log or CI stays clean). tqdm loads only when a bar is drawn."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

T = TypeVar("T")

MIN_INTERVAL_S = 0.2
"""Redraw at most this often: a bar costs nothing a row."""
DEFAULT_COLUMNS, DEFAULT_LINES = 80, 24
"""The size of a terminal that states none."""


def _size() -> tuple[int | None, int | None]:
    """The terminal's columns and lines, each None where it reports none (a pseudo-terminal
    nobody sized says 0, and tqdm would then hide its bar)."""
    try:
        size = os.get_terminal_size(sys.stderr.fileno())
    except OSError:
        return None, None
    return size.columns or None, size.lines or None


def _bar_options(what: str, unit: str) -> dict[str, Any]:
    columns, lines = _size()
    return {
        "desc": what,
        "unit": unit,
        "unit_scale": True,
        "leave": False,
        "mininterval": MIN_INTERVAL_S,
        "file": sys.stderr,
        "dynamic_ncols": columns is not None,
        "ncols": columns or DEFAULT_COLUMNS,
        "nrows": lines or DEFAULT_LINES,
    }


def shown() -> bool:
    """Whether progress is drawn: stderr is a terminal."""
    return sys.stderr.isatty()


def progress(
    items: Iterable[T], what: str, total: int | None = None, unit: str = "it"
) -> Iterator[T]:
    """`items`, with a bar of how many have passed (of `total`, where known)."""
    if not shown():
        yield from items
        return
    from tqdm import tqdm

    with tqdm(items, total=total, **_bar_options(what, unit)) as bar:
        yield from bar


def byte_meter(what: str) -> tuple[Callable[[int], object], Callable[[], object]]:
    """`(update, close)` of a meter of bytes written, for a file whose size is known only when
    written; both do nothing where progress is not shown."""
    if not shown():
        return (lambda _: None), (lambda: None)
    from tqdm import tqdm

    bar = tqdm(unit_divisor=1024, **_bar_options(what, "B"))
    return bar.update, bar.close
