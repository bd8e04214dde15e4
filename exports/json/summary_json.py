"""A design summary as JSON data: the keys `rackbom show --json` prints, units converted here.

Watts become kilowatts (`power_it_w` -> `power_it_kw`; a rate per watt, `_per_w`, stays as it
is); all-in power keeps its published key `power_kw`. Every float keeps four significant digits
and at least two decimals, so output is stable, small figures keep their precision and prices
are to the cent.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Mapping, ValuesView
from dataclasses import fields, is_dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from ...components.errors import InputError
from ...components.precision import PRECISIONS, Precision
from ...racks.port_types import ChipPorts, TrayPorts

if TYPE_CHECKING:
    from ...racks.summary import PrecisionFigures

RENAMED = {
    "power_all_in_w": ("power_kw", "power_all_in_kw"),
    "hbm_tbytes_per_s_total": ("hbm_tbps_total",),
}
"""Fields whose JSON keys are not the rule's (`_w` -> `_kw`)."""
GBIT_TO_TBYTE = 1 / 8000
"""Gbit/s to TB/s: a `_gbps_total` field is also written as `_tbps_total`, `_tbps_bidir_total`."""


def json_text(value: Any) -> str:
    """Indented UTF-8 JSON ending in a newline: the one JSON format rackbom prints and writes.

    A number that is not finite (which JSON cannot hold) is an InputError.
    """
    return "".join(json_blocks(value))


BLOCK_CHARS = 1 << 16
"""Characters of JSON text gathered before each block is handed on."""


def json_blocks(value: Any) -> Iterator[str]:
    """`json_text` in blocks of about `BLOCK_CHARS`, for a writer that streams: the value is
    checked to be finite throughout first, so a stream never stops half-way."""
    _check_finite(value)
    encoder = json.JSONEncoder(indent=2, ensure_ascii=False, allow_nan=False)
    block: list[str] = []
    size = 0
    for chunk in encoder.iterencode(value):
        block.append(chunk)
        size += len(chunk)
        if size >= BLOCK_CHARS:
            yield "".join(block)
            block, size = [], 0
    yield "".join(block) + "\n"


def _check_finite(value: Any) -> None:
    if isinstance(value, float) and not math.isfinite(value):
        raise InputError(None, None, "a figure is not a finite number; nothing was written")
    items = value.values() if isinstance(value, dict) else value
    if isinstance(items, list | tuple | ValuesView):
        for item in items:
            _check_finite(item)


def summary_data(summary: Any) -> dict[str, Any]:
    """A summary dataclass (a design's, a cluster's, a TCO result) as JSON-ready data."""
    return _plain(summary)


PLAIN_TYPES = (str, int, bool, type(None))
"""Types a JSON value holds as they are."""


def _plain(value: Any) -> Any:
    kind: type = type(value)
    if kind is float:
        return _number(value)
    if kind in PLAIN_TYPES:
        return value
    if kind is TrayPorts:
        return _tray_ports(value)
    if kind is ChipPorts:
        return _chip_ports(value)
    names = _field_names(kind)
    if names is not None:
        out: dict[str, Any] = {}
        for name in names:
            out.update(_entries(name, getattr(value, name)))
        return out
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, float):
        return _number(value)
    return value


@cache
def _field_names(kind: type) -> tuple[str, ...] | None:
    """A dataclass's field names in order; None for any other type."""
    return tuple(f.name for f in fields(kind)) if is_dataclass(kind) else None


def is_watts(name: str) -> bool:
    """Whether a field holds watts: it ends in `_w`, and is not a rate per watt (`_per_w`)."""
    return name.endswith("_w") and not name.endswith("_per_w")


def _entries(name: str, value: Any) -> dict[str, Any]:
    """The JSON keys and values one field becomes."""
    if name == "compute" and isinstance(value, Mapping):
        return _precision_entries(value)
    if name == "campus" and value is None:
        return {}  # a cluster in one building has no campus

    if is_watts(name):
        value = None if value is None else value / 1000
        keys = RENAMED.get(name, (name.removesuffix("_w") + "_kw",))
        return {key: _plain(value) for key in keys}
    out = {key: _plain(value) for key in RENAMED.get(name, (name,))}
    if name.endswith("_gbps_total"):
        stem = name.removesuffix("_gbps_total")
        out[f"{stem}_tbps_total"] = _plain(value * GBIT_TO_TBYTE)
        out[f"{stem}_tbps_bidir_total"] = _plain(2 * value * GBIT_TO_TBYTE)
    return out


PER_VALUE_PRECISIONS: tuple[Precision, ...] = ("fp4", "fp8", "bf16")
"""The precisions whose throughput per $M and per all-in kW is published."""


def _precision_entries(figures: Mapping[Precision, PrecisionFigures]) -> dict[str, Any]:
    """Per-precision figures under their published keys, each figure for every precision in
    turn: `fp4_dense_pflops_per_gpu`, `fp6_dense_pflops_per_gpu`, ... `bf16_dense_pflops_per_kw`."""
    out: dict[str, float | None] = {}
    out |= {f"{p}_dense_pflops_per_gpu": figures[p].per_gpu for p in PRECISIONS}
    out |= {f"{p}_dense_pflops_total": figures[p].total for p in PRECISIONS}
    out |= {f"{p}_dense_pflops_per_usd_m": figures[p].per_usd_m for p in PER_VALUE_PRECISIONS}
    out |= {f"{p}_dense_pflops_per_kw": figures[p].per_kw for p in PER_VALUE_PRECISIONS}
    return {key: _plain(value) for key, value in out.items()}


SIGNIFICANT = 4
"""Significant digits every JSON number keeps at least."""
DECIMALS = 2
"""Decimals every JSON number keeps at least: money to the cent."""


def _number(value: float) -> float | int:
    """Four significant digits and at least two decimals; a whole number as an int.

    Infinite or undefined values are refused.
    """
    if not math.isfinite(value):
        raise InputError(None, None, f"a figure is not a finite number ({value}); nothing written")
    magnitude = math.floor(math.log10(abs(value))) if value else 0
    rounded = round(value, max(DECIMALS, SIGNIFICANT - 1 - magnitude))
    return int(rounded) if rounded == int(rounded) else rounded


def _tray_ports(t: TrayPorts) -> dict[str, Any]:
    return {
        "tray": t.tray,
        "tray_type": t.tray_id,
        "ports_total": t.ports_total,
        "ports_used": t.ports_used,
        "ports_unused": t.ports_unused,
        "lanes_in": t.lanes_in,
        "connector_lanes": t.connector_lanes,
    }


def _chip_ports(c: ChipPorts) -> dict[str, Any]:
    return {
        "tray": c.tray,
        "chip": c.chip,
        "part": c.part,
        "port_gbps": _number(c.port_gbps),
        "lanes_per_port": c.lanes_per_port,
        "ports_total": c.ports_total,
        "ports_used": c.ports_used,
        "ports_unused": c.ports_unused,
    }
