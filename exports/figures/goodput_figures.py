"""A whole-system job's goodput figures for the compare table: label, unit and format."""

from __future__ import annotations

from collections.abc import Callable

from ...components.formats import DECIMAL_3, ONE_DECIMAL, USD_MILLS, Format
from ...racks.goodput.results import GoodputResult
from . import Figure

Job = GoodputResult | None
"""A system's whole-system job; None for a system without GPUs (every figure blank)."""


def _reader(name: str, scale: float) -> Callable[[Job], float | None]:
    def read(result: Job) -> float | None:
        value: float | None = None if result is None else getattr(result, name)
        return None if value is None else value * scale

    return read


def _figure(name: str, label: str, number: Format, scale: float = 1.0) -> Figure[Job]:
    return Figure(name, label, number, _reader(name, scale))


GOODPUT_FIGURES: tuple[Figure[Job], ...] = (
    _figure("interruptions_per_day", "Interruptions per day", DECIMAL_3),
    _figure("mtbi_h", "MTBI (h)", ONE_DECIMAL),
    _figure("ettr", "ETTR (%)", ONE_DECIMAL, 100.0),
    _figure("tco_usd_per_effective_gpu_hour", "TCO per effective GPU-hour (USD)", USD_MILLS),
)
