"""The one locator: what a user names is a built-in design or cluster, a file, or a variant.

`locate("helios")` is `Builtin("design", "helios")`, `locate("helios-16k")` a built-in cluster,
`locate("my-rack.yaml")` a `File`, and `locate("helios-16k+gpus=100000")` a `Variant` of a name
that is itself located. Every loader (a design's spec, a cluster's spec, the facade's resolver)
asks here, so a name means the same thing everywhere.
"""

from __future__ import annotations

from dataclasses import field
from functools import cache
from pathlib import Path
from typing import Any, TypeAlias

from ..components.catalogue import suggest
from ..components.errors import InputError
from ..components.package_data import data_folder
from ..components.records import record
from .origin import Builtin, File, Kind

YAML_SUFFIXES = (".yaml", ".yml")
_DATA = {"design": "rackbom.racks.data", "cluster": "rackbom.racks.clusters.data"}
_CATALOGUE_DATA = "rackbom.components.data"
_FEATURED = ("helios", "gb200-nvl72", "mi500-ual256", "mi355x-128")
"""The reference designs, listed first."""


@record
class Variant:
    """A located name with `with_` options: `helios+switch_margin=0.82`."""

    base: str
    changes: dict[str, Any] = field(default_factory=dict)


Located: TypeAlias = Builtin | File | Variant


def builtin_design_ids() -> list[str]:
    """Ids of the designs shipped with rackbom: the reference designs first, then the rest."""
    featured = {i: n for n, i in enumerate(_FEATURED)}
    return sorted(_builtin_ids("design"), key=lambda i: (featured.get(i, len(featured)), i))


def builtin_cluster_ids() -> list[str]:
    """Ids of the clusters shipped with rackbom."""
    return list(_builtin_ids("cluster"))


@cache
def _builtin_ids(kind: Kind) -> tuple[str, ...]:
    """The package's files of one kind, listed once per process."""
    names = [p.name for p in data_folder(_DATA[kind]).iterdir() if p.name.endswith(".yaml")]
    return tuple(sorted(n.removesuffix(".yaml") for n in names))


def builtin_data() -> bytes:
    """Every built-in data file's bytes (the catalogue's, designs', clusters' and the figures'
    beside them), in a fixed order: what a result worked out from built-in data alone depends
    on, as the data cache keys it (`components/cache.py`)."""
    out = []
    for package in (_CATALOGUE_DATA, *_DATA.values()):
        files = sorted(data_folder(package).iterdir(), key=lambda p: p.name)
        out += [p.name.encode() + b"\0" + p.read_bytes() for p in files if p.name.endswith(".yaml")]
    return b"\0".join(out)


def builtin_text(origin: Builtin) -> str:
    """The YAML text of a built-in design or cluster."""
    return data_folder(_DATA[origin.kind]).joinpath(f"{origin.id}.yaml").read_text("utf-8")


def locate(name: str | Path) -> Located:
    """Where `name` points: a built-in design or cluster by id, a variant, or a YAML file."""
    text = str(name)
    for kind in ("design", "cluster"):
        if text in _builtin_ids(kind):
            return Builtin(kind, text)
    variant = _variant(text)
    if variant is not None:
        return variant
    path = Path(text)
    if path.suffix.lower() in YAML_SUFFIXES or path.exists():
        return File(path)
    known = [*builtin_design_ids(), *builtin_cluster_ids()]
    raise InputError(None, None, f"unknown design or cluster {text!r}{suggest(text, known)}")


def locate_kind(name: str | Path, kind: Kind) -> Builtin | File:
    """A built-in of `kind` or a file: what a loader of one kind takes, else an error naming
    the built-ins of that kind."""
    text = str(name)
    try:
        located: Located | None = locate(text)
    except InputError:  # an unknown name, or a variant's bad option: said below for the kind
        located = None
    if isinstance(located, File) or (isinstance(located, Builtin) and located.kind == kind):
        return located
    known = builtin_design_ids() if kind == "design" else builtin_cluster_ids()
    raise InputError(None, None, f"unknown {kind} {text!r}{suggest(text, known)}")


def _variant(text: str) -> Variant | None:
    """A variant for `base+key=value+…` where the base names a system, else None."""
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
    return Variant(base, changes)


def _names_a_system(text: str) -> bool:
    """Whether `text` is a built-in design or cluster id or an existing file."""
    return any(text in _builtin_ids(k) for k in ("design", "cluster")) or Path(text).exists()


def _value(text: str) -> Any:
    """A number where the text is one (`0.82`, `2`), else the text (a part id)."""
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text
