"""Finding cost inputs: built-in TCO profiles, rentals and workloads, and users' cost files."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import field
from functools import cache
from pathlib import Path
from typing import Any

from .cache import cached
from .catalogue import builtin_catalogue, suggest
from .cost_inputs import CostFile, Rental, TcoProfile, Workload
from .errors import InputError, read_as
from .package_data import data_folder
from .provenance import Source, Sourced, own_sources
from .records import record
from .yamlio import read_yaml_file, read_yaml_text, validate_model

BUILTIN_FILES = ("tco", "workloads")
SECTIONS = ("profiles", "rentals", "workloads")
DEFAULT_PROFILE = "default"


@record(frozen=False)
class CostLibrary:
    """Every known profile, rental and workload by id, and the sources they cite."""

    sources: dict[str, Source] = field(default_factory=dict)
    profiles: dict[str, TcoProfile] = field(default_factory=dict)
    rentals: dict[str, Rental] = field(default_factory=dict)
    workloads: dict[str, Workload] = field(default_factory=dict)
    origin: dict[tuple[str, str], str] = field(default_factory=dict)

    def merged(self, content: CostFile, file: str) -> CostLibrary:
        """A new library with one more file's entries, checked."""
        out = CostLibrary(
            dict(self.sources),
            dict(self.profiles),
            dict(self.rentals),
            dict(self.workloads),
            dict(self.origin),
        )
        out._add(content, file)
        return out

    def _add(self, content: CostFile, file: str) -> None:
        for index, source in enumerate(content.sources):
            if source.id in self.sources:
                raise InputError(file, f"sources[{index}].id", f"duplicate id {source.id!r}")
            self.sources[source.id] = source
        for section in SECTIONS:
            table: dict[str, Any] = getattr(self, section)
            for index, entry in enumerate(getattr(content, section)):
                where = f"{section}[{index}](id={entry.id})"
                if entry.id in table:
                    first = self.origin[(section, entry.id)]
                    raise InputError(file, f"{where}.id", f"duplicate id {entry.id!r} ({first})")
                self._check_sources(entry, file, where)
                if isinstance(entry, Workload) and (gap := entry.missing()) is not None:
                    raise InputError(file, f"{where}.{gap[0]}", gap[1])
                table[entry.id] = entry
                self.origin[(section, entry.id)] = file

    def _check_sources(self, entry: Sourced, file: str, where: str) -> None:
        refs = {"source": entry.source} | {f"sources.{k}": v for k, v in entry.sources.items()}
        refs |= entry.range_sources()
        for name, source_id in refs.items():
            if source_id not in self.sources:
                known = suggest(source_id, self.sources)
                raise InputError(file, f"{where}.{name}", f"unknown source {source_id!r}{known}")
        for figure in entry.sources:
            if figure not in type(entry).model_fields:
                raise InputError(file, f"{where}.sources.{figure}", "no such figure")

    def profile(self, id_or_path: str | Path) -> TcoProfile:
        """A profile by id, or the one profile of a cost file."""
        return self._one("profiles", id_or_path)

    def workload(self, id_or_path: str | Path) -> Workload:
        """A workload by id, or the one workload of a cost file."""
        return self._one("workloads", id_or_path)

    def _one(self, section: str, id_or_path: str | Path) -> Any:
        table: dict[str, Any] = getattr(self, section)
        name = str(id_or_path)
        if name in table:
            return table[name]
        path = Path(name)
        noun = section.removesuffix("s")
        if path.suffix.lower() not in (".yaml", ".yml") and not path.exists():
            listing = "tco" if section == "profiles" else section
            known = suggest(name, table) or f" (known: {', '.join(table)})"
            raise InputError(
                None, None, f"unknown {noun} {name!r}{known}; `rackbom list {listing}` lists them"
            )
        raw = read_yaml_file(path)
        plain = one_entry_file(raw, section) is not raw
        kind = "a TCO profile" if section == "profiles" else f"a {noun}"
        with read_as(kind, name), fields_as_written(plain, section):
            content = parse_cost_file(one_entry_file(raw, section), name)
            entries = getattr(content, section)
            if len(entries) != 1:
                raise InputError(name, section, f"the file must hold exactly one {noun}")
            return getattr(self.merged(content, name), section)[entries[0].id]


def one_entry_file(raw: Any, section: str) -> Any:
    """A file holding one entry as a plain mapping (`id: ...` at the top), read as a cost file
    with that one entry in `section`; any other content is returned as it is."""
    if isinstance(raw, dict) and "id" in raw and not any(k in raw for k in SECTIONS):
        return {section: [raw]}
    return raw


@contextmanager
def fields_as_written(plain: bool, section: str) -> Iterator[None]:
    """Errors in a one-entry file written as a plain mapping name its fields as written
    (`pue`, not `profiles[0](id=my-hall).pue`)."""
    try:
        yield
    except InputError as exc:
        if not plain or exc.field is None or not exc.field.startswith(f"{section}[0]"):
            raise
        field = re.sub(rf"^{section}\[0\](\(id=[^)]*\))?\.?", "", exc.field)
        raise InputError(exc.file, field or None, exc.message) from None


COMMON_FIELDS = frozenset({"id", "name", "source", "sources", "notes"})
"""Fields a design, a cluster, a profile and a workload all have: they tell no kind apart."""


def cost_file_section(raw: Any) -> str | None:
    """`profiles` or `workloads` where YAML content is one such entry as a plain mapping (its
    fields all of that kind, one at least its own), `all` where it is a cost file of sections,
    else None."""
    if not isinstance(raw, dict):
        return None
    if any(k in raw for k in SECTIONS):
        return "all"
    own = raw.keys() - COMMON_FIELDS
    if "id" not in raw or not own:
        return None
    fits = [
        section
        for section, model in (("profiles", TcoProfile), ("workloads", Workload))
        if own <= model.model_fields.keys()
    ]
    return fits[0] if len(fits) == 1 else None


def parse_cost_file(raw: Any, file: str) -> CostFile:
    """Validate the raw content of a cost file; an entry's source may be stated inline (see
    `own_sources`), and joins the file's `sources`."""
    if not isinstance(raw, dict):
        raise InputError(file, None, "a cost file must be a mapping of sections")
    return validate_model(CostFile, _inline_sources(raw), file)


def _inline_sources(raw: dict[str, Any]) -> dict[str, Any]:
    """The file with each entry's inline sources moved into its `sources`."""
    stated: list[Any] = []
    out = dict(raw)
    for section in SECTIONS:
        entries = raw.get(section)
        if not isinstance(entries, list):
            continue
        out[section] = []
        for entry in entries:
            if isinstance(entry, dict):
                entry, own = own_sources(entry)
                stated += own
            out[section].append(entry)
    if stated:
        listed = raw.get("sources")
        out["sources"] = [*stated, *(listed if isinstance(listed, list) else [])]
    return out


@cache
def builtin_costs() -> CostLibrary:
    """The built-in profiles, rentals and example workloads, citing the catalogue's sources."""
    library = CostLibrary(sources=dict(builtin_catalogue().sources))
    for name in BUILTIN_FILES:
        file = f"rackbom/components/data/{name}.yaml"
        library._add(_builtin_cost_file(name, file), file)
    return library


def _builtin_cost_file(name: str, file: str) -> CostFile:
    """One built-in cost file, validated once and then read from the cache."""
    text = data_folder("rackbom.components.data").joinpath(f"{name}.yaml").read_text("utf-8")
    return cached(
        f"costs-{name}", text.encode(), lambda: parse_cost_file(read_yaml_text(text, file), file)
    )


def load_costs(*paths: str | Path) -> CostLibrary:
    """The built-in cost library merged with users' cost files, in order."""
    library = builtin_costs()
    for path in paths:
        content = parse_cost_file(read_yaml_file(Path(path)), str(path))
        library = library.merged(content, str(path))
    return library


def profile(id_or_path: str | Path | TcoProfile | None = None) -> TcoProfile:
    """A TCO profile: an object, a built-in id, a cost file with one profile, or the default."""
    if isinstance(id_or_path, TcoProfile):
        return id_or_path
    return builtin_costs().profile(id_or_path or DEFAULT_PROFILE)


def site_pue(id_or_path: str | Path | TcoProfile | None = None) -> float:
    """The PUE of the site a TCO profile describes (the default profile's when none is named):
    the one figure the power levels, the plant and the TCO multiply input power by."""
    return profile(id_or_path).pue
