"""Number formats, each defined once: how a value is written as text, rounded in JSON and
formatted in a spreadsheet cell."""

from __future__ import annotations

from .records import record


@record
class Format:
    """A number format: scale, decimals, a prefix and a suffix; `percent` shows a share as %."""

    decimals: int = 0
    prefix: str = ""
    suffix: str = ""
    scale: float = 1.0
    percent: bool = False

    def text(self, value: float | None) -> str:
        """The value as table text: `$4,325,680`, `15.6 %`, `-` for none."""
        if value is None:
            return "-"
        if self.percent:
            return f"{value * 100:,.{self.decimals}f} %"
        return f"{self.prefix}{value * self.scale:,.{self.decimals}f}{self.suffix}"

    def rounded(self, value: float) -> float:
        """The value rounded to the format's decimals for JSON, in its own unit (unscaled)."""
        return round(value, self.decimals)

    @property
    def excel(self) -> str:
        """The same format for a spreadsheet cell (the scale is applied by the formula)."""
        decimals = "." + "0" * self.decimals if self.decimals else ""
        if self.percent:
            return f"0{decimals}%"
        prefix = f'"{self.prefix}"' if self.prefix else ""
        suffix = f'"{self.suffix}"' if self.suffix else ""
        return f"{prefix}#,##0{decimals}{suffix}"


USD = Format(prefix="$")
USD_CENTS = Format(decimals=2, prefix="$")
USD_MILLS = Format(decimals=3, prefix="$")
USD_PER_HOUR = Format(decimals=4, prefix="$")
DECIMAL = Format(decimals=2)
DECIMAL_3 = Format(decimals=3)
ONE_DECIMAL = Format(decimals=1)
COUNT = Format()
SHARE = Format(decimals=1, percent=True)
KILOWATTS = Format(decimals=1, scale=1e-3)
"""Watts written as kW."""
TBYTES_PER_S_BIDIR = Format(decimals=1, scale=2 / 8000)
"""One-way Gbit/s written as TB/s both ways."""
RATIO = Format(decimals=2, suffix="x")
