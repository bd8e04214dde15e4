"""What-if variants of a cluster: its size, fabric, profile, floor or design's options changed.

An option is a field of the cluster file (`gpus`, `tiers`, `profile`, `racks_per_row`, ...)
or a design variant option passed through to the cluster's design (`switch_margin`, ...). The
changed file is validated as a file is, so each option has its field's bounds and messages.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...components.errors import InputError
from ...components.yamlio import validate_model
from ..variants import VARIANT_OPTIONS, option_suffix
from .cluster_spec import ClusterSpec, FabricPlan, FloorSpec, SizeSpec

GROUPS: dict[str, tuple[str, ...]] = {
    "size": tuple(SizeSpec.model_fields),
    "fabric": tuple(FabricPlan.model_fields),
    "floor": tuple(FloorSpec.model_fields),
}
"""The cluster file's mappings whose fields are options of their own: `gpus`, `tiers`, ..."""
CLUSTER_OPTIONS = (
    *GROUPS["size"],
    "design",
    "profile",
    "fabric",
    *GROUPS["fabric"],
    "floor",
    *GROUPS["floor"],
)
"""Options of the cluster itself; `fabric` takes `auto` (all chosen) or a mapping of its fields,
`floor` a mapping of its fields."""
OPTIONS = (*CLUSTER_OPTIONS, *VARIANT_OPTIONS)
"""Every option a cluster variant takes: its own, then its design's."""


def cluster_options(given: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    """The options of a variant with `changes` made on top of the `given` ones, checked.

    A `fabric` or `floor` mapping becomes one option per field; a size option replaces the
    size given before, and `fabric=auto` every fabric field given before.
    """
    flat: dict[str, Any] = {}
    for key, value in changes.items():
        if key in ("fabric", "floor") and isinstance(value, Mapping):
            flat.update(value)
        elif value is not None:
            flat[key] = value
    unknown = sorted(set(flat) - set(OPTIONS))
    if unknown:
        raise InputError(None, unknown[0], f"unknown cluster option (use {', '.join(OPTIONS)})")
    options = dict(given)
    for group, fields in GROUPS.items():
        if group in flat or (group == "size" and set(fields) & set(flat)):
            options = {k: v for k, v in options.items() if k not in (group, *fields)}
    options.update(flat)
    return options


def variant_cluster(
    spec: ClusterSpec, where: str, options: Mapping[str, Any]
) -> tuple[ClusterSpec, dict[str, Any]]:
    """`spec` with the cluster's own `options` made (validated as the file is, errors naming
    `where`), and the options left for its design."""
    data = spec.model_dump(exclude_unset=True)
    for group, fields in GROUPS.items():
        mine = {k: _listed(k, v) for k, v in options.items() if k in fields}
        if group in options:
            data[group] = options[group]
        elif group == "size" and mine:
            data[group] = {}
        if mine:
            base = data.get(group)
            data[group] = {**(base if isinstance(base, dict) else {}), **mine}
    data.update({k: options[k] for k in ("design", "profile") if k in options})
    variant = validate_model(ClusterSpec, data, where)
    suffix = option_suffix(options)
    if suffix:  # named as typed (`oversubscription=3:1`), so not held to a file's id pattern
        name = f"{spec.name} ({suffix.replace('+', ', ')})"
        variant = variant.model_copy(update={"id": f"{spec.id}+{suffix}", "name": name})
    return variant, {k: v for k, v in options.items() if k in VARIANT_OPTIONS}


def _listed(key: str, value: Any) -> Any:
    """`oversubscription` as the file writes it, a list: `3:1,1:1` or `3` from a variant id."""
    if key != "oversubscription" or isinstance(value, list | tuple):
        return value
    return value.split(",") if isinstance(value, str) else [value]
