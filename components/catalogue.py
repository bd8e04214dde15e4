"""The catalogue: sources, parts, trays, frames and power models, merged from YAML files."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import field
from pathlib import Path
from typing import Any, TypeVar, overload

from pydantic import Field

from .cabling import Cable, Transceiver
from .cache import cached
from .copper_parts import ScaleUpCopper
from .errors import InputError
from .frames import RackFrame
from .limits import LIST_MAX
from .margins import Buyer, Margin
from .network_profiles import NetworkProfile
from .package_data import data_folder
from .part_kinds import AnyPart
from .parts import PartType
from .power_models import PowerModel
from .provenance import Source, Sourced, Strict
from .records import record
from .switch_systems import SwitchSystem
from .trays import TrayType
from .yamlio import read_yaml_file, read_yaml_text, validate_model

P = TypeVar("P", bound=PartType)

BUILTIN_FILES = (
    "sources",
    "compute",
    "network",
    "links",
    "power",
    "plant",
    "items",
    "trays",
    "frames",
    "fabric",
    "margins",
)


class CatalogueFile(Strict):
    """The contents of one catalogue YAML file."""

    sources: list[Source] = Field(default_factory=list, max_length=LIST_MAX)
    parts: list[AnyPart] = Field(default_factory=list, max_length=LIST_MAX)
    trays: list[TrayType] = Field(default_factory=list, max_length=LIST_MAX)
    frames: list[RackFrame] = Field(default_factory=list, max_length=LIST_MAX)
    power_models: list[PowerModel] = Field(default_factory=list, max_length=LIST_MAX)
    network_profiles: list[NetworkProfile] = Field(default_factory=list, max_length=LIST_MAX)
    margins: list[Margin] = Field(default_factory=list, max_length=LIST_MAX)


SECTIONS = tuple(CatalogueFile.model_fields)


def suggest(name: str, known: Iterable[str]) -> str:
    """' (did you mean a, b?)' for the closest known names, or ''."""
    import difflib  # only a refused name needs it

    close = difflib.get_close_matches(name, list(known), n=3, cutoff=0.5)
    return f" (did you mean {', '.join(close)}?)" if close else ""


def file_source(catalogue: Catalogue, source_id: str, file: str | None) -> None:
    """Check the `source` of a design or cluster file; unknown, say how to state one inline."""
    if source_id not in catalogue.sources:
        raise InputError(
            file,
            "source",
            f"unknown source {source_id!r}{suggest(source_id, catalogue.sources)}; state it in "
            f'the file as text (source: "my capacity plan, 2026") or list it (sources: '
            f"[{{id: {source_id}, kind: analyst, cite: ...}}])",
        )


@record(frozen=False)
class Catalogue:
    """Every known entry by id, with the file each came from."""

    sources: dict[str, Source] = field(default_factory=dict)
    parts: dict[str, PartType] = field(default_factory=dict)
    trays: dict[str, TrayType] = field(default_factory=dict)
    frames: dict[str, RackFrame] = field(default_factory=dict)
    power_models: dict[str, PowerModel] = field(default_factory=dict)
    network_profiles: dict[str, NetworkProfile] = field(default_factory=dict)
    margins: dict[str, Margin] = field(default_factory=dict)
    origin: dict[tuple[str, str], str] = field(default_factory=dict)

    def add(self, content: CatalogueFile, file: str, prefix: str = "") -> None:
        """Merge one file's entries; an id already present is an error.

        `prefix` is where the entries sit in their file (`catalogue.` inside a design file).
        """
        for section in SECTIONS:
            table: dict[str, Any] = getattr(self, section)
            for index, entry in enumerate(getattr(content, section)):
                if entry.id in table:
                    first = self.origin[(section, entry.id)]
                    raise InputError(
                        file,
                        f"{prefix}{section}[{index}].id",
                        f"duplicate id {entry.id!r} (first in {first})",
                    )
                table[entry.id] = entry
                self.origin[(section, entry.id)] = file

    def merged(self, content: CatalogueFile, file: str, prefix: str = "") -> Catalogue:
        """A new catalogue with one more file's entries, checked."""
        out = Catalogue(**{name: dict(getattr(self, name)) for name in (*SECTIONS, "origin")})
        out.add(content, file, prefix)
        out.check({section: [e.id for e in getattr(content, section)] for section in SECTIONS})
        return out

    def replaced(self, section: str, entry: Any) -> Catalogue:
        """A copy with one entry of `section` replaced by `entry` (same id), unchecked."""
        out = Catalogue(**{name: dict(getattr(self, name)) for name in (*SECTIONS, "origin")})
        getattr(out, section)[entry.id] = entry
        return out

    def lookup(self, section: str, entry_id: str, file: str | None, where: str) -> Any:
        """An entry by id, or an InputError naming the closest ids."""
        table: Mapping[str, Any] = getattr(self, section)
        if entry_id not in table:
            noun = section.rstrip("s").replace("_", " ")
            raise InputError(file, where, f"unknown {noun} {entry_id!r}{suggest(entry_id, table)}")
        return table[entry_id]

    def tray_margin(self, tray: TrayType, buyer: Buyer) -> tuple[float, str]:
        """A tray's markup on its parts and the source behind it: the tray's own figure where it
        states one, else its kind's from the margins table (an integration margin is the
        `buyer`'s integrator's), else none."""
        if tray.integration_margin is not None:
            return tray.integration_margin, tray.source_of("integration_margin")
        if tray.margin_kind is None:
            return 0.0, tray.source
        kind = buyer if tray.margin_kind == "integration" else "vendor"
        where = f"trays(id={tray.id}).margin_kind"
        margin: Margin = self.lookup("margins", kind, self.origin.get(("trays", tray.id)), where)
        return margin.markup, margin.source

    def copper_margin(self, copper: ScaleUpCopper) -> tuple[float, str]:
        """Scale-up copper's vendor markup from the margins table and its source, or none."""
        if copper.margin_kind is None:
            return 0.0, copper.source
        where = f"parts(id={copper.id}).margin_kind"
        file = self.origin.get(("parts", copper.id))
        margin: Margin = self.lookup("margins", copper.margin_kind, file, where)
        return margin.markup, margin.source

    @overload
    def part(self, part_id: str) -> PartType: ...

    @overload
    def part(self, part_id: str, kind: type[P]) -> P: ...

    def part(self, part_id: str, kind: type[PartType] = PartType) -> PartType:
        """A part by id (known to exist once the catalogue is checked), checked to be of `kind`."""
        part = self.parts[part_id]
        if not isinstance(part, kind):
            raise TypeError(f"part {part_id!r} is a {part.kind_label}, not a {kind.kind_label}")
        return part

    def check(self, new: Mapping[str, Sequence[str]] | None = None) -> None:
        """Cross-references: sources of every figure, parts of every tray and network profile.

        With `new` (ids by section), only those entries: the others were checked before, and
        adding entries breaks no reference.
        """

        def ids(section: str) -> Iterable[str]:
            return getattr(self, section).keys() if new is None else new.get(section, ())

        for section in SECTIONS:
            table = getattr(self, section)
            for entry_id in ids(section):
                entry = table[entry_id]
                if isinstance(entry, Sourced):
                    self._check_sources(section, entry_id, entry)
        for tray_id in ids("trays"):
            file = self.origin[("trays", tray_id)]
            for index, line in enumerate(self.trays[tray_id].parts):
                self.lookup("parts", line.part, file, f"trays(id={tray_id}).parts[{index}].part")
        for profile_id in ids("network_profiles"):
            self._check_profile(self.network_profiles[profile_id])

    def _check_profile(self, profile: NetworkProfile) -> None:
        file = self.origin[("network_profiles", profile.id)]
        where = f"network_profiles(id={profile.id})"
        refs: list[tuple[str, str, type[PartType]]] = [("switch", profile.switch, SwitchSystem)]
        refs += [(f"transceivers[{i}]", t, Transceiver) for i, t in enumerate(profile.transceivers)]
        refs += [(f"cables[{i}]", c, Cable) for i, c in enumerate(profile.cables)]
        for name, part_id, kind in refs:
            part = self.lookup("parts", part_id, file, f"{where}.{name}")
            if not isinstance(part, kind):
                raise InputError(
                    file,
                    f"{where}.{name}",
                    f"{part_id!r} is a {part.kind_label}, not a {kind.kind_label}",
                )

    def _check_sources(self, section: str, entry_id: str, entry: Sourced) -> None:
        file = self.origin[(section, entry_id)]
        refs = {"source": entry.source} | {f"sources.{k}": v for k, v in entry.sources.items()}
        refs |= entry.range_sources()
        naming = getattr(entry, "port_names", None)
        if naming is not None:
            named = (("source", naming.source), ("cage_source", naming.cage_source))
            refs |= {f"port_names.{key}": ref for key, ref in named if ref is not None}
        for where, source_id in refs.items():
            self.lookup("sources", source_id, file, f"{section}(id={entry_id}).{where}")


def parse_catalogue(raw: Any, file: str) -> CatalogueFile:
    """Validate the raw content of a catalogue file; an empty file is an error, as for designs."""
    if raw is None:
        raise InputError(file, None, "the file is empty")
    if not isinstance(raw, dict):
        raise InputError(file, None, "a catalogue file must be a mapping of sections")
    return validate_model(CatalogueFile, raw, file)


def _builtin_catalogue() -> Catalogue:
    data = data_folder("rackbom.components.data")
    texts = {
        f"rackbom/components/data/{name}.yaml": data.joinpath(f"{name}.yaml").read_text("utf-8")
        for name in BUILTIN_FILES
    }

    def build() -> Catalogue:
        catalogue = Catalogue()
        for file, text in texts.items():
            catalogue.add(parse_catalogue(read_yaml_text(text, file), file), file)
        catalogue.check()
        return catalogue

    return cached("catalogue", "\0".join(texts.values()).encode(), build)


_BUILTIN: Catalogue | None = None


def builtin_catalogue() -> Catalogue:
    """The catalogue shipped with rackbom, loaded once per process."""
    global _BUILTIN
    if _BUILTIN is None:
        _BUILTIN = _builtin_catalogue()
    return _BUILTIN


def load_catalogue(*paths: str | Path) -> Catalogue:
    """The built-in catalogue merged with user catalogue files, in order."""
    catalogue = builtin_catalogue()
    for path in paths:
        catalogue = catalogue.merged(
            parse_catalogue(read_yaml_file(Path(path)), str(path)), str(path)
        )
    return catalogue
