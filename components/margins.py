"""What a tray's maker adds to its parts: an integrator's or a system vendor's gross margin.

The integrator's margin depends on who buys: a hyperscaler or AI lab buys racks from an ODM
(original design manufacturer) at an ODM's thin margin, an enterprise buys servers from an OEM
(a branded server maker) at an OEM's. A tray names the kind of margin it carries
(`margin_kind` in `trays.py`); a design names its buyer (`buyer` in `racks/spec.py`).
"""

from __future__ import annotations

from typing import Literal, Self

from pydantic import model_validator

from .limits import Fraction, Name, Text
from .provenance import Sourced

Buyer = Literal["odm", "oem"]
"""Who builds the racks a buyer orders: an ODM (hyperscale buyers) or an OEM (enterprise)."""
MarginId = Literal["odm", "oem", "vendor"]


class Margin(Sourced):
    """A maker's margin as a markup on the cost of the parts (price = cost x (1 + markup); a
    gross margin m is a markup of m / (1 - m)), and the spread its source gives."""

    id: MarginId
    name: Name
    markup: Fraction
    low: Fraction
    high: Fraction
    """The spread of `markup` its source gives: the range a sensitivity moves it over."""
    notes: Text | None = None

    @model_validator(mode="after")
    def _ordered(self) -> Self:
        if self.low > self.high:
            raise ValueError(f"low {self.low:g} exceeds high {self.high:g}")
        if not self.low <= self.markup <= self.high:
            raise ValueError(
                f"the markup {self.markup:g} lies outside its range {self.low:g}-{self.high:g}"
            )
        return self

    @property
    def gross_margin(self) -> float:
        """The margin as a share of the selling price."""
        return self.markup / (1 + self.markup)
