"""What every writer checks before it writes: numbers finite, text that XML can hold."""

from __future__ import annotations

import math

from .errors import InputError, compiled_on_use

REPLACEMENT = "\ufffd"
SVG_STYLE = "width:100%;height:auto"
"""How HTML shows a drawing inline: as wide as its container, at the drawing's proportions."""


def finite(value: float, where: str) -> float:
    """The value, if it is a finite number; else an InputError naming what it is."""
    if not math.isfinite(value):
        raise InputError(None, where, f"{value} is not a finite number; nothing was written")
    return value


# Characters outside XML 1.0: C0 controls but tab and line breaks, lone surrogates, U+FFFE and
# U+FFFF.
_not_xml = compiled_on_use("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_safe(text: str) -> str:
    """Text with every character XML cannot hold replaced by U+FFFD."""
    return _not_xml().sub(REPLACEMENT, text)


def span_text(low: float, high: float) -> str:
    """A range as people write it: `6.2-15.8`, or one number where both ends agree (`15.2`)."""
    return f"{low:g}" if low == high else f"{low:g}-{high:g}"


def units_text(unit_name: str, first: int, last: int) -> str:
    """Rack units from `first` to `last`: `OU46-OU47`, or `OU47` for one unit."""
    return f"{unit_name}{first}" if first == last else f"{unit_name}{first}-{unit_name}{last}"


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """`1 design`, `13 designs`, `2,304 ports`: a count with its noun in the right number
    (`plural` where it is not the noun with an `s`: `switches`)."""
    return f"{count:,} {noun if count == 1 else plural or noun + 's'}"
