"""Finding and loading designs: built-in ids or paths to YAML files."""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

from ..components.cache import cached
from ..components.catalogue import Catalogue, builtin_catalogue, suggest
from ..components.errors import InputError
from ..components.yamlio import read_yaml_file, read_yaml_text, validate_model
from .build import BuiltDesign, build_design
from .origin import Builtin
from .spec import DesignSpec

_DATA = "rackbom.racks.data"
_FEATURED = ("helios", "gb200-nvl72", "mi500-ual256", "mi355x-128")


def builtin_design_ids() -> list[str]:
    """Ids of the designs shipped with rackbom: the reference designs first, then the rest."""
    return list(_builtin_design_ids())


@cache
def _builtin_design_ids() -> tuple[str, ...]:
    """The package's design files, listed once per process."""
    names = [p.name for p in resources.files(_DATA).iterdir() if p.name.endswith(".yaml")]
    ids = sorted(n.removesuffix(".yaml") for n in names)
    featured = {i: n for n, i in enumerate(_FEATURED)}
    return tuple(sorted(ids, key=lambda i: (featured.get(i, len(featured)), i)))


def is_design_file(raw: object) -> bool:
    """Whether parsed YAML looks like a design rather than a catalogue (which has no id)."""
    return isinstance(raw, dict) and any(key in raw for key in ("id", "racks", "fabrics"))


def parse_design(raw: object, file: str) -> DesignSpec:
    """Validate the raw content of a design file."""
    if raw is None:
        raise InputError(file, None, "the file is empty; a design needs id, name and racks")
    if not isinstance(raw, dict):
        raise InputError(file, None, "a design file must be a mapping with id, name and racks")
    return validate_model(DesignSpec, raw, file)


def load_design_spec(id_or_path: str | Path) -> tuple[DesignSpec, str]:
    """A design spec and the file it came from, by built-in id or path."""
    text_id = str(id_or_path)
    if text_id in builtin_design_ids():
        file = Builtin("design", text_id).where
        text = resources.files(_DATA).joinpath(f"{text_id}.yaml").read_text(encoding="utf-8")

        def build() -> DesignSpec:
            return parse_design(read_yaml_text(text, file), file)

        return cached(f"design-{text_id}", text.encode(), build), file
    path = Path(id_or_path)
    if path.suffix.lower() in (".yaml", ".yml") or path.exists():
        return parse_design(read_yaml_file(path), str(path)), str(path)
    raise InputError(
        None, None, f"unknown design {text_id!r}{suggest(text_id, builtin_design_ids())}"
    )


def load_design(id_or_path: str | Path, catalogue: Catalogue | None = None) -> BuiltDesign:
    """Load, resolve and check a design against the catalogue (built-in by default)."""
    spec, file = load_design_spec(id_or_path)
    return build_design(spec, catalogue or builtin_catalogue(), file)
