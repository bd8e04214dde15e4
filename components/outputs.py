"""What every writer checks before it writes: numbers finite, text that XML can hold."""

from __future__ import annotations

import math
import re

from .errors import InputError

# Characters outside XML 1.0 (C0 controls but tab and line breaks, lone surrogates, U+FFFE/F).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
REPLACEMENT = "\ufffd"


def finite(value: float, where: str) -> float:
    """The value, if it is a finite number; else an InputError naming what it is."""
    if not math.isfinite(value):
        raise InputError(None, where, f"{value} is not a finite number; nothing was written")
    return value


def xml_safe(text: str) -> str:
    """Text with every character XML cannot hold replaced by U+FFFD."""
    return _NOT_XML.sub(REPLACEMENT, text)
