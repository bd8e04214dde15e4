"""The number formats a GPU's dense throughput is stated in, lowest precision first."""

from __future__ import annotations

from typing import Literal

Precision = Literal["fp4", "fp6", "fp8", "bf16"]
PRECISIONS: tuple[Precision, ...] = ("fp4", "fp6", "fp8", "bf16")
