"""Variant ids: `helios+switch_margin=0.82` or `helios-16k+gpus=100000` names a built-in design,
cluster or file with `with_` options.

The id a variant carries is the one it is loaded by, so `rackbom compare helios
helios+switch_margin=0.82` shows the default beside the analysts' switch-tray margin.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rackbom.components.errors import InputError
from rackbom.racks.library import builtin_design_ids


def split_variant(text: str) -> tuple[str, dict[str, Any]] | None:
    """(base design or cluster, options) for a variant id, or None where `text` names no
    variant."""
    if "+" not in text or _names_a_system(text):
        return None
    base, *options = text.split("+")
    if not _names_a_system(base):
        return None
    changes: dict[str, Any] = {}
    for option in options:
        key, sep, value = option.partition("=")
        if not sep or not key or not value:
            raise InputError(None, text, f"variant option {option!r} is not key=value")
        if key in changes:
            raise InputError(None, text, f"variant option {key!r} is given twice")
        changes[key] = _value(value)
    return base, changes


def _names_a_system(text: str) -> bool:
    """Whether `text` is a built-in design or cluster id or an existing file."""
    if text in builtin_design_ids() or Path(text).exists():
        return True
    from rackbom.racks.clusters.cluster_library import (
        builtin_cluster_ids,  # loads only past designs
    )

    return text in builtin_cluster_ids()


def _value(text: str) -> Any:
    """A number where the text is one (`0.82`, `2`), else the text (a part id)."""
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text
