"""Copies of built-in designs and clusters with every tray, part and network profile renamed,
for tests that a figure follows the parts and never their ids: a renamed copy must change no
figure but names."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

import yaml

PREFIX = "renamed-"
CATALOGUE_FILES = ("compute", "fabric", "items", "links", "network", "plant", "power", "trays")
"""The built-in catalogue files holding parts and trays."""


def _read(package: str, name: str) -> dict[str, Any]:
    text = resources.files(package).joinpath(f"{name}.yaml").read_text("utf-8")
    data: dict[str, Any] = yaml.safe_load(text)
    return data


def builtin_entries(section: str) -> dict[str, dict[str, Any]]:
    """The built-in catalogue's raw entries of one section (`parts`, `trays`) by id."""
    out: dict[str, dict[str, Any]] = {}
    for name in CATALOGUE_FILES:
        for entry in _read("rackbom.components.data", name).get(section) or []:
            out[entry["id"]] = entry
    return out


def renamed_design(design: str, directory: Path, prefix: str = PREFIX) -> Path:
    """A copy of built-in `design` written to `directory`: the design, every tray it places and
    every part those trays, its racks and its fabrics use renamed `prefix + id`, each renamed
    entry carried in the copy's own catalogue. Returns the file's path."""
    data = _read("rackbom.racks.data", design)
    catalogue = dict(data.get("catalogue") or {})
    trays = {**builtin_entries("trays"), **{t["id"]: t for t in catalogue.get("trays", [])}}
    parts = {**builtin_entries("parts"), **{p["id"]: p for p in catalogue.get("parts", [])}}
    used_trays = {line["tray"] for rack in data["racks"] for line in rack.get("trays", [])}
    used_parts = {line["part"] for rack in data["racks"] for line in rack.get("items", [])}
    used_parts |= {line["part"] for tray in used_trays for line in trays[tray].get("parts", [])}
    for fabric in data.get("fabrics", []):
        used_parts |= {fabric[k] for k in ("copper_in_rack", "copper_between_racks") if k in fabric}
    new = {old: prefix + old for old in used_trays | used_parts}
    for rack in data["racks"]:
        for line in rack.get("trays", []):
            line["tray"] = new[line["tray"]]
        for line in rack.get("items", []):
            line["part"] = new[line["part"]]
    for fabric in data.get("fabrics", []):
        for key in ("copper_in_rack", "copper_between_racks"):
            if key in fabric:
                fabric[key] = new[fabric[key]]
    catalogue["trays"] = [_tray(trays[t], new) for t in sorted(used_trays)]
    own = [p for p in catalogue.get("parts", []) if p["id"] not in used_parts]
    catalogue["parts"] = own + [{**parts[p], "id": new[p]} for p in sorted(used_parts)]
    data["catalogue"] = catalogue
    data["id"] = prefix + design
    path = directory / f"{data['id']}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), "utf-8")
    return path


def renamed_cluster(cluster: str, directory: Path, prefix: str = PREFIX) -> Path:
    """A copy of built-in `cluster` written to `directory`: its design a renamed copy
    (`renamed_design`), its network profile and the switch box, optics and cables it pairs
    renamed `prefix + id` in the copy's own catalogue, and the cluster's id too."""
    data = _read("rackbom.racks.clusters.data", cluster)
    data["design"] = str(renamed_design(data["design"], directory, prefix))
    profiles = {p["id"]: p for p in _read("rackbom.components.data", "fabric")["network_profiles"]}
    profile = dict(profiles[data["profile"]])
    used = [profile["switch"], *profile.get("transceivers", []), *profile["cables"]]
    new = {old: prefix + old for old in [profile["id"], *used]}
    profile.update(
        id=new[profile["id"]],
        switch=new[profile["switch"]],
        transceivers=[new[t] for t in profile.get("transceivers", [])],
        cables=[new[c] for c in profile["cables"]],
    )
    parts = builtin_entries("parts")
    catalogue = dict(data.get("catalogue") or {})
    catalogue["parts"] = [*catalogue.get("parts", []), *({**parts[p], "id": new[p]} for p in used)]
    catalogue["network_profiles"] = [*catalogue.get("network_profiles", []), profile]
    data.update(catalogue=catalogue, profile=profile["id"], id=prefix + cluster)
    path = directory / f"{data['id']}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), "utf-8")
    return path


def _tray(entry: dict[str, Any], new: dict[str, str]) -> dict[str, Any]:
    lines = [{**line, "part": new[line["part"]]} for line in entry.get("parts", [])]
    return {**entry, "id": new[entry["id"]], "parts": lines}


def original_names(value: Any, prefix: str = PREFIX) -> Any:
    """`value` (JSON-like) with the renaming undone in every string, to compare with the
    original's figures."""
    if isinstance(value, dict):
        return {original_names(k, prefix): original_names(v, prefix) for k, v in value.items()}
    if isinstance(value, list):
        return [original_names(v, prefix) for v in value]
    if isinstance(value, str):
        return value.replace(prefix, "")
    return value
