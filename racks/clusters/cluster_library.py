"""Finding and loading cluster files: built-in ids or paths to YAML files."""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

from ...components.catalogue import suggest
from ...components.errors import InputError
from ...components.yamlio import read_yaml_file, read_yaml_text, validate_model
from ..library import builtin_design_ids
from ..origin import Builtin, File, Origin
from .cluster_spec import ClusterSpec

_DATA = "rackbom.racks.clusters.data"


def builtin_cluster_ids() -> list[str]:
    """Ids of the clusters shipped with rackbom."""
    return list(_builtin_cluster_ids())


@cache
def _builtin_cluster_ids() -> tuple[str, ...]:
    """The package's cluster files, listed once per process."""
    names = [p.name for p in resources.files(_DATA).iterdir() if p.name.endswith(".yaml")]
    return tuple(sorted(n.removesuffix(".yaml") for n in names))


def is_cluster_file(raw: object) -> bool:
    """Whether parsed YAML is a cluster: it names a design and has no racks of its own."""
    return isinstance(raw, dict) and "design" in raw and "racks" not in raw


def parse_cluster(raw: object, file: str) -> ClusterSpec:
    """Validate the raw content of a cluster file."""
    if not isinstance(raw, dict):
        raise InputError(file, None, "a cluster file must be a mapping with id, design and size")
    return validate_model(ClusterSpec, raw, file)


def load_cluster_spec(id_or_path: str | Path) -> tuple[ClusterSpec, Origin]:
    """A cluster spec and where it came from, by built-in id or path."""
    text_id = str(id_or_path)
    if text_id in builtin_cluster_ids():
        builtin = Builtin("cluster", text_id)
        text = resources.files(_DATA).joinpath(f"{text_id}.yaml").read_text(encoding="utf-8")
        return parse_cluster(read_yaml_text(text, builtin.where), builtin.where), builtin
    path = Path(id_or_path)
    if path.suffix.lower() in (".yaml", ".yml") or path.exists():
        return parse_cluster(read_yaml_file(path), str(path)), File(path)
    raise InputError(
        None, None, f"unknown cluster {text_id!r}{suggest(text_id, builtin_cluster_ids())}"
    )


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
