"""Finding and loading designs: built-in ids or paths to YAML files."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from ..components.cache import cached
from ..components.catalogue import Catalogue, builtin_catalogue
from ..components.errors import InputError
from ..components.yamlio import read_yaml_file, read_yaml_text, validate_model
from .analysis import Analysis
from .build import BuiltDesign, build_design
from .locate import builtin_design_ids as builtin_design_ids  # where loaders have found it
from .locate import builtin_text, locate_kind
from .origin import File
from .spec import DesignSpec


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
    """A design spec and the file it came from, by built-in id or path (`locate`)."""
    located = locate_kind(id_or_path, "design")
    if isinstance(located, File):
        return parse_design(read_yaml_file(located.path), located.where), located.where
    file, text = located.where, builtin_text(located)

    def build() -> DesignSpec:
        return parse_design(read_yaml_text(text, file), file)

    return cached(f"design-{located.id}", text.encode(), build), file


@cache
def builtin_built(design_id: str) -> BuiltDesign:
    """A built-in design built against the built-in catalogue, once per process: what its
    analysis and every variant of it start from."""
    return load_design(design_id)


@cache
def builtin_design(design_id: str) -> Analysis:
    """A built-in design analysed against the built-in catalogue, once per process for every
    caller alike (the facade's resolver and the cost layer)."""
    return Analysis(builtin_built(design_id))


def load_design(id_or_path: str | Path, catalogue: Catalogue | None = None) -> BuiltDesign:
    """Load, resolve and check a design against the catalogue (built-in by default)."""
    spec, file = load_design_spec(id_or_path)
    return build_design(spec, catalogue or builtin_catalogue(), file)
