"""How far a figure may be off: a range beside its value, with the source of each end.

A figure whose source states a spread, or that two sources dispute, carries a `Range` in its
entry's `ranges` (keyed by the field it ranges); an assumption carries the range its basis
justifies. The uncertainty engine (`racks/uncertainty/`) draws each ranged figure from its
distribution; the tornado moves a profile figure between its range's ends.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Annotated, Any, Literal, Self

from pydantic import Field, model_validator

from .limits import AMOUNT_MAX
from .parameters import BY_NAME
from .strict import Id, Strict

Distribution = Literal["uniform", "triangular", "loguniform"]
"""`triangular` has its mode at the figure's value; `loguniform` needs a positive low end."""

Bound = Annotated[float, Field(strict=True, ge=-AMOUNT_MAX, le=AMOUNT_MAX, allow_inf_nan=False)]


class Range(Strict):
    """The low and high ends a figure may take, how it is drawn between them, and why.

    `source` is the source of the spread (by default the figure's own); `low_source` and
    `high_source` name the source of one end where the two ends come from different sources.
    """

    low: Bound
    high: Bound
    distribution: Distribution = "triangular"
    source: Id | None = None
    low_source: Id | None = None
    high_source: Id | None = None

    @model_validator(mode="after")
    def _ordered(self) -> Self:
        if self.low > self.high:
            raise ValueError(f"low {self.low:g} exceeds high {self.high:g}")
        if self.distribution == "loguniform" and self.low <= 0:
            raise ValueError(f"a loguniform range needs a positive low end, not {self.low:g}")
        return self

    def end_sources(self, own: str) -> tuple[str, str]:
        """The sources of the low and high ends, for a figure whose own source is `own`."""
        spread = self.source or own
        return self.low_source or spread, self.high_source or spread


def check_ranges(entry: Any, ranges: Mapping[str, Range]) -> None:
    """Each range names a numeric field of `entry` whose value lies within it, and, where the
    field is a parameter of `components/parameters.py`, lies within its bounds (a ValueError
    naming `ranges.<field>` otherwise)."""
    fields = type(entry).model_fields
    for name, bounds in ranges.items():
        if name not in fields or name == "ranges":
            raise ValueError(f"ranges.{name}: no such field to range")
        value = getattr(entry, name)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"ranges.{name}: the field has no number to range")
        if not math.isfinite(value) or not bounds.low <= value <= bounds.high:
            raise ValueError(
                f"ranges.{name}: the value {value:g} lies outside its range "
                f"{bounds.low:g}-{bounds.high:g}"
            )
        row = BY_NAME.get(name)
        valid = row.bounds if row is not None and row.owner == type(entry).__name__ else None
        if valid is not None and not (valid.holds(bounds.low) and valid.holds(bounds.high)):
            raise ValueError(
                f"ranges.{name}: the range {bounds.low:g}-{bounds.high:g} reaches past the "
                f"values {name} may take, {valid.text()}"
            )
