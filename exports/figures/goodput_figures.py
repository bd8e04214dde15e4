"""A whole-system job's goodput figures for the compare table: label, unit and format."""

from __future__ import annotations

from collections.abc import Callable

from ...components.formats import DECIMAL_3, ONE_DECIMAL, SHARE, USD_MILLS, Format
from ...racks.goodput.goodput import GoodputResult
from . import Figure

Job = GoodputResult | None
"""A system's whole-system job; None for a system without GPUs (every figure blank)."""


def _reader(name: str) -> Callable[[Job], float | None]:
    def read(result: Job) -> float | None:
        value: float | None = None if result is None else getattr(result, name)
        return value

    return read


def _figure(name: str, label: str, number: Format) -> Figure[Job]:
    return Figure(name, label, number, _reader(name))


GOODPUT_FIGURES: tuple[Figure[Job], ...] = (
    _figure("interruptions_per_day", "Interruptions per day", DECIMAL_3),
    _figure("mtbi_h", "MTBI (h)", ONE_DECIMAL),
    _figure("ettr", "ETTR", SHARE),
    _figure("tco_usd_per_effective_gpu_hour", "TCO per effective GPU-hour (USD)", USD_MILLS),
)
