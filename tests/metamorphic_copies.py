"""Copies of the built-in data written to a folder: renamed, repriced, or as they are.

The built-in catalogue files, design files and cluster files are read as plain YAML, changed
where asked (an id renamed everywhere it is written, a price scaled), written out and loaded as a
user's files are: the catalogue from the copied files alone, each design and cluster from its
copy.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from rackbom.components.catalogue import BUILTIN_FILES, SECTIONS, Catalogue, parse_catalogue
from rackbom.components.yamlio import read_yaml_file
from rackbom.resolve import resolve
from rackbom.system import System

ENTRIES = ("parts", "trays")
"""The catalogue sections whose ids a rename covers."""
PLANT_FILE = "catalogue/plant.yaml"
"""The hall's parts (coolant, CDUs, busways, UPS, generators): the plant profile, a separate
input, names them, so they keep their ids."""


def builtin_texts() -> dict[str, Any]:
    """Every built-in catalogue, design and cluster file as data, by its copy's relative path."""
    packages = {
        "catalogue": ("rackbom.components.data", BUILTIN_FILES),
        "designs": ("rackbom.racks.data", None),
        "clusters": ("rackbom.racks.clusters.data", None),
    }
    out: dict[str, Any] = {}
    for folder, (package, names) in packages.items():
        files = resources.files(package)
        stems = names or sorted(f.name[:-5] for f in files.iterdir() if f.name.endswith(".yaml"))
        for stem in stems:
            out[f"{folder}/{stem}.yaml"] = yaml.safe_load(
                files.joinpath(f"{stem}.yaml").read_text()
            )
    return out


def entry_ids(data: Mapping[str, Any]) -> set[str]:
    """The part and tray ids of the catalogue files and the designs' own catalogues."""
    ids = set()
    for path, content in data.items():
        if path == PLANT_FILE:
            continue
        sections = content if path.startswith("catalogue/") else content.get("catalogue") or {}
        for section in ENTRIES:
            ids |= {entry["id"] for entry in sections.get(section, [])}
    return ids


def replaced(data: Any, names: Mapping[str, str]) -> Any:
    """`data` with every string (value or key) equal to a name replaced by its new name."""
    if isinstance(data, dict):
        return {replaced(k, names): replaced(v, names) for k, v in data.items()}
    if isinstance(data, list):
        return [replaced(v, names) for v in data]
    if isinstance(data, str):
        return names.get(data, data)
    return data


def repriced(data: Any, factor: float, chosen: Callable[[str], bool]) -> Any:
    """`data` with the `price_usd` of every chosen entry (by id) multiplied by `factor`, and
    the ends of its price's range with it (a price-only change moves the value and its range)."""
    if isinstance(data, list):
        return [repriced(v, factor, chosen) for v in data]
    if not isinstance(data, dict):
        return data
    out = {k: repriced(v, factor, chosen) for k, v in data.items()}
    if isinstance(out.get("price_usd"), int | float) and chosen(str(out.get("id"))):
        out["price_usd"] = out["price_usd"] * factor
        price_range = (out.get("ranges") or {}).get("price_usd")
        if price_range is not None:
            ends = {end: price_range[end] * factor for end in ("low", "high")}
            out["ranges"] = {**out["ranges"], "price_usd": {**price_range, **ends}}
    return out


@dataclass(frozen=True)
class Copies:
    """The copied files in a folder and the catalogue loaded from them."""

    folder: Path
    catalogue: Catalogue

    def system(self, system_id: str, kind: str) -> System:
        """A design or cluster loaded from its copy."""
        return resolve(self.folder / f"{kind}s" / f"{system_id}.yaml", self.catalogue)


def own_designs(data: Mapping[str, Any]) -> dict[str, Any]:
    """The files with each cluster naming its design's copy, not the built-in design."""
    return {
        path: {**content, "design": f"../designs/{content['design']}.yaml"}
        if path.startswith("clusters/")
        else content
        for path, content in data.items()
    }


def write_copies(folder: Path, data: Mapping[str, Any]) -> Copies:
    """Write each file and load the catalogue from the copied catalogue files alone."""
    catalogue = Catalogue()
    for path, content in data.items():
        target = folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(yaml.safe_dump(content, sort_keys=False), "utf-8")
        if path.startswith("catalogue/"):
            catalogue.add(parse_catalogue(read_yaml_file(target), str(target)), str(target))
    catalogue.check()
    return Copies(folder, catalogue)


def renamed_data(data: Mapping[str, Any], new: Callable[[str], str]) -> dict[str, Any]:
    """Every part, tray, design and cluster renamed by `new`, wherever its id is written; a
    cluster's copy names its design's copy by file."""
    designs = {Path(p).stem for p in data if p.startswith("designs/")}
    names = {old: new(old) for old in entry_ids(data) | designs}
    out: dict[str, Any] = {}
    for path, content in data.items():
        folder, stem = path.split("/")[0], Path(path).stem
        changed = replaced(content, names)
        if folder == "clusters":
            changed = {
                **changed,
                "id": new(stem),
                "design": f"../designs/{new(content['design'])}.yaml",
            }
        out[path if folder == "catalogue" else f"{folder}/{new(stem)}.yaml"] = changed
    return out


def all_names(data: Mapping[str, Any], new: Callable[[str], str]) -> dict[str, str]:
    """New name -> old, for every id `renamed_data` changes."""
    designs = {Path(p).stem for p in data if p.startswith(("designs/", "clusters/"))}
    return {new(old): old for old in entry_ids(data) | designs}


def changed_catalogue(catalogue: Catalogue, change: Callable[[Any], Any]) -> Catalogue:
    """A copy of `catalogue` with each entry's data passed through `change`, entries it changes
    validated again (a copy made in memory: one entry changed costs no whole reload)."""
    out = Catalogue(**{name: dict(getattr(catalogue, name)) for name in (*SECTIONS, "origin")})
    for section in SECTIONS:
        table = getattr(out, section)
        for entry_id, entry in list(table.items()):
            dump = entry.model_dump(mode="json", exclude_unset=True, exclude_none=True)
            new = change(dump)
            if new != dump:
                del table[entry_id]
                table[new["id"]] = type(entry).model_validate(new)
                out.origin[(section, new["id"])] = out.origin.pop((section, entry_id))
    out.check()
    return out


def one_system(
    folder: Path,
    data: Mapping[str, Any],
    name: str,
    kind: str,
    change: Callable[[Any], Any],
    catalogue: Catalogue,
) -> System:
    """`name` loaded from copies of its files (a cluster's and its design's) passed through
    `change`, against `catalogue`."""
    cluster = data.get(f"clusters/{name}.yaml") if kind == "cluster" else None
    design = cluster["design"] if cluster is not None else name
    folder.mkdir(parents=True, exist_ok=True)
    design_file = folder / "design.yaml"
    design_file.write_text(yaml.safe_dump(change(data[f"designs/{design}.yaml"])), "utf-8")
    if cluster is None:
        return resolve(design_file, catalogue)
    cluster_file = folder / "cluster.yaml"
    copied = {**change(cluster), "design": design_file.name}
    cluster_file.write_text(yaml.safe_dump(copied), "utf-8")
    return resolve(cluster_file, catalogue)
