"""Finding a plant profile: the built-in ones, or the one profile of a user's plant file."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from .cache import cached
from .catalogue import Catalogue, builtin_catalogue, suggest
from .errors import InputError
from .package_data import data_folder
from .parts import PartType
from .plant_parts import Busway, Cdu, Coolant, PlantUnit
from .plant_profile import PlantFile, PlantProfile
from .provenance import Source
from .records import record
from .yamlio import read_yaml_file, read_yaml_text, validate_model

BUILTIN_FILE = "rackbom/components/data/plant_profiles.yaml"
DEFAULT_PROFILE = "liquid-hall-2026"


@record
class PlantRules:
    """A profile with the file it came from (errors name it) and the sources it may cite."""

    profile: PlantProfile
    file: str
    sources: dict[str, Source]

    def named(self, field: str) -> str:
        """Where a profile field's limit comes from, for a message about a system exceeding it."""
        if self.file == BUILTIN_FILE:
            return f"built-in plant profile {self.profile.id}"
        return f"plant profile {self.profile.id}, {self.file}: plant_profiles.{field}"

    def part(self, catalogue: Catalogue, field: str, kind: type[PartType]) -> PartType:
        """The catalogue part a profile field names, checked to be of `kind`."""
        part_id = getattr(self.profile, field)
        where = f"plant_profiles(id={self.profile.id}).{field}"
        part = catalogue.lookup("parts", part_id, self.file, where)
        if not isinstance(part, kind):
            raise InputError(
                self.file, where, f"{part_id!r} is a {part.kind_label}, not a {kind.kind_label}"
            )
        return part

    def fluid(self, catalogue: Catalogue) -> tuple[Coolant, float, float]:
        """The loop's coolant with its c_p (J/(kg K)) and density (kg/L); both must be stated."""
        fluid = self.part(catalogue, "fluid", Coolant)
        assert isinstance(fluid, Coolant)
        for name in ("specific_heat_j_per_kg_k", "density_kg_per_l"):
            if getattr(fluid, name) is None:
                raise InputError(
                    self.file,
                    f"plant_profiles(id={self.profile.id}).fluid",
                    f"coolant {fluid.id!r} states no {name}, so no flow can be computed",
                )
        assert fluid.specific_heat_j_per_kg_k is not None and fluid.density_kg_per_l is not None
        return fluid, fluid.specific_heat_j_per_kg_k, fluid.density_kg_per_l

    def busway(self, catalogue: Catalogue) -> Busway:
        """The row busway part."""
        part = self.part(catalogue, "row_busway", Busway)
        assert isinstance(part, Busway)
        return part

    def pdu(self, catalogue: Catalogue) -> Busway:
        """The rack PDU part."""
        part = self.part(catalogue, "rack_pdu", Busway)
        assert isinstance(part, Busway)
        return part

    def cdu(self, catalogue: Catalogue) -> Cdu:
        """The CDU part."""
        part = self.part(catalogue, "cdu", Cdu)
        assert isinstance(part, Cdu)
        return part

    def unit(self, catalogue: Catalogue, field: str) -> PlantUnit:
        """The UPS or generator part."""
        part = self.part(catalogue, field, PlantUnit)
        assert isinstance(part, PlantUnit)
        return part


def parse_plant_file(raw: object, file: str) -> PlantFile:
    """Validate the raw content of a plant file."""
    if not isinstance(raw, dict):
        raise InputError(file, None, "a plant file must be a mapping of sections")
    return validate_model(PlantFile, raw, file)


def _rules(content: PlantFile, file: str) -> dict[str, PlantRules]:
    sources = dict(builtin_catalogue().sources)
    for index, source in enumerate(content.sources):
        if source.id in sources:
            raise InputError(file, f"sources[{index}].id", f"duplicate id {source.id!r}")
        sources[source.id] = source
    out: dict[str, PlantRules] = {}
    for index, profile in enumerate(content.plant_profiles):
        where = f"plant_profiles[{index}](id={profile.id})"
        refs = {"source": profile.source} | {f"sources.{k}": v for k, v in profile.sources.items()}
        for name, source_id in refs.items():
            if source_id not in sources:
                known = suggest(source_id, sources)
                raise InputError(file, f"{where}.{name}", f"unknown source {source_id!r}{known}")
        ratings = profile.breaker_ratings_a
        if ratings != sorted(set(ratings)):
            raise InputError(file, f"{where}.breaker_ratings_a", "ratings must rise, no repeats")
        out[profile.id] = PlantRules(profile, file, sources)
    return out


@cache
def builtin_plant_profiles() -> dict[str, PlantRules]:
    """The built-in plant profiles by id."""
    path = data_folder("rackbom.components.data").joinpath("plant_profiles.yaml")
    text = path.read_text("utf-8")
    content = cached(
        "plant-profiles",
        text.encode(),
        lambda: parse_plant_file(read_yaml_text(text, BUILTIN_FILE), BUILTIN_FILE),
    )
    return _rules(content, BUILTIN_FILE)


def plant_rules(id_or_path: str | Path | PlantRules | None = None) -> PlantRules:
    """A plant profile: an object, a built-in id, a plant file with one profile, or the default."""
    if isinstance(id_or_path, PlantRules):
        return id_or_path
    builtin = builtin_plant_profiles()
    name = str(id_or_path or DEFAULT_PROFILE)
    if name in builtin:
        return builtin[name]
    path = Path(name)
    if path.suffix.lower() not in (".yaml", ".yml") and not path.exists():
        raise InputError(
            None,
            None,
            f"unknown plant profile {name!r}{suggest(name, builtin)}; built-in: "
            f"{', '.join(builtin)} (rackbom list plant), or a plant file (.yaml) of your own",
        )
    rules = _rules(parse_plant_file(read_yaml_file(path), name), name)
    if len(rules) != 1:
        raise InputError(name, "plant_profiles", "the file must hold exactly one profile")
    return next(iter(rules.values()))
