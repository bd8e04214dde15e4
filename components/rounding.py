"""Whole counts and limits from float arithmetic: a figure that lands on a boundary, give or take
the error of the arithmetic that produced it, counts as on it."""

from __future__ import annotations

import math

TOLERANCE = 1e-9
"""Relative slack for a figure that sits exactly on a limit (it fits): a load on a rating, a
value on a boundary of whole units, a speed that one port breaks out to."""


def ceil_div(value: float, unit: float) -> int:
    """Units of size `unit` that hold `value` (a value on a boundary needs no extra one)."""
    return max(0, math.ceil(value / unit - TOLERANCE))
