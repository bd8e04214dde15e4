"""Finding and loading cluster files: built-in ids or paths to YAML files."""

from __future__ import annotations

from pathlib import Path

from ...components.catalogue import suggest
from ...components.errors import InputError
from ...components.yamlio import read_yaml_file, read_yaml_text, validate_model
from ..library import builtin_design_ids
from ..locate import builtin_cluster_ids as builtin_cluster_ids  # where loaders have found it
from ..locate import builtin_text, locate_kind
from ..origin import File, Origin
from .cluster_spec import ClusterSpec


def is_cluster_file(raw: object) -> bool:
    """Whether parsed YAML is a cluster: it names a design and has no racks of its own."""
    return isinstance(raw, dict) and "design" in raw and "racks" not in raw


def parse_cluster(raw: object, file: str) -> ClusterSpec:
    """Validate the raw content of a cluster file."""
    if not isinstance(raw, dict):
        raise InputError(file, None, "a cluster file must be a mapping with id, design and size")
    return validate_model(ClusterSpec, raw, file)


def load_cluster_spec(id_or_path: str | Path) -> tuple[ClusterSpec, Origin]:
    """A cluster spec and where it came from, by built-in id or path (`locate`)."""
    located = locate_kind(id_or_path, "cluster")
    if isinstance(located, File):
        return parse_cluster(read_yaml_file(located.path), located.where), located
    raw = read_yaml_text(builtin_text(located), located.where)
    return parse_cluster(raw, located.where), located


def design_reference(spec: ClusterSpec, origin: Origin) -> str:
    """The design as `load_design` takes it: a built-in id, or a path relative to the origin."""
    if spec.design in builtin_design_ids():
        return spec.design
    path = origin.relative(spec.design)
    if Path(spec.design).suffix.lower() not in (".yaml", ".yml") or path is None:
        known = builtin_design_ids()
        why = f"unknown design {spec.design!r}{suggest(spec.design, known)}"
        raise InputError(origin.where, "design", why)
    return str(path)
