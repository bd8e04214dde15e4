"""The TCO's terms evaluated on arrays of draws: the same expressions Python and the workbook
evaluate (`racks/costs/formula.py`), a value that does not apply being NaN."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
from numpy.typing import NDArray

from ..costs.formula import Annuity, Const, Expr, Given, Key, Name, Op, Per
from ..costs.terms import PROFILE_TERMS, SYSTEM_TERMS

Array = NDArray[np.float64]
Value = Array | float


def value(expr: Expr, values: Mapping[Key, Value]) -> Value:
    """`expr` over arrays (or numbers) of named values; NaN where a ratio has no divisor."""
    if isinstance(expr, Const):
        return expr.value
    if isinstance(expr, Name):
        return values[(expr.origin, expr.key)]
    if isinstance(expr, Op):
        a, b = value(expr.left, values), value(expr.right, values)
        ops = {"+": np.add, "-": np.subtract, "*": np.multiply, "/": np.divide}
        return ops[expr.op](a, b)
    if isinstance(expr, Per):
        a, b = value(expr.amount, values), value(expr.per, values)
        return np.where(b == 0, np.nan, a / np.where(b == 0, 1.0, b))
    if isinstance(expr, Given):
        v = value(expr.value, values)
        return np.where(v == 0, np.nan, v)
    if isinstance(expr, Annuity):
        r, n = value(expr.rate, values), value(expr.years, values)
        safe = np.where(r == 0, 1.0, r)
        return np.where(r == 0, 1 / n, safe / (1 - (1 + safe) ** -n))
    raise TypeError(f"no array rule for {type(expr).__name__}")


def terms(profile: Mapping[str, Value], basis: Mapping[str, Value]) -> dict[str, Value]:
    """Every system term, by key, from the profile's inputs and the system's totals."""
    values: dict[Key, Value] = {("input", k): v for k, v in profile.items()}
    values.update({("basis", k): v for k, v in basis.items()})
    for t in (*PROFILE_TERMS, *SYSTEM_TERMS):
        values[("term", t.key)] = value(t.rule, values)
    return {t.key: values[("term", t.key)] for t in SYSTEM_TERMS}
